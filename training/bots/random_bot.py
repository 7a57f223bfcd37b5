"""``random``: uniform over the legal actions of every row (``envs.policies.UniformRandomPolicy``)."""

import numpy as np

from envs.policies import UniformRandomPolicy

from .base import Bot


class RandomBot(Bot):
    """The envs' random policy under a bot name, seeded 0 unless told."""

    name = "random"
    reads_observations = False  # the batched envs skip making them

    def __init__(self, seed=0):
        self.policy = UniformRandomPolicy(seed)

    def seed(self, seed):
        self.policy.seed(seed)

    def __call__(self, observations, action_masks):
        return self.policy(observations, np.asarray(action_masks, dtype=bool))
