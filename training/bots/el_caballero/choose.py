"""The El Caballero heuristic's decision cascade: one legal action per observation."""

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
    A_CAB,
    A_END,
    A_GOVERNOR,
    A_POWER,
    CELL_OFFSET,
)
from games.el_caballero.state import Phase
from .board import F_AREA, F_GOVERNOR, first_legal, read_board
from .placements import best_area, best_caballero, best_caballero_cell, best_governor_cell, best_ship, exposed_castillo


@njit(cache=True)
def choose_power(obs, mask):
    """The highest income (lowest value) legal card; the 9 only when little else is left."""
    for v in range(1, D.POWER_VALUES + 1):
        if v == D.POWER_TWO_AREAS and obs[O_ROUND] < 0.6:
            continue
        if mask[A_POWER + v - 1]:
            return A_POWER + v - 1
    return first_legal(mask, A_POWER, A_POWER + D.POWER_VALUES)


@njit(cache=True)
def choose_one(obs, mask, g, m, two_player_second):
    if obs[O_PHASE + Phase.POWER] > 0.5:
        return choose_power(obs, mask)
    n, board, region, strength, court = read_board(obs, g)
    second = second_place_pays(n, two_player_second)
    if obs[O_PHASE + Phase.CELL] > 0.5:
        param = int(round(obs[O_PENDING_PARAM]))
        if obs[O_PENDING + F_AREA] > 0.5:
            _, cell = best_area(obs, board, mask, g, n, region, strength, param)
        elif obs[O_PENDING + F_GOVERNOR] > 0.5:
            cell = best_governor_cell(board, mask, g)
        else:
            cell = best_caballero_cell(board, mask, g, n, region, strength, court + 100, param, second)
        if cell >= 0 and mask[CELL_OFFSET + cell]:
            return CELL_OFFSET + cell
        return first_legal(mask, CELL_OFFSET, mask.shape[0])
    if obs[O_COUNTERS] > 0.5 and first_legal(mask, A_AREA, A_AREA + D.DISPLAY_SIZE * 4) >= 0:
        j, _ = best_area(obs, board, mask, g, n, region, strength, -1)
        return A_AREA + j
    o = best_caballero(board, mask, g, n, region, strength, court, second)
    if o >= 0:
        return A_CAB + o
    a = first_legal(mask, A_GOVERNOR, A_GOVERNOR + D.PIECES)
    if a >= 0:
        return a
    a = best_ship(obs, board, mask, g, m)
    if a >= 0 and court >= 3:
        return a
    a = exposed_castillo(obs, board, mask, g, m, court)
    if a >= 0:
        return a
    if mask[A_END]:
        return A_END
    return first_legal(mask, 0, mask.shape[0])


@njit(cache=True)
def choose_batch(obs, masks, g, m, two_player_second):
    out = np.empty(obs.shape[0], np.int64)
    for b in range(obs.shape[0]):
        out[b] = choose_one(obs[b], masks[b], g, m, two_player_second)
    return out
