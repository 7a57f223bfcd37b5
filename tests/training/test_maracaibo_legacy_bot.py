"""The Maracaibo heuristic reads the legacy tiles in play from its observation (MA-26.4,
training/bots/maracaibo/legacy.py) and plays them: Puerto Cabezas as a flag city (L1),
the purchase tiles (L10-L17), the escort (L6) and the gold mine (L9), the new cities
(L4 / L7: sailing there, annexing them), the route tiles and skull tiles. Each position is
also given to ``heuristic_blind`` (weight ``legacy`` 0), which must choose otherwise.
Numbers are data/legacy.py's (placeholders where the rulebook prints none)."""

import functools

import numpy as np
import pytest

from games.maracaibo.data import board, legacy
from games.maracaibo.data.codes import FR
from games.maracaibo.game import Maracaibo
from games.maracaibo.spaces import CA_FLAG
from games.maracaibo.state import Decision
from tests.maracaibo.positions import act, edit, exp, legal, loc, opening
from tests.maracaibo.test_rules_combat import fight
from training.bots import make_bot
from training.bots.maracaibo import PARAM_NAMES, MaracaiboHeuristic, MaracaiboHeuristicBlind


@functools.cache
def game(*tiles):
    return Maracaibo(num_players=2, legacy_tiles=tiles)


def choice(bot, g, s):
    """(family, index) the bot plays in row 0."""
    obs = g.observe(s, g.current_player(s))
    a = int(bot(obs, g.legal_action_mask(s))[0])
    seg, k = g.action_layout.locate(a)
    return seg.name, k


def both(g):
    return MaracaiboHeuristic(g, seed=0), MaracaiboHeuristicBlind(g, seed=0)


def combat(tiles, v, explorer="E0", marker_at=None, taken=None):
    """A combat for France at city 9 (TK01), with V = ``v``; (game, state)."""
    g = game(*tiles)
    s = opening(g, 5)
    p = int(s[0]["current_player"])
    fields = dict(explorer={p: exp(explorer)}, coins={p: 10})
    if marker_at is not None:
        fields.update(marker_at=marker_at, markers_taken=taken)
    s = edit(g, s, **fields)
    s, p = fight(g, s, "TK01")
    act(g, s, "combat_pile", 0)
    act(g, s, "combat_nation", FR)
    return g, edit(g, s, cb_v=v)


def france_on_every_flag():
    """(marker_at, markers_taken) with a French marker on each of the board's flags."""
    m = np.full(board.NUM_LOCATIONS, -1)
    flags = [i for i in range(board.NUM_LOCATIONS) if board.LOC_HAS_FLAG[i]]
    m[flags] = FR
    return m, [len(flags), 0, 0]


def test_blind_bot_is_the_heuristic_with_weight_legacy_0():
    """heuristic_blind is registered and differs from heuristic by the weight only."""
    g = game("L1")
    aware, blind = both(g)
    i = PARAM_NAMES.index("legacy")
    assert aware.params[i] == 1.0 and blind.params[i] == 0.0
    assert np.array_equal(np.delete(aware.params, i), np.delete(blind.params, i))
    assert isinstance(make_bot("heuristic_blind", g), MaracaiboHeuristicBlind)


def test_l1_puerto_cabezas_is_the_flag_it_annexes():
    """MA-26.4 L1: Puerto Cabezas (18) has a flag (CA2, MA-8.6). With France on every
    other flag, its new flag is France's only CA2 target: the bot annexes it; the blind
    bot, reading 18 as a village, sees no flag to take."""
    m, taken = france_on_every_flag()
    g, s = combat(("L1",), 12, marker_at=m, taken=taken)
    assert CA_FLAG + loc("18") - 1 in legal(g, s, "combat_action")
    for bot, annexed in zip(both(g), (True, False)):
        t = s.copy()
        play_combat(bot, g, t)
        assert (t[0]["marker_at"][loc("18")] == FR) == annexed


def play_combat(bot, g, s):
    """Let ``bot`` play row 0 until the combat is over."""
    while s[0]["decision"] == Decision.COMBAT:
        obs = g.observe(s, g.current_player(s))
        g.step(s, bot(obs, g.legal_action_mask(s)))


