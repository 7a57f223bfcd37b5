"""Counter-based random stream stored inside each game record.

A stream is a ``uint64[2]`` field: ``[key, counter]``. Draw ``i`` is
``splitmix64(key + i * golden)``, so a game's randomness depends only on its seed
and on how many draws it has made -- never on the batch it runs in.
"""

import functools

import numpy as np
from numba import njit
from numba.core import config

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def _wraps_around(fn):
    """uint64 wrap-around is the point of these functions; as plain Python
    (NUMBA_DISABLE_JIT=1) numpy would warn about it on every draw."""
    if not config.DISABLE_JIT:
        return fn

    @functools.wraps(fn)
    def quiet(*args):
        with np.errstate(over="ignore"):
            return fn(*args)

    return quiet


@_wraps_around
@njit(cache=True)
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@_wraps_around
@njit(cache=True)
def seed_stream(rng, seed):
    """Start the stream ``rng`` (uint64[2]) from a non-negative integer seed."""
    rng[0] = _mix(np.uint64(seed) * _GOLDEN + np.uint64(1))
    rng[1] = np.uint64(0)


@_wraps_around
@njit(cache=True)
def next_u64(rng):
    x = _mix(rng[0] + rng[1] * _GOLDEN)
    rng[1] += np.uint64(1)
    return x


@njit(cache=True)
def randint(rng, n):
    """Uniform integer in ``[0, n)`` for ``0 < n < 2**32`` (Lemire's multiply-shift)."""
    hi = next_u64(rng) >> np.uint64(32)
    return np.int64((hi * np.uint64(n)) >> np.uint64(32))


@njit(cache=True)
def shuffle(rng, arr, start, stop):
    """Fisher-Yates shuffle of ``arr[start:stop]`` in place."""
    for i in range(stop - 1, start, -1):
        j = start + randint(rng, i - start + 1)
        tmp = arr[i]
        arr[i] = arr[j]
        arr[j] = tmp


@njit(cache=True)
def shuffle_sorted(rng, arr, start, stop):
    """``shuffle`` after sorting ``arr[start:stop]``: the order drawn depends on the
    cards there and the stream, not on their order before. A redraw of a hidden order
    (games/core/hidden.py) shuffles this way, so two records a player cannot tell apart
    redraw to the same copy from the same seed."""
    arr[start:stop].sort()
    shuffle(rng, arr, start, stop)
