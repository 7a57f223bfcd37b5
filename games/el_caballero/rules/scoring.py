"""Scoring (EC-8, EC-10.5) and the final ranking (EC-9)."""

import numpy as np
from numba import njit

from .. import data as D
from ..state import NG
from .geometry import NODES, SEA, contact, find_regions, grid_size, region_values, strengths

UNIT = D.SCORE_UNIT


@njit(cache=True)
def scoring_index(rec):
    """Which scoring this round's end is (0, 1, 2), -1 for none (EC-8.1, EC-10.2)."""
    if rec.round_no == 4:
        return 0
    if rec.round_no == 7:
        return 1
    if rec.round_no == 10 and rec.expanded:
        return 2
    return -1


@njit(cache=True)
def rank_payout(rec, rank, value):
    """EC-8.2, EC-8.4: first 2V, second V with 3-4 players (or the flag two_player_second)."""
    if rank == 0:
        return 2 * value
    if rank == 1 and (rec.num_players >= 3 or rec.two_player_second):
        return value
    return 0


@njit(cache=True)
def land_shares(rec, strength_row, value, out):
    """EC-8.2, EC-8.3: twelfths paid to each seat by one land region; a tied group shares
    the payouts of the ranks it occupies equally (EC-GAP-22)."""
    n = rec.num_players
    for p in range(n):
        out[p] = 0
        s = strength_row[p]
        if s <= 0:
            continue
        above, tied = 0, 0
        for q in range(n):
            if strength_row[q] > s:
                above += 1
            elif strength_row[q] == s:
                tied += 1
        total = 0
        for rank in range(above, above + tied):
            total += rank_payout(rec, rank, value)
        out[p] = total * UNIT // tied


@njit(cache=True)
def score_now(rec, out):
    """Twelfths each seat would gain from a scoring of the board as it stands: land
    majorities (EC-8.2, EC-8.3), ships (EC-8.5), Governors (EC-10.5)."""
    root = np.empty(NODES, np.int64)
    value = np.empty(NODES, np.int64)
    strength = np.empty((NODES, 4), np.int64)
    share = np.zeros(4, np.int64)
    find_regions(rec, root)
    region_values(rec, root, value)
    strengths(rec, root, strength)
    out[:] = 0
    for r in range(NODES):
        if root[r] == r and r % 3 == 0:  # a land region's root is a land piece
            land_shares(rec, strength[r], value[r], share)
            for p in range(rec.num_players):
                out[p] += share[p]
    g = grid_size(rec)
    for p in range(rec.num_players):
        for k in range(rec.map_cards):
            cell = rec.cab_cell[p, k]
            if cell < 0:
                continue
            for d in range(4):
                if rec.ship[p, k, d]:
                    t, node = contact(rec, cell // g, cell % g, d)
                    if t == SEA:
                        out[p] += UNIT * value[root[node]]
        for i in range(NG):
            node = rec.governor[p, i]
            if node >= 0:
                out[p] += UNIT * value[root[node]] * (2 if node % 3 == 0 else 1)


@njit(cache=True)
def score_round(rec, idx):
    """EC-8.1: every region and ship at once, added to the running totals."""
    gained = np.zeros(4, np.int64)
    score_now(rec, gained)
    for p in range(rec.num_players):
        rec.scoring_points[idx, p] = gained[p]
        rec.score[p] += gained[p]


@njit(cache=True)
def scores_one(rec, out):
    """Points in twelfths (EC-8.7)."""
    for p in range(rec.num_players):
        out[p] = rec.score[p]


@njit(cache=True)
def rank_one(rec, out):
    """EC-9.2, EC-9.3: by total; tied players share the rank (EC-GAP-25)."""
    for p in range(rec.num_players):
        r = 0
        for q in range(rec.num_players):
            if rec.score[q] > rec.score[p]:
                r += 1
        out[p] = r
