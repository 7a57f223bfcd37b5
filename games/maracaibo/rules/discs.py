"""Removing ship-board discs and completing upgrades (MA-17)."""

from numba import njit

from ..data import ship
from ..spaces import A_REMOVE_DISC
from ..state import Decision, Frame, NU, Source
from .frames import pop, push, top


@njit(cache=True)
def push_remove(rec, n):
    """ "Remove n discs" (MA-17.2): one decision per disc; nothing if none is legal (GAP-24)."""
    if n > 0:
        push(rec, Frame.REMOVE, 0, 0, n, 0)


@njit(cache=True)
def remove_frame(rec):
    k = top(rec)
    if rec.stk_x[k] <= 0 or not any_disc_removable(rec, rec.current_player):
        pop(rec)
        return Decision.NONE
    return Decision.REMOVE_DISC


@njit(cache=True)
def mask_remove_disc(rec, p, out):
    """Decision.REMOVE_DISC (MA-17.2 / MA-17.3): a position with a disc whose lock is open."""
    for u in range(NU):
        if can_remove_disc(rec, p, u):
            out[A_REMOVE_DISC + u] = True


@njit(cache=True)
def apply_remove_disc(rec, p, fam, u):
    """REMOVE_DISC(u): the second disc of a position completes the upgrade; its brown
    program runs at once (above the remaining removals), red effects are permanent."""
    k = top(rec)
    rec.stk_x[k] -= 1
    rec.discs[p, u] -= 1
    if rec.discs[p, u] == 0 and ship.UPG_PROG_LEN[u] > 0:
        push(rec, Frame.PROG, Source.UPGRADE, u, 0, 0)


# ----- which discs may go (MA-17.2 - MA-17.4) ----------------------------------------------
@njit(cache=True)
def num_upgrades(rec, p):
    """MA-17.4: completed positions."""
    n = 0
    for u in range(NU):
        if rec.discs[p, u] == 0:
            n += 1
    return n


@njit(cache=True)
def can_remove_disc(rec, p, u):
    """MA-17.2 / MA-17.3: the position has a disc and its unlock condition is met."""
    return disc_removable(rec.discs[p], u)


@njit(cache=True)
def disc_removable(discs, u):
    """MA-17.2 / MA-17.3 on one ship board's discs per position (any number type, e.g. the
    ``discs`` row of an observation): position u has a disc and its unlock condition is met."""
    if discs[u] == 0:
        return False
    kind = ship.UPGRADE_UNLOCK[u]
    if kind == ship.UNLOCK_AFTER:
        return discs[ship.UPGRADE_UNLOCK_ARG[u]] == 0
    if kind == ship.UNLOCK_OTHERS:
        done = 0  # completed positions (MA-17.4); u itself is not complete
        for x in range(NU):
            if discs[x] == 0:
                done += 1
        return done >= ship.UPGRADE_UNLOCK_ARG[u]
    return True


@njit(cache=True)
def any_disc_removable(rec, p):
    for u in range(NU):
        if can_remove_disc(rec, p, u):
            return True
    return False
