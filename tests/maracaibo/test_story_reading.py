"""Reading story cards during the game (MA-26.1, MA-26.2, GAP-60, GAP-62): at interim
step 6 the met cards are read lowest number first by the player who met them, each
instruction kind acts, the cards drawn come into play for the next step 6; at final
scoring met cards are read but nothing they bring in acts."""

import games
from games.maracaibo.data import board, legacy
from games.maracaibo.data import story_tables as st
from games.maracaibo.state import QS_BOARD, SC_NEW, SC_OUT, SC_PLAY, SC_READ, Decision, Phase
from tests.maracaibo.positions import act, cur, edit, finish_turn, loc, opening, val

IDX = st.STORY_INDEX  # card number -> index


def story_game(cards, n=2, seed=3, tiles=()):
    g = games.make("maracaibo", num_players=n, story=True, story_cards=list(cards), legacy_tiles=tiles)
    s = opening(g, seed)
    return g, s, cur(s)


def quest_done(g, s, number, seat):
    """Card ``number``'s story tile is on ``seat``'s ship board (its quest done, GAP-61)."""
    k = val(s, "story_tile_card").index(IDX[number])
    return edit(g, s, story_tile_owner={k: seat}, story_tile_loc={k: -1})


def to_interim(g, s, **fields):
    """The current player sails 20 -> 21a and ends the turn: interim scoring step 1."""
    p = cur(s)
    s = edit(g, s, ship={p: loc("20")}, **fields)
    act(g, s, "sail_to", loc("21a") - 1)
    finish_turn(g, s)
    return s


def score_round(g, s):
    """Every player takes 2 VP at step 1; steps 2-7 follow (MA-21)."""
    while val(s, "phase") == Phase.SCORING_CHOICE and val(s, "decision") == Decision.BUY:
        act(g, s, "take_2vp")
    return s


def test_a_met_card_is_read_by_who_met_it_and_draws_new_cards():
    """MA-26.1 / GAP-60: card 01's quest done by q: at step 6 q reads it (under q's ship
    board); its instructions act (Cards: 90 waits for the C cards in the deck, GAP-63) and
    cards 02-04 come into play, their fronts laying story tiles 2-4 at 6, 12, 3 (GAP-61);
    they are checked from the next step 6 on. No card-75 quests are placed (MA-21.7)."""
    g, s, p = story_game([1])
    q = (p + 1) % 2
    s = quest_done(g, s, 1, q)
    quests_before = sum(1 for x in val(s, "quest_state") if x == QS_BOARD)
    s = score_round(g, to_interim(g, s))
    assert val(s, "round_no") == 2 and val(s, "phase") == Phase.SAIL
    assert val(s, "story_status", IDX[1]) == SC_READ and val(s, "story_reader", IDX[1]) == q
    assert [val(s, "story_status", IDX[n]) for n in (2, 3, 4)] == [SC_PLAY] * 3
    assert val(s, "story_status", IDX[5]) == SC_OUT
    assert val(s, "story_tile_loc")[1:] == [loc("6"), loc("12"), loc("3")]
    assert val(s, "story_tile_card")[1:] == [IDX[2], IDX[3], IDX[4]]
    assert sum(1 for x in val(s, "quest_state") if x == QS_BOARD) == quests_before


def test_an_unmet_card_stays_in_play():
    """MA-26.1: a card whose story quest is not done is not read."""
    g, s, p = story_game([1])
    s = score_round(g, to_interim(g, s))
    assert val(s, "story_status", IDX[1]) == SC_PLAY and val(s, "story_reader", IDX[1]) == -1


def test_cards_are_read_lowest_number_first_and_add_tile():
    """MA-26.1 / MA-26.2 "add tile Lx": card 02 (add L25) then 03 (add L10): both tiles
    come into play at once (the tiles in play are game state in story mode)."""
    g, s, p = story_game([2, 3])
    s = quest_done(g, quest_done(g, s, 2, p), 3, p)
    s = score_round(g, to_interim(g, s))
    for tile in ("L25", "L10"):
        assert val(s, "opt_legacy") >> legacy.LEGACY_INDEX[tile] & 1
    assert val(s, "opt_legacy_setup") == 0
    assert g.equal(g.from_json(g.to_json(s[0])), s)


def test_story_and_quests_instructions():
    """MA-26.2 "Story: n" (card 08: add L21, Story: 7) lays the next story tile at 7; the
    card 08 draws (11) comes into play and takes it (GAP-61). "Quests: 3 (1-4), 10 (4)"
    (card 09) lays a quest tile at 3 only with 2 players."""
    g, s, p = story_game([8, 9], n=2)
    assert val(s, "story_tile_card")[:2] == [IDX[9], -1]  # card 09's front: its own tile at 19
    s = edit(g, s, story_tiles_laid=2, story_tile_card={1: IDX[8]}, story_tile_owner={1: p})
    s = quest_done(g, s, 9, p)

    def quests_at(where):
        return sum(
            1 for q, x in enumerate(val(s, "quest_state")) if x == QS_BOARD and val(s, "quest_arg", q) == loc(where)
        )

    at3, at10 = quests_at("3"), quests_at("10")
    s = score_round(g, to_interim(g, s))
    while val(s, "decision") == Decision.VOTE:  # card 09's group choice (test_story_votes.py)
        act(g, s, "vote", 1)
    assert val(s, "story_tile_loc")[2] == loc("7") and val(s, "story_tile_card")[2] == IDX[11]
    assert val(s, "story_status", IDX[11]) == SC_PLAY
    assert val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L21"] & 1
    assert val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L2"] & 1
    assert (quests_at("3"), quests_at("10")) == (at3 + 1, at10)


