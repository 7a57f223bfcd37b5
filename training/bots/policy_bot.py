"""A MaskablePPO policy network as a bot: ``checkpoint:PATH``, ``baseline[:GAME]`` (the shipped
trained baselines) and self-play snapshots.

A bot only needs the policy's action distribution, so ``PolicyBot`` runs the actor
half of the network and nothing else: features -> ``mlp_extractor.forward_actor``
-> ``action_net``, the same modules ``MaskableActorCriticPolicy.get_distribution``
calls, without the SB3 distribution objects, under ``torch.inference_mode``, on
the observation array itself (no copy when it already is float32). The value head
is never computed. The logits are normalised as torch's ``Categorical`` normalises
them, so ``PolicyBot.logits`` returns the very numbers ``get_distribution(obs)
.distribution.logits`` does.

Threads: a bot's batches are small (the opponents of one VecEnv step are a few
dozen rows), and on a machine whose cores are shared, torch splitting a small
matrix product over two threads waits for the second core far longer than the
product takes (measured on the 2-core development machine under load: a 17-row
snapshot call took 6.7 ms on 2 threads, 2.8 ms on 1). So a batch of fewer than
``PARALLEL_MIN_ROWS`` rows runs on one torch thread, as games.core.parallel runs
small game batches on the calling thread; the process's setting is restored after.
"""

from contextlib import contextmanager, nullcontext
from importlib import resources

import numpy as np

from .base import Bot

# below this many rows a forward pass runs on one torch thread (see the module docstring)
PARALLEL_MIN_ROWS = 512


@contextmanager
def torch_threads(threads):
    """torch's intra-op thread count set to ``threads`` for the block, then restored."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        yield
    finally:
        torch.set_num_threads(before)


class PolicyBot(Bot):
    """Acts with a MaskablePPO policy: greedy (the arena default) or sampled.

    Sampling uses the bot's own numpy generator (Gumbel-max over the masked
    logits: an exact draw from the policy's softmax restricted to the legal
    actions), so a seeded arena stays reproducible.
    """

    def __init__(self, policy, name="policy", deterministic=True, seed=0):
        self.policy = policy
        self.name = name
        self.deterministic = deterministic
        self.seed(seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def logits(self, observations):
        """Log-probabilities of every action (mask not applied), float32 (n, A): those of
        ``policy.get_distribution(obs).distribution``, by the actor path alone."""
        import torch
        from stable_baselines3.common.policies import BasePolicy

        policy = self.policy
        if policy.training:  # a live learner's policy (the evaluation) may be mid-update
            policy.set_training_mode(False)
        obs = np.ascontiguousarray(observations, dtype=np.float32)
        threads = torch_threads(1) if len(obs) < PARALLEL_MIN_ROWS else nullcontext()
        with torch.inference_mode(), threads:
            # the actor's features, as get_distribution takes them (shared extractor or not)
            features = BasePolicy.extract_features(policy, torch.from_numpy(obs), policy.pi_features_extractor)
            logits = policy.action_net(policy.mlp_extractor.forward_actor(features))
            return (logits - logits.logsumexp(dim=-1, keepdim=True)).numpy()

    def probabilities(self, observations, action_masks):
        """The distribution the bot samples from: the policy's softmax over the legal actions."""
        scores = self.logits(observations).astype(np.float64)
        scores[~np.asarray(action_masks, dtype=bool)] = -np.inf
        scores = np.exp(scores - scores.max(axis=1, keepdims=True))
        return scores / scores.sum(axis=1, keepdims=True)

    def __call__(self, observations, action_masks):
        masks = np.asarray(action_masks, dtype=bool)
        if masks.shape[0] == 0:
            return np.zeros(0, dtype=np.int64)
        scores = self.logits(observations).astype(np.float64)
        if not self.deterministic:
            scores += self.rng.gumbel(size=scores.shape)
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


def baseline_path(game_name: str):
    """The trained baseline of ``game_name``: package data of ``training`` (in the wheel too,
    docs/design.md "Shipped baselines"), or a one-line ``ValueError`` when there is none."""
    path = resources.files("training") / "baselines" / game_name / "model.safetensors"
    if not path.is_file():
        raise ValueError(
            f"no shipped baseline for {game_name!r}: this install has no "
            f"training/baselines/{game_name}/model.safetensors"
        )
    return path


def baseline_bot(game_name: str, game, deterministic: bool = True, seed: int = 0) -> PolicyBot:
    """``baseline[:GAME]``: the shipped baseline of ``game_name`` (it must be ``game``'s)."""
    from envs.extras import require

    if game_name != game.name:
        raise ValueError(f"baseline:{game_name} plays {game_name}, not {game.name}: use baseline:{game.name}")
    path = baseline_path(game_name)
    require(f"baseline:{game_name}", "torch", "safetensors", "sb3_contrib")  # torch named first: the one to install
    policy = load_policy(path, game)
    return PolicyBot(policy, name=f"baseline:{game_name}", deterministic=deterministic, seed=seed)


def frozen_copy(model):
    """A detached copy of a MaskablePPO model's policy network (a self-play snapshot)."""
    policy = model.policy_class(model.observation_space, model.action_space, lambda _: 0.0, **model.policy_kwargs)
    policy.load_state_dict(model.policy.state_dict())
    policy.set_training_mode(False)
    return policy
