"""The El Caballero heuristic's cascade as values (for search and analysis): every legal
action scored, ``choose_one``'s choice highest."""

import numpy as np
from numba import njit
from games.el_caballero import data as D
from games.el_caballero.rules.scoring import second_place_pays
from games.el_caballero.observe import (
    O_COUNTERS,
    O_PENDING,
    O_PENDING_PARAM,
    O_PHASE,
    O_ROUND,
)
from games.el_caballero.spaces import (
    A_AREA,
    A_BUY_SHIP,
    A_CAB,
    A_CASTILLO,
    A_END,
    A_GOVERNOR,
    A_POWER,
    CELL_OFFSET,
)
from games.el_caballero.state import Phase
from .board import (
    CABALLERO_WORTH,
    F_AREA,
    F_GOVERNOR,
    NUM_CAB_ORIENT,
    PL_LAND_V,
    PL_SEA_V,
    display_card,
    first_legal,
    read_board,
)
from .placements import (
    _sea_value_of_slot,
    area_value,
    best_area_cell,
    caballero_cell_value,
    caballero_orientation_values,
    exposed_castillo,
)


# scores: the cascade of choose_one as tiers (each TIER apart, a tier's values stay well
# inside one), the bot's choice the best of the first tier that has one
TIER = 1000.0


T_FIRST, T_CABALLERO, T_GOVERNOR, T_SHIP, T_CASTILLO, T_END, T_DEFAULT, T_REST = 7, 6, 5, 4, 3, 2, 1, 0


UNFIT = -500.0  # an area placement the bot's reading finds no cell for


OTHER = -2.0  # returns, moves, increases, grandes: the bot never plays them by choice


@njit(cache=True)
def area_slot_values(obs, board, mask, g, n, region, strength, out):
    """out[A_AREA + j]: for the legal j, the best area_value of best_area's scan (UNFIT if
    display slot j // 4 at rotation j % 4 fits nowhere)."""
    for j in range(D.DISPLAY_SIZE * 4):
        if mask[A_AREA + j]:
            best, _ = best_area_cell(obs, board, mask, g, n, region, strength, j, False)
            out[A_AREA + j] = max(UNFIT, best)


@njit(cache=True)
def cell_values(obs, board, mask, g, n, region, strength, court, second_pays, out):
    """Phase CELL: out[CELL_OFFSET + cell] for the pending area card, caballero card or
    Governor (best_area, best_caballero, best_governor_cell with the choice fixed)."""
    param = int(round(obs[O_PENDING_PARAM]))
    first = first_legal(mask, CELL_OFFSET, mask.shape[0])
    for a in range(CELL_OFFSET, mask.shape[0]):
        if not mask[a]:
            continue
        cell = a - CELL_OFFSET
        row, col = cell // g, cell % g
        if obs[O_PENDING + F_AREA] > 0.5:
            card_type, gold = display_card(obs, param // 4)
            out[a] = T_FIRST * TIER + area_value(board, g, n, region, strength, card_type, gold, param % 4, row, col)
        elif obs[O_PENDING + F_GOVERNOR] > 0.5:
            land, sea = board[PL_LAND_V * g * g + cell], board[PL_SEA_V * g * g + cell]
            out[a] = T_FIRST * TIER + land + sea  # best_governor_cell
        else:  # a caballero card: worth it above CABALLERO_WORTH, else the first legal cell
            value = caballero_cell_value(board, g, n, region, strength, row, col, param, court + 100, second_pays)
            if value > CABALLERO_WORTH:
                out[a] = T_FIRST * TIER + value
            elif a == first:
                out[a] = T_DEFAULT * TIER
            else:
                out[a] = T_REST * TIER + value


@njit(cache=True)
def score_one(obs, mask, g, m, two_player_second, out):
    """out[a]: choose_one's cascade as values (its choice scores highest), -inf where illegal."""
    for a in range(mask.shape[0]):
        out[a] = -np.inf if not mask[a] else T_REST * TIER + OTHER
    if obs[O_PHASE + Phase.POWER] > 0.5:  # choose_power: lowest value first, the 9 late
        for v in range(1, D.POWER_VALUES + 1):
            if mask[A_POWER + v - 1]:
                late = v == D.POWER_TWO_AREAS and obs[O_ROUND] < 0.6
                out[A_POWER + v - 1] = (T_DEFAULT if late else T_FIRST) * TIER - v
        return
    n, board, region, strength, court = read_board(obs, g)
    second = second_place_pays(n, two_player_second)
    if obs[O_PHASE + Phase.CELL] > 0.5:
        cell_values(obs, board, mask, g, n, region, strength, court, second, out)
        return
    area_first = obs[O_COUNTERS] > 0.5 and first_legal(mask, A_AREA, A_AREA + D.DISPLAY_SIZE * 4) >= 0
    values = np.zeros(mask.shape[0])
    area_slot_values(obs, board, mask, g, n, region, strength, values)
    cab_value = np.empty(NUM_CAB_ORIENT)
    first_at = np.empty(NUM_CAB_ORIENT, np.int64)
    caballero_orientation_values(board, mask, g, n, region, strength, court, second, cab_value, first_at)
    scan_step = 1e-7 / (g * g * 9)  # best_caballero's tie rule (the first met wins), kept below 1e-7
    governor = first_legal(mask, A_GOVERNOR, A_GOVERNOR + D.PIECES)
    for j in range(D.DISPLAY_SIZE * 4):
        a = A_AREA + j
        if mask[a]:
            out[a] = (T_FIRST * TIER if area_first else T_REST * TIER + 0.01 * UNFIT) + values[a]
    for o in range(NUM_CAB_ORIENT):
        a = A_CAB + o
        if mask[a]:
            tier = T_CABALLERO if cab_value[o] > CABALLERO_WORTH else T_REST
            met_late = scan_step * first_at[o] if first_at[o] >= 0 else 0.0
            out[a] = tier * TIER + cab_value[o] - met_late
    for a in range(A_GOVERNOR, A_GOVERNOR + D.PIECES):
        if mask[a]:
            out[a] = T_GOVERNOR * TIER - (a - governor)
    for k in range(m):
        for d in range(4):
            a = A_BUY_SHIP + k * 4 + d
            if mask[a]:
                v = _sea_value_of_slot(obs, board, g, k, d)
                out[a] = (T_SHIP * TIER if v > 3.5 and court >= 3 else T_REST * TIER - 1.0) + v / 10
    castillo = exposed_castillo(obs, board, mask, g, m, court)
    for k in range(m):
        a = A_CASTILLO + k
        if mask[a]:
            out[a] = T_CASTILLO * TIER if a == castillo else T_REST * TIER - 1.0
    if mask[A_END]:
        out[A_END] = T_END * TIER
    else:  # choose_one's last resort: the first legal action
        a = first_legal(mask, 0, mask.shape[0])
        out[a] = max(out[a], T_DEFAULT * TIER)


@njit(cache=True)
def score_batch(obs, masks, g, m, two_player_second, out):
    for b in range(obs.shape[0]):
        score_one(obs[b], masks[b], g, m, two_player_second, out[b])
