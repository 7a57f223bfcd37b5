"""Placing and increasing caballero cards (EC-6.3, EC-6.4), and the no-tie rule
(EC-6.3.6), including the placement together with the Grande (EC-10.8)."""

import numpy as np
from numba import njit

from .. import data as D
from .area import card_leaves
from .geometry import EMPTY, breaks_one_land, breaks_one_land_now, contact, grid_size, held, kind_at, land_top
from ..state import MAXM
from .supply import pay


@njit(cache=True)
def tie_free(rec, strength, p, region, new):
    """EC-6.3.6: p's new strength in ``region`` equals no other present player's."""
    for q in range(rec.num_players):
        if q != p and strength[region, q] > 0 and strength[region, q] == new:
            return False
    return True


@njit(cache=True)
def first_in_hand(rec, p):
    """The lowest card k of p's hand (EC-0.3), -1 when all M are on the map."""
    for k in range(rec.map_cards):
        if rec.cab_cell[p, k] < 0:
            return k
    return -1


@njit(cache=True)
def may_place(rec, p):
    """EC-6.3.1: a card in hand and fewer than 2 placements plus increases this turn."""
    return rec.cab_used < D.PER_TURN and first_in_hand(rec, p) >= 0


@njit(cache=True)
def grande_available(rec, p):
    """EC-10.8: the Grande is in reserve, or on the map and not yet moved this round."""
    return rec.expanded == 1 and (rec.grande[p] < 0 or rec.grande_moved[p] == 0)


@njit(cache=True)
def land_regions(rec, row, col, root, land):
    """The contacts of a card at (row, col) (EC-3.14): ``land[d]`` the region of its land
    contact on side d, -1 without one; returns (any area contact (EC-6.3.1, EC-GAP-28),
    land sides, distinct land regions (EC-3.15: each region the card touches once)).
    They do not depend on the orientation, so the mask reads them once per cell."""
    touches, nland, regions = False, 0, 0
    for d in range(4):
        t, node = contact(rec, row, col, d)
        land[d] = -1
        if t >= 0:
            touches = True
        if t == D.LAND:
            land[d] = root[node]
            nland += 1
            regions += first_side(land, d)
    return touches, nland, regions


@njit(cache=True)
def first_side(land, d):
    """Side d is the first of the card's land sides facing its region (EC-3.15)."""
    for e in range(d):
        if land[e] == land[d]:
            return False
    return True


@njit(cache=True)
def facing(o, land, region):
    """EC-3.15 c(K, R) of a card with orientation o: its highest number facing land
    region ``region``, 0 if none."""
    best = 0
    for d in range(4):
        if land[d] == region and D.NUM[o, d] > best:
            best = D.NUM[o, d]
    return best


@njit(cache=True)
def cost_on(rec, p, o, land, nland, regions, strength, with_grande):
    """``placement_cost`` on a cell whose contacts ``land_regions`` has read (an empty
    cell with an area contact): EC-6.3.2 to EC-6.3.6, or EC-10.8 ``with_grande``."""
    top = 0
    for d in range(4):
        if land[d] >= 0 and D.NUM[o, d] > top:
            top = D.NUM[o, d]
    blocked = breaks_one_land(rec, nland, regions)
    if with_grande:
        if not blocked:
            return -1
        cost = top + (D.GRANDE_COST if rec.grande[p] < 0 else D.GRANDE_MOVE_COST)
    elif blocked:
        return -1  # EC-6.3.5
    elif nland == 0:
        if o >= D.SIDE_A_ORIENTATIONS:
            return -1  # EC-6.3.4: side A only
        cost = D.SEA_PLACEMENT_COST
    else:
        cost = top  # EC-6.3.3; EC-GAP-5 "regions": the highest number facing the one region
    if cost > rec.court[p]:
        return -1
    for d in range(4):  # EC-6.3.6 in every region the card joins
        r = land[d]
        if r >= 0 and first_side(land, d) and not tie_free(rec, strength, p, r, strength[r, p] + facing(o, land, r)):
            return -1
    return cost


@njit(cache=True)
def placement_cost(rec, p, o, row, col, root, strength, with_grande):
    """The cost of a new card with orientation o at (row, col), -1 when illegal:
    EC-6.3.1 to EC-6.3.6 (the one-land rule as ``breaks_one_land`` reads it, EC-GAP-5;
    the sea placement on side A for 1; the no-tie rule) or, ``with_grande``, EC-10.8
    (only where the one-land rule forbids the card alone)."""
    land = np.empty(4, np.int64)
    if kind_at(rec, row, col) != EMPTY:
        return -1
    touches, nland, regions = land_regions(rec, row, col, root, land)
    if not touches:
        return -1
    return cost_on(rec, p, o, land, nland, regions, strength, with_grande)


