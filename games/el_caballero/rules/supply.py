"""The court (EC-2.10, EC-5.9): gains and payments."""

from numba import njit


@njit(cache=True)
def gain(rec, p, amount):
    """EC-2.10: the court has no maximum; the flag court_cap (EC-GAP-7) caps it."""
    rec.court[p] += amount
    if rec.court_cap > 0 and rec.court[p] > rec.court_cap:
        rec.court[p] = rec.court_cap


@njit(cache=True)
def pay(rec, p, amount):
    """EC-5.9: legality has checked the court covers the cost."""
    rec.court[p] -= amount
