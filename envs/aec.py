"""One PettingZoo AEC env over any doubloon ``Game`` (docs/design.md, "envs/").

Follows PettingZoo's classic envs (connect_four_v3, chess_v6): agents
``player_0..player_{N-1}`` are the game's seats; each observation is
``{"observation": float32 (obs_size,), "action_mask": int8 (num_actions,)}``, the
mask all zeros except for the agent to act; rewards are zero until the game ends,
then ``game.returns``; when the game ends every agent is terminated, and every
agent's ``info`` holds ``score`` (the game's own points), ``rank`` (0 = best, ties
share a rank) and ``score_margin`` (own score minus the best other score), the names
``envs.vec_env`` uses. Before the end, infos are empty.

Illegal moves. ``env()`` / ``make_env()`` make the env with ``classic=True``: the checks
of PettingZoo's classic wrappers (``classic_wrappers``, as in connect_four_v3.env()),
built into the one class so that a step pays for no chain of wrappers. As
``TerminateIllegalWrapper(illegal_reward=-1)``, an illegal move ends the game at once --
every agent is terminated *and* truncated, the offender gets -1 and everybody else 0,
the engine's game is left unfinished (so the final ``info`` has no score, rank or
margin), every mask is all zeros (the chain handed on the offender's) -- and PettingZoo
logs its warning; as ``AssertOutOfBoundsWrapper``, an id outside the action space (or
not an integer) is an ``AssertionError``; as ``OrderEnforcingWrapper``, ``agent_iter``
asserts that every agent it hands out is stepped (or the env reset) before the next.
The unwrapped env (``raw_env``, ``GameEnv``) raises ``games.IllegalActionError``
instead and changes nothing, so the agent may retry. Either way, using the env before
``reset`` (step, observe, render, agent_iter, the per-agent dicts) is PettingZoo's
error naming ``reset``, and a step once every agent is gone only warns.

``reset(seed=s)`` takes an integer seed in 0..2**63-1 (the engine's); anything else
is a ``ValueError``.

The game runs as a batch of one record. Per step the env makes one engine call
(step, then the next player's mask and observation: ``Game.loops.record_advance_observe``,
which computes what the two share once, as ``Game.advance`` does) and keeps both; ``last()``
hands out a copy of that observation (callers may keep or modify it), any other seat's
observation is computed when asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env import AECIterable, AECIterator
from pettingzoo.utils.env_logger import EnvLogger

from games.core.game import Game

from .common import (
    RENDER_FPS,
    RENDER_MODES,
    SEED_BOUND,
    UnknownAgentError,
    as_action,
    check_render_mode,
    check_seed,
    final_infos,
    illegal_action,
    in_action_space,
    make_game,
    mask_box,
    observation_box,
    render_output,
)

ILLEGAL_REWARD = -1.0  # the offender's, as connect_four_v3's TerminateIllegalWrapper(illegal_reward=-1)
# what OrderEnforcingWrapper refuses to read before reset
PER_AGENT_STATE = frozenset(
    {"rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents"}
)


class GameEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """PettingZoo AEC env playing one game of ``game`` per episode.

    ``reset(seed=s)`` starts the game ``game.init([s])``; ``reset()`` without a seed
    draws one from the env's generator (seeded by the last seeded reset). Reset
    options are accepted and ignored. ``render()`` shows the public board: no
    seat's hidden cards.

    ``classic=False`` (``raw_env``): an illegal action raises
    ``games.IllegalActionError``. ``classic=True`` (``env()``, ``make_env``): the
    behaviour of PettingZoo's classic wrappers, built in -- an illegal move ends the
    game with -1 for the offender (0 for the others, everybody terminated and
    truncated), an id outside the action space is an ``AssertionError``, and
    ``agent_iter`` enforces a step per agent. At the end of a game played out, every
    agent's info is ``{"score", "rank", "score_margin"}``.
    """

    metadata = {
        "name": "doubloon",
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "is_parallelizable": False,
    }

    def __init__(
        self, game: Game, render_mode: str | None = None, name: str | None = None, classic: bool = False
    ) -> None:
        super().__init__()
        self.game = game
        self.render_mode = check_render_mode(render_mode)
        self._frame_shape = None  # rgb_array: the size of every frame, set by the first
        self.classic = bool(classic)
        self.metadata = {**type(self).metadata, "name": name or f"{game.name}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(game.num_players)]
        self.agent_name_mapping = {agent: p for p, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({"observation": observation_box(game), "action_mask": mask_box(game)})
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces: dict[str, spaces.Space] = {
            agent: spaces.Discrete(game.num_actions) for agent in self.possible_agents
        }
        self._loops = game.loops
        self._num_actions = game.num_actions
        self._obs_size = game.obs_size
        # the player to act's legal actions, refreshed in place per step; no view of it is
        # kept (a copied or unpickled env would get a view of the old array, never refreshed)
        self._legal = np.zeros(game.num_actions, dtype=np.bool_)
        # the observation of the player to act after the last step, and that player (-1: none kept)
        self._obs = np.zeros(game.obs_size, dtype=np.float32)
        self._obs_player = -1
        self._rng = np.random.default_rng()
        self._state: Any = None  # the batch of one record, from reset on
        self._has_updated = False  # classic: a step (or reset) since agent_iter handed out an agent

    def __getattr__(self, name: str) -> Any:
        # only reached for attributes not set: the per-agent state exists from reset on
        if name in PER_AGENT_STATE:
            raise AttributeError(f"{name} cannot be accessed before reset")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # ----- spaces ------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- episode -----------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if check_seed(seed) is None:
            seed = int(self._rng.integers(SEED_BOUND))
        else:
            self._rng = np.random.default_rng(seed)
        self._state = self.game.init(np.array([seed], dtype=np.int64))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._has_updated = True
        self._obs_player = -1
        self._after_move(self._loops.record_mask(self._state, self._legal))

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act.

        The move reaches the rules through ``Game.loops.record_advance_observe``
        (games/core/batch.py), which runs the game's ``kernels.step_one`` then
        ``kernels.mask_one`` and ``kernels.observe_one`` (or the game's
        ``kernels.mask_observe_one``) on the one record (e.g. games/spanish_main/rules.py).
        """
        if self._state is None:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None and self.classic:
                self._check_in_space(action)
            self._was_dead_step(action)
            return
        if type(action) is int and 0 <= action < self._num_actions:  # the common case, checked at once
            a = action
        elif self.classic:
            a = self._check_in_space(action)
        else:
            a = as_action(action, self._num_actions)
        if not (0 <= a < self._num_actions and self._legal[a]):
            if self.classic:
                self._end_by_illegal_move(agent)
                return
            raise illegal_action(self.game, self._state[0], agent, a, self._legal)
        player = self._loops.record_advance_observe(self._state, a, self._legal, self._obs)
        self._obs_player = player  # -1 once the game is over: observe() computes every seat's
        self._after_move(player)
        if self.render_mode == "human":
            self.render()

    def _check_in_space(self, action):
        """AssertOutOfBoundsWrapper's check: ``action`` as an int of the action space."""
        space = self.action_spaces[self.agent_selection]
        if isinstance(action, (bool, np.bool_)) or not in_action_space(space, action):
            raise AssertionError("action is not in action space")
        return int(action)

    def _end_by_illegal_move(self, offender):
        """TerminateIllegalWrapper's ending: -1 for ``offender``, 0 for the others,
        everybody terminated and truncated, dead agents stepped first; the engine's game
        is left as it was."""
        EnvLogger.warn_on_illegal_move()
        self._legal[:] = False  # nobody is to act any more
        self._cumulative_rewards[offender] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[offender] = ILLEGAL_REWARD
        self._accumulate_rewards()
        self._deads_step_first()

    def _after_move(self, player):
        """Follow the new state (its mask is already refreshed) to ``player``, -1 at the end."""
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
            return
        returns = self.game.returns(self._state)[0]
        self.rewards = {agent: float(returns[p]) for p, agent in enumerate(self.possible_agents)}
        self.infos = final_infos(self.game, self._state, self.possible_agents)
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self._state is None:
            EnvLogger.error_observe_before_reset()
        if agent not in self.agent_name_mapping:
            raise UnknownAgentError(agent, self.possible_agents)
        player = self.agent_name_mapping[agent]
        if player == self._obs_player:
            obs = self._obs.copy()
        else:
            obs = np.empty(self._obs_size, dtype=np.float32)
            self._loops.record_observe(self._state, player, obs)
        if agent == self.agent_selection:
            mask = self._legal.astype(np.int8)
        else:
            mask = np.zeros(self._num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        if self._state is None:
            EnvLogger.error_agent_iter_before_reset()
        return _SteppedAgents(self, max_iter) if self.classic else AECIterable(self, max_iter)

    # ----- text --------------------------------------------------------------------
    def render(self) -> Any:
        if self._state is None:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        out = render_output(self.game, self._state[0], self.render_mode, frame_shape=self._frame_shape)
        if self.render_mode == "rgb_array" and self._frame_shape is None:
            self._frame_shape = out.shape  # the first frame's size is every later frame's
        return out

    def close(self) -> None:
        pass

    @property
    def record(self) -> np.void:
        """A copy of the game's record, hidden cards included (for logs, ``game.to_json``)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state.copy()[0]


class _SteppedAgents(AECIterable):
    """``agent_iter`` of the classic env, as OrderEnforcingWrapper's."""

    def __iter__(self):
        return _SteppedAgentIterator(self.env, self.max_iter)


class _SteppedAgentIterator(AECIterator):
    def __next__(self):
        env = self.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        if not env._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        self.iters_til_term -= 1
        env._has_updated = False
        return env.agent_selection


def classic_wrappers(env: AECEnv) -> AECEnv:
    """PettingZoo's classic default wrappers (as in connect_four_v3.env()) around an
    unwrapped env: what ``classic=True`` builds in, at a chain of three wrappers' cost."""
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def game_module_envs(game_name: str, module: str) -> tuple[type[GameEnv], Callable[..., GameEnv]]:
    """``raw_env`` and ``env`` of the per-game module ``module`` (``envs.<game_name>_v0``),
    PettingZoo's pair for a classic env: ``raw_env(render_mode=None, classic=False,
    **options)`` is the unwrapped ``GameEnv`` of ``games.make(game_name, **options)``,
    ``env(**options)`` the same with ``classic=True``. Both are named as attributes of
    ``module``, where pickle (and ``copy``, cloudpickle) find them again."""
    env_name = f"{game_name}_v0"

    def __init__(self, render_mode=None, classic=False, **options):
        GameEnv.__init__(self, make_game(game_name, options), render_mode=render_mode, name=env_name, classic=classic)

    raw_env = type(
        "raw_env",
        (GameEnv,),
        {
            "__module__": module,
            "__doc__": "The unwrapped env: an illegal action raises ``games.IllegalActionError``\n"
            "    (``classic=True``: the classic behaviour of ``env()``).",
            "metadata": {**GameEnv.metadata, "name": env_name},
            "__init__": __init__,
        },
    )

    def env(**options):
        """The env with the classic behaviour of PettingZoo's classic wrappers, built in
        (an illegal move loses with -1; see envs.aec)."""
        return raw_env(classic=True, **options)

    env.__module__ = module
    env.__qualname__ = "env"
    __init__.__qualname__ = "raw_env.__init__"
    __init__.__module__ = module
    return raw_env, env


def make_env(game_name: str, render_mode: str | None = None, **options: Any) -> GameEnv:
    """The AEC env of ``games.make(game_name, **options)`` with the classic behaviour:
    an illegal move ends the game with -1 for the offender and 0 for the others."""
    return GameEnv(make_game(game_name, options), render_mode=render_mode, classic=True)


__all__ = ["ILLEGAL_REWARD", "GameEnv", "classic_wrappers", "game_module_envs", "make_env"]
