"""Legacy tiles that change movement and arrival (MA-26.4): the 3 MP routes L2, L8, L18,
L5 (a figure) and L25 (6 VP); Jean ignores them (MA-26.7). Placeholder positions from
data/legacy.py: L2 on 2 -> 3, L8 on 9 -> 10, L18 on 15 -> 16, L5 at 10, L25 at 19."""

import functools

import numpy as np
import pytest

import games
from games.maracaibo.data import board, legacy
from games.maracaibo.game import Maracaibo
from games.maracaibo.solo import MaracaiboSolo
from games.maracaibo.spaces import OBS
from tests.maracaibo.positions import act, edit, legal, loc, opening

ROUTES = ("L2", "L8", "L18")


@functools.cache
def game(*tiles):
    return Maracaibo(num_players=2, legacy_tiles=tiles)


def at(tiles, where, seed=1):
    """Round 1, the current player's ship on ``where``; returns (game, state, player)."""
    g = game(*tiles)
    s = opening(g, seed)
    p = int(s[0]["current_player"])
    return g, edit(g, s, ship={p: loc(where)}), p


def targets(g, s):
    return sorted((board.LOC_IDS[i + 1] for i in legal(g, s, "sail_to")), key=board.LOC_IDS.index)


def test_positions_lie_on_the_route():
    """The placeholder positions used below (data/legacy.py)."""
    pos = dict(zip(legacy.LEGACY_TILE_IDS, legacy.LEGACY_POSITION))
    assert (pos["L2"], pos["L8"], pos["L18"], pos["L5"], pos["L25"]) == ("2>3", "9>10", "15>16", "10", "19")


def test_route_tile_costs_3_mp():
    """MA-26.4 L2: the arrow 2 -> 3 costs 3 MP, so Havana reaches 6 at most (7 MP, MA-5.1)."""
    g, s, p = at(("L2",), "H")
    assert targets(g, s) == ["1", "2", "3", "4", "5", "6"]
    g0, s0, _ = at((), "H")
    assert targets(g0, s0) == ["1", "2", "3", "4", "5", "6", "7", "8"]
    act(g, s, "sail_to", loc("3") - 1)
    assert s[0]["ship"][p] == loc("3")
    assert (s[0]["mp_spent"], s[0]["last_sail_mp"]) == (5, 5)  # 1 + 1 + 3 MP (MA-11.2 counts MP)


@pytest.mark.parametrize(
    "tile, start, want",
    [
        ("L8", "8", ["9", "10", "11", "12", "13", "14"]),  # 9 -> 10 costs 3
        ("L18", "14", ["15", "16", "17", "18", "19"]),  # 15 -> 16 costs 3
    ],
)
def test_other_routes(tile, start, want):
    """MA-26.4 L8 / L18: the marked arrows cost 3 MP."""
    g, s, _ = at((tile,), start)
    assert targets(g, s) == want


def test_all_routes_together():
    """MA-26.4: the costs add up along a path (L8 then the base arrows)."""
    g, s, p = at(ROUTES, "8")
    act(g, s, "sail_to", loc("12") - 1)
    assert s[0]["mp_spent"] == 6  # 8 -> 9 (1), 9 -> 10 (3), 10 -> 11 (1), 11 -> 12 (1)


def test_l5_gives_a_figure_when_movement_ends_there():
    """MA-26.4 L5: ending the movement on it gives a figure from the general supply;
    passing it gives nothing."""
    g, s, p = at(("L5",), "8")
    fig = (int(s[0]["fig_personal"][p]), int(s[0]["fig_general"][p]))
    s2 = s.copy()
    act(g, s, "sail_to", loc("10") - 1)
    assert (s[0]["fig_personal"][p], s[0]["fig_general"][p]) == (fig[0] + 1, fig[1] - 1)
    act(g, s2, "sail_to", loc("11") - 1)
    assert (s2[0]["fig_personal"][p], s2[0]["fig_general"][p]) == fig


def test_l5_with_an_empty_general_supply():
    """MA-26.4 L5: the figure comes from the general supply; none there, none gained."""
    g, s, p = at(("L5",), "8")
    total = int(s[0]["fig_personal"][p] + s[0]["fig_general"][p])
    s = edit(g, s, fig_personal={p: total}, fig_general={p: 0})
    act(g, s, "sail_to", loc("10") - 1)
    assert (s[0]["fig_personal"][p], s[0]["fig_general"][p]) == (total, 0)


