"""The one bot interface.

A bot is a batched policy: ``bot(observations, action_masks) -> actions`` with
observations float32 (n, obs_size) from ``Game.observe`` for the seat to act,
masks bool (n, A) and actions int64 (n,). This is also the opponent-policy
protocol of ``envs.policies``, so any bot can sit in the VecEnv as an opponent.
Observations hold only what the acting seat may see, so a bot cannot cheat.
"""

import numpy as np


def compiled_batch(observations, action_masks):
    """The observations as C-contiguous float32 and the masks as C-contiguous bool: the
    arrays the compiled (numba) bots take."""
    return np.ascontiguousarray(observations, dtype=np.float32), np.ascontiguousarray(action_masks, dtype=np.bool_)


class Bot:
    name = "bot"

    def __call__(self, observations, action_masks):
        raise NotImplementedError

    def seed(self, seed):
        """Reset the bot's own randomness (arena games are reproducible)."""

    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"
