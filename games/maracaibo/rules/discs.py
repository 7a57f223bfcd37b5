"""Removing ship-board discs and completing upgrades (MA-17)."""

from numba import njit

from ..data import ship
from ..state import D_NONE, D_REMOVE_DISC, F_PROG, F_REMOVE, SRC_UPGRADE
from .common import any_disc_removable, pop, push, top

UPG_PROG_LEN = ship.UPG_PROG_LEN


@njit(cache=True)
def push_remove(rec, n):
    """"Remove n discs" (MA-17.2): one decision per disc; nothing if none is legal (GAP-24)."""
    if n > 0:
        push(rec, F_REMOVE, 0, 0, n, 0)


@njit(cache=True)
def remove_frame(rec):
    k = top(rec)
    if rec.stk_x[k] <= 0 or not any_disc_removable(rec, rec.current_player):
        pop(rec)
        return D_NONE
    return D_REMOVE_DISC


@njit(cache=True)
def apply_remove_disc(rec, u):
    """REMOVE_DISC(u): the second disc of a position completes the upgrade; its brown
    program runs at once (above the remaining removals), red effects are permanent."""
    p = rec.current_player
    k = top(rec)
    rec.stk_x[k] -= 1
    rec.discs[p, u] -= 1
    if rec.discs[p, u] == 0 and UPG_PROG_LEN[u] > 0:
        push(rec, F_PROG, SRC_UPGRADE, u, 0, 0)
