"""A player's own supplies (MA-2.3): VP, doubloons, figures."""

from numba import njit


@njit(cache=True)
def gain_vp(rec, p, x):
    """MA-2.3: x VP."""
    rec.vp[p] += x


@njit(cache=True)
def gain_coins(rec, p, x):
    """MA-2.3: x doubloons."""
    rec.coins[p] += x


@njit(cache=True)
def gain_figures(rec, p, n):
    """Figures from the general supply, as far as available (MA-15.3 XF2)."""
    k = min(n, rec.fig_general[p])
    rec.fig_general[p] -= k
    rec.fig_personal[p] += k
