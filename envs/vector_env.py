"""A Gymnasium ``VectorEnv`` over the batched engine: ``num_envs`` games, one call a step.

    env = gymnasium.make_vec("envs:doubloon/SpanishMain-v0", num_envs=1024,
                             vectorization_mode="vector_entry_point", num_players=3)
    obs, info = env.reset(seed=0)
    obs, rewards, terminations, truncations, info = env.step(actions)

The learner holds one seat of every game and opponent policies play the others inside
``step``, as in the SB3 VecEnv (the shared machinery, rewards and options are
``envs.seat_batch``'s). No Python loop runs per game: every step is a few batched engine
calls, whatever ``num_envs`` is (benchmarks/vector_env.py).

Autoreset: **same-step** (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``).
A game that ends in ``step`` starts again at once: the returned observation, mask and
seat of that row are the new game's first, the reward and ``terminations`` are the
finished game's, and its last observation is ``info["final_obs"]`` (an object array,
``None`` in rows that did not end, ``info["_final_obs"]`` marking the rows that did),
its facts ``info["final_info"]`` (``rank``, ``score``, ``score_margin``, ``seat``,
``variant``, ``is_success``; each with its ``_key`` row mask). So every mask handed to
the agent is the mask of a live decision, never all-False: a masked sampler needs no
special case, and no step is spent on an ignored action (what next-step autoreset costs).

Masks: ``info["action_mask"]`` (bool ``(num_envs, A)``) and ``action_masks()``.
Games end by their own rules, so ``truncations`` is all False.
"""

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .common import check_seed, observation_box, resolve_game
from .policies import FastRandomPolicy
from .seat_batch import SeatBatch

FINAL_FACTS = {"rank": np.int64, "score": np.int64, "score_margin": np.float64, "seat": np.int64, "variant": np.int64}


class GameVectorEnv(SeatBatch, VectorEnv):
    """``num_envs`` games of ``game_or_name`` (a ``games.Game``, or a game name with its
    options as keyword arguments), the learner in one seat of each.

    ``opponents``: None (uniform random: ``envs.policies.FastRandomPolicy``), one policy
    for every opponent seat, or a list of policies that each new game draws from per
    opponent seat (``opponent_weights``: their probabilities, uniform if None). Policies follow ``envs.policies`` (e.g.
    ``training.bots.make_bot("heuristic", game)``); those with a ``seed`` method are
    reseeded from the env's generator at every reset. One-seat games need none.
    ``learner_seat``: a fixed seat, or None for a random seat per game.
    ``seed``: seeds the first ``reset()`` that is not given one (None: fresh entropy).
    ``reward_shaping`` and ``variants``: as ``envs.vec_env.GameVecEnv``'s.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
    who = "GameVectorEnv"

    def __init__(
        self,
        game_or_name,
        num_envs: int = 1,
        opponents=None,
        opponent_weights=None,
        learner_seat=None,
        seed=None,
        reward_shaping=0.0,
        variants=None,
        render_mode=None,
        **game_options,
    ):
        if render_mode is not None:
            raise ValueError(
                f"GameVectorEnv draws nothing: render_mode must be None, got {render_mode!r} "
                "(the single-seat env renders: gymnasium.make)"
            )
        seed = check_seed(seed)
        game = resolve_game(game_or_name, game_options)
        self._setup(
            game,
            num_envs,
            self._opponent_pool(opponents, game),
            opponent_weights,
            learner_seat,
            seed,
            reward_shaping,
            variants,
        )
        self.num_envs = int(num_envs)
        self.render_mode = None
        self.single_observation_space = observation_box(self.game)
        self.single_action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._np_random, self._np_random_seed = seeding.np_random(seed)
        self._all_rows = np.ones(self.num_envs, dtype=bool)
        self._started = False

    @staticmethod
    def _opponent_pool(opponents, game):
        if game.num_players == 1:
            return []
        if opponents is None:
            return [FastRandomPolicy()]
        if callable(opponents):
            return [opponents]
        pool = list(opponents)
        if not pool or not all(map(callable, pool)):
            raise ValueError(f"opponents must be None, a policy, or a non-empty list of policies, got {opponents!r}")
        return pool

    # ----- the VectorEnv API -------------------------------------------------------
    def reset(self, *, seed=None, options=None):
        """New games in every row. ``seed`` (an int) restarts the env's generator, which
        draws every game seed, learner seat and opponent from then on: the same seed
        replays the same games for the same actions. One generator serves the batch, so
        a list of per-env seeds is refused."""
        if isinstance(seed, (list, tuple, np.ndarray)):
            raise ValueError(
                "GameVectorEnv.reset: seed must be one integer or None (one generator draws every "
                f"row's games), got a sequence {seed!r}"
            )
        if options:
            raise ValueError(f"GameVectorEnv.reset takes no options, got {options!r}")
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(check_seed(seed))
        obs = self._start(self._np_random)
        self._started = True
        return obs, self._info()

    def step(self, actions):
        if not self._started:
            raise RuntimeError("GameVectorEnv: call reset() before step()")
        obs, rewards, done, rows, final = self._advance(self._checked_actions(actions))
        info = self._info()
        if rows.size:
            info.update(self._final_info(done, rows, final))
        return obs, rewards, done, np.zeros(self.num_envs, dtype=bool), info

    def _info(self):
        return {
            "action_mask": self._masks.copy(),
            "_action_mask": self._all_rows.copy(),
            "seat": self.learner_seat.copy(),
            "_seat": self._all_rows.copy(),
        }

    def _final_info(self, done, rows, final):
        """The finished games' last observation and facts, batched as Gymnasium batches a
        sub-env's ``final_obs`` and ``final_info`` (``VectorEnv._add_info``)."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i, row in enumerate(rows):
            final_obs[row] = final["observation"][i]
        facts = {}
        for key, dtype in FINAL_FACTS.items():
            facts[key] = np.zeros(self.num_envs, dtype=dtype)
            facts[key][rows] = final[key]
            facts[f"_{key}"] = done.copy()
        facts["is_success"] = done & (facts["rank"] == 0)
        facts["_is_success"] = done.copy()
        return {"final_obs": final_obs, "_final_obs": done.copy(), "final_info": facts, "_final_info": done.copy()}


__all__ = ["GameVectorEnv"]
