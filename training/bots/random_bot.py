"""``random``: uniform over the legal actions of every row."""

import numpy as np

from .base import Bot, sample_legal


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def __call__(self, observations, action_masks):
        return sample_legal(self.rng, np.asarray(action_masks, dtype=bool))
