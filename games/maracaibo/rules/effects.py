"""Card effects (MA-15) counted over a player's bought cards: effect families and
their numbers (PD discounts, PCB, PEX, PI...), card instances (MA-28.2) and the synergy
tokens owned (MA-15.4)."""

from numba import njit

from ..data import projects
from ..state import NC, W_BOUGHT

FX_NUMBER, FX_SUM_A0, FX_SUM_A1 = 0, 1, 2  # what card_effects adds up


@njit(cache=True)
def card_effects(rec, p, family, arg, what):
    """Over the effects of ``family`` on p's bought cards whose a0 is ``arg`` (any a0 if
    ``arg`` < 0): their number (FX_NUMBER) or the sum of their a0 / a1. Only the cards
    with an effect of ``family`` are visited (projects.FAMILY_CARDS): a handful, not NC."""
    total = 0
    for k in range(projects.FAMILY_NUM_CARDS[family]):
        c = projects.FAMILY_CARDS[family, k]
        if rec.card_where[c] == W_BOUGHT + p:
            for j in range(projects.CARD_FX_COUNT[c]):
                if projects.CARD_FX_FAMILY[c, j] == family and (arg < 0 or projects.CARD_FX_A0[c, j] == arg):
                    if what == FX_NUMBER:
                        total += 1
                    elif what == FX_SUM_A0:
                        total += projects.CARD_FX_A0[c, j]
                    else:
                        total += projects.CARD_FX_A1[c, j]
    return total


@njit(cache=True)
def family_total(rec, p, family):
    """Sum of a0 over the effects of ``family`` on p's bought cards (PD, PCB, PEX...)."""
    return card_effects(rec, p, family, -1, FX_SUM_A0)


@njit(cache=True)
def family_count(rec, p, family):
    """Number of p's bought cards with an effect of ``family``."""
    return card_effects(rec, p, family, -1, FX_NUMBER)


@njit(cache=True)
def permanent_items(rec, p, item):
    """PI(item) cards of p: each reduces a payment of that item by one (MA-15.2)."""
    return card_effects(rec, p, projects.F_PI, item, FX_NUMBER)


@njit(cache=True)
def nth_card_effect(rec, p, family, other, inst):
    """(card, effect index) of p's inst-th bought-card effect of ``family`` or ``other``,
    ordered by card id (MA-28.2 card instances); (-1, -1) if there is none."""
    k = 0
    for c in range(NC):
        if rec.card_where[c] == W_BOUGHT + p:
            for j in range(projects.CARD_FX_COUNT[c]):
                if projects.CARD_FX_FAMILY[c, j] == family or projects.CARD_FX_FAMILY[c, j] == other:
                    if k == inst:
                        return c, j
                    k += 1
    return -1, -1


@njit(cache=True)
def num_synergies(rec, p):
    """MA-15.4: synergy tokens p owns."""
    n = 0
    for s in range(rec.synergy.shape[1]):
        n += rec.synergy[p, s]
    return n