def _at_purchase(tile, where, coins):
    """Round 1, the current player sailed 2 -> ``where`` (the purchase tile) with ``coins``."""
    g = game(tile)
    s = opening(g, 1)
    s = edit(g, s, ship={0: loc("2"), 1: loc("2")}, coins={0: coins, 1: coins})
    act(g, s, "sail_to", loc(where) - 1)
    return g, s


def test_buys_a_purchase_tile_whose_reward_beats_its_cost():
    """MA-26.4 L10-L17: L12 (at 4) costs 3 D for +3 VP and takes a disc off the ship
    board: worth more than its cost, so the bot buys before its main action; the blind
    bot does not."""
    g, s = _at_purchase("L12", "4", 3)
    assert legal(g, s, "legacy_buy") == [0]
    aware, blind = both(g)
    assert choice(aware, g, s) == ("legacy_buy", 0)
    assert choice(blind, g, s) != ("legacy_buy", 0)


@pytest.mark.parametrize("tile, k, v, explorer", [("L6", 0, 10, "E0"), ("L9", 1, 8, "E5")])
def test_takes_the_escort_and_the_gold_mine_when_the_plan_pays(tile, k, v, explorer):
    """MA-26.4 L6: the escort (10 V: +3 influence, +8 D, a marker) and L9: the gold mine
    (8 V, explorer on space 5: +12 D, a marker) are combat actions the plan weighs like
    CA1-CA5. With France on every flag (no CA2 target) and exactly their V they are worth
    more than the base actions, so the bot's combat puts France's marker on them; the
    blind bot's does not."""
    m, taken = france_on_every_flag()
    g, s = combat((tile,), v, explorer=explorer, marker_at=m, taken=taken)
    assert legal(g, s, "legacy_combat") == [k]
    space = 0 if k == 0 else 2  # legacy_markers: escort spaces 0-1, the mine 2
    for bot, taken in zip(both(g), (True, False)):
        t = s.copy()
        play_combat(bot, g, t)
        assert (t[0]["legacy_markers"][space] == FR) == taken


def test_after_the_escort_the_rest_of_v_goes_elsewhere():
    """MA-8.6 / MA-26.4 L6: the escort is one combat action, once per combat. After the
    escort at 10 of 21 V the second space (11) is no longer offered: the bot's plan knows
    it (read off the mask) and spends the 11 V left on CA1's influence instead of
    planning the escort and ending the combat."""
    m, taken = france_on_every_flag()
    g, s = combat(("L6",), 21, marker_at=m, taken=taken)
    aware, _ = both(g)
    assert choice(aware, g, s) == ("legacy_combat", 0)
    act(g, s, "legacy_combat", 0)
    assert legal(g, s, "legacy_combat") == []
    family, k = choice(aware, g, s)
    assert family == "combat_action" and k < CA_FLAG  # CA1: +1 / +2 influence


def test_no_gold_mine_before_explorer_space_5():
    """MA-26.4 L9: short of explorer space 5 the gold mine is not in the plan (nor legal)."""
    g, s = combat(("L9",), 8, explorer="E4")
    assert legal(g, s, "legacy_combat") == []
    aware, _ = both(g)
    assert choice(aware, g, s)[0] != "legacy_combat"


def test_every_tile_in_play_keeps_to_legal_moves():
    """MA-26.4: with all 23 tiles the bot plays legal moves only, and takes the legacy
    families (purchases at least) in seeded games."""
    g = Maracaibo(num_players=2, legacy_tiles=legacy.LEGACY_TILE_IDS)
    bot = MaracaiboHeuristic(g, seed=0)
    state = g.init(np.arange(2))
    seen = set()
    while not g.terminated(state).all():
        live = np.flatnonzero(~g.terminated(state))
        sub = state[live]
        obs, masks = g.observe(sub, g.current_player(sub)), g.legal_action_mask(sub)
        actions = bot(obs, masks)
        assert masks[np.arange(len(sub)), actions].all()
        for a in actions:
            seen.add(g.action_layout.locate(int(a))[0].name)
        full = np.zeros(len(state), dtype=np.int64)
        full[live] = actions
        g.step(state, full)
    assert "legacy_buy" in seen