def test_read_chain_reads_the_named_card_at_once():
    """MA-26.2 "Read 13" (card 11) / GAP-60: card 13 is read at once, by the same reader,
    its instructions acting too (add L9)."""
    g, s, p = story_game([11, 13])
    s = quest_done(g, s, 11, p)
    s = score_round(g, to_interim(g, s))
    assert val(s, "story_status", IDX[13]) == SC_READ and val(s, "story_reader", IDX[13]) == p
    assert val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L9"] & 1
    assert val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L6"] & 1


def test_remove_skull_instruction_is_the_readers_decision_then_scoring_goes_on():
    """MA-26.3 / GAP-62: card 06 "add tile L11; remove a skull tile": the reader chooses
    among the skull tiles in play; step 6 pauses there and step 7 follows (ships home)."""
    g, s, p = story_game([6], tiles=("L20", "L21"))
    q = (p + 1) % 2
    s = quest_done(g, s, 6, q)
    s = to_interim(g, s)
    while val(s, "phase") == Phase.SCORING_CHOICE and val(s, "decision") == Decision.BUY:
        act(g, s, "take_2vp")
    assert val(s, "decision") == Decision.STORY_SKULL and cur(s) == q
    assert val(s, "story_reading") > 0
    assert g.equal(g.from_json(g.to_json(s[0])), s)  # a paused step 6 is a valid position
    skulls = [legacy.LEGACY_TILE_IDS[t] for t in st.SKULL_TILES]
    act(g, s, "remove_skull", skulls.index("L21"))
    assert not val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L21"] & 1
    assert val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L20"] & 1
    assert val(s, "round_no") == 2 and val(s, "phase") == Phase.SAIL and val(s, "story_reading") == 0
    assert set(val(s, "ship")) == {board.HAVANA}


def test_legacy_disc_requirement_is_read_by_the_round_ending_player():
    """MA-26.1: card 07 (a disc on L10) is read by the player who ended the round."""
    g, s, p = story_game([7], tiles=("L10",))
    q = (p + 1) % 2
    s = edit(g, s, legacy_discs={(legacy.LEGACY_INDEX["L10"], q): 1}, discs={q: [1] + [2] * 11})
    s = score_round(g, to_interim(g, s))
    assert val(s, "story_status", IDX[7]) == SC_READ and val(s, "story_reader", IDX[7]) == p


def test_final_scoring_reads_but_brings_nothing_in():
    """GAP-60: at final scoring a met card is read; what it brings in (here L25 and card
    05) does not act in this game."""
    g, s, p = story_game([2])
    s = quest_done(g, s, 2, p)
    p = cur(s)
    s = edit(g, s, round_no=4, ship={p: loc("21b")})
    act(g, s, "sail_to", loc("22") - 1)
    finish_turn(g, s)
    while not val(s, "terminated"):
        act(
            g,
            s,
            g.action_layout.locate(g.legal_actions(s[0])[0])[0].name,
            g.action_layout.locate(g.legal_actions(s[0])[0])[1],
        )
    assert val(s, "story_status", IDX[2]) == SC_READ
    assert not val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L25"] & 1
    assert val(s, "story_status", IDX[5]) == SC_OUT
    assert SC_NEW not in val(s, "story_status")


def test_the_board_and_the_turn_report_tell_the_story():
    """MA-26.1: the text board lists the story cards in play with their quests and the
    story tiles; the move that ends step 6 reports which card was read, by whom, and what
    it says."""
    g, s, p = story_game([1])
    board_text = g.render(s[0])
    assert "Story cards (MA-26.1):" in board_text
    assert "story card 01's quest: 1 CP (not figures) -> 5 D, 1 VP, the story tile (a quest tile)" in board_text
    assert "story tile 1 at Village 15" in board_text
    s = quest_done(g, s, 1, p)
    s = to_interim(g, s)
    while val(s, "decision") == Decision.BUY:
        before = s.copy()
        a = g.action_id("take_2vp", 0)
        act(g, s, "take_2vp")
    report = g.turn_report(before[0], s[0], a, None)
    assert f"P{p} reads story card 01: Cards: 90 (shuffle into the project deck)" in report
    assert f"story card 01: read by P{p}" in g.render(s[0])


def _where_c_card(s, number):
    from games.maracaibo.rules.c_cards import c_card

    return int(s[0]["card_where"][c_card(number)])


def test_cards_instruction_shuffles_c_cards_into_the_draw_pile():
    """MA-26.2 "Cards: 90", GAP-63: reading card 01 brings C card 90 into the game, into
    the draw pile (not the display), and the game's C cards name it."""
    from games.maracaibo.state import W_BOX, W_DECK, W_DISPLAY

    g, s, p = story_game([1])
    assert _where_c_card(s, 90) == W_BOX and val(s, "c_in_game") == 0
    s = score_round(g, to_interim(g, quest_done(g, s, 1, p)))
    assert val(s, "c_in_game") == 1  # bit 0 = card 90
    assert _where_c_card(s, 90) in (W_DECK, W_DISPLAY)
    assert _where_c_card(s, 90) == W_DECK or val(s, "deck_len") == 0
    assert g.equal(g.from_json(g.to_json(s[0])), s)


def test_discard_instruction_puts_c_cards_on_the_discard_pile():
    """MA-26.2 "put cards 96 in the discard pile", GAP-63: card 11 brings C card 96 into the
    game on the discard pile, to enter the deck at the next reshuffle (MA-20.2)."""
    from games.maracaibo.state import W_DISCARD

    g, s, p = story_game([11])
    s = score_round(g, to_interim(g, quest_done(g, s, 11, p)))
    assert val(s, "story_status", IDX[11]) == SC_READ
    assert val(s, "c_in_game") >> (96 - 90) & 1
    assert _where_c_card(s, 96) == W_DISCARD
