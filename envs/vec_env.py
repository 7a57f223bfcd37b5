"""An SB3 ``VecEnv`` over the batched engine, in one process.

``num_envs`` games live in one state batch. In each game the learner holds one seat
(drawn at random per game); the other seats are played inside ``step`` by opponent
policies, each a batched callable ``policy(observations, action_masks) -> actions``
(the protocol of ``envs.policies``). Finished games reset automatically and hand
back their last observation as ``info["terminal_observation"]``. ``action_masks()``
returns the whole (num_envs, A) batch at once, for sb3-contrib's MaskablePPO.

Reward: the learner's entry of ``Game.returns`` when the game ends (the game's
reward scheme: ``win``, ``rank`` or ``score_margin``), 0 before. With
``reward_shaping`` = c > 0, each step also pays c times the change in the
learner's score margin (its score minus the best other score, by the true scores)
since its last decision: a dense signal that sums to c times the final margin.

Variants (``variants``, docs/design.md "Row configuration"): Games of one name and
dtype that differ only in ``row_config_fields`` (Maracaibo's tile sets, MA-26.4). Each
new game of a row draws one uniformly from the env's seeded generator and is set up by
it (``variant.init``); the batch then steps, masks and observes as one, through
``game`` (given, or the first variant). A finished game's ``info["options"]`` is the options
dict of the variant it played (also given without variants: ``game.options``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from games.core.errors import IllegalActionError
from games.core.game import Game
from games.core.legality import action_array, check_legal, illegal_rows

from .extras import extra_hint
from .seats import play_seats

try:
    from stable_baselines3.common.vec_env import VecEnv
except ModuleNotFoundError as err:  # SB3 is the train extra's: say so, not a bare "No module named"
    hint = extra_hint("envs.vec_env (an SB3 VecEnv)", err.name or "")
    raise ModuleNotFoundError(hint or str(err), name=err.name) from err


def check_variants(game: Game | None, variants: Iterable[Game] | None) -> list[Game]:
    """The list of variant Games (``[game]`` without variants): one name and dtype, the same
    options but for those a row may hold (``row_config_fields``); one ValueError line else."""
    if variants is None:
        if game is None:
            raise ValueError("GameVecEnv needs a game or variants")
        return [game]
    variants = list(variants)
    if not variants:
        raise ValueError("GameVecEnv: variants is empty; give at least one game")
    base = variants[0] if game is None else game
    if not any(v is base for v in variants):
        raise ValueError(f"GameVecEnv: the game {base!r} is not one of the variants")
    free = set(base.row_config_fields)
    want = {f: int(x) for f, x in zip(base.config_fields, base.config()) if f not in free}
    for v in variants:
        if v.name != base.name or v.dtype != base.dtype:
            raise ValueError(f"GameVecEnv: variant {v!r} is another game than {base!r}")
        got = {f: int(x) for f, x in zip(v.config_fields, v.config()) if f not in free}
        if got != want or v.reward != base.reward:
            diff = next((f for f in want if got.get(f) != want[f]), "reward")
            raise ValueError(f"GameVecEnv: variant {v!r} differs from {base!r} in {diff}, which is not a "
                             f"row config field ({', '.join(sorted(free)) or 'none'})")
    return variants


class GameVecEnv(VecEnv):
    """The learner's seat of ``num_envs`` games of ``game``; opponents play the rest.

    ``opponents``: a list of policies; every new game draws one for each
    opponent seat (with ``opponent_weights`` as probabilities, uniform if None).
    One-seat games (the opponent is part of the rules) take none.
    ``learner_seat``: a fixed seat, or None for a random seat per game.
    ``variants``: Games that rows draw from per new game (see the module docstring);
    ``game`` must be one of them or None (then the first variant).
    """

    render_mode = None

    def __init__(self, game: Game | None, num_envs: int, opponents: Sequence[Any],
                 opponent_weights: Sequence[float] | None = None, learner_seat: int | None = None, seed: int = 0,
                 reward_shaping: float = 0.0, variants: Iterable[Game] | None = None) -> None:
        self.variants = check_variants(game, variants)
        game = self.game = self.variants[0] if game is None else game
        self.reward_shaping = float(reward_shaping)
        self.learner_seat_option = learner_seat
        self._rng = np.random.default_rng(seed)
        self.set_opponents(opponents, opponent_weights)
        self._rows = np.arange(num_envs)
        obs_space = spaces.Box(-np.inf, np.inf, shape=(game.obs_size,), dtype=np.float32)
        super().__init__(num_envs, obs_space, spaces.Discrete(game.num_actions))
        n = num_envs
        self.state = game.init(np.zeros(n, dtype=np.int64))
        self.learner_seat = np.zeros(n, dtype=np.int64)
        self.seat_policy = np.full((n, game.num_players), -1, dtype=np.int64)  # -1: the learner
        self.game_seed = np.zeros(n, dtype=np.int64)
        self.variant = np.zeros(n, dtype=np.int64)  # the index in ``variants`` each row plays
        self._margin = np.zeros(n)  # learner's score margin at its last decision (shaping)
        self._masks = np.zeros((n, game.num_actions), dtype=bool)
        self._actions: npt.NDArray[np.int64] | None = None

    # ----- opponents -------------------------------------------------------------
    def set_opponents(self, opponents: Sequence[Any], weights: Sequence[float] | None = None) -> None:
        """Replace the opponent pool (self-play adds snapshots); running games keep
        their opponents unless those left the pool."""
        if not opponents and self.game.num_players > 1:
            raise ValueError("GameVecEnv needs at least one opponent policy")
        self.opponents = list(opponents) or [None]  # one-seat games: never asked
        w = np.ones(len(self.opponents)) if weights is None or not opponents else np.asarray(weights, np.float64)
        if w.shape != (len(self.opponents),) or np.any(w < 0) or w.sum() <= 0:
            raise ValueError(f"opponent_weights must be {len(self.opponents)} non-negative numbers, got {weights}")
        self.opponent_weights = w / w.sum()
        if hasattr(self, "seat_policy"):
            stale = self.seat_policy >= len(self.opponents)
            self.seat_policy[stale] = self._draw_opponents(int(stale.sum()))

    def _draw_opponents(self, count):
        return self._rng.choice(len(self.opponents), size=count, p=self.opponent_weights)

    # ----- games -----------------------------------------------------------------
    def _new_games(self, rows):
        """Fresh games in ``rows``: new seeds, learner seats and opponents."""
        k, players = len(rows), self.game.num_players
        seeds = self._rng.integers(0, 2**62, size=k)
        self.game_seed[rows] = seeds
        if len(self.variants) == 1:
            self.state[rows] = self.game.init(seeds)
        else:  # MA-26.4: each new game draws its board, set up by that variant's options
            drawn = self._rng.integers(0, len(self.variants), size=k)
            self.variant[rows] = drawn
            for v in np.unique(drawn):
                self.state[rows[drawn == v]] = self.variants[v].init(seeds[drawn == v])
        if self.learner_seat_option is None:
            self.learner_seat[rows] = self._rng.integers(0, players, size=k)
        else:
            self.learner_seat[rows] = self.learner_seat_option
        policy = self._draw_opponents(k * players).reshape(k, players)
        policy[np.arange(k), self.learner_seat[rows]] = -1
        self.seat_policy[rows] = policy

    def _play_opponents(self):
        """Opponents move until, in every game, the learner is to act or the game is over."""
        game = self.game
        while True:
            current = game.current_player(self.state)
            rows = np.flatnonzero((current >= 0) & (current != self.learner_seat))
            if rows.size == 0:
                return
            sub = self.state[rows]
            seats = current[rows]
            _, masks, actions = play_seats(game, sub, seats, self.seat_policy[rows, seats], self.opponents)
            bad = illegal_rows(masks, actions)
            if bad.size:  # an opponent's bug, named by the game rows it broke
                raise IllegalActionError(rows[bad].tolist(), actions[bad].tolist(),
                                         [np.flatnonzero(masks[b]).tolist() for b in bad])
            game.step_unchecked(sub, actions)
            self.state[rows] = sub

    def _margins(self, state, seats):
        """Own score minus the best other score (one-seat games: own score)."""
        scores = self.game.scores(state).astype(np.float64)
        mine = scores[np.arange(len(state)), seats]
        if self.game.num_players == 1:
            return mine
        scores[np.arange(len(state)), seats] = -np.inf
        return mine - scores.max(axis=1)

    def _observe(self):
        self._masks = self.game.legal_action_mask(self.state)
        return self.game.observe(self.state, self.learner_seat)

    # ----- the VecEnv API ----------------------------------------------------------
    def reset(self) -> np.ndarray:
        if self._seeds[0] is not None:  # VecEnv.seed() takes effect at the next reset
            self._rng = np.random.default_rng(self._seeds[0])
        self._reset_seeds()
        for policy in self.opponents:  # the envs.policies protocol: seeded on reset
            if policy is not None and callable(getattr(policy, "seed", None)):
                policy.seed(int(self._rng.integers(2**31)))
        self._new_games(self._rows)
        self._play_opponents()
        self._margin = self._margins(self.state, self.learner_seat)
        return self._observe()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = self._checked_actions(actions)

    def _checked_actions(self, actions):
        """``actions`` as int64 (num_envs,), checked as ``Game.step`` checks them: an
        integer dtype (no floats, NaN or bools), exactly shape (num_envs,) (no
        reshaping of (B, 1)), and each id in range and legal for its game, else
        ``IllegalActionError`` naming the rows, their actions and legal sets.
        Nothing has changed when it raises. Vectorised: a few numpy calls per step."""
        arr = action_array(actions, self.num_envs, "GameVecEnv.step")
        check_legal(self._masks, arr)
        return arr

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        actions, game = self._actions, self.game
        game.step_unchecked(self.state, actions)
        self._play_opponents()

        done = game.terminated(self.state)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        if self.reward_shaping:
            margin = self._margins(self.state, self.learner_seat)
            rewards += (self.reward_shaping * (margin - self._margin)).astype(np.float32)
            self._margin = margin
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if done.any():
            rows = np.flatnonzero(done)
            final = self.state[rows]
            seats = self.learner_seat[rows]
            rewards[rows] += game.returns(final)[np.arange(rows.size), seats]
            last_obs = game.observe(final, seats)
            ranks = game.ranks(final)[np.arange(rows.size), seats]
            scores = game.scores(final)[np.arange(rows.size), seats]
            margins = self._margins(final, seats)
            for i, row in enumerate(rows):
                infos[row] = {"terminal_observation": last_obs[i], "rank": int(ranks[i]),
                              "score": int(scores[i]), "score_margin": float(margins[i]), "seat": int(seats[i]),
                              "is_success": bool(ranks[i] == 0),
                              "options": dict(self.variants[self.variant[row]].options)}
            self._new_games(rows)
            self._play_opponents()
            if self.reward_shaping:
                self._margin[rows] = self._margins(self.state[rows], self.learner_seat[rows])
        return self._observe(), rewards, done, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Legal actions of every game's learner seat, (num_envs, A) bool."""
        return self._masks.copy()

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
