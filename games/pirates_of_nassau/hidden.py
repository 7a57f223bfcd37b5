"""What a player cannot see, redrawn for search (``Game.resample_hidden``, games/core/hidden.py).

PN-20.3: the order of the Royal Navy deck (where the Game End card lies included), of
the merchant decks and of the token stacks is observed by nobody; the contents are
public or follow from public information (PN-20.1). The redraw is therefore the same
for every player:

- the never-revealed top of the Royal Navy deck (``navy_fresh`` cards, whose count by
  phase is public, PN-20.1) keeps its phase-1 cards above its phase-2 cards (PN-4.3
  step 3: two piles shuffled separately, the Game End card in phase 2), each pile's
  cards in a fresh order; the cards returned under it (PN-10) in a fresh order;
- each region's merchant deck and each token stack in a fresh order.

Not redrawn: the opponents' chest totals (PN-20.2). They are hidden from the
observation, but every peso that enters a chest is buried in the open from a public
hold (PN-11.8), and the record keeps no distribution to redraw them from.
"""

import numpy as np
from numba import njit

from ..core import rng
from . import data as D


@njit(cache=True)
def _shuffle_where(rec, pile, start, stop, phase):
    """Shuffle the cards of ``pile[start:stop]`` whose phase is ``phase`` among their own places."""
    at = np.empty(stop - start, dtype=np.int64)
    cards = np.empty(stop - start, dtype=np.int64)
    n = 0
    for i in range(start, stop):
        if phase == 0 or D.NAVY_PHASE[pile[i]] == phase:
            at[n] = i
            cards[n] = pile[i]
            n += 1
    rng.shuffle_sorted(rec.rng, cards, 0, n)
    for j in range(n):
        pile[at[j]] = cards[j]


@njit(cache=True)
def redraw_one(rec, player):
    top = rec.navy_deck_len
    fresh = top - rec.navy_fresh
    _shuffle_where(rec, rec.navy_deck, fresh, top, 1)  # PN-4.3: the phase-1 pile ...
    _shuffle_where(rec, rec.navy_deck, fresh, top, 2)  # ... on the phase-2 pile with Game End
    _shuffle_where(rec, rec.navy_deck, 0, fresh, 0)  # PN-10: returned cards
    for r in range(3):
        rng.shuffle_sorted(rec.rng, rec.m_deck[r], 0, rec.m_deck_len[r])
        rng.shuffle_sorted(rec.rng, rec.stack[r], 0, rec.stack_len[r])
