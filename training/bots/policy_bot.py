"""A MaskablePPO policy network as a bot: ``checkpoint:PATH`` and self-play snapshots."""

import numpy as np

from .base import Bot


class PolicyBot(Bot):
    """Acts with a MaskablePPO policy: greedy (the arena default) or sampled.

    Sampling uses the bot's own numpy generator (Gumbel-max over the masked
    logits), so a seeded arena stays reproducible.
    """

    def __init__(self, policy, name="policy", deterministic=True, seed=0):
        self.policy = policy
        self.name = name
        self.deterministic = deterministic
        self.seed(seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def logits(self, observations):
        import torch

        self.policy.set_training_mode(False)
        with torch.no_grad():
            obs = torch.as_tensor(np.asarray(observations, dtype=np.float32))
            return self.policy.get_distribution(obs).distribution.logits.numpy()

    def __call__(self, observations, action_masks):
        masks = np.asarray(action_masks, dtype=bool)
        if masks.shape[0] == 0:
            return np.zeros(0, dtype=np.int64)
        scores = self.logits(observations).astype(np.float64)
        if not self.deterministic:
            scores = scores + self.rng.gumbel(size=scores.shape)
        scores[~masks] = -np.inf
        return scores.argmax(axis=1).astype(np.int64)


def load_policy(path, game=None):
    """The policy of a doubloon checkpoint (``.safetensors``, see training/checkpoint.py),
    on the CPU; never unpickles (an SB3 ``.zip`` is refused with how to convert it)."""
    from ..checkpoint import load_checkpoint

    return load_checkpoint(path, game)


def checkpoint_bot(path, game, deterministic=True, seed=0):
    """``checkpoint:PATH``: the checkpoint must be for ``game`` (name, observation size, actions)."""
    policy = load_policy(path, game)
    return PolicyBot(policy, name=f"checkpoint:{path}", deterministic=deterministic, seed=seed)


def frozen_copy(model):
    """A detached copy of a MaskablePPO model's policy network (a self-play snapshot)."""
    policy = model.policy_class(model.observation_space, model.action_space, lambda _: 0.0, **model.policy_kwargs)
    policy.load_state_dict(model.policy.state_dict())
    policy.set_training_mode(False)
    return policy
