"""Low-overhead engine calls on one game record, for the envs' per-step work.

The batched ``Game`` API checks its inputs and hands the game's kernels to shared
batch loops as first-class functions, which numba types in Python on every call
(about 5 us each). An env step makes three such calls at B = 1, more than the rest
of the step. Here the kernels are called from small loops compiled per set of kernels
that close over them, so a call costs well under a microsecond. The loops compile
once per process and game (about a second: numba does not cache closures).

Callers own the record: it is a live game of this game's dtype, and actions are
legal (the envs check them against the mask first).
"""

import functools
from dataclasses import dataclass
from typing import Callable

from numba import njit


@dataclass(frozen=True)
class RecordOps:
    """``state`` is a batch of one record; ``mask`` bool ``(A,)``; ``out`` float32 ``(obs_size,)``."""

    mask: Callable  # mask(state, mask) -> player to act, writing their legal actions
    advance: Callable  # advance(state, action, mask) -> the same after applying a legal action
    observe: Callable  # observe(state, player, out): that player's observation

    # the player to act is -1 once the game is over, and the mask then all False


def _compile(step_one, mask_one, observe_one):
    @njit
    def mask(state, out):
        out[:] = False
        if state[0].terminated == 0:
            mask_one(state[0], out)
        return state[0].current_player

    @njit
    def advance(state, action, out):
        step_one(state[0], action)
        return mask(state, out)

    @njit
    def observe(state, player, out):
        out[:] = 0.0
        observe_one(state[0], player, out)

    return RecordOps(mask=mask, advance=advance, observe=observe)


_compile_cached = functools.cache(_compile)


def record_ops(game):
    """The ``RecordOps`` of ``game``, shared by every game with the same kernels
    (a game's options live in its record, not in its kernels)."""
    k = game.kernels
    return _compile_cached(k.step_one, k.mask_one, k.observe_one)


__all__ = ["RecordOps", "record_ops"]
