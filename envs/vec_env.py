"""An SB3 ``VecEnv`` over the batched engine, in one process.

``num_envs`` games live in one state batch (``envs.seat_batch.SeatBatch``, shared with
the Gymnasium ``VectorEnv`` of ``envs.vector_env``). In each game the learner holds one
seat (drawn at random per game); the other seats are played inside ``step`` by opponent
policies, each a batched callable ``policy(observations, action_masks) -> actions`` (the
protocol of ``envs.policies``). Finished games reset automatically and hand back their
last observation as ``info["terminal_observation"]``. ``action_masks()`` returns the
whole (num_envs, A) batch at once, for sb3-contrib's MaskablePPO.

Reward, reward shaping and ``variants``: see ``envs.seat_batch``. A finished game's
``info["options"]`` is the options dict of the variant it played (also given without
variants: ``game.options``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from games.core.game import Game

from .extras import extra_hint
from .seat_batch import SeatBatch

try:
    from stable_baselines3.common.vec_env import VecEnv
except ModuleNotFoundError as err:  # SB3 is the train extra's: say so, not a bare "No module named"
    hint = extra_hint("envs.vec_env (an SB3 VecEnv)", err.name or "")
    raise ModuleNotFoundError(hint or str(err), name=err.name) from err


class GameVecEnv(SeatBatch, VecEnv):
    """The learner's seat of ``num_envs`` games of ``game``; opponents play the rest.

    ``opponents``: a list of policies; every new game draws one for each
    opponent seat (with ``opponent_weights`` as probabilities, uniform if None).
    One-seat games (the opponent is part of the rules) take none.
    ``learner_seat``: a fixed seat, or None for a random seat per game.
    ``variants``: Games that rows draw from per new game (see ``envs.seat_batch``);
    ``game`` must be one of them or None (then the first variant).
    """

    render_mode = None

    def __init__(
        self,
        game: Game | None,
        num_envs: int,
        opponents: Sequence[Any],
        opponent_weights: Sequence[float] | None = None,
        learner_seat: int | None = None,
        seed: int = 0,
        reward_shaping: float = 0.0,
        variants: Iterable[Game] | None = None,
    ) -> None:
        self._setup(game, num_envs, opponents, opponent_weights, learner_seat, seed, reward_shaping, variants)
        obs_space = spaces.Box(-np.inf, np.inf, shape=(self.game.obs_size,), dtype=np.float32)
        VecEnv.__init__(self, int(num_envs), obs_space, spaces.Discrete(self.game.num_actions))
        self._actions: npt.NDArray[np.int64] | None = None

    # ----- the VecEnv API ----------------------------------------------------------
    def reset(self) -> np.ndarray:
        rng = self._rng
        if self._seeds[0] is not None:  # VecEnv.seed() takes effect at the next reset
            rng = np.random.default_rng(self._seeds[0])
        self._reset_seeds()
        return self._start(rng)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = self._checked_actions(actions)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        obs, rewards, done, rows, final = self._advance(self._actions)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i, row in enumerate(rows):
            rank = int(final["rank"][i])
            infos[row] = {
                "terminal_observation": final["observation"][i],
                "rank": rank,
                "score": int(final["score"][i]),
                "score_margin": float(final["score_margin"][i]),
                "seat": int(final["seat"][i]),
                "is_success": rank == 0,
                "options": dict(self.variants[final["variant"][i]].options),
            }
        return obs, rewards, done, infos

    def close(self) -> None:
        pass

    # one process holds every game, so attribute access is answered once for all
    def _indices(self, indices):
        if indices is None:
            return self._rows
        return np.atleast_1d(np.arange(self.num_envs)[indices])

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        value = getattr(self, attr_name)
        return [value] * len(self._indices(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any) -> Any:
        """Calls the batched method once; per-env rows of its answer are split out."""
        idx = self._indices(indices)
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        if isinstance(result, np.ndarray) and result.ndim >= 1 and result.shape[0] == self.num_envs:
            return result[idx]
        return [result] * len(idx)

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * len(self._indices(indices))
