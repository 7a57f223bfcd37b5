"""What each placement is worth to the El Caballero heuristic, and the best of each kind:
caballeros (EC-8.2), area cards (EC-6.5), ships (EC-8.5), castillos (EC-6.5.3) and
Governors (EC-10.4)."""

import numpy as np
from numba import njit
from games.el_caballero import data as D
from games.el_caballero.spaces import (
    A_AREA,
    A_BUY_SHIP,
    A_CAB,
    A_CASTILLO,
    CELL_OFFSET,
)
from .board import (
    CABALLERO_WORTH,
    NUM_CAB_ORIENT,
    PL_AREA,
    PL_LAND_V,
    PL_NUMBER,
    PL_OWNER,
    PL_SEA_V,
    _empty,
    _fits,
    _land_side,
    _plane,
    display_card,
    land_contacts,
    my_payout,
    own_card_cell,
    region_value,
)


@njit(cache=True)
def caballero_value(board, g, n, region, strength, row, col, v, court, second_pays):
    """Gain per caballero of showing v toward the single land side of (row, col); -1 if
    not worth it or not possible (a tie, EC-6.3.6, or more than the court)."""
    count, d = land_contacts(board, g, row, col)
    if count != 1 or v > court:
        return -1.0
    nr, nc = row + D.DY[d], col + D.DX[d]
    r = region[nr * g + nc]
    row_s = strength[r].copy()
    for q in range(1, n):
        if row_s[q] > 0 and row_s[q] == row_s[0] + v:
            return -1.0
    before = my_payout(row_s, n, region_value(board, g, r), second_pays)
    row_s[0] += v
    after = my_payout(row_s, n, region_value(board, g, r), second_pays)
    exposed = 0.0  # an empty cell beside it could bring a second land side (EC-6.5)
    for e in range(4):
        if _plane(board, PL_AREA, g, row + D.DY[e], col + D.DX[e]) < 0.5:
            exposed += 0.15
    return (after - before) / v - exposed


@njit(cache=True)
def caballero_orientation_values(board, mask, g, n, region, strength, court, second_pays, value, first_at):
    """value[o]: the best caballero_value of the legal orientation o over the cells (-1 if
    none); first_at[o]: the scan position (cell * 9 + v) where that best was first met
    (-1 if none): the scan both best_caballero and score_one read."""
    value[:] = -1.0
    first_at[:] = -1
    for cell in range(g * g):
        row, col = cell // g, cell % g
        d = _land_side(board, g, row, col)
        if d < 0:
            continue
        for v in range(1, 9):
            o = D.ORIENT_FOR[d, v]
            if o >= 0 and mask[A_CAB + o]:
                score = caballero_value(board, g, n, region, strength, row, col, v, court, second_pays)
                if score > value[o]:
                    value[o] = score
                    first_at[o] = cell * 9 + v


@njit(cache=True)
def best_caballero(board, mask, g, n, region, strength, court, second_pays):
    """The orientation of the best new land card, the first met in the scan on a tie;
    -1 if none is worth more than CABALLERO_WORTH."""
    value = np.empty(NUM_CAB_ORIENT)
    first_at = np.empty(NUM_CAB_ORIENT, np.int64)
    caballero_orientation_values(board, mask, g, n, region, strength, court, second_pays, value, first_at)
    best, best_o, best_at = CABALLERO_WORTH, -1, -1
    for o in range(NUM_CAB_ORIENT):
        if first_at[o] >= 0 and (value[o] > best or (value[o] == best and best_o >= 0 and first_at[o] < best_at)):
            best, best_o, best_at = value[o], o, first_at[o]
    return best_o


@njit(cache=True)
def caballero_cell_value(board, g, n, region, strength, row, col, o, court, second_pays):
    """caballero_value of a card of the chosen orientation o at (row, col), Phase CELL;
    -1 where it would not face a single land side."""
    d = _land_side(board, g, row, col)
    if d < 0 or not 1 <= D.NUM[o, d] <= 8:
        return -1.0
    return caballero_value(board, g, n, region, strength, row, col, D.NUM[o, d], court, second_pays)


