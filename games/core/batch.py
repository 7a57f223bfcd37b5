"""Compiled loops over a batch, built once per game from its one-record kernels.

The loops close over the game's kernels, so one call runs the whole batch without
a Python call per row -- and without numba typing a function argument on every
call (first-class function arguments cost ~5 us per call, and their on-disk cache
entries never match in another process). The closures are cached on disk beside
the game's kernels, keyed by the kernels they call (``closure_cache``): a loop's
compile re-optimizes the rules it calls, seconds a loop for the larger games.

The batch loops release the GIL (``nogil``), so ``games.core.parallel`` can run
slices of one batch on several threads at once; rows share nothing, so the split
never changes a row's result.

Besides the batch loops, ``record_*`` work on a batch of one record for the envs'
per-step work (they skip all input checks: callers pass live games and legal
actions).
"""

import contextlib
import functools
from dataclasses import dataclass
from typing import Callable

import numpy as np
from numba import njit
from numba.core import config

from .closure_cache import cache_closure
from .prefetch import prefetch_record


@dataclass(frozen=True)
class Kernels:
    """A game's one-record numba kernels: the whole of its rules, as the loops see them."""

    init_one: Callable  # (rec, seed int64, config int64[:]): set up a new game
    step_one: Callable  # (rec, action int64): apply a legal action of the player to act
    mask_one: Callable  # (rec, out bool[:]): mark the legal actions of a live game
    observe_one: Callable  # (rec, player int64, out float32[:]): that seat's view
    scores_one: Callable  # (rec, out int64[:]): points per player
    rank_one: Callable  # (rec, out int64[:]): final rank per player, 0 = best
    # (rec, mask bool[:], obs float32[:]): mask_one, then observe_one of the player to act,
    # sharing what both compute (El Caballero's regions); None: the two calls in turn
    mask_observe_one: Callable | None = None


@dataclass(frozen=True)
class Loops:
    """The compiled loops of one game's ``Kernels``; ``record_*`` serve the envs' per-step calls."""

    init_rows: Callable  # (states, seeds int64 (B,), config int64 (C,))
    step_rows: Callable  # (states, actions int64 (B,)); finished rows are skipped
    mask_rows: Callable  # (states, out bool (B, A))
    observe_rows: Callable  # (states, players int64 (B,), out float32 (B, obs), clear: zero each row first)
    scores_rows: Callable  # (states, out int64 (B, P))
    rank_rows: Callable  # (states, out int64 (B, P))
    advance_rows: Callable  # (states, actions, mask bool (B, A), obs float32 (B, obs)): step, mask, observe
    record_mask: Callable  # (state (1,), out bool (A,)) -> player to act, -1 when over
    record_advance: Callable  # (state (1,), action, out bool (A,)) -> step, then record_mask
    record_observe: Callable  # (state (1,), player, out float32 (obs,))
    # (state (1,), action, mask bool (A,), obs float32 (obs,)) -> record_advance, and the
    # observation of the player to act (zeros when over) in the same pass
    record_advance_observe: Callable


def _widened(dtype):
    """``dtype`` with every small integer field as int64 (uint64 stays)."""
    fields = []
    for name in dtype.names:
        base, shape = dtype[name].base, dtype[name].shape
        if base.kind in "iu" and base.itemsize < 8:
            base = np.dtype(np.int64)
        fields.append((name, base, shape))
    return np.dtype(fields)


@contextlib.contextmanager
def _python_rows(state):
    """Rows for kernels running as plain Python (NUMBA_DISABLE_JIT=1): fields read as
    attributes (recarray), integer arithmetic promoting to int64 as in numba rather
    than wrapping in int8 as numpy would; written back to ``state`` afterwards."""
    wide = state.astype(_widened(state.dtype)).view(np.recarray)
    yield wide
    state[...] = wide.astype(state.dtype)


def kernel_record(record):
    """One record (np.void) as a rule kernel reads it when Python code (a renderer)
    asks a rule query: the record itself when compiled; uncompiled, a widened recarray
    row, as the loops give the kernels (``_python_rows``; read-only use: it is a copy)."""
    if not config.DISABLE_JIT:
        return record
    return np.array(record, dtype=record.dtype).reshape(1).astype(_widened(record.dtype)).view(np.recarray)[0]