def test_l25_gives_6_vp_when_movement_ends_there():
    """MA-26.4 L25: 6 VP for ending the movement on it, not for passing it."""
    g, s, p = at(("L25",), "17")
    vp = int(s[0]["vp"][p])
    s2 = s.copy()
    act(g, s, "sail_to", loc("19") - 1)
    assert s[0]["vp"][p] == vp + 6
    act(g, s2, "sail_to", loc("20") - 1)
    assert s2[0]["vp"][p] == vp


def test_default_game_is_unchanged():
    """No tiles: the same sail targets and MP as the base game (MA-5)."""
    g, s, p = at((), "8")
    assert targets(g, s) == ["9", "10", "11", "12", "13", "14", "15", "16"]
    act(g, s, "sail_to", loc("12") - 1)
    assert s[0]["mp_spent"] == 4


def test_observation_shows_the_tiles_and_keeps_its_size():
    """MA-26.4 / MA-29: the tiles in play are observed; the layout is the same for every set."""
    g, s, p = at(("L2", "L25"), "H")
    obs = g.observe(s, p)
    block = OBS.offset("legacy_tiles")
    seen = obs[0, block : block + legacy.NUM_LEGACY_TILES]
    assert [legacy.LEGACY_TILE_IDS[i] for i in np.flatnonzero(seen)] == ["L2", "L25"]
    g0, s0, p0 = at((), "H")
    assert g0.observe(s0, p0).shape == obs.shape
    assert not g0.observe(s0, p0)[0, block : block + legacy.NUM_LEGACY_TILES].any()


def test_text_names_the_tiles_in_play():
    g, s, _ = at(("L2", "L25"), "H")
    text = g.render(s[0])
    assert "Legacy tiles:" in text and "L2 Long route" in text and "L25 Treasure" in text
    g0, s0, _ = at((), "H")
    assert "Legacy tiles" not in g0.render(s0[0])


def test_picture_marks_the_tiles_in_play():
    """The SVG names the tile lying on each location (L25 at 19), none without tiles."""
    g, s, _ = at(("L2", "L25"), "H")
    assert 'class="legacy-tile"' in g.render_svg(s[0]) and ">L25<" in g.render_svg(s[0])
    g0, s0, _ = at((), "H")
    assert "legacy-tile" not in g0.render_svg(s0[0])


# ----- Jean (MA-26.7) -------------------------------------------------------------------------
def test_jean_ignores_routes_and_l25():
    """MA-26.7: Jean ignores L2 and L25: her card moves her by counted locations, and
    ending on L25 gives her nothing."""
    from tests.maracaibo.test_solo_jean import J, clear_quests, put_quest, run, with_top

    g = MaracaiboSolo(level=5, legacy_tiles=("L2", "L25"))
    s = opening(g, 3)
    s = clear_quests(g, s, range(1, 6))
    s = with_top(g, s, "A4")  # move 2 (cities), upper branch
    run(g, s, 0)
    assert s[0]["ship"][J] == loc("4")  # through 2 -> 3 as without L2
    s = clear_quests(g, s, (18, 19))
    s, q = put_quest(g, edit(g, s, ship={J: loc("17")}), loc("19"))
    s = with_top(g, s, "A2")  # move 1: the quest at 19 stops her
    vp = int(s[0]["vp"][J])
    run(g, s, 0)
    assert s[0]["ship"][J] == loc("19") and s[0]["vp"][J] == vp


# ----- the engine contract ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, options",
    [
        ("maracaibo", dict(num_players=3, legacy_tiles=("L2", "L25"))),
        ("maracaibo", dict(num_players=4, legacy_tiles=("L3", "L6", "L11", "L20"))),
        ("maracaibo", dict(num_players=2, legacy_tiles=tuple(sorted(legacy.IMPLEMENTED, key=legacy.LEGACY_INDEX.get)))),
        ("maracaibo_solo", dict(legacy_tiles=tuple(sorted(legacy.IMPLEMENTED_SOLO, key=legacy.LEGACY_INDEX.get)))),
    ],
)
def test_api_with_tiles(name, options):
    """The engine contract (games.api_test) with tile sets, all implemented tiles included."""
    games.api_test(games.make(name, **options), num_games=3, max_steps=6000, alone=2)
