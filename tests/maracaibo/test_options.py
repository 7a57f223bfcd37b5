"""MA-25 options of the non-story game: ``prestige_open`` (MA-25.1),
``leftover_doubloon_vp`` (MA-25.2, GAP-18), ``round4_unreached_assistant_vp``
(MA-25.3, MA-13.3(d), GAP-19). All default to off."""

import numpy as np
import pytest

import games
from games.core.errors import PositionError
from games.maracaibo.game import Maracaibo
from games.maracaibo.spaces import MAIN_VILLAGE
from games.maracaibo.state import W_BOUGHT
from tests.maracaibo.positions import act, card, edit, legal, loc, move_cards, opening

OPTIONS = ("prestige_open", "leftover_doubloon_vp", "round4_unreached_assistant_vp")


def test_defaults_off_and_stored_in_the_record():
    g = Maracaibo(num_players=3)
    assert all(g.options[o] is False for o in OPTIONS)
    rec = g.init(np.array([0]))[0]
    assert (rec["opt_prestige_open"], rec["opt_leftover_vp"], rec["opt_round4_assistants"]) == (0, 0, 0)
    assert rec["prestige_revealed"] == 1
    on = Maracaibo(num_players=3, **{o: True for o in OPTIONS})
    rec = on.init(np.array([0]))[0]
    assert (rec["opt_prestige_open"], rec["opt_leftover_vp"], rec["opt_round4_assistants"]) == (1, 1, 1)


def test_positions_must_match_the_options():
    """from_json: the option fields are the game's options (and MA-25.1 shows all four)."""
    g = Maracaibo(num_players=3)
    s = g.init(np.array([0]))
    with pytest.raises(PositionError):
        edit(g, s, opt_leftover_vp=1)
    po = Maracaibo(num_players=3, prestige_open=True)
    s = po.init(np.array([0]))
    with pytest.raises(PositionError):
        edit(po, s, prestige_revealed=2)


def test_prestige_open():
    """MA-25.1: all 4 buildings face up at setup; investing in IV is possible in round 1
    and MA-21.6 reveals nothing more."""
    g = Maracaibo(num_players=3, prestige_open=True)
    s = opening(g, seed=2)
    p = int(s[0]["current_player"])
    assert s[0]["prestige_revealed"] == 4
    s = edit(g, s, coins={p: 30}, ship={p: loc("H")})
    act(g, s, "sail_to", loc("1") - 1)
    act(g, s, "main_action", MAIN_VILLAGE)
    assert legal(g, s, "invest") == [0, 1, 2, 3]
    closed = Maracaibo(num_players=3)
    s = opening(closed, seed=2)
    s = edit(closed, s, coins={p: 30}, ship={p: loc("H")})
    act(closed, s, "sail_to", loc("1") - 1)
    act(closed, s, "main_action", MAIN_VILLAGE)
    assert legal(closed, s, "invest") == [0]


def _final(g, seed=3, **fields):
    """Round 4: the current player sails 21b -> 22, everybody takes 2 VP; final scoring."""
    s = opening(g, seed)
    p = int(s[0]["current_player"])
    s = edit(g, s, round_no=4, income_paid=0, ship={p: loc("21b")}, **fields)
    _sail_to_the_end(g, s)
    return s, p


def _sail_to_the_end(g, s):
    """The current player (at 21b in round 4) sails to 22; everybody takes 2 VP to the end."""
    act(g, s, "sail_to", loc("22") - 1)
    act(g, s, "done")
    while not s[0]["terminated"]:
        act(g, s, "take_2vp")
        if legal(g, s, "done"):
            act(g, s, "done")


def test_leftover_doubloons():
    """MA-25.2 / GAP-18: 1 VP per 5 D left, only with the option."""
    off, on = Maracaibo(num_players=2), Maracaibo(num_players=2, leftover_doubloon_vp=True)
    s_off, p = _final(off, coins={0: 23, 1: 4})
    s_on, _ = _final(on, coins={0: 23, 1: 4})
    assert (s_on[0]["vp"][:2] - s_off[0]["vp"][:2]).tolist() == [4, 0]


def _with_assistant(g, s, p, card_id):
    s = move_cards(g, s, [card_id], W_BOUGHT + p)
    asst = s[0]["assistants"].copy()
    asst[p, 0] = card(card_id)
    return edit(g, s, assistants=asst, fig_general={p: int(s[0]["fig_general"][p]) - 1})


def test_round4_unreached_assistants():
    """MA-25.3 / MA-13.3(c)(d) / GAP-19: after round 4, assistants numbered higher than the
    ship score 2 VP each only with the option."""
    off = Maracaibo(num_players=2)
    on = Maracaibo(num_players=2, round4_unreached_assistant_vp=True)
    results = []
    for g in (off, on):
        s = opening(g, 3)
        p = int(s[0]["current_player"])
        q = 1 - p
        s = _with_assistant(g, s, q, "B099")  # q's assistant @19
        s = _with_assistant(g, s, p, "A030")  # p's assistant @1: behind p's ship
        s = edit(g, s, round_no=4, income_paid=0, ship={p: loc("21b"), q: loc("12")})
        _sail_to_the_end(g, s)
        results.append((s[0]["vp"][p], s[0]["vp"][q]))
    (p_off, q_off), (p_on, q_on) = results
    assert p_on == p_off and q_on == q_off + 2


@pytest.mark.parametrize("num_players", [2, 4])
def test_api_with_all_options(num_players):
    """The engine contract with every option on."""
    games.api_test(
        Maracaibo(num_players=num_players, **{o: True for o in OPTIONS}), num_games=4, max_steps=6000, alone=2
    )