@pytest.mark.parametrize("coins", [0, 5])
def test_route_plan_reads_the_engines_mp_and_toll(coins):
    """MA-26.4 L2 / L8 / L18 (3 MP arrows) and L11 (2 D toll, impassable without them):
    the bot's sail table, built from the tiles in its observation, is the engine's
    cheapest path (rules/legacy.route: 2 * MP + toll) for every pair of locations."""
    from games.core.batch import kernel_record
    from games.maracaibo.rules.legacy import NO_PATH, route
    from training.bots.maracaibo.legacy import sail_table, tiles_in_play

    g = game("L2", "L8", "L11", "L18")
    s = opening(g, 1)
    p = int(s[0]["current_player"])
    s = edit(g, s, coins={p: coins})
    bot = MaracaiboHeuristic(g)
    obs = g.observe(s, g.current_player(s))[0]
    mask = tiles_in_play(obs, bot.params)
    assert mask == legacy.tiles_mask(("L2", "L8", "L11", "L18"))
    steps = np.empty((board.NUM_LOCATIONS, board.NUM_LOCATIONS), dtype=np.int64)
    toll = np.empty_like(steps)
    sail_table(mask, 1, float(coins), steps, toll)
    rec = kernel_record(s[0])
    for a in range(board.NUM_LOCATIONS):
        for b in range(board.NUM_LOCATIONS):
            r = route(rec, p, a, b)
            assert (steps[a, b], toll[a, b]) == ((-1, 0) if r == NO_PATH else (r // 2, r % 2)), (a, b)
    blind = MaracaiboHeuristicBlind(g)
    assert tiles_in_play(obs, blind.params) == 0


def test_no_village_stop_on_a_skull_tile():
    """MA-26.4 L20: no village action at 3; the route plan no longer counts the village
    action there, so sailing 2 -> 3 is worth less to the bot than to the blind bot."""
    g = game("L20")
    s = opening(g, 1)
    s = edit(g, s, ship={0: loc("2"), 1: loc("2")}, coins={0: 20, 1: 20})
    obs, masks = g.observe(s, g.current_player(s)), g.legal_action_mask(s)
    a = g.action_id("sail_to", loc("3") - 1)
    assert masks[0, a]
    aware, blind = both(g)
    assert aware.scores(obs, masks)[0, a] < blind.scores(obs, masks)[0, a]


def test_sails_to_the_new_city_for_its_program():
    """MA-26.4 L4: with the explorer on space 4 and a TOB card in hand, the new city's
    action (deliver one good, 2 village actions, a figure for 5 VP) is the best stop from
    6: the bot sails there (legacy_sail 0); the blind bot never values it."""
    from tests.maracaibo.positions import give_hand

    g = game("L4")
    s = opening(g, 1)
    p = int(s[0]["current_player"])
    s = edit(g, s, ship={0: loc("6"), 1: loc("6")}, explorer={p: exp("E4")})
    s = give_hand(g, s, p, ["A004", "A014"])  # TOB, CORN
    assert legal(g, s, "legacy_sail") == [0]
    aware, blind = both(g)
    assert choice(aware, g, s) == ("legacy_sail", 0)
    assert choice(blind, g, s)[0] != "legacy_sail"


@pytest.mark.parametrize("tile, k, explorer", [("L4", 0, "E4"), ("L7", 1, "E11")])
def test_annexes_a_new_city_like_a_flag(tile, k, explorer):
    """MA-26.4 L4 / L7 (GAP-57): once the explorer reached its space a new city's flag is
    a CA2 target (``legacy_annex``, +1 influence and its flag reward). With France on every
    board flag it is France's only one: the bot's combat annexes it; the blind bot's does
    not."""
    m, taken = france_on_every_flag()
    g, s = combat((tile,), 12, explorer=explorer, marker_at=m, taken=taken)
    assert legal(g, s, "legacy_annex") == [k]
    for bot, annexed in zip(both(g), (True, False)):
        t = s.copy()
        play_combat(bot, g, t)
        assert (t[0]["legacy_city_marker"][k] == FR) == annexed
