"""The from_json fuzz (games/core/fuzz.py) on a position of every kind of pending
decision: each field mutated must be refused naming a field, or play on legally to
the end (PN-19.3: the pending decision's fields checked against the position)."""

import numpy as np

import games
from games.core.fuzz import fuzz_positions
from games.pirates_of_nassau.state import Decision, Step
from tests.pirates_of_nassau.positions import act, load, pirate_turn, set_hold, start, to_step


def ransom_and_check_positions(game):
    """RANSOM (PN-8.8) and CHECK (PN-11.10), rare in random play, built directly."""
    g, st = start(4, 7)
    pirate_turn(st, 0, [(2, 9), (1, 0), (1, 0)], action=True)
    set_hold(st, 0, hostage=2, goods=3)
    ransom = load(g, st)
    act(g, ransom, "action", 6)  # smuggle rum
    g, st = start(4, 8)
    to_step(st, Step.BURY)
    st[0]["order_idx"] = 3
    st[0]["current_player"] = st[0]["order"][3]
    set_hold(st, int(st[0]["current_player"]), rum=8)
    check = load(g, st)
    act(g, check, "bury", 2)
    assert ransom[0]["decision"] == Decision.RANSOM and check[0]["decision"] == Decision.CHECK
    return [ransom, check]


def positions_by_decision(game, seeds, wanted):
    """The first live position met for each decision code in ``wanted``, random play."""
    found = {}
    for seed in seeds:
        st = game.init(np.array([seed]))
        rng = np.random.default_rng(seed)
        while not st[0]["terminated"] and len(found) < len(wanted):
            d = int(st[0]["decision"])
            if d in wanted and d not in found:
                found[d] = st.copy()
            a = game.legal_actions(st[0])
            game.step(st, np.array([a[rng.integers(len(a))]]))
        if len(found) == len(wanted):
            break
    return found


def test_fuzz_every_pending_decision():
    game = games.make("pirates_of_nassau", num_players=4)
    wanted = {int(d) for d in Decision} - {int(Decision.NONE)}
    found = positions_by_decision(game, range(40), wanted)
    assert {
        Decision.MOVE,
        Decision.ACTION,
        Decision.CARD,
        Decision.ADJUST,
        Decision.NAVY_PICK,
        Decision.BUY,
        Decision.BURY,
    } <= set(found)
    states = np.concatenate([found[d] for d in sorted(found)] + ransom_and_check_positions(game))
    assert fuzz_positions(game, states, seed=1, entries_per_field=2) > 0
