"""Solo only: where Jean stops on her next turn (MA-24.6), read from the solo observation.

Her next card is the top of her solo deck, whose order is hidden but whose contents are
not: the level fixes how many cards of each letter it holds (MA-24.4), and the cards
drawn since the last reshuffle lie face up in her discard pile. Each card not yet seen
is equally likely (within its letter); with an empty deck the discard pile is
reshuffled (MA-24.4) and every card in it is. For each possible card the engine's
``destination_from`` (MA-24.6: the card's move in counted locations, its branch at
forks) gives her stop; ``next_stop_chance`` sums the chances per location. A quest tile
alone at a location she stops at is hers (MA-24.7): taking it first denies her the tile
(its 5 VP and quest lead, MA-24.14); planning to take it on a later turn risks finding
it gone.
"""

import numpy as np
from numba import njit

from games.maracaibo.data.jean import (
    JEAN_CARD_BRANCH,
    JEAN_CARD_EXPANSION,
    JEAN_CARD_LETTER,
    JEAN_CARD_MOVE,
    JEAN_LEVEL_COUNTS,
)
from games.maracaibo.solo.rules import destination_from
from games.maracaibo.solo.spaces import JEAN_DECK, O_JEAN, O_JEAN_DISCARD
from games.maracaibo.solo.state import NJ
from games.maracaibo.state import NL, NQ

from .obs import O_QAT, O_SHIP, argmax

NUM_LETTERS = JEAN_LEVEL_COUNTS.shape[1]


@njit(cache=True)
def tiles_here(obs, loc):
    """Quest tiles lying next to ``loc`` (MA-12.1), as the observation shows them."""
    k = 0
    for q in range(NQ):
        if obs[O_QAT + loc * NQ + q] > 0.5:
            k += 1
    return k


@njit(cache=True)
def card_chances(obs, out):
    """``out[c]``: the chance that solo card c is the next one she draws (MA-24.4)."""
    out[:] = 0.0
    level = argmax(obs, O_JEAN, 5) + 1
    if level < 1:
        return
    discard = np.zeros(NJ, dtype=np.bool_)
    for c in range(NJ):
        discard[c] = obs[O_JEAN_DISCARD + c] > 0.5
    if round(obs[JEAN_DECK] * 10.0) < 0.5:  # empty deck: the discard pile is reshuffled
        for c in range(NJ):
            if discard[c]:
                out[c] = 1.0
    else:
        for letter in range(NUM_LETTERS):
            seen, unseen = 0, 0
            for c in range(NJ):
                if JEAN_CARD_LETTER[c] == letter:
                    if discard[c]:
                        seen += 1
                    elif JEAN_CARD_EXPANSION[c] == 0:
                        unseen += 1
            left = JEAN_LEVEL_COUNTS[level, letter] - seen
            if left > 0 and unseen > 0:
                for c in range(NJ):
                    if JEAN_CARD_LETTER[c] == letter and not discard[c] and JEAN_CARD_EXPANSION[c] == 0:
                        out[c] = left / unseen
    total = out.sum()
    if total > 0.0:
        out /= total


@njit(cache=True)
def next_stop_chance(obs, round_no, out):
    """``out[loc]``: the chance that Jean's next turn ends her move at loc (MA-24.6)."""
    out[:] = 0.0
    jean = argmax(obs, O_SHIP + NL, NL)  # Jean is relative seat 1
    if jean < 0:
        return
    tiles = np.zeros(NL, dtype=np.int64)
    for loc in range(NL):
        tiles[loc] = tiles_here(obs, loc)
    chance = np.empty(NJ)
    card_chances(obs, chance)
    for c in range(NJ):
        if chance[c] > 0.0:
            out[destination_from(jean, round_no, tiles, JEAN_CARD_MOVE[c], JEAN_CARD_BRANCH[c])] += chance[c]


@njit(cache=True)
def jean_takes_tile(obs, ctx, loc):
    """The chance that Jean takes the only tile at loc on her next turn (MA-24.7)."""
    return ctx.jean_next[loc] if tiles_here(obs, loc) == 1 else 0.0
