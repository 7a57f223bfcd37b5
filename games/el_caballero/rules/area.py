"""Area card placement (EC-6.2): candidates, the three tiers, the placement and the
eliminations it triggers (EC-6.5)."""

import numpy as np
from numba import njit

from .. import data as D
from ..state import MAXM, NC
from .geometry import AREA, CABALLERO, breaks_one_land_now, card_at, grid_size, held, kind_at, side_terrain
from .supply import gain

NO_TIER = 4  # no candidate at all (EC-6.2.6)
FRONTIER_MAX = 4 * (NC + 4 * MAXM)


@njit(cache=True)
def frontier(rec, cells):
    """The empty cells inside the bounds next to any card on the map; returns how many.

    Branch-free over the neighbours (a cell is written to ``cells[n]`` always and kept
    by advancing n): which neighbours are free is data the processor cannot predict.
    ``cells`` holds ``FRONTIER_MAX`` entries, one per neighbour a write may go to."""
    g = grid_size(rec)
    seen = np.zeros(g * g, np.uint8)
    area, cab = rec.area, rec.cab
    n = 0
    for i in range(NC + 4 * MAXM):
        if i < NC:
            cell = rec.card_cell[i]
        else:
            j = i - NC
            cell = rec.cab_cell[j // MAXM, j % MAXM] if j // MAXM < rec.num_players else -1
        if cell < 0:
            continue
        row, col = cell // g, cell % g
        for d in range(4):
            r, c = row + D.DY[d], col + D.DX[d]
            inside = (r >= 0) & (c >= 0) & (r < g) & (c < g)
            r, c = (r, c) if inside else (0, 0)
            free = inside & (area[r, c] < 0) & (cab[r, c] < 0) & (seen[r * g + c] == 0)
            cells[n] = r * g + c
            n += free
            seen[r * g + c] |= free
    return n


@njit(cache=True)
def cell_tier(rec, p, row, col, need):
    """EC-6.2.2 to EC-6.2.5: the terrain each side of a card at (row, col) must show
    (-1 = free) into ``need``, and the cell's tier for seat p: 1 next to an area card,
    2 next to one of p's caballero cards, 3 next to any caballero card, NO_TIER else."""
    tier = NO_TIER
    for d in range(4):
        r, c = row + D.DY[d], col + D.DX[d]
        need[d] = -1
        k = kind_at(rec, r, c)
        if k == AREA:
            need[d] = side_terrain(rec, rec.area[r, c], (d + 2) % 4)
            tier = 1
        elif k == CABALLERO:
            owner, _ = card_at(rec, r, c)
            t = 2 if owner == p else 3
            if t < tier:
                tier = t
    return tier


@njit(cache=True)
def fits(card, rot, need):
    """EC-3.9: the card at rotation ``rot`` matches every neighbouring area card."""
    for d in range(4):
        if need[d] >= 0 and D.ROT_EDGE[D.CARD_TYPE[card], rot, d] != need[d]:
            return False
    return True


@njit(cache=True)
def cell_needs(rec, p, cells, n, needs, tiers):
    """``cell_tier`` of every frontier cell, once: needs (n, 4), tiers (n,)."""
    g = grid_size(rec)
    for i in range(n):
        tiers[i] = cell_tier(rec, p, cells[i] // g, cells[i] % g, needs[i])


@njit(cache=True)
def best_tier(rec, needs, tiers, n):
    """The tier of EC-6.2.3 to EC-6.2.5 that applies: the lowest over all display cards,
    rotations and frontier cells with a matching candidate (EC-GAP-13)."""
    best = NO_TIER
    for i in range(n):
        if tiers[i] >= best:
            continue
        for slot in range(D.DISPLAY_SIZE):
            card = rec.display[slot]
            if card < 0:
                continue
            for rot in range(4):
                if fits(card, rot, needs[i]):
                    best = tiers[i]
                    break
            if best == tiers[i]:
                break
    return best


@njit(cache=True)
def area_cells(rec, slot, rot, cells, needs, tiers, n, tier, out, offset):
    """Mark ``out[offset + cell]`` for each legal cell of the display card in ``slot`` at
    rotation ``rot``; returns how many (EC-6.2.2 to EC-6.2.5). ``offset`` < 0 only asks
    whether there is one: 1 at the first."""
    card = rec.display[slot]
    count = 0
    if card < 0 or tier == NO_TIER:
        return 0
    for i in range(n):
        if tiers[i] == tier and fits(card, rot, needs[i]):
            if offset < 0:
                return 1
            count += 1
            out[offset + cells[i]] = True
    return count


@njit(cache=True)
def remove_card(rec, p, k):
    """The card leaves the map for its owner's hand (EC-6.5, EC-6.8, EC-10.10); the
    caller has already sent its ships and castillo where they go."""
    g = grid_size(rec)
    cell = rec.cab_cell[p, k]
    rec.cab[cell // g, cell % g] = -1
    rec.cab_cell[p, k] = -1
    rec.cab_orient[p, k] = 0
    rec.castillo[p, k] = 0
    for d in range(4):
        rec.ship[p, k, d] = 0


@njit(cache=True)
def card_leaves(rec, p, k, h, protected_ships_to_reserve):
    """EC-6.5.2 / EC-6.5.3 / EC-10.10: with a castillo, h caballeros back to the court,
    ships to the reserve, the castillo to the supply; without, all lost and ships to
    the supply (``protected_ships_to_reserve`` 1 sends them to the reserve anyway)."""
    ships = 0
    for d in range(4):
        ships += rec.ship[p, k, d]
    if rec.castillo[p, k]:
        gain(rec, p, h)
        rec.supply_castillos += 1
        rec.ship_reserve[p] += ships
    elif protected_ships_to_reserve:
        rec.ship_reserve[p] += ships
    else:
        rec.supply_ships += ships
    remove_card(rec, p, k)


@njit(cache=True)
def place_area(rec, slot, rot, row, col):
    """EC-6.2.7: the display card goes to (row, col); slot emptied; new contacts;
    cards next to it that now break the one-land rule (two land contacts; two land
    regions under one_land_rule "regions", EC-GAP-5) and carry no Grande are eliminated
    (EC-6.5), the regions taken after the placement."""
    g = grid_size(rec)
    card = rec.display[slot]
    hold = np.zeros(4, np.int64)
    for d in range(4):  # EC-3.19: h(K) counts the land contacts before the placement
        p, k = card_at(rec, row + D.DY[d], col + D.DX[d])
        if p >= 0:
            hold[d] = held(rec, p, k)
    rec.display[slot] = -1
    rec.card_cell[card] = row * g + col
    rec.card_rot[card] = rot
    rec.area[row, col] = card
    rec.area_left -= 1
    for d in range(4):  # EC-6.5.1, EC-6.5.4: simultaneous and independent
        p, k = card_at(rec, row + D.DY[d], col + D.DX[d])
        if p >= 0 and rec.grande[p] != k and breaks_one_land_now(rec, row + D.DY[d], col + D.DX[d]):
            card_leaves(rec, p, k, hold[d], 0)