@njit(cache=True)
def offered_orientations(rec, p, cells, n, root, strength, out, base, with_grande):
    """``out[base + o]`` for each orientation o some cell of ``cells`` takes (EC-6.3,
    EC-10.8 ``with_grande``): each cell's contacts read once, the scan over once every
    orientation is found."""
    g = grid_size(rec)
    land = np.empty(4, np.int64)
    found = np.zeros(D.NUM_ORIENT, np.bool_)
    left = D.NUM_ORIENT
    for i in range(n):
        row, col = cells[i] // g, cells[i] % g
        if kind_at(rec, row, col) != EMPTY:
            continue
        touches, nland, regions = land_regions(rec, row, col, root, land)
        if not touches or breaks_one_land(rec, nland, regions) != with_grande:
            continue  # EC-6.3.5 / EC-10.8: the Grande exactly where the card alone is barred
        for o in range(D.NUM_ORIENT):
            if not found[o] and cost_on(rec, p, o, land, nland, regions, strength, with_grande) >= 0:
                found[o] = True
                out[base + o] = True
                left -= 1
        if left == 0:
            return


@njit(cache=True)
def place_caballero(rec, p, o, row, col, cost, with_grande):
    """EC-6.3.7 / EC-10.8: pay, the card from hand to the cell; with the Grande, the
    Grande comes from the reserve or moves from its card (EC-10.10 for that card)."""
    g = grid_size(rec)
    k = first_in_hand(rec, p)
    pay(rec, p, cost)
    rec.cab_cell[p, k] = row * g + col
    rec.cab_orient[p, k] = o
    rec.cab[row, col] = p * MAXM + k
    rec.cab_used += 1
    if with_grande:
        old = rec.grande[p]
        rec.grande[p] = k
        if old >= 0:
            rec.grande_moved[p] = 1
            grande_leaves(rec, p, old)


@njit(cache=True)
def grande_leaves(rec, p, k):
    """EC-10.10: the card the Grande left goes back at once if it breaks the one-land
    rule (2+ land sides; 2+ land regions under one_land_rule "regions", EC-GAP-5)."""
    g = grid_size(rec)
    cell = rec.cab_cell[p, k]
    if breaks_one_land_now(rec, cell // g, cell % g):
        card_leaves(rec, p, k, held(rec, p, k), 0)


@njit(cache=True)
def land_side(rec, p, k):
    """EC-6.4.1: the land contact side card k commits by, -1 without one: its single land
    side; under one_land_rule "regions" (EC-GAP-5, all its land sides on one region) the
    side showing the highest number, which is what the card contributes (EC-3.15)."""
    g = grid_size(rec)
    cell = rec.cab_cell[p, k]
    side, n, top = -1, 0, 0
    for d in range(4):
        t, _ = contact(rec, cell // g, cell % g, d)
        if t == D.LAND:
            n += 1
            if D.NUM[rec.cab_orient[p, k], d] > top:
                side, top = d, D.NUM[rec.cab_orient[p, k], d]
    return side if n == 1 or (n > 1 and rec.one_land_regions) else -1


@njit(cache=True)
def may_increase(rec, p, k):
    """EC-6.4.1: card k of p on the map, without the Grande, under 2 placements plus
    increases this turn (EC-6.3.1)."""
    return k < rec.map_cards and rec.cab_cell[p, k] >= 0 and rec.grande[p] != k and rec.cab_used < D.PER_TURN


@njit(cache=True)
def increase_cost(rec, p, k, v, root, strength):
    """EC-6.4: the cost of showing v on card k's land side (``land_side``), -1 when
    illegal."""
    if not may_increase(rec, p, k):
        return -1
    d = land_side(rec, p, k)
    return -1 if d < 0 else increase_cost_on(rec, p, k, d, v, root, strength)


@njit(cache=True)
def increase_cost_on(rec, p, k, d, v, root, strength):
    """``increase_cost`` once ``may_increase`` holds and ``land_side`` is d >= 0; with two
    land sides on one region (EC-GAP-5 "regions") v must then be the highest number
    toward land, so the card contributes v."""
    if D.ORIENT_FOR[d, v] < 0:
        return -1
    old = D.NUM[rec.cab_orient[p, k], d]
    if v <= old or v - old > rec.court[p]:
        return -1
    g = grid_size(rec)
    cell = rec.cab_cell[p, k]
    if rec.one_land_regions and land_top(rec, cell // g, cell % g, D.ORIENT_FOR[d, v]) != v:
        return -1
    _, node = contact(rec, cell // g, cell % g, d)
    r = root[node]
    if not tie_free(rec, strength, p, r, strength[r, p] - old + v):
        return -1
    return v - old


@njit(cache=True)
def offered_increases(rec, p, root, strength, out, base, values):
    """``out[base + k * values + v - 2]`` for each legal increase of card k to v (EC-6.4):
    each card's land side found once for all its values."""
    for k in range(rec.map_cards):
        if not may_increase(rec, p, k):
            continue
        d = land_side(rec, p, k)
        if d < 0:
            continue
        for j in range(values):
            if increase_cost_on(rec, p, k, d, j + 2, root, strength) >= 0:
                out[base + k * values + j] = True


@njit(cache=True)
def increase(rec, p, k, v, cost):
    """EC-6.4.2: turn or flip the card in place; ships and castillo stay."""
    rec.cab_orient[p, k] = D.ORIENT_FOR[land_side(rec, p, k), v]
    pay(rec, p, cost)
    rec.cab_used += 1
