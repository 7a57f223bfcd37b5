"""The map of an El Caballero observation (EC-12) laid out as planes over the grid.

The observation lists the cards on the map one row each (``area_cards``,
``caballeros`` with the positions in ``cards``); readers that think in cells (the
heuristic bot, the policy's conv layers) scatter the rows onto ``spaces.PLANES``,
plane p at ``p * G * G + row * G + column`` (row y + R, column x + R, the ``cell``
head's grid). Each cell holds at most one card (EC-3.3), so a row lands on one cell
and nothing is lost or merged; only the ``governor`` plane keeps, per card, the
largest of its pieces' Governors (the rows keep each piece's).
"""

import numpy as np
from numba import njit

from .observe import AF, CF, F_GOVERNOR, F_TERRAIN, F_X, F_Y, O_AREA_CARDS, O_CABALLEROS, O_CARDS, O_LEGAL
from .spaces import AREA_FIELDS, CABALLERO_FIELDS, PLANE, PLANES
from .state import MAXM, NC, P

NUM_PLANES = len(PLANES)
PL_AREA, PL_TERRAIN, PL_OWNER, PL_NUMBER = PLANE["area"], PLANE["terrain_n"], PLANE["owner_0"], PLANE["number_n"]
PL_GOVERNOR, PL_LEGAL = PLANE["governor"], PLANE["legal_cell"]
# area_cards fields terrain_n .. land_closed are planes terrain_n .. land_closed, in order;
# caballeros fields number_n .. grande are planes number_n .. grande, in order (the
# policy's extractor copies the same runs)
for _fields, _first in ((AREA_FIELDS[F_TERRAIN:F_GOVERNOR], PL_TERRAIN), (CABALLERO_FIELDS, PL_NUMBER)):
    if [name for name, _ in PLANES[_first : _first + len(_fields)]] != list(_fields):
        raise ImportError(f"spaces.PLANES no longer follows the fields {_fields} in order")


@njit(cache=True)
def cell_of(x, y, radius):
    """The flat cell of a row's x / R and y / R."""
    g = 2 * radius + 1
    return (int(round(y * radius)) + radius) * g + int(round(x * radius)) + radius


@njit(cache=True)
def board_planes_one(obs, radius, out):
    """``out`` (NUM_PLANES * G * G, zeroed): the planes of one observation."""
    g = 2 * radius + 1
    gg = g * g
    for a in range(NC):
        at = O_AREA_CARDS + a * AF
        if obs[at] < 0.5:
            continue
        cell = cell_of(obs[at + F_X], obs[at + F_Y], radius)
        out[PL_AREA * gg + cell] = obs[at]
        for f in range(F_GOVERNOR - F_TERRAIN):
            out[(PL_TERRAIN + f) * gg + cell] = obs[at + F_TERRAIN + f]
        for piece in range(3):
            v = obs[at + F_GOVERNOR + piece]
            if v > out[PL_GOVERNOR * gg + cell]:
                out[PL_GOVERNOR * gg + cell] = v
    for j in range(P * MAXM):
        at = O_CARDS + j * 3
        if obs[at] < 0.5:
            continue
        cell = cell_of(obs[at + 1], obs[at + 2], radius)
        out[(PL_OWNER + j // MAXM) * gg + cell] = 1.0
        for f in range(CF):
            out[(PL_NUMBER + f) * gg + cell] = obs[O_CABALLEROS + j * CF + f]
    for c in range(gg):
        out[PL_LEGAL * gg + c] = obs[O_LEGAL + c]


@njit(cache=True)
def _board_planes(obs, radius, out):
    for b in range(obs.shape[0]):
        board_planes_one(obs[b], radius, out[b])


def board_planes(obs, radius=15):
    """float32 (..., NUM_PLANES, G, G): the planes of one observation or a batch of a
    game of that radius (any ``order``: ``turn_step`` after ``legal_cell`` is not read)."""
    obs = np.asarray(obs, dtype=np.float32)
    g = 2 * radius + 1
    if obs.shape[-1] < O_LEGAL + g * g:
        raise ValueError(
            f"an El Caballero observation with radius {radius} has at least {O_LEGAL + g * g} "
            f"entries, got {obs.shape[-1]}"
        )
    flat = np.ascontiguousarray(obs.reshape(-1, obs.shape[-1]))
    out = np.zeros((flat.shape[0], NUM_PLANES * g * g), np.float32)
    _board_planes(flat, radius, out)
    return out.reshape(*obs.shape[:-1], NUM_PLANES, g, g)
