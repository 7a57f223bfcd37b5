"""The C cards 90-99 in the project deck (MA-26.1, MA-26.2, GAP-63): the option ``c_cards``,
the kernels a story card calls (rules/c_cards.py) and a C card played as a project card."""

from dataclasses import replace

import numpy as np
import pytest

import games
from games.maracaibo import campaign
from games.core.errors import PositionError
from games.maracaibo.data import c_cards as data_c, projects
from games.maracaibo.game import Maracaibo
from games.maracaibo.rules import c_cards
from games.maracaibo.rules.cards import draw_top
from games.maracaibo.spaces import MAIN_VILLAGE, OBS
from games.maracaibo.state import NC, NC_AB, W_BOUGHT, W_BOX, W_DECK, W_DISCARD, W_DISPLAY, W_HAND, W_PLAN
from tests.maracaibo.positions import act, arrive, edit, end_game, hand, legal, opening, own, val

C90, C91, C92 = (projects.C_FIRST + i for i in range(3))


def where(s, c):
    return int(s[0]["card_where"][c])


def test_c_card_ids_follow_the_a_and_b_cards():
    """GAP-63: card 90 + i is id 157 + i and reads as a project card of deck C (MA-14)."""
    assert (NC_AB, NC) == (157, 167)
    assert [projects.CARD_IDS[c_cards.c_card(n)] for n in (90, 99)] == ["C090", "C099"]
    row = data_c.C_CARDS[3]  # C093 Buccaneer: cost 7, CP(2), 2 VP
    c = projects.CARD_INDEX["C093"]
    assert (projects.CARD_COST[c], projects.CARD_END_VP[c], projects.CARD_DECK[c]) == (row[3], row[5], data_c.C)
    assert projects.CARD_REQ_COUNT[c] == 1 and projects.CARD_FX_COUNT[c] == 2


def test_default_game_keeps_every_c_card_in_the_box():
    """MA-26.1: without story cards no C card is in the game."""
    g = Maracaibo(num_players=3)
    s = g.init(np.array([5]))
    assert int(s[0]["c_in_game"]) == 0 and (s[0]["card_where"][NC_AB:] == W_BOX).all()


def _dealt_and_deck(s, n):
    dealt = {int(c) for c in s[0]["hand"][:n].ravel() if c >= 0}
    pile = {int(c) for c in s[0]["deck"][: s[0]["deck_len"]]} | {int(c) for c in s[0]["display"] if c >= 0}
    return dealt, pile


def test_option_c_cards_join_the_a_cards():
    """GAP-63, MA-3.4: the option's C cards join the A cards, so the 8-card deals draw from
    A and C together; the other C cards stay in the box."""
    g = Maracaibo(num_players=4, c_cards=(90, 91, 92, 93, 94, 95))
    chosen = {c_cards.c_card(n) for n in range(90, 96)}
    dealt_c = 0
    for seed in range(12):
        s = g.init(np.array([seed]))
        dealt, pile = _dealt_and_deck(s, 4)
        assert all(projects.CARD_DECK[c] != projects.B for c in dealt)  # deals: A and C only
        assert chosen <= dealt | pile  # each chosen C card is dealt or in the deck
        dealt_c += len(dealt & chosen)
        assert (s[0]["card_where"][NC_AB + 6 :] == W_BOX).all()  # 96-99 stay in the box
        assert int(s[0]["opt_c_cards"]) == int(s[0]["c_in_game"]) == 0b111111
    assert dealt_c > 0  # 32 of 62 A/C cards are dealt: some C card is, over 12 seeds


def test_option_is_checked_in_one_line():
    """Each C card exists once and is numbered 90-99 (MA-26.1)."""
    for bad, message in (((89,), "unknown C card 89"), ((90, 90), "C card 90 given twice"), ("90", "must be a tuple")):
        with pytest.raises(ValueError, match=message) as err:
            Maracaibo(c_cards=bad)
        assert "\n" not in str(err.value)
    assert Maracaibo(c_cards=[92, 90]).options["c_cards"] == (90, 92)


