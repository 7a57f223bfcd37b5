"""The opponent-policy protocol shared across doubloon, and a uniform random policy.

A policy is any callable

    policy(observations, action_masks) -> actions

with ``observations`` float32 ``(n, obs_size)`` (what ``Game.observe`` returns for
the acting seats), ``action_masks`` bool ``(n, num_actions)`` and ``actions`` an
int64 array ``(n,)`` of legal actions, one per row. It is batched so the same
policy serves a single-seat env (n = 1) and a batched engine (n = B).

A policy that never reads its observations may say so with ``reads_observations = False``
(the uniform random policy does): the batched envs then skip making them and pass None.

A policy that draws random numbers may also define ``seed(seed)``; envs call it on
every reset with a seed drawn from their own generator, so that a seeded reset
replays the same episode.
"""

import numpy as np
from numba import njit

from games.core.legality import action_array, illegal_rows


def sample_legal(rng, masks):
    """One uniformly random legal action per row of ``masks`` (bool ``(n, A)``).

    Each row must have a legal action. Every action gets an independent uniform key
    and the legal action with the largest key is played: uniform over the legal set,
    one call for the whole batch, no Python loop over rows. The one random policy of
    doubloon (the ``random`` bot of training plays it too), so its draws, and every
    recorded arena number, depend only on the seed.
    """
    masks = np.asarray(masks)
    if masks.ndim != 2 or masks.dtype != np.bool_:
        raise ValueError(f"action masks must be a bool array (n, num_actions), got {masks.dtype} {masks.shape}")
    empty = ~masks.any(axis=1)
    if empty.any():
        raise ValueError(f"rows {np.flatnonzero(empty).tolist()} have no legal action")
    noise = np.where(masks, rng.random(masks.shape), -1.0)  # one pass, the same draws as masking in place
    return noise.argmax(axis=1).astype(np.int64)


@njit(nogil=True, cache=True)
def pick_legal(masks, uniforms, out):
    """``out[b]``: the legal action of rank ``floor(uniforms[b] * count)`` among the
    ``count`` legal actions of row ``b`` of ``masks`` (bool ``(n, A)``), so uniform over
    the legal set for ``uniforms`` uniform in [0, 1). Compiled and GIL-free, for callers
    that split the rows over threads (``games.core.parallel.run_rows``); a row without
    a legal action gets -1. Draws its numbers from ``uniforms``, not from a generator,
    so it picks other actions than ``sample_legal`` for the same seed."""
    for b in range(masks.shape[0]):
        count = 0
        for a in range(masks.shape[1]):
            count += masks[b, a]
        rank = min(int(uniforms[b] * count), count - 1)
        out[b] = -1
        for a in range(masks.shape[1]):
            if masks[b, a]:
                if rank == 0:
                    out[b] = a
                    break
                rank -= 1


class UniformRandomPolicy:
    """Plays a uniformly random legal action in every row (the default opponent)."""

    reads_observations = False

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def seed(self, seed):
        """Restart the random stream (called by envs on reset)."""
        self.rng = np.random.default_rng(seed)

    def __call__(self, observations, action_masks):
        return sample_legal(self.rng, action_masks)

    def __repr__(self):
        return "UniformRandomPolicy()"


class FastRandomPolicy:
    """Uniform over the legal actions, as ``UniformRandomPolicy``, but from one uniform number
    per row (``pick_legal``, compiled) instead of one per action: the same distribution,
    other draws, and a cost that does not grow with the action space (El Caballero has
    2,944 actions). The default opponent of the Gymnasium vector env."""

    reads_observations = False

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def seed(self, seed):
        """Restart the random stream (called by envs on reset)."""
        self.rng = np.random.default_rng(seed)

    def __call__(self, observations, action_masks):
        masks = np.ascontiguousarray(action_masks, dtype=np.bool_)
        actions = np.empty(len(masks), dtype=np.int64)
        pick_legal(masks, self.rng.random(len(masks)), actions)
        return actions

    def __repr__(self):
        return "FastRandomPolicy()"


def check_actions(actions, action_masks, who="policy"):
    """Validate a policy's answer; return it as int64 ``(n,)``.

    A policy bug (wrong shape, out of range, illegal) is reported here, naming the
    policy, rather than deep inside the engine.
    """
    n = action_masks.shape[0]
    try:
        actions = action_array(actions, n, who)
    except TypeError as err:
        raise ValueError(f"{who} must return an integer array of shape ({n},): {err}") from None
    bad = illegal_rows(action_masks, actions)
    if bad.size:
        raise ValueError(f"{who} returned illegal actions {actions[bad].tolist()} in rows {bad.tolist()}")
    return actions


__all__ = ["FastRandomPolicy", "UniformRandomPolicy", "check_actions", "sample_legal"]
