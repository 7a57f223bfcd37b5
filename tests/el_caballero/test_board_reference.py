"""The board kernels that decide without branches (``frontier``, ``closed_regions``;
issue 40) against the rules read plainly in Python, cell by cell, on positions of
random play: a small grid (cards at the bounds, EC-3.1), 2-4 players, the flag
closed="no_legal_caballero" (EC-GAP-23) under both one_land_rule readings (EC-GAP-5)."""

import numpy as np
import pytest

from games.core.batch import kernel_record
from games.el_caballero import data as D
from games.el_caballero.rules.area import FRONTIER_MAX, frontier
from games.el_caballero.rules.geometry import NODES, blocked_cell, closed_regions, find_regions, side_node

from .positions import make, random_step

pytestmark = pytest.mark.slow  # Python scans of every cell of 16 games over 100 moves per case


def kind(rec, g, r, c):
    """EC-3.3: "outside", "area", "caballero" or "empty"."""
    if not (0 <= r < g and 0 <= c < g):
        return "outside"
    if rec["area"][r, c] >= 0:
        return "area"
    return "caballero" if rec["cab"][r, c] >= 0 else "empty"


def reference_frontier(rec, g):
    """EC-3.1, EC-6.2.2, EC-6.3.1: the empty cells inside the bounds with a card on a side."""
    return {
        r * g + c
        for r in range(g)
        for c in range(g)
        if kind(rec, g, r, c) == "empty"
        and any(kind(rec, g, r + D.DY[d], c + D.DX[d]) in ("area", "caballero") for d in range(4))
    }


def reference_closed(rec, krec, g, root):
    """EC-3.12 (EC-GAP-23): a region is closed unless a side of one of its pieces faces
    the bounds or an empty cell (with the flag: an empty cell a caballero card may take)."""
    open_ = set()
    for a in range(D.NUM_CARDS):
        if rec["card_cell"][a] < 0:
            continue
        row, col = divmod(int(rec["card_cell"][a]), g)
        for d in range(4):
            r, c = row + D.DY[d], col + D.DX[d]
            k = kind(rec, g, r, c)
            barred = k == "empty" and rec["closed_no_caballero"] and blocked_cell(krec, root, r, c)
            if k == "outside" or (k == "empty" and not barred):
                open_.add(root[side_node(krec, a, d)])
    return {int(r) for r in set(root[root >= 0]) - open_}


@pytest.mark.parametrize(
    "num_players,options",
    [
        (2, dict(radius=4, map_cards=7)),
        (3, dict(expanded=True, closed="no_legal_caballero")),
        (4, dict(expanded=True, closed="no_legal_caballero", one_land_rule="regions")),
    ],
)
def test_frontier_and_closure_match_the_rules_read_cell_by_cell(num_players, options):
    g = make(num_players, **options)
    rng = np.random.default_rng(num_players)
    state = g.init(np.arange(16))
    cells, root, closed = np.empty(FRONTIER_MAX, np.int64), np.empty(NODES, np.int64), np.empty(NODES, np.int64)
    checked, at_bounds, seed = 0, 0, 16
    for _ in range(100):
        for i in range(len(state)):
            if state[i]["terminated"]:
                continue
            rec, krec = state[i], kernel_record(state[i])
            n = frontier(krec, cells)
            assert n == len(set(cells[:n].tolist()))  # each cell once
            assert set(cells[:n].tolist()) == reference_frontier(rec, g.grid)
            find_regions(krec, root)
            closed_regions(krec, root, closed)
            assert {int(r) for r in np.flatnonzero(closed)} == reference_closed(rec, krec, g.grid, root)
            on = rec["card_cell"][rec["card_cell"] >= 0]
            rows, cols = on // g.grid, on % g.grid
            at_bounds += bool(np.any((rows % (g.grid - 1) == 0) | (cols % (g.grid - 1) == 0)))
            checked += 1
        seed = random_step(g, state, rng, seed)
    assert checked > 1000
    if g.radius == 4:
        assert at_bounds > 50  # cards at the bounds were met (EC-3.1)
