"""Step 5, the return to Nassau (PN-11): exchanges, purchases, burying, the capacity check."""

from numba import njit

from .. import data as D
from ..spaces import CONVERT_COUNTS
from .flow import next_buyer, next_burier, next_checker
from .ship import capacity, hold_items, remove_item, slot_open


@njit(cache=True)
def exchange_legal(rec, p, r):
    """PN-11.7, GAP-32: a hold peso and 2 of the type in the supply."""
    return rec.hold[p, D.I_PESO] > 0 and rec.supply[1 + r] >= 2


@njit(cache=True)
def exchange(rec, p, r):
    """PN-11.7, PN-8.12a: 1 peso -> 2 of one resource, storage checked at the end of step 5."""
    rec.hold[p, D.I_PESO] -= 1
    rec.hold[p, 1 + r] += 2
    rec.supply[1 + r] -= 2


@njit(cache=True)
def affordable(rec, p, cost):
    """PN-11.3: the hold holds ``cost`` (gunpowder, goods, rum)."""
    for r in range(3):
        if rec.hold[p, 1 + r] < cost[r]:
            return False
    return True


@njit(cache=True)
def pay(rec, p, cost):
    """PN-11.3: resources from the hold back to the supply."""
    for r in range(3):
        rec.hold[p, 1 + r] -= cost[r]
        rec.supply[1 + r] += cost[r]


@njit(cache=True)
def section_legal(rec, p):
    """PN-11.4: at most 2 extra sections, paid 2/2/2."""
    return rec.sections[p] < 2 and affordable(rec, p, D.SECTION_PRICE)


@njit(cache=True)
def buy_section(rec, p):
    """PN-11.4: the next section; the turn passes on (PN-11.2)."""
    pay(rec, p, D.SECTION_PRICE)
    rec.sections[p] += 1
    next_buyer(rec)


@njit(cache=True)
def token_legal(rec, p, i, k):
    """PN-11.5: a display token on an open slot of its shape and border colour, affordable."""
    t = rec.display[i]
    return t >= 0 and slot_open(rec, p, k) and D.SLOT_KIND[k] == D.T_SLOT[t] and affordable(rec, p, D.T_COST[t])


@njit(cache=True)
def buy_token(rec, p, i, k):
    """PN-11.5: placed at once; a replaced token goes to its stack's discard pile."""
    t = rec.display[i]
    pay(rec, p, D.T_COST[t])
    old = rec.slot[p, k]
    if old >= 0:
        rec.discard[old] += 1
    rec.slot[p, k] = t
    rec.slot_used[p, k] = 0
    rec.display[i] = -1
    next_buyer(rec)


@njit(cache=True)
def nassau_pass(rec, p):
    """PN-11.2, GAP-25: a pass is final for the round."""
    rec.passed[p] = 1
    next_buyer(rec)


@njit(cache=True)
def convert_legal(rec, p, m):
    """PN-11.8: any 3 resources for 1 peso."""
    return affordable(rec, p, CONVERT_COUNTS[m])


@njit(cache=True)
def convert(rec, p, m):
    """PN-11.8, PN-8.12a: the resources go back to the supply, the peso is in the hold."""
    pay(rec, p, CONVERT_COUNTS[m])
    rec.hold[p, D.I_PESO] += 1


@njit(cache=True)
def bury(rec, p, what):
    """PN-11.8: hold pesos into the chest (0 one, 1 all, 2 done)."""
    if what == 0:
        rec.hold[p, D.I_PESO] -= 1
        rec.chest[p] += 1
        return
    if what == 1:
        rec.chest[p] += rec.hold[p, D.I_PESO]
        rec.hold[p, D.I_PESO] = 0
    next_burier(rec)


@njit(cache=True)
def check_remove(rec, p, item, plank):
    """PN-11.10: remove items until the hold fits, then the next player over capacity."""
    remove_item(rec, p, item, plank)
    if hold_items(rec, p) <= capacity(rec, p):
        next_checker(rec)
