"""The legal-action mask against a slow reference: the caballero placements of EC-6.3
(and EC-10.8 with the Grande) enumerated the way the mask did before it read each
cell's contacts once and stopped early: ``placement_cost`` recomputed from the
contacts for every orientation on every frontier cell. The mask must offer exactly
the families and cells the enumeration finds, on positions of random play with 2-4
players, the basic and the expanded game and the options that change the placement
rule (one_land_rule, EC-GAP-5; order, EC-GAP-11)."""

import numpy as np
import pytest
from numba import njit

from games.core.batch import kernel_record
from games.el_caballero import data as D
from games.el_caballero.rules.area import FRONTIER_MAX, frontier
from games.el_caballero.rules.caballeros import grande_available, land_side, may_place, tie_free
from games.el_caballero.rules.engine import board_facts
from games.el_caballero.rules.geometry import EMPTY, breaks_one_land, contact, grid_size, kind_at, land_top
from games.el_caballero.spaces import A_CAB, A_CAB_GRANDE, A_INCREASE, CELL_OFFSET, INCREASE_VALUES, Family
from games.el_caballero.state import MAXM
from games.el_caballero.state import Phase

from .positions import make, random_step

pytestmark = pytest.mark.slow  # a Python reference enumeration over 400 moves of 32 games per case


@njit
def reference_cost(rec, p, o, row, col, root, strength, with_grande):
    """EC-6.3.1 to EC-6.3.6, EC-10.8 read straight from the contacts, side by side."""
    if kind_at(rec, row, col) != EMPTY:
        return -1
    touches, nland, regions, top = False, 0, 0, 0
    for d in range(4):
        t, node = contact(rec, row, col, d)
        touches |= t >= 0  # EC-6.3.1, EC-GAP-28
        if t == D.LAND:
            nland += 1
            top = max(top, D.NUM[o, d])
            first = True
            for e in range(d):
                t2, n2 = contact(rec, row, col, e)
                if t2 == D.LAND and root[n2] == root[node]:
                    first = False
            regions += first
    if not touches:
        return -1
    blocked = breaks_one_land(rec, nland, regions)  # EC-6.3.5, EC-GAP-5
    if with_grande:
        if not blocked:
            return -1
        cost = top + (D.GRANDE_COST if rec.grande[p] < 0 else D.GRANDE_MOVE_COST)  # EC-10.8
    elif blocked:
        return -1
    elif nland == 0:
        if o >= D.SIDE_A_ORIENTATIONS:
            return -1  # EC-6.3.4
        cost = D.SEA_PLACEMENT_COST
    else:
        cost = top  # EC-6.3.3
    if cost > rec.court[p]:
        return -1
    for d in range(4):  # EC-6.3.6
        t, node = contact(rec, row, col, d)
        if t != D.LAND:
            continue
        r = root[node]
        face = 0
        for e in range(4):
            t2, n2 = contact(rec, row, col, e)
            if t2 == D.LAND and root[n2] == r:
                face = max(face, D.NUM[o, e])
        if not tie_free(rec, strength, p, r, strength[r, p] + face):
            return -1
    return cost


