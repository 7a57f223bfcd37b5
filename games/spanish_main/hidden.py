"""What a player cannot see, redrawn for search (``Game.resample_hidden``, games/core/hidden.py).

Hidden from player p (SM-9.5, docs/rules/spanish_main.md "Observation"):

- the owners of the ships p does not own that are neither revealed nor known to be
  unowned (SM-3.4, SM-9.1, SM-9.2): redrawn so that every other seat keeps its number
  of unrevealed pirates (each seat holds k pirates all game, SM-3.4, and its revealed
  ones are public), the rest unowned, and no seat gets a ship it is publicly known not
  to own (SM-5.4.5); uniform over those assignments (rejection from a uniform shuffle);
- the adventure deck (SM-3.3): the cards never face up (SM-9.5: fame drawn face down
  from the deck is never seen) are its only candidates, so the deck becomes a uniform
  draw of ``adv_deck_len`` of them, in a uniform order;
- with SM-10.2, the other hands, and the move deck's order (SM-5.1.6): the cards in them
  are pooled and dealt back uniformly by the hand sizes, which are public.

After the game the owners are public (SM-8.1): they are left as they are.
"""

import numpy as np
from numba import njit

from ..core import rng
from . import data as D

S, AK, MK = D.NUM_SHIPS, D.NUM_ADVENTURE_KINDS, D.NUM_MOVE_KINDS
MAX_TRIES = 1 << 22  # ownership rejection: the consistent assignments are at least 1 in 7!/(2!2!2!) = 630


@njit(cache=True)
def _adventure_deck(rec):
    """SM-3.3: the deck from the never-seen cards (ADV_COUNT - adv_seen per kind)."""
    pool = np.empty(D.NUM_ADVENTURES, dtype=np.int8)
    n = 0
    for k in range(AK):
        for _ in range(D.ADV_COUNT[k] - rec.adv_seen[k]):
            pool[n] = k
            n += 1
    rng.shuffle(rec.rng, pool, 0, n)
    for i in range(rec.adv_deck_len):
        rec.adv_deck[i] = pool[i]


@njit(cache=True)
def _move_cards(rec, player):
    """SM-10.2 / SM-5.1.6: the other hands and the move deck, dealt again from their pool."""
    pool = np.empty(D.NUM_MOVES, dtype=np.int8)
    n = 0
    for i in range(rec.move_deck_len):
        pool[n] = rec.move_deck[i]
        n += 1
    sizes = np.zeros(rec.num_players, dtype=np.int64)
    for q in range(rec.num_players):
        if q != player:
            for k in range(MK):
                for _ in range(rec.hand[q, k]):
                    pool[n] = k
                    n += 1
                sizes[q] += rec.hand[q, k]
                rec.hand[q, k] = 0
    rng.shuffle_sorted(rec.rng, pool, 0, n)
    j = 0
    for q in range(rec.num_players):
        for _ in range(sizes[q]):
            rec.hand[q, pool[j]] += 1
            j += 1
    for i in range(rec.move_deck_len):
        rec.move_deck[i] = pool[j + i]


@njit(cache=True)
def _owners(rec, player):
    """SM-3.4, SM-5.4.5, SM-9.6: the hidden ships' owners, each seat keeping its count."""
    ships = np.empty(S, dtype=np.int64)
    labels = np.empty(S, dtype=np.int64)
    n = 0
    for s in range(S):
        if rec.owner[s] != player and rec.revealed[s] == 0 and rec.known_unowned[s] == 0:
            ships[n] = s
            labels[n] = rec.owner[s]
            n += 1
    for _ in range(MAX_TRIES):
        rng.shuffle_sorted(rec.rng, labels, 0, n)
        ok = True
        for i in range(n):
            if labels[i] >= 0 and rec.known_not_owner[labels[i], ships[i]]:
                ok = False
                break
        if ok:
            for i in range(n):
                rec.owner[ships[i]] = labels[i]
            return


@njit(cache=True)
def redraw_one(rec, player):
    if rec.terminated == 0:  # SM-8.1: after the game every owner is public
        _owners(rec, player)
    _adventure_deck(rec)
    _move_cards(rec, player)