def test_shuffle_into_deck_puts_box_cards_into_the_draw_pile():
    """MA-26.2 "Cards: 90-92", GAP-63: the cards leave the box into the draw pile (not the
    display), which is shuffled from the game's own randomness."""
    g = Maracaibo(num_players=3)
    s = opening(g, seed=3)
    before = s.copy()
    deck_len = int(s[0]["deck_len"])
    display = s[0]["display"].copy()
    assert c_cards.shuffle_into_deck(s[0], data_c.c_mask((90, 91, 92))) == 3
    assert int(s[0]["deck_len"]) == deck_len + 3
    assert [where(s, c) for c in (C90, C91, C92)] == [W_DECK] * 3
    assert {C90, C91, C92} <= set(s[0]["deck"][: deck_len + 3].tolist())
    assert (s[0]["display"] == display).all()
    assert int(s[0]["c_in_game"]) == 0b111
    assert (s[0]["card_where"][NC_AB + 3 :] == W_BOX).all()
    assert s[0]["rng"].tolist() != before[0]["rng"].tolist()  # the shuffle drew from the game's stream
    again = before.copy()
    c_cards.shuffle_into_deck(again[0], data_c.c_mask((90, 91, 92)))
    assert again[0]["deck"].tolist() == s[0]["deck"].tolist()  # same seed and actions, same deck
    g.from_json(g.to_json(s[0]))  # a legal position (GAP-63 checks included)
    # a card already in the game stays where it is and draws no random number
    rng = s[0]["rng"].copy()
    assert c_cards.shuffle_into_deck(s[0], data_c.c_mask((90,))) == 0
    assert s[0]["rng"].tolist() == rng.tolist() and int(s[0]["deck_len"]) == deck_len + 3


def test_into_discard_enters_the_deck_at_the_next_reshuffle():
    """MA-26.2 "put cards 90, 91 in the discard pile": they enter the deck at the next
    reshuffle (MA-20.2)."""
    g = Maracaibo(num_players=3)
    s = opening(g, seed=4)
    deck_len = int(s[0]["deck_len"])
    assert c_cards.into_discard(s[0], data_c.c_mask((90, 91))) == 2
    assert [where(s, c) for c in (C90, C91)] == [W_DISCARD, W_DISCARD]
    assert int(s[0]["deck_len"]) == deck_len and int(s[0]["c_in_game"]) == 0b11
    g.from_json(g.to_json(s[0]))
    for _ in range(deck_len):  # draw the deck empty; the next draw reshuffles the discard pile
        c = draw_top(s[0])
        s[0]["card_where"][c] = W_DISPLAY  # out of the deck and the discard pile
    drawn = {draw_top(s[0])} | {int(c) for c in s[0]["deck"][: s[0]["deck_len"]]}
    assert {C90, C91} <= drawn


def test_a_c_card_outside_the_game_must_be_in_the_box():
    """GAP-63: a C card the game does not use is in the box; the option's cards are in the game."""
    g = Maracaibo(num_players=3)
    s = opening(g, seed=3)
    cw = s[0]["card_where"].copy()
    cw[C90] = W_DISCARD
    with pytest.raises(PositionError, match="C card 90 is not in this game") as err:
        edit(g, s, card_where=cw)
    assert "\n" not in str(err.value)
    g2 = Maracaibo(num_players=3, c_cards=(91,))
    s2 = opening(g2, seed=3)
    with pytest.raises(PositionError, match="lacks C card 91 of the option c_cards"):
        edit(g2, s2, c_in_game=0)


def test_the_game_options_name_c_cards_in_both_games():
    """GAP-63: ``maracaibo_solo`` takes the option too; Jean's setup keeps the C cards in the deck."""
    g = games.make("maracaibo_solo", c_cards=(95,))
    s = g.init(np.array([1]))
    assert where(s, c_cards.c_card(95)) in (W_DECK, W_DISPLAY, W_HAND, W_PLAN)
    assert int(s[0]["c_in_game"]) == 1 << 5


def _c_game_start(c_numbers, n=3, seed=1):
    g = Maracaibo(num_players=n, c_cards=c_numbers)
    s = opening(g, seed)
    return g, s, int(s[0]["current_player"])


def test_a_c_card_is_bought_and_scored_like_a_project_card():
    """GAP-63, MA-14.3, MA-22.4: C091 (cost 6, 1 VP, +1 VP income) is bought from the hand
    for its cost, its income applies at once, and it scores its end VP at final scoring."""
    g, s, p = _c_game_start((91,))
    c = c_cards.c_card(91)
    s = hand(g, s, p, ["C091", "A012"])
    s = arrive(g, s, "10", mp=7, coins={p: 9})
    act(g, s, "main_action", MAIN_VILLAGE)
    vp_income = val(s, "vp_income", p)
    assert legal(g, s, "buy_hand") == [0, 1]
    act(g, s, "buy_hand", 0)
    assert val(s, "card_where", c) == W_BOUGHT + p
    assert val(s, "coins", p) == 9 - 6 and val(s, "vp_income", p) == vp_income + 1
    assert g.observe(s, p)[0][OBS.offset("c_cards_bought") + 1] == 1.0  # seat 0 = the observer, card 91
    # final scoring step 3 (MA-22.4): as test_rules_scoring's step-3 test, with C091 among the cards
    g, s, p = _c_game_start((91,), seed=2)
    q = (p + 1) % 3
    s = own(g, s, q, ["C091", "B080", "B061"])  # 1 + 6 + 2 VP
    s = edit(g, s, vp={q: 0})
    s = end_game(g, s)
    assert val(s, "vp", q) == 2 + 9


