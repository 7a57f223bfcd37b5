"""What every decision of the El Caballero heuristic reads off one observation: the board
planes, the land regions, each seat's strength in them, and small helpers of the board."""

import numpy as np
from numba import njit
from games.el_caballero import data as D
from games.el_caballero.rules.geometry import find_root
from games.el_caballero.rules.scoring import majority_share
from games.el_caballero.observe import (
    O_CARDS,
    O_DISPLAY,
    O_NUM_PLAYERS,
    O_PLAYERS,
)
from games.el_caballero.spaces import (
    A_CAB,
    A_CAB_GRANDE,
    PLANE,
    Family,
)
from games.el_caballero.planes import NUM_PLANES, board_planes_one


DISPLAY_FIELDS = D.NUM_TYPES + 2


PL_AREA, PL_TERRAIN, PL_LAND_V, PL_SEA_V = PLANE["area"], PLANE["terrain_n"], PLANE["land_value"], PLANE["sea_value"]


PL_OWNER, PL_NUMBER = PLANE["owner_0"], PLANE["number_n"]


F_AREA, F_CAB, F_GOVERNOR = Family.PLACE_AREA, Family.PLACE_CABALLERO, Family.PLACE_GOVERNOR


NONE = -1


NUM_CAB_ORIENT = A_CAB_GRANDE - A_CAB  # the orientations of a caballero card (EC-3.13)


CABALLERO_WORTH = 0.35  # the gain per caballero a new land card must beat


@njit(cache=True)
def _plane(board, plane, g, row, col):
    if row < 0 or col < 0 or row >= g or col >= g:
        return 0.0
    return board[plane * g * g + row * g + col]


@njit(cache=True)
def land_regions(board, g, region):
    """region[cell]: the land region (a cell id) of the card there, -1 without land."""
    gg = g * g
    for c in range(gg):
        region[c] = c
    for row in range(g):
        for col in range(g):
            if _plane(board, PL_AREA, g, row, col) < 0.5:
                continue
            for d in range(2):  # N and E
                r, c2 = row + D.DY[d], col + D.DX[d]
                if (
                    _plane(board, PL_AREA, g, r, c2) > 0.5
                    and _plane(board, PL_TERRAIN + d, g, row, col) > 0.5
                    and _plane(board, PL_TERRAIN + (d + 2) % 4, g, r, c2) > 0.5
                ):
                    a, b = find_root(region, row * g + col), find_root(region, r * g + c2)
                    region[max(a, b)] = min(a, b)
    for c in range(gg):
        row, col = c // g, c % g
        land = False
        if _plane(board, PL_AREA, g, row, col) > 0.5:
            for d in range(4):
                if _plane(board, PL_TERRAIN + d, g, row, col) > 0.5:
                    land = True
        region[c] = find_root(region, c) if land else NONE


@njit(cache=True)
def seat_strengths(board, g, n, region, strength):
    """strength[region cell, relative seat] from the caballero cards' land-facing numbers."""
    strength[:, :] = 0
    for c in range(g * g):
        row, col = c // g, c % g
        seat = -1
        for r in range(n):
            if _plane(board, PL_OWNER + r, g, row, col) > 0.5:
                seat = r
        if seat < 0:
            continue
        for d in range(4):
            nr, nc = row + D.DY[d], col + D.DX[d]
            if _plane(board, PL_AREA, g, nr, nc) > 0.5 and _plane(board, PL_TERRAIN + (d + 2) % 4, g, nr, nc) > 0.5:
                v = int(round(_plane(board, PL_NUMBER + d, g, row, col) * 8))
                strength[region[nr * g + nc], seat] += v


@njit(cache=True)
def my_payout(strength_row, n, value, second_pays):
    """Seat 0's share of a land region's payouts in points (the rules' EC-8.2, EC-8.3)."""
    return majority_share(strength_row, n, value, second_pays, 0) / D.SCORE_UNIT


