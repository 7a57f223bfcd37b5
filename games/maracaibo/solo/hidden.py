"""What the human cannot see in the solo game, redrawn for search (``Game.resample_hidden``).

Everything hidden in Maracaibo (games/maracaibo/hidden.py: Jean holds no hand and no
career, so that is the deck, the box, prestige, tokens and the quest pile), and Jean's
solo deck (MA-24.4, MA-29.3): her deck holds the level's number of cards of each
letter, drawn at random within the letter (GAP-15), minus her public discard pile. So
each letter's share of the deck is redrawn from the letter's cards not on the discard
pile, and the deck is shuffled. (After a reshuffle of her discard pile a player who
remembers knows which cards she has; the record keeps no history, and her cards of one
letter differ little, so the redraw goes by what the observation shows.)
"""

import numpy as np
from numba import njit

from ...core import rng
from ..data.jean import JEAN_CARD_EXPANSION, JEAN_CARD_LETTER, JEAN_LEVEL_COUNTS
from ..hidden import redraw_maracaibo
from .state import NJ

LETTERS = JEAN_LEVEL_COUNTS.shape[1]


@njit(cache=True)
def _jean_deck(rec):
    """MA-24.4, GAP-15: per letter, the level's count less the discarded cards, from the undiscarded ones."""
    discarded = np.zeros(NJ, dtype=np.bool_)
    for i in range(rec.jean_discard_len):
        discarded[rec.jean_discard[i]] = True
    pool = np.empty(NJ, dtype=np.int64)
    deck = np.empty(NJ, dtype=np.int64)
    n = 0
    for letter in range(LETTERS):
        need = JEAN_LEVEL_COUNTS[rec.jean_level, letter]
        k = 0
        for c in range(NJ):
            if JEAN_CARD_LETTER[c] == letter:
                if discarded[c]:
                    need -= 1
                elif JEAN_CARD_EXPANSION[c] == 0 or rec.opt_jean_expansion:
                    pool[k] = c
                    k += 1
        if need < 0 or need > k:  # not a deck this level deals: keep its cards
            rng.shuffle_sorted(rec.rng, rec.jean_deck, 0, rec.jean_deck_len)
            return
        rng.shuffle(rec.rng, pool, 0, k)
        for j in range(need):
            deck[n] = pool[j]
            n += 1
    if n != rec.jean_deck_len:
        rng.shuffle_sorted(rec.rng, rec.jean_deck, 0, rec.jean_deck_len)
        return
    rng.shuffle(rec.rng, deck, 0, n)
    for i in range(n):
        rec.jean_deck[i] = deck[i]


@njit(cache=True)
def redraw_solo(rec, player):
    redraw_maracaibo(rec, player)
    _jean_deck(rec)