@njit
def reference_offers(rec, offers, cells_out):
    """offers[grande, o]: some frontier cell takes orientation o (EC-6.3.1: a card in hand,
    under 2 placements; EC-10.8: the Grande available); cells_out[cell]: the legal cells
    of the pending caballero family in Phase CELL."""
    p = rec.current_player
    g = grid_size(rec)
    root, strength = board_facts(rec)
    cells = np.empty(FRONTIER_MAX, np.int64)
    n = frontier(rec, cells)
    if not may_place(rec, p):
        return
    for grande in range(2):
        if grande == 1 and not grande_available(rec, p):
            continue
        for o in range(D.NUM_ORIENT):
            for i in range(n):
                if reference_cost(rec, p, o, cells[i] // g, cells[i] % g, root, strength, grande == 1) >= 0:
                    offers[grande, o] = True
                    if (
                        rec.phase == Phase.CELL
                        and rec.pending_param == o
                        and rec.pending_family == (Family.PLACE_CABALLERO_GRANDE if grande else Family.PLACE_CABALLERO)
                    ):
                        cells_out[cells[i]] = True


@njit
def reference_increases(rec, offers):
    """offers[k, v - 2]: EC-6.4 for card k and value v, every check made afresh."""
    p = rec.current_player
    root, strength = board_facts(rec)
    g = grid_size(rec)
    for k in range(rec.map_cards):
        for v in range(2, INCREASE_VALUES + 2):
            if rec.cab_cell[p, k] < 0 or rec.grande[p] == k or rec.cab_used >= D.PER_TURN:
                continue  # EC-6.4.1, EC-10.7, EC-6.3.1
            d = land_side(rec, p, k)
            if d < 0 or D.ORIENT_FOR[d, v] < 0:
                continue
            old = D.NUM[rec.cab_orient[p, k], d]
            if v <= old or v - old > rec.court[p]:
                continue  # EC-6.4.2
            cell = rec.cab_cell[p, k]
            if rec.one_land_regions and land_top(rec, cell // g, cell % g, D.ORIENT_FOR[d, v]) != v:
                continue  # EC-GAP-5
            _, node = contact(rec, cell // g, cell % g, d)
            r = root[node]
            if tie_free(rec, strength, p, r, strength[r, p] - old + v):  # EC-6.3.6
                offers[k, v - 2] = True


def check_rows(g, state, mask):
    """Every TURN row offers the caballero families the reference finds, unless the
    turn is capped or the area card comes first (EC-GAP-26, EC-GAP-11), and every CELL
    row of a caballero family the reference's cells. Returns (TURN rows, CELL rows) checked."""
    checked = [0, 0]
    for i in range(len(state)):
        rec = state[i]
        if rec["phase"] not in (Phase.TURN, Phase.CELL) or rec["terminated"]:
            continue
        offers = np.zeros((2, D.NUM_ORIENT), np.bool_)
        cells = np.zeros(g.grid * g.grid, np.bool_)
        reference_offers(kernel_record(rec), offers, cells)
        if rec["phase"] == Phase.TURN:
            area_open = not mask[i, g.action_layout["end_turn"].start]  # EC-6.10.1
            gated = rec["subactions"] >= rec["subaction_cap"] or (rec["area_first"] and area_open)
            strict = rec["strict_order"] and rec["turn_step"] > 3  # EC-GAP-11: step 3 passed
            want = offers & (not gated and not strict)
            got = np.stack([mask[i, A_CAB : A_CAB + D.NUM_ORIENT], mask[i, A_CAB_GRANDE : A_CAB_GRANDE + D.NUM_ORIENT]])
            assert (got == want).all(), (i, got, want)
            increases = np.zeros((MAXM, INCREASE_VALUES), np.bool_)
            reference_increases(kernel_record(rec), increases)
            want = increases.reshape(-1) & (not gated and not strict)
            assert (mask[i, A_INCREASE : A_INCREASE + want.size] == want).all(), i
            checked[0] += 1
        elif rec["pending_family"] in (Family.PLACE_CABALLERO, Family.PLACE_CABALLERO_GRANDE):
            assert (mask[i, CELL_OFFSET:] == cells).all(), i
            checked[1] += 1
    return checked


@pytest.mark.parametrize(
    "num_players,options",
    [
        (2, {}),
        (3, {"expanded": True}),
        (4, {"one_land_rule": "regions"}),
        (3, {"expanded": True, "one_land_rule": "regions", "order": "strict"}),
        (4, {"expanded": True, "order": "area_first"}),
    ],
)
def test_mask_matches_reference_enumeration(num_players, options):
    g = make(num_players, **options)
    rng = np.random.default_rng(num_players)
    state = g.init(np.arange(32))
    totals, seed = np.zeros(2, np.int64), 32
    for _ in range(400):
        mask = g.legal_action_mask(state)
        totals += check_rows(g, state, mask)
        # the observation's legal-cell plane reads the same kernel (observe.py, Phase CELL)
        seed = random_step(g, state, rng, seed, mask)
    assert totals[0] > 500 and totals[1] > 50  # both phases were reached often