@njit(cache=True)
def land_contacts(board, g, row, col):
    """Count of land contacts and the last land side of a cell (EC-3.14)."""
    n, side = 0, -1
    for d in range(4):
        nr, nc = row + D.DY[d], col + D.DX[d]
        if _plane(board, PL_AREA, g, nr, nc) > 0.5 and _plane(board, PL_TERRAIN + (d + 2) % 4, g, nr, nc) > 0.5:
            n += 1
            side = d
    return n, side


@njit(cache=True)
def region_value(board, g, cell):
    return int(round(board[PL_LAND_V * g * g + cell] * 10))


@njit(cache=True)
def _land_side(board, g, row, col):
    """The one land side of an empty cell next to the area cards, where a new caballero
    card would count toward a single region; -1 if the cell takes none."""
    if _plane(board, PL_AREA, g, row, col) > 0.5 or not _empty_next_to_area(board, g, row, col):
        return -1
    count, d = land_contacts(board, g, row, col)
    return d if count == 1 else -1


@njit(cache=True)
def _empty_next_to_area(board, g, row, col):
    """An empty cell sharing an edge with an area card (no caballero card on it)."""
    for r in range(4):
        if _plane(board, PL_OWNER + r, g, row, col) > 0.5:
            return False
    for d in range(4):
        if _plane(board, PL_AREA, g, row + D.DY[d], col + D.DX[d]) > 0.5:
            return True
    return False


@njit(cache=True)
def display_card(obs, slot):
    """(card type, gold) of display slot ``slot`` as the observation shows it (type -1: empty)."""
    card_type = -1
    for t in range(D.NUM_TYPES):
        if obs[O_DISPLAY + slot * DISPLAY_FIELDS + t] > 0.5:
            card_type = t
    return card_type, obs[O_DISPLAY + slot * DISPLAY_FIELDS + D.NUM_TYPES]


@njit(cache=True)
def _fits(board, g, card_type, rot, row, col):
    """A Tier-1 candidate as the bot reads it (EC-3.9, EC-6.2.3): empty, next to an area
    card and matching every neighbour."""
    if _plane(board, PL_AREA, g, row, col) > 0.5 or not _empty_next_to_area(board, g, row, col):
        return False
    for d in range(4):
        nr, nc = row + D.DY[d], col + D.DX[d]
        if _plane(board, PL_AREA, g, nr, nc) > 0.5:
            there = _plane(board, PL_TERRAIN + (d + 2) % 4, g, nr, nc) > 0.5
            if there != (D.ROT_EDGE[card_type, rot, d] == D.LAND):
                return False
    return True


@njit(cache=True)
def first_legal(mask, start, stop):
    for a in range(start, stop):
        if mask[a]:
            return a
    return -1


@njit(cache=True)
def own_card_cell(obs, g, k):
    radius = (g - 1) // 2
    at = O_CARDS + k * 3
    if obs[at] < 0.5:
        return -1
    x = int(round(obs[at + 1] * radius))
    y = int(round(obs[at + 2] * radius))
    return (y + radius) * g + (x + radius)


@njit(cache=True)
def _empty(board, g, row, col):
    if row < 0 or col < 0 or row >= g or col >= g:
        return False
    for r in range(4):
        if _plane(board, PL_OWNER + r, g, row, col) > 0.5:
            return False
    return _plane(board, PL_AREA, g, row, col) < 0.5


@njit(cache=True)
def read_board(obs, g):
    """What every decision reads off one observation: the player count, the board planes
    (``board_planes_one``), each cell's land region and the seats' strengths in it, and
    the court size."""
    n = 2
    for j in range(3):
        if obs[O_NUM_PLAYERS + j] > 0.5:
            n = j + 2
    board = np.zeros(NUM_PLANES * g * g, np.float32)
    board_planes_one(obs, (g - 1) // 2, board)
    region = np.empty(g * g, np.int64)
    strength = np.zeros((g * g, 4), np.int64)
    land_regions(board, g, region)
    seat_strengths(board, g, n, region, strength)
    return n, board, region, strength, int(round(obs[O_PLAYERS] * 10))