@njit(cache=True)
def best_caballero_cell(board, mask, g, n, region, strength, court, o, second_pays):
    """The legal cell for the card of orientation o worth most above CABALLERO_WORTH (the
    first on a tie), -1 if none."""
    best, best_cell = CABALLERO_WORTH, -1
    for cell in range(g * g):
        if mask[CELL_OFFSET + cell]:
            score = caballero_cell_value(board, g, n, region, strength, cell // g, cell % g, o, court, second_pays)
            if score > best:
                best, best_cell = score, cell
    return best_cell


@njit(cache=True)
def area_value(board, g, n, region, strength, card_type, gold, rot, row, col):
    """How much a new area card of this type at (row, col) helps seat 0."""
    score = 0.0
    seen = np.full(4, -1, np.int64)
    for d in range(4):
        nr, nc = row + D.DY[d], col + D.DX[d]
        land_here = D.ROT_EDGE[card_type, rot, d] == D.LAND
        if _plane(board, PL_AREA, g, nr, nc) > 0.5:
            if land_here:
                r = region[nr * g + nc]
                fresh = True
                for j in range(4):
                    if seen[j] == r:
                        fresh = False
                if fresh:
                    seen[d] = r
                    lead = strength[r, 0]
                    best_other = 0
                    for q in range(1, n):
                        best_other = max(best_other, strength[r, q])
                    growth = 1.0 + gold
                    if lead > best_other:
                        score += 2.0 * growth
                    elif lead > 0:
                        score += 0.5 * growth
                    elif best_other > 0:
                        score -= 1.0 * growth
            continue
        seat = -1
        for r in range(n):
            if _plane(board, PL_OWNER + r, g, nr, nc) > 0.5:
                seat = r
        if seat < 0 or not land_here:
            continue
        count, _ = land_contacts(board, g, nr, nc)
        number = _plane(board, PL_NUMBER + (d + 2) % 4, g, nr, nc) * 8
        if count >= 1:  # a second land side: eliminated (EC-6.5.1)
            score += 1.5 * number if seat != 0 else -3.0 * number - 4.0
        else:  # free land for that card (EC-6.2.7)
            score += 0.5 * number if seat == 0 else -0.5 * number
    return score


@njit(cache=True)
def best_area_cell(obs, board, mask, g, n, region, strength, j, on_mask):
    """(area_value, cell) of the best cell for display slot j // 4 at rotation j % 4, the
    first on a tie: among the cells where it fits as the bot reads it, or (``on_mask``,
    Phase CELL) among the legal cells; (-inf, -1) if there is none."""
    card_type, gold = display_card(obs, j // 4)
    rot = j % 4
    best, best_cell = -np.inf, -1
    for cell in range(g * g):
        row, col = cell // g, cell % g
        if not (mask[CELL_OFFSET + cell] if on_mask else _fits(board, g, card_type, rot, row, col)):
            continue
        score = area_value(board, g, n, region, strength, card_type, gold, rot, row, col)
        if score > best:
            best, best_cell = score, cell
    return best, best_cell


@njit(cache=True)
def best_area(obs, board, mask, g, n, region, strength, fixed):
    """(slot * 4 + rot, cell) of the best area placement; ``fixed`` the pending choice or -1."""
    best, best_j, best_cell = -1e9, -1, -1
    for j in range(D.DISPLAY_SIZE * 4):
        if (j != fixed) if fixed >= 0 else not mask[A_AREA + j]:
            continue
        score, cell = best_area_cell(obs, board, mask, g, n, region, strength, j, fixed >= 0)
        if score > best:
            best, best_j, best_cell = score, j, cell
    if best_j < 0:  # nothing matched the bot's reading: the first legal choice
        for j in range(D.DISPLAY_SIZE * 4):
            if mask[A_AREA + j]:
                return j, -1
    return best_j, best_cell


@njit(cache=True)
def best_ship(obs, board, mask, g, m):
    """A ship on the own card side facing the most valuable sea (EC-8.5), -1 if none >= 4."""
    best, best_a = 3.5, -1
    for k in range(m):
        for d in range(4):
            a = A_BUY_SHIP + k * 4 + d
            if not mask[a]:
                continue
            v = _sea_value_of_slot(obs, board, g, k, d)
            if v > best:
                best, best_a = v, a
    return best_a


@njit(cache=True)
def _sea_value_of_slot(obs, board, g, k, d):
    cell = own_card_cell(obs, g, k)
    if cell < 0:
        return 0.0
    row, col = cell // g, cell % g
    return _plane(board, PL_SEA_V, g, row + D.DY[d], col + D.DX[d]) * 10


@njit(cache=True)
def exposed_castillo(obs, board, mask, g, m, court):
    """A castillo on an own card with a number >= 4 toward land and an empty neighbour."""
    if court < 3:
        return -1
    for k in range(m):
        a = A_CASTILLO + k
        if not mask[a]:
            continue
        cell = own_card_cell(obs, g, k)
        row, col = cell // g, cell % g
        count, d = land_contacts(board, g, row, col)
        if count != 1 or _plane(board, PL_NUMBER + d, g, row, col) * 8 < 4:
            continue
        for e in range(4):
            r, c = row + D.DY[e], col + D.DX[e]
            if _plane(board, PL_AREA, g, r, c) < 0.5 and _empty(board, g, r, c):
                return a
    return -1


@njit(cache=True)
def best_governor_cell(board, mask, g):
    best, best_cell = -1.0, -1
    for cell in range(g * g):
        if mask[CELL_OFFSET + cell]:
            v = board[PL_LAND_V * g * g + cell] + board[PL_SEA_V * g * g + cell]
            if v > best:
                best, best_cell = v, cell
    return best_cell
