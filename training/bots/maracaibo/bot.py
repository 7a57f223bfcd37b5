"""The bot object: weights by name, tie-break preferences, the batched call."""

import numpy as np

from games.maracaibo.spaces import NUM_ACTIONS, OBS

from ..base import Bot, compiled_batch
from .choose import choose_batch, score_actions
from .tuned import DEFAULT_PARAMS, MULTI_PARAMS
from .weights import PARAM_NAMES, V1_PARAMS


class MaracaiboHeuristic(Bot):
    """The explorer-diplomat (see the module docstring) with the 2-4 player weights
    (``tuned.MULTI_PARAMS``); ``params`` overrides weights by name."""

    name = "heuristic"
    base_params = MULTI_PARAMS

    def __init__(self, game, seed=0, params=None):
        if game.obs_layout.size != OBS.size or any(game.obs_layout.offset(seg.name) != seg.start for seg in OBS):
            raise ValueError("maracaibo heuristic: the game's observation layout differs from spaces.OBS")
        self.game = game
        self.params = self.base_params.copy()
        for key, value in (params or {}).items():
            if key not in PARAM_NAMES:
                raise ValueError(f"maracaibo heuristic: unknown weight {key!r}; known: {', '.join(PARAM_NAMES)}")
            self.params[PARAM_NAMES.index(key)] = float(value)
        self.seed(seed)

    def seed(self, seed):
        """Tie-break preferences: a fixed tiny value per action, so ties depend on the seed
        but the bot stays a pure function of (observation, mask)."""
        self._seed = int(seed)
        self._pref = np.random.default_rng(self._seed).random(NUM_ACTIONS) * 1e-6

    def scores(self, observations, action_masks):
        """The value of every action (NEG where illegal), for inspection and tests."""
        obs, masks = compiled_batch(observations, action_masks)
        values = np.empty(masks.shape, dtype=np.float64)
        for r in range(len(obs)):
            score_actions(obs[r], masks[r], self.params, values[r])
        return values

    def __call__(self, observations, action_masks):
        obs, masks = compiled_batch(observations, action_masks)
        out = np.empty(len(obs), dtype=np.int64)
        if len(obs):
            choose_batch(obs, masks, self.params, self._pref, out)
        return out


class JeanBase(MaracaiboHeuristic):
    """The heuristic with the weights of every game (``tuned.DEFAULT_PARAMS``, without
    ``MULTI_TUNED``): the bot the solo heuristic lays ``SOLO_TUNED`` over."""

    base_params = DEFAULT_PARAMS


class MaracaiboHeuristicV1(MaracaiboHeuristic):
    """The first heuristic (weights ``V1_PARAMS``: the v2 planner's weights at 0), kept
    under its own name so comparisons with it stay reproducible."""

    name = "heuristic_v1"
    base_params = V1_PARAMS


class MaracaiboHeuristicBlind(MaracaiboHeuristic):
    """``heuristic`` blind to the legacy tiles (weight ``legacy`` 0, MA-26.4): it plays the
    base board whatever tiles lie, the yardstick of what reading them is worth."""

    name = "heuristic_blind"
    base_params = MULTI_PARAMS.copy()
    base_params[PARAM_NAMES.index("legacy")] = 0.0
