"""The quest cards 75, 76 and 77 (MA-3.11, MA-21.7, MA-26.1, GAP-64; data D13 / D16): the
option ``quest_card`` lays each card's quest tiles at setup and after rounds 1-3, and the
alternatives 76 and 77 put their legacy tiles into play."""

import pytest

import games
from games.maracaibo.data import board, quest_cards
from games.maracaibo.data.legacy import check_legacy_tiles
from games.maracaibo.render import render
from games.maracaibo.state import QS_BOARD

from .positions import act, board_quests, cur, edit, finish_turn, loc, opening


def _scheduled(card, when, players):
    rows = quest_cards.SCHEDULES[card]
    return sorted(r[1] for r in rows if r[0] == when and players >= r[2])


def _board_locations(s):
    rec = s[0]
    return sorted(
        board.LOC_IDS[int(rec["quest_arg"][q])]
        for q in range(len(rec["quest_state"]))
        if rec["quest_state"][q] == QS_BOARD
    )


def test_every_card_fits_the_quest_pile_and_the_board():
    """MA-3.2, MA-12.1, GAP-38: with 4 players each card lays at most 12 tiles, on villages
    or cities, at most 2 on one location (D13's shape, GAP-64)."""
    assert quest_cards.SCHEDULES[75] == board.QUEST_SCHEDULE  # card 75 is D13
    for card, rows in quest_cards.SCHEDULES.items():
        assert len(rows) <= 12, card
        for _, where, fewest, provenance in rows:
            assert board.LOC_KIND[board.LOC_INDEX[where]] in (board.VILLAGE, board.CITY), (card, where)
            assert 1 <= fewest <= 4 and provenance.split(":")[0] in ("RULEBOOK", "PLACEHOLDER")
        for where in {r[1] for r in rows}:
            assert sum(r[1] == where for r in rows) <= 2, (card, where)
    for card in quest_cards.QUEST_CARDS:  # the tiles each card adds are a set the engine plays
        assert check_legacy_tiles("maracaibo", quest_cards.SETUP_TILES[card]) == tuple(quest_cards.SETUP_TILES[card])


@pytest.mark.parametrize("card", quest_cards.QUEST_CARDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_quests_follow_the_card(card, players):
    """MA-3.11: the quest tiles laid at setup are the card's for the player count."""
    g = games.make("maracaibo", num_players=players, quest_card=card)
    s = g.init([3])
    assert _board_locations(s) == _scheduled(card, board.SETUP, players)


@pytest.mark.parametrize("card", [76, 77])
def test_interim_scoring_lays_the_cards_round_1_tiles(card):
    """MA-21.7 step 6 with card 76 / 77: the tiles the card lists for the end of round 1."""
    g = games.make("maracaibo", num_players=3, quest_card=card)
    s = opening(g, seed=4)
    before = _board_locations(s)
    p = cur(s)
    s = edit(g, s, ship={p: loc("20")})
    act(g, s, "sail_to", loc("21a") - 1)
    finish_turn(g, s)
    for _ in range(3):
        act(g, s, "take_2vp")
    assert int(s[0]["round_no"]) == 2
    assert _board_locations(s) == sorted(before + _scheduled(card, board.END_ROUND_1, 3))
    for where in _scheduled(card, board.END_ROUND_1, 3):
        assert board_quests(s, where)


def test_the_alternatives_put_their_legacy_tiles_into_play():
    """MA-26.1, GAP-64: 76 and 77 add legacy tiles at setup, to those asked for."""
    assert games.make("maracaibo", quest_card=76).options["legacy_tiles"] == ("L10", "L25")
    g = games.make("maracaibo", quest_card=77, legacy_tiles=("L6", "L5"))
    assert g.options["legacy_tiles"] == ("L2", "L5", "L6", "L12")
    assert g.options["quest_card"] == 77
    # the options round-trip: the same game from its own options
    assert games.make("maracaibo", **g.options).options == g.options
    solo = games.make("maracaibo_solo", quest_card=76)
    assert solo.options["legacy_tiles"] == ("L10", "L25")
    assert int(solo.init([1])[0]["opt_quest_card"]) == 1


def test_the_alternatives_shuffle_their_c_cards_into_the_deck():
    """MA-26.1, GAP-64 (D16): 76 and 77 bring C cards into the project deck at setup (GAP-63)."""
    g = games.make("maracaibo", num_players=2, quest_card=77, c_cards=(95,))
    assert g.options["c_cards"] == (92, 95)
    assert games.make("maracaibo", **g.options).options == g.options
    assert games.make("maracaibo_solo", quest_card=76).options["c_cards"] == (90, 91)
    rec = g.init([3])[0]
    in_game = [n for n in range(90, 100) if int(rec["c_in_game"]) >> (n - 90) & 1]
    assert in_game == [92, 95]


def test_asking_for_a_tile_the_card_adds_is_not_asking_twice():
    """MA-26.4: each tile exists once; a tile both asked for and added by 76 is one tile."""
    assert games.make("maracaibo", quest_card=76, legacy_tiles=("L10",)).options["legacy_tiles"] == ("L10", "L25")


@pytest.mark.parametrize("bad", [74, 78, "76", True, 76.0, None])
def test_a_card_that_is_not_75_76_or_77_is_refused(bad):
    with pytest.raises(ValueError, match=r"^maracaibo: option quest_card must be one of 75, 76, 77"):
        games.make("maracaibo", quest_card=bad)


def test_the_record_and_the_position_hold_the_card():
    """The record keeps the card's index; a position of another card is refused."""
    g = games.make("maracaibo", num_players=2, quest_card=77)
    s = g.init([2])
    assert int(s[0]["opt_quest_card"]) == 2
    obj = g.to_json(s[0])
    assert obj["options"]["quest_card"] == 77
    assert g.equal(g.from_json(obj), s)
    with pytest.raises(games.PositionError):
        games.make("maracaibo", num_players=2).from_json(obj)


def test_the_board_names_the_card_and_its_next_tiles():
    """What a person sees: the card, and where it lays tiles when this round ends (MA-21.7)."""
    g = games.make("maracaibo", num_players=3, quest_card=76)
    s = opening(g, seed=4)
    text = render(s[0])
    assert (
        "quest card 76: after round 1 at "
        + ", ".join(r[1] for r in quest_cards.SCHEDULES[76] if r[0] == board.END_ROUND_1)
        in text
    )
