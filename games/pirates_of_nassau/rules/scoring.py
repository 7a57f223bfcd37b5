"""End of the game: the four categories, rank points and tie-breaks (PN-16)."""

import numpy as np
from numba import njit

from .. import data as D
from .ship import ship_values


@njit(cache=True)
def category_metrics(rec, out):
    """PN-16.2: notoriety (true value), motley crew, best ship, richest pirate (chest)."""
    for p in range(rec.num_players):
        _, _, _, green, blue = ship_values(rec, p)
        out[p, 0] = rec.notoriety[p]
        out[p, 1] = blue
        out[p, 2] = green
        out[p, 3] = rec.chest[p]


@njit(cache=True)
def category_points(rec, out):
    """PN-16.3, GAP-37: rank = 1 + players strictly higher; 7/5/3/1/0, ties share."""
    n = rec.num_players
    m = np.zeros((n, 4), dtype=np.int64)
    category_metrics(rec, m)
    for c in range(4):
        for p in range(n):
            r = 0
            for q in range(n):
                if m[q, c] > m[p, c]:
                    r += 1
            out[p, c] = D.RANK_POINTS[r]


@njit(cache=True)
def scores_one(rec, out):
    """PN-16.4: victory points (as if the game ended now while it runs)."""
    n = rec.num_players
    pts = np.zeros((n, 4), dtype=np.int64)
    category_points(rec, pts)
    for p in range(n):
        out[p] = pts[p, 0] + pts[p, 1] + pts[p, 2] + pts[p, 3]


@njit(cache=True)
def rank_one(rec, out):
    """PN-16.5: VP, then buried treasure, then notoriety (distinct), all descending."""
    n = rec.num_players
    vp = np.zeros(n, dtype=np.int64)
    scores_one(rec, vp)
    for p in range(n):
        r = 0
        for q in range(n):
            if vp[q] > vp[p] or (
                vp[q] == vp[p]
                and (
                    rec.chest[q] > rec.chest[p]
                    or (rec.chest[q] == rec.chest[p] and rec.notoriety[q] > rec.notoriety[p])
                )
            ):
                r += 1
        out[p] = r
