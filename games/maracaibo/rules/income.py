"""Income tracks (MA-19): doubloon income and VP income with their overflows."""

from numba import njit

from ..data import tracks


@njit(cache=True)
def scorings_left(rec):
    """Income payments still to come, this round's included if unpaid (MA-19.4, GAP-47)."""
    left = tracks.SCORINGS_LEFT_BEFORE_INCOME[rec.round_no]
    if rec.income_paid:
        left -= 1
    return left


@njit(cache=True)
def add_vp_income(rec, p, x):
    """MA-19.4: reaching 20 pays 20 VP per scoring still to come, marker back by 20."""
    v = rec.vp_income[p] + x
    while v >= tracks.VP_INCOME_MAX:
        v -= tracks.VP_INCOME_MAX
        rec.vp[p] += tracks.VP_INCOME_OVERFLOW_VP * scorings_left(rec)
    rec.vp_income[p] = v


@njit(cache=True)
def add_d_income(rec, p, x):
    """MA-19.3: beyond 34 the excess goes to VP income."""
    d = rec.d_income[p] + x
    if d > tracks.DOUBLOON_INCOME_MAX:
        extra = d - tracks.DOUBLOON_INCOME_MAX
        rec.d_income[p] = tracks.DOUBLOON_INCOME_MAX
        add_vp_income(rec, p, extra)
    else:
        rec.d_income[p] = d
