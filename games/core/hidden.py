"""Resampling what a player cannot see: the batch loop behind ``Game.resample_hidden``.

A game supplies one ``@njit`` kernel ``redraw_one(rec, player)`` that redraws, from the
record's own random stream, every part of ``rec`` hidden from ``player`` (deck orders,
other hands, face-down cards), uniformly among the completions consistent with what
``player`` observes (docs/design.md, "Hidden information"). The loop here reseeds each
row's stream from its seed first, so the redraw and every later chance event of the
row (the next shuffle, the next draw) come from that seed: two seeds give two different
futures of the same information set.

Like ``games.core.batch``, the loop is a closure over the game's kernel (one compiled
loop per kernel, ``functools.cache``), released from the GIL so ``games.core.parallel``
can split a large batch of copies over threads.
"""

import functools

from numba import njit
from numba.core import config

from . import rng
from .batch import as_python
from .closure_cache import cache_closure


@functools.cache
def resample_loop(redraw_one):
    """``rows(states, seeds int64 (B,), player int64)``: reseed row b from ``seeds[b]``,
    then ``redraw_one(states[b], player)``."""

    @njit(nogil=True)
    def resample_rows(states, seeds, player):
        for b in range(states.shape[0]):
            rng.seed_stream(states[b].rng, seeds[b])
            redraw_one(states[b], player)

    return as_python(resample_rows) if config.DISABLE_JIT else cache_closure(resample_rows)


@njit(cache=True)
def shuffle_into(rng_state, pool, n, dest, start):
    """Shuffle ``pool[:n]`` and write it to ``dest[start:start + n]``."""
    rng.shuffle(rng_state, pool, 0, n)
    for i in range(n):
        dest[start + i] = pool[i]


@njit(cache=True)
def shuffled_complement(rng_state, taken, pool):
    """The indices ``i`` with ``taken[i]`` false, shuffled into ``pool``; returns their number.

    The pool a redraw deals from: every component not pinned by what the player sees.
    """
    n = 0
    for i in range(taken.shape[0]):
        if not taken[i]:
            pool[n] = i
            n += 1
    rng.shuffle(rng_state, pool, 0, n)
    return n