def test_the_observation_shows_c_cards_in_their_own_segments():
    """GAP-63: a C card in the hand shows in c_cards_my_hand, the A/B segments stay as they were."""
    g, s, p = _c_game_start((93,))
    s = hand(g, s, p, ["C093", "A012"])
    obs = g.observe(s, p)[0]
    hand_c = obs[OBS["c_cards_my_hand"].slice].reshape(8, 10)
    assert hand_c[0, 3] == 1.0 and hand_c.sum() == 1.0
    assert obs[OBS["my_hand"].slice].reshape(8, NC_AB)[0].sum() == 0.0  # index 0 is the C card
    assert obs[OBS["c_cards_in_game"].slice].tolist() == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    other = (p + 1) % 3
    assert g.observe(s, other)[0][OBS["c_cards_my_hand"].slice].sum() == 0.0  # MA-29.2: hidden


def test_a_c_card_in_a_hand_is_hidden_like_any_card():
    """MA-29.2, GAP-63: redrawing what p cannot see deals the other hands and the deck
    again from the game's cards (C cards included), never from a C card in the box."""
    g, s, p = _c_game_start((90, 91, 92), n=3, seed=6)
    other = (p + 1) % 3
    s = hand(g, s, other, ["C090", "C091", "A012"])
    seen = set()
    for row in g.resample_hidden(s[0], p, list(range(8))):
        seen |= set(row["hand"][other][: row["hand_len"][other]].tolist())
        assert (row["card_where"][NC_AB + 3 :] == W_BOX).all()  # 93-99 stay in the box
        for c in (C90, C91):  # still in the game: in the deck or a hand p cannot see
            assert row["card_where"][c] in (W_DECK, W_HAND + other, W_HAND + (p + 2) % 3)
        g.from_json(g.to_json(row))
    assert len(seen) > 3  # the hand of 3 was redrawn


def test_the_board_names_the_c_cards_of_the_game():
    """GAP-63: the text board, the short board and the picture say which C cards are in the game."""
    g, s, p = _c_game_start((90, 92))
    line = "C cards in this game: C090 Castaway, C092 Smuggler"
    assert line in g.render(s[0]) and line in g.render(s[0], compact=True)
    assert line in g.render_svg(s[0], player=p)
    assert "C cards in this game" not in Maracaibo(num_players=3).render(opening(Maracaibo(num_players=3), 1)[0])
    assert g.info("C092").startswith("C092 Smuggler (deck C)")


def test_option_text_and_campaign_options():
    """``-o c_cards=90,91`` names the cards; the campaign archive's C cards are the next
    game's ``c_cards`` (MA-26.1, GAP-63)."""
    assert Maracaibo(c_cards=games.option_from_text("maracaibo", "c_cards", "91, 90")).options["c_cards"] == (90, 91)
    assert games.option_from_text("maracaibo_solo", "c_cards", "none") == ()
    archive = replace(campaign.new_archive("maracaibo", 1), cards=(93, 90))
    assert archive.game_options()["c_cards"] == (90, 93)
    g = games.make("maracaibo", **archive.game_options())
    s = g.init(np.array([2]))
    assert int(s[0]["c_in_game"]) == data_c.c_mask((90, 93))


@pytest.mark.parametrize(
    "name, options",
    [
        ("maracaibo", dict(num_players=3, c_cards=tuple(range(90, 100)))),
        ("maracaibo_solo", dict(c_cards=(90, 94, 95, 98))),
    ],
)
def test_api_with_c_cards(name, options):
    """The engine contract (games.api_test) with C cards in the deck (GAP-63)."""
    games.api_test(games.make(name, **options), num_games=3, max_steps=6000, alone=2)


def test_pettingzoo_api_with_c_cards():
    """The PettingZoo AEC checks with every C card in the deck (GAP-63)."""
    import warnings

    from pettingzoo.test import api_test

    from envs import maracaibo_v0

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(maracaibo_v0.env(num_players=3, render_mode="ansi", c_cards=tuple(range(90, 100))), num_cycles=200)


def test_the_heuristic_bot_reads_c_cards_from_their_segments():
    """GAP-63: the heuristic decodes a C card in the hand or display to its card id, so it
    weighs a C card by its data as any project card (MA-14)."""
    from training.bots.maracaibo.obs import O_CDISPLAY, O_CHAND, O_DISPLAY, O_HAND, card_at

    g, s, p = _c_game_start((93,))
    s = hand(g, s, p, ["A012", "C093"])
    obs = g.observe(s, p)[0]
    assert card_at(obs, O_HAND, O_CHAND, 0) == projects.CARD_INDEX["A012"]
    assert card_at(obs, O_HAND, O_CHAND, 1) == c_cards.c_card(93)
    assert card_at(obs, O_HAND, O_CHAND, 2) == -1
    assert card_at(obs, O_DISPLAY, O_CDISPLAY, 0) == int(s[0]["display"][0])
