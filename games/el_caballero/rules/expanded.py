"""The expanded game's Governors and Grande (EC-10.4 to EC-10.10)."""

from numba import njit

from .. import data as D
from ..state import NG
from .caballeros import grande_leaves
from .pieces import on_map
from .supply import pay


@njit(cache=True)
def governor_in_reserve(rec, p):
    for i in range(NG):
        if rec.governor[p, i] < 0:
            return i
    return -1


@njit(cache=True)
def may_place_governor(rec, p):
    """EC-10.4: once a turn, cost 1, a Governor in reserve."""
    return (
        rec.expanded == 1
        and rec.governor_used == 0
        and rec.court[p] >= D.GOVERNOR_COST
        and governor_in_reserve(rec, p) >= 0
    )


@njit(cache=True)
def governed(rec, root, region):
    """EC-10.4: a Governor of any player already sits on the region."""
    for q in range(rec.num_players):
        for i in range(NG):
            node = rec.governor[q, i]
            if node >= 0 and root[node] == region:
                return True
    return False


@njit(cache=True)
def governor_target(rec, root, closed, node):
    """EC-10.4: ``node`` names a closed region without a Governor; each region is
    named by one node only, its root (the lowest piece node), so no two actions agree."""
    return node >= 0 and root[node] == node and closed[node] == 1 and not governed(rec, root, node)


@njit(cache=True)
def place_governor(rec, p, node):
    pay(rec, p, D.GOVERNOR_COST)
    rec.governor[p, governor_in_reserve(rec, p)] = node
    rec.governor_used = 1


@njit(cache=True)
def can_place_grande(rec, p, k):
    """EC-10.6: cost 2 while the Grande is in reserve, onto an own card on the map."""
    return rec.expanded == 1 and rec.grande[p] < 0 and rec.court[p] >= D.GRANDE_COST and on_map(rec, p, k)


@njit(cache=True)
def place_grande(rec, p, k):
    pay(rec, p, D.GRANDE_COST)
    rec.grande[p] = k


@njit(cache=True)
def can_move_grande(rec, p, k):
    """EC-10.9: cost 1, once a round, to another own card on the map."""
    return (
        rec.expanded == 1
        and rec.grande[p] >= 0
        and rec.grande[p] != k
        and rec.grande_moved[p] == 0
        and rec.court[p] >= D.GRANDE_MOVE_COST
        and on_map(rec, p, k)
    )


@njit(cache=True)
def move_grande(rec, p, k):
    pay(rec, p, D.GRANDE_MOVE_COST)
    old = rec.grande[p]
    rec.grande[p] = k
    rec.grande_moved[p] = 1
    grande_leaves(rec, p, old)
