"""The heuristic bot (training/bots/pirates_of_nassau.py): legal play and the behaviour
its docstring promises, on positions built through from_json."""

import numpy as np
import pytest

import games
from tests.pirates_of_nassau.positions import (
    Step,
    load,
    navy_display,
    pirate_turn,
    place_merchant,
    set_display,
    set_hold,
    start,
    to_step,
)
from training.arena import run_arena
from training.bots import make_bot, make_bots


def bot_action(g, s):
    bot = make_bot("heuristic", g, seed=0)
    p = int(s[0]["current_player"])
    return int(bot(g.observe(s, p), g.legal_action_mask(s))[0])


@pytest.mark.parametrize("n", [3, 4, 5])
def test_plays_only_legal_actions(n):
    # every seat the heuristic; Game.step refuses any illegal action
    g = games.make("pirates_of_nassau", num_players=n)
    st = g.init(np.arange(16))
    bot = make_bot("heuristic", g, seed=1)
    while not g.terminated(st).all():
        live = ~g.terminated(st)
        seats = np.maximum(g.current_player(st), 0)
        actions = bot(g.observe(st, seats), g.legal_action_mask(st))
        assert g.legal_action_mask(st)[np.flatnonzero(live), actions[live]].all()
        g.step(st, actions)


def test_plunders_what_it_can_beat():
    # PN-8.3: a (2, 2) merchant at 3 is beaten with card (3, 3); a (7, 7) one is not tried
    for card, plunders in (("M1-10", True), ("M3-20", False)):
        g, st = start(4, 3)
        pirate_turn(st, 0, [(3, 3), (1, 0), (1, 0)], action=True)
        place_merchant(st, 3, card)
        s = load(g, st)
        assert g.action_label(s[0], bot_action(g, s)).startswith("Plunder") == plunders


def test_weakest_winning_card():
    # PN-8.2: with a 1/1 ship, (2, 1) or (1, 2) already beats a (1, 1) merchant: keep (3, 3)
    g, st = start(4, 3)
    pirate_turn(st, 0, [(3, 3), (1, 0), (1, 0)], action=True)
    place_merchant(st, 3, "M1-01")  # (1, 1)
    s = load(g, st)
    g.step(s, np.array([g.action_id("action", 2)]))
    label = g.action_label(s[0], bot_action(g, s))
    assert label.startswith("Play captain card 2") or label.startswith("Play captain card 3")


def test_takes_the_empty_ocean_and_buries_its_pesos():
    # PN-10.3: the empty ocean first; PN-11.8: every peso into the chest
    g, st = start(3, 4)
    to_step(st, Step.NAVY)
    navy_display(st, ["N1-12", "N1-01", "N1-11"])
    s = load(g, st)
    assert "empty ocean" in g.action_label(s[0], bot_action(g, s))
    g, st = start(3, 4)
    to_step(st, Step.BURY)
    set_hold(st, int(st[0]["current_player"]), peso=4)
    s = load(g, st)
    assert g.action_label(s[0], bot_action(g, s)) == "Bury all"


def test_buys_a_token_that_raises_its_categories():
    # PN-11.5, PN-16.2: with the resources for a Cannon it buys it rather than passing
    g, st = start(3, 5)
    to_step(st, Step.BUY)
    p = int(st[0]["current_player"])
    set_hold(st, p, gunpowder=2, goods=1)
    set_display(st, 0, "H-A")
    s = load(g, st)
    assert g.action_label(s[0], bot_action(g, s)).startswith("Buy Cannon")


def test_beats_random():
    # the bar is >= 90% over 1000 arena games; a short run here
    g = games.make("pirates_of_nassau", num_players=4)
    result = run_arena(g, make_bots("heuristic,random", g), games_per_pairing=28, seed=3)
    assert result.pairings[0].win_rate_a >= 0.9