def as_python(loop):
    """``loop`` (a batch loop over a state array) run on widened rows (``_python_rows``):
    how a loop runs under NUMBA_DISABLE_JIT=1; used by games with loops of their own."""

    @functools.wraps(loop)
    def run(state, *args):
        with _python_rows(state) as rows:
            return loop(rows, *args)

    return run


@functools.cache
def compile_loops(init_one, step_one, mask_one, observe_one, scores_one, rank_one, mask_observe_one=None):
    if mask_observe_one is None:

        @njit
        def mask_observe_one(rec, mask, obs):
            mask_one(rec, mask)
            observe_one(rec, rec.current_player, obs)

    @njit(nogil=True)
    def init_rows(states, seeds, cfg):
        for b in range(states.shape[0]):
            init_one(states[b], seeds[b], cfg)

    @njit(nogil=True)
    def step_rows(states, actions):
        for b in range(states.shape[0]):
            if states[b].terminated == 0:
                step_one(states[b], actions[b])

    @njit(nogil=True)
    def mask_rows(states, out):
        for b in range(states.shape[0]):
            out[b, :] = False
            if states[b].terminated == 0:
                mask_one(states[b], out[b])

    @njit(nogil=True)
    def observe_rows(states, players, out, clear):
        # The kernels write only what is non-zero. A fresh ``out`` (np.zeros) arrives zeroed
        # by the OS on first use, and a clear would touch pages nobody writes; a caller's
        # buffer (``clear``) is cleared row by row here, on the thread that fills the row, so
        # a split batch clears in parallel and reuses mapped pages instead of faulting in
        # fresh ones on every call
        for b in range(states.shape[0]):
            if clear:
                out[b, :] = 0.0
            observe_one(states[b], players[b], out[b])

    @njit(nogil=True)
    def scores_rows(states, out):
        for b in range(states.shape[0]):
            scores_one(states[b], out[b])

    @njit(nogil=True)
    def rank_rows(states, out):
        for b in range(states.shape[0]):
            rank_one(states[b], out[b])

    @njit(nogil=True)
    def advance_rows(states, actions, mask, obs):
        # step_rows, mask_rows and observe_rows (of the player to act) in one pass: one
        # hand-out to the threads instead of three, which is most of a fast game's step
        for b in range(states.shape[0]):
            if b + 1 < states.shape[0]:
                prefetch_record(states[b + 1])  # its loads overlap this row's work
            if states[b].terminated == 0:
                step_one(states[b], actions[b])
            mask[b, :] = False
            obs[b, :] = 0.0
            if states[b].terminated == 0:
                mask_observe_one(states[b], mask[b], obs[b])

    @njit
    def record_mask(state, out):
        out[:] = False
        if state[0].terminated == 0:
            mask_one(state[0], out)
        return state[0].current_player

    @njit
    def record_advance(state, action, out):
        step_one(state[0], action)
        out[:] = False
        if state[0].terminated == 0:
            mask_one(state[0], out)
        return state[0].current_player

    @njit
    def record_observe(state, player, out):
        out[:] = 0.0
        observe_one(state[0], player, out)

    @njit
    def record_advance_observe(state, action, mask, obs):
        step_one(state[0], action)
        mask[:] = False
        obs[:] = 0.0
        if state[0].terminated == 0:
            mask_observe_one(state[0], mask, obs)
        return state[0].current_player

    loops = (
        init_rows,
        step_rows,
        mask_rows,
        observe_rows,
        scores_rows,
        rank_rows,
        advance_rows,
        record_mask,
        record_advance,
        record_observe,
        record_advance_observe,
    )
    if config.DISABLE_JIT:
        loops = tuple(as_python(loop) for loop in loops)
    else:
        loops = tuple(cache_closure(loop) for loop in loops)
    return Loops(*loops)


def loops_for(kernels: Kernels) -> Loops:
    """The compiled loops of a game's kernels (shared by every game with the same kernels)."""
    return compile_loops(
        kernels.init_one,
        kernels.step_one,
        kernels.mask_one,
        kernels.observe_one,
        kernels.scores_one,
        kernels.rank_one,
        kernels.mask_observe_one,
    )
