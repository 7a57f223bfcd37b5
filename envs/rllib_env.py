"""RLlib multi-agent envs over any doubloon ``Game`` (needs the ``scale`` extra: ray[rllib]).

Every seat is an agent, ``player_0..player_{N-1}`` as in the AEC env (envs/aec.py);
the game is turn-based, so each step hands out the observation of the one agent to
act. Observations are RLlib's action-masking layout (its example
``ActionMaskingTorchRLModule`` and training/rllib_modules.py read these keys)::

    {"observations": float32 (obs_size,), "action_mask": float32 (num_actions,)}

Rewards are zero until the game ends (each observation comes with one, as RLlib
requires), then every agent gets its entry of
``Game.returns``, its last observation, ``terminated`` and an info with ``score``,
``rank`` and ``score_margin`` (the AEC env's final infos).

Two routes to the same episodes, measured in benchmarks/rllib_sampling.py and
docs/scaling.md:

- ``GameMultiAgentEnv`` (registered as ``"doubloon"``, the one training uses): a
  MultiAgentEnv straight on the engine's per-record loops (``Game.loops``: one
  compiled call per step, the AEC env's fast path), nothing in between.
- ``pettingzoo_env``: RLlib's own ``PettingZooEnv`` wrapper over the project's AEC
  env (``envs.aec.GameEnv``), with the observation renamed and the mask cast. The
  same games, with PettingZoo's bookkeeping (``last()``, dead steps) on every step.

An illegal action raises ``games.IllegalActionError`` (the masking module never
sends one; a bug should stop the run, not be learnt from).
"""

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

from .aec import GameEnv
from .common import SEED_BOUND, check_seed, final_infos, illegal_action, observation_box, resolve_game

ENV_NAME = "doubloon"  # the id ``register()`` gives GameMultiAgentEnv
OBS_KEY, MASK_KEY = "observations", "action_mask"  # RLlib's action-masking example's keys


def masked_space(game):
    """The Dict observation space of every agent."""
    return spaces.Dict(
        {OBS_KEY: observation_box(game), MASK_KEY: spaces.Box(0.0, 1.0, shape=(game.num_actions,), dtype=np.float32)}
    )


def game_of(config):
    """The game an env config names: ``{"game": name, "options": {...}}`` (RLlib's
    ``env_config``; an EnvContext is a dict)."""
    config = dict(config or {})
    if "game" not in config:
        raise ValueError("the env config needs 'game' (a name in games.list()), e.g. {'game': 'spanish_main'}")
    return resolve_game(config["game"], dict(config.get("options") or {}))


class GameMultiAgentEnv(MultiAgentEnv):
    """One game per episode, every seat an agent, on the engine's per-record loops.

    ``config``: ``{"game": name, "options": {game options}}`` or ``{"game": Game}``.
    ``reset(seed=s)`` plays ``game.init([s])``; without a seed, one is drawn from the
    env's generator (seeded by the last seeded reset), as in the AEC env.
    """

    def __init__(self, config=None):
        super().__init__()
        self.game = game = game_of(config)
        self.possible_agents = [f"player_{p}" for p in range(game.num_players)]
        self.agents = self.possible_agents[:]
        space = masked_space(game)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(game.num_actions) for a in self.possible_agents}
        self._loops = game.loops
        self._legal = np.zeros(game.num_actions, dtype=np.bool_)
        self._rng = np.random.default_rng()
        self._state = None
        self._player = -1

    def _obs(self, player, legal):
        obs = np.empty(self.game.obs_size, dtype=np.float32)
        self._loops.record_observe(self._state, player, obs)
        return {OBS_KEY: obs, MASK_KEY: legal.astype(np.float32)}

    def reset(self, *, seed=None, options=None):
        if check_seed(seed) is None:
            seed = int(self._rng.integers(SEED_BOUND))
        else:
            self._rng = np.random.default_rng(seed)
        self._state = self.game.init(np.array([seed], dtype=np.int64))
        self._player = int(self._loops.record_mask(self._state, self._legal))
        agent = self.possible_agents[self._player]
        return {agent: self._obs(self._player, self._legal)}, {}

    def step(self, action_dict):
        agent = self.possible_agents[self._player]
        if set(action_dict) != {agent}:
            raise ValueError(f"{agent} is to act, got actions for {sorted(action_dict)}")
        a = int(action_dict[agent])
        if not (0 <= a < self.game.num_actions and self._legal[a]):
            raise illegal_action(self.game, self._state[0], agent, a, self._legal)
        self._player = int(self._loops.record_advance(self._state, a, self._legal))
        if self._player >= 0:
            nxt = self.possible_agents[self._player]
            # a reward (0 until the end) with every observation: RLlib refuses an agent that
            # acted and gets its next observation without one (one seat moving twice, solo games)
            return ({nxt: self._obs(self._player, self._legal)}, {nxt: 0.0}, {"__all__": False}, {"__all__": False}, {})
        return self._final()

    def _final(self):
        """Every agent's last observation, return and end-of-game info."""
        returns = self.game.returns(self._state)[0]
        no_moves = np.zeros(self.game.num_actions, dtype=np.bool_)
        obs = {a: self._obs(p, no_moves) for p, a in enumerate(self.possible_agents)}
        rewards = {a: float(returns[p]) for p, a in enumerate(self.possible_agents)}
        done = {**dict.fromkeys(self.possible_agents, True), "__all__": True}
        truncated = {**dict.fromkeys(self.possible_agents, False), "__all__": False}
        return obs, rewards, done, truncated, final_infos(self.game, self._state, self.possible_agents)


class _RenamedMask(GameEnv):
    """The AEC env with RLlib's observation keys and a float32 mask."""

    def observe(self, agent):
        obs = super().observe(agent)
        return {OBS_KEY: obs["observation"], MASK_KEY: obs["action_mask"].astype(np.float32)}

    def observation_space(self, agent):
        return masked_space(self.game)


def pettingzoo_env(config=None):
    """RLlib's ``PettingZooEnv`` over the project's AEC env (the measured alternative route)."""
    return PettingZooEnv(_RenamedMask(game_of(config)))


def register():
    """Make ``ENV_NAME`` known to Ray (``config.environment("doubloon", env_config=...)``)."""
    from ray.tune.registry import register_env

    register_env(ENV_NAME, GameMultiAgentEnv)


__all__ = [
    "ENV_NAME",
    "GameMultiAgentEnv",
    "MASK_KEY",
    "OBS_KEY",
    "game_of",
    "masked_space",
    "pettingzoo_env",
    "register",
]
