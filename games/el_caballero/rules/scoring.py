"""Scoring (EC-8, EC-10.5) and the final ranking (EC-9)."""

import numpy as np
from numba import njit

from .. import data as D
from ..state import NG
from .geometry import NODES, contact, find_regions, grid_size, region_values, strengths


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
def second_place_pays(num_players, two_player_second):
    """EC-8.2, EC-8.4: second place pays with 3-4 players; with 2 only under the flag
    two_player_second (EC-GAP-22a)."""
    return num_players >= 3 or two_player_second


@njit(cache=True)
def rank_payout(rank, value, second_pays):
    """EC-8.2: first place 2V, second V where second place pays, the rest 0."""
    if rank == 0:
        return 2 * value
    if rank == 1 and second_pays:
        return value
    return 0


@njit(cache=True)
def majority_share(strength_row, num_players, value, second_pays, p):
    """EC-8.2, EC-8.3: the twelfths seat p gains from a land region of value V with these
    strengths; a tied group shares the payouts of the ranks it occupies equally
    (EC-GAP-22), no strength no share. A pure query: the scoring and the bots ask it."""
    s = strength_row[p]
    if s <= 0:
        return 0
    above, tied = 0, 0
    for q in range(num_players):
        if strength_row[q] > s:
            above += 1
        elif strength_row[q] == s:
            tied += 1
    total = 0
    for rank in range(above, above + tied):
        total += rank_payout(rank, value, second_pays)
    return total * D.SCORE_UNIT // tied


@njit(cache=True)
def board_regions(rec, root, value, strength):
    """The regions as a scoring sees them: root of every piece (EC-3.10), region values
    (EC-3.11) and strengths (EC-3.15), indexed by root node."""
    find_regions(rec, root)
    region_values(rec, root, value)
    strengths(rec, root, strength)


@njit(cache=True)
def land_region_rows(rec, value_out, strength_out):
    """The land regions of the board, one row each: value V in ``value_out[i]`` and every
    seat's strength in ``strength_out[i]`` (EC-8.2); returns the number of rows."""
    root = np.empty(NODES, np.int64)
    value = np.empty(NODES, np.int64)
    strength = np.empty((NODES, 4), np.int64)
    board_regions(rec, root, value, strength)
    n = 0
    for r in range(NODES):
        if root[r] == r and r % 3 == 0:  # a land region's root is a land piece
            value_out[n] = value[r]
            strength_out[n, :] = strength[r]
            n += 1
    return n


@njit(cache=True)
def score_parts(rec, out):
    """Twelfths each seat would gain from a scoring of the board as it stands, by source:
    ``out[p, 0]`` land majorities (EC-8.2, EC-8.3), ``out[p, 1]`` ships (EC-8.5),
    ``out[p, 2]`` Governors (EC-10.5)."""
    root = np.empty(NODES, np.int64)
    value = np.empty(NODES, np.int64)
    strength = np.empty((NODES, 4), np.int64)
    board_regions(rec, root, value, strength)
    out[:, :] = 0
    n = rec.num_players
    second = second_place_pays(n, rec.two_player_second != 0)
    for r in range(NODES):
        if root[r] == r and r % 3 == 0:  # a land region's root is a land piece
            for p in range(n):
                out[p, 0] += majority_share(strength[r], n, value[r], second, p)
    g = grid_size(rec)
    for p in range(n):
        for k in range(rec.map_cards):
            cell = rec.cab_cell[p, k]
            if cell < 0:
                continue
            for d in range(4):
                if rec.ship[p, k, d]:
                    t, node = contact(rec, cell // g, cell % g, d)
                    if t == D.SEA:
                        out[p, 1] += D.SCORE_UNIT * value[root[node]]
        for i in range(NG):
            node = rec.governor[p, i]
            if node >= 0:
                out[p, 2] += D.SCORE_UNIT * value[root[node]] * (2 if node % 3 == 0 else 1)


@njit(cache=True)
def score_now(rec, out):
    """Twelfths each seat would gain from a scoring of the board as it stands (EC-8.1):
    the sum of ``score_parts``."""
    parts = np.zeros((4, 3), np.int64)
    score_parts(rec, parts)
    out[:] = 0
    for p in range(rec.num_players):
        out[p] = parts[p, 0] + parts[p, 1] + parts[p, 2]


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
    """EC-9.2, EC-9.3: by total; tied players share the rank (EC-GAP-25), or with the
    flag tie_break_court more caballeros left in court break the tie first."""
    for p in range(rec.num_players):
        r = 0
        for q in range(rec.num_players):
            if rec.score[q] > rec.score[p]:
                r += 1
            elif rec.score[q] == rec.score[p] and rec.tie_break_court and rec.court[q] > rec.court[p]:
                r += 1
        out[p] = r
