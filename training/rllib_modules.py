"""RLlib RLModules of ``doubloon train --engine rllib`` (needs the ``scale`` extra).

``MaskedPolicyModule``: the learner and its frozen self-play copies. Its network
*is* the policy of a doubloon checkpoint -- a sb3-contrib MaskableActorCriticPolicy
built from a ``training.checkpoint.PolicySpec`` (features extractor, separate
policy and value MLPs, action and value heads) -- so exporting a run is
``save_checkpoint(module.policy, ...)``, unchanged format, and ``checkpoint:PATH``
plays it in arena, play and bench-jean. As in RLlib's action-masking example
(``ActionMaskingTorchRLModule``), observations are ``{"observations",
"action_mask"}`` (envs/rllib_env.py) and illegal actions get the logit
``FLOAT_MIN``: their probability is exactly 0, so they are never sampled, and the
greedy action is legal too.

``BotModule``: a doubloon bot (``random``, ``heuristic``) as a module that is never
trained; it answers actions directly (RLlib's heuristic-module pattern), so the
learner meets the same bots as on the SB3 path.
"""

import numpy as np
import torch
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.rl_module import RLModule
from ray.rllib.core.rl_module.torch import TorchRLModule
from ray.rllib.utils.torch_utils import FLOAT_MIN

from envs.rllib_env import MASK_KEY, OBS_KEY

from .checkpoint import PolicySpec, build_policy


def policy_spec(game, net_arch, features_extractor, activation_fn="Tanh"):
    """The checkpoint ``PolicySpec`` the learner module builds for ``game``."""
    return PolicySpec(
        game=game.name,
        game_options=dict(game.options),
        obs_size=int(game.obs_size),
        num_actions=int(game.num_actions),
        net_arch=list(net_arch),
        activation_fn=activation_fn,
        features_extractor=features_extractor,
        share_features_extractor=True,
    )


def masked_logits(logits, mask):
    """``logits`` with every action whose ``mask`` entry is 0 set to ``FLOAT_MIN``."""
    return torch.where(mask > 0.5, logits, torch.full_like(logits, FLOAT_MIN))


class MaskedPolicyModule(TorchRLModule, ValueFunctionAPI):
    """PPO's module: the checkpoint policy network with masked logits.

    ``model_config``: ``{"policy_spec": PolicySpec fields as a dict}``.
    """

    def setup(self):
        self.spec = PolicySpec(**self.model_config["policy_spec"])
        self.policy = build_policy(self.spec)
        self.policy.optimizer = None  # SB3 builds one; RLlib's learner has its own

    def _latents(self, obs):
        features = self.policy.features_extractor(obs[OBS_KEY])
        return self.policy.mlp_extractor(features)

    def _forward(self, batch, **kwargs):
        latent_pi, _ = self._latents(batch[Columns.OBS])
        logits = self.policy.action_net(latent_pi)
        return {Columns.ACTION_DIST_INPUTS: masked_logits(logits, batch[Columns.OBS][MASK_KEY])}

    def _forward_train(self, batch, **kwargs):
        obs = batch[Columns.OBS]
        latent_pi, latent_vf = self._latents(obs)
        logits = self.policy.action_net(latent_pi)
        return {Columns.ACTION_DIST_INPUTS: masked_logits(logits, obs[MASK_KEY]), Columns.EMBEDDINGS: latent_vf}

    def compute_values(self, batch, embeddings=None):
        if embeddings is None:
            _, embeddings = self._latents(batch[Columns.OBS])
        return self.policy.value_net(embeddings).squeeze(-1)


def _numpy(x):
    return x.detach().cpu().numpy() if isinstance(x, torch.Tensor) else np.asarray(x)


class BotModule(RLModule):
    """A doubloon bot as a module that is never trained.

    ``model_config``: ``{"bot": "random" | "heuristic", "game": name, "options": {...}, "seed": int}``.
    """

    framework = "torch"

    def setup(self):
        import games

        from .bots import make_bot

        cfg = self.model_config
        self.game = games.make(cfg["game"], **cfg.get("options", {}))
        self.bot = make_bot(cfg["bot"], self.game, seed=int(cfg.get("seed", 0)))

    def _forward(self, batch, **kwargs):
        obs = batch[Columns.OBS]
        observations = _numpy(obs[OBS_KEY]).astype(np.float32, copy=False)
        masks = _numpy(obs[MASK_KEY]) > 0.5
        return {Columns.ACTIONS: np.asarray(self.bot(observations, masks), dtype=np.int64)}

    def _forward_train(self, batch, **kwargs):
        raise NotImplementedError(
            f"the {self.model_config['bot']} bot is not trained: keep it out of policies_to_train"
        )

    def get_state(self, *args, **kwargs):
        return {}

    def set_state(self, state):
        pass


__all__ = ["BotModule", "MaskedPolicyModule", "masked_logits", "policy_spec"]
