"""One PettingZoo AEC env over any doubloon ``Game`` (docs/design.md, "envs/").

Follows PettingZoo's classic envs (connect_four_v3, chess_v6): agents
``player_0..player_{N-1}`` are the game's seats; each observation is
``{"observation": float32 (obs_size,), "action_mask": int8 (num_actions,)}``, the
mask all zeros except for the agent to act; rewards are zero until the game ends,
then ``game.returns``; when the game ends every agent is terminated, and every
agent's ``info`` holds ``score`` (the game's own points), ``rank`` (0 = best, ties
share a rank) and ``score_margin`` (own score minus the best other score), the names
``envs.vec_env`` uses. Before the end, infos are empty.

Illegal moves. ``env()`` / ``make_env()`` add PettingZoo's classic wrappers
(``classic_wrappers``): ``TerminateIllegalWrapper(illegal_reward=-1)`` ends the game
at once on an illegal move -- every agent is terminated *and* truncated, the offender
gets -1 and everybody else 0, the engine's game is left unfinished (so the final
``info`` has no score, rank or margin) -- and PettingZoo logs a warning;
``AssertOutOfBoundsWrapper`` refuses an id outside the action space with an
``AssertionError``; ``OrderEnforcingWrapper`` refuses ``step`` before ``reset``. The
unwrapped env (``raw_env``, ``GameEnv``) raises ``games.IllegalActionError`` instead
and changes nothing, so the agent may retry.

``reset(seed=s)`` takes an integer seed in 0..2**63-1 (the engine's); anything else
is a ``ValueError``.

The game runs as a batch of one record. Per step the env makes one engine call
(step, then the next player's mask: ``Game.loops.record_advance``) and keeps that mask; an
observation is computed only when asked for, straight into the fresh array handed
out (as cheap as copying a cached one, and callers may keep or modify it).
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .common import (RENDER_MODES, SEED_BOUND, as_action, check_render_mode, check_seed, final_infos,
                     illegal_action, make_game, mask_box, observation_box)

class GameEnv(AECEnv):
    """PettingZoo AEC env playing one game of ``game`` per episode.

    ``reset(seed=s)`` starts the game ``game.init([s])``; ``reset()`` without a seed
    draws one from the env's generator (seeded by the last seeded reset). Reset
    options are accepted and ignored. ``render()`` shows the public board: no
    seat's hidden cards.

    Unwrapped, an illegal action raises ``games.IllegalActionError``; ``make_env``
    adds the classic wrappers that end the game with -1 for the offender (0 for the
    others, everybody terminated and truncated) instead. At the end of a game played
    out, every agent's info is ``{"score", "rank", "score_margin"}``.
    """

    metadata = {"name": "doubloon", "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, game, render_mode=None, name=None):
        super().__init__()
        self.game = game
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**type(self).metadata, "name": name or f"{game.name}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(game.num_players)]
        self.agent_name_mapping = {agent: p for p, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({"observation": observation_box(game), "action_mask": mask_box(game)})
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(game.num_actions) for agent in self.possible_agents}
        self._loops = game.loops
        # the player to act's legal actions, refreshed in place per step; no view of it is
        # kept (a copied or unpickled env would get a view of the old array, never refreshed)
        self._legal = np.zeros(game.num_actions, dtype=np.bool_)
        self._rng = np.random.default_rng()
        self._state = None

    # ----- spaces ------------------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ----- episode -----------------------------------------------------------------
    def reset(self, seed=None, options=None):
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
        self.infos = {agent: {} for agent in self.agents}
        self._after_move(self._loops.record_mask(self._state, self._legal))

    def step(self, action):
        """Play ``action`` for the agent to act.

        The move reaches the rules through ``Game.loops.record_advance``
        (games/core/batch.py), which runs the game's ``kernels.step_one`` then
        ``kernels.mask_one`` on the one record (e.g. games/spanish_main/rules.py).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = as_action(action, self.game.num_actions)
        if not (0 <= a < self.game.num_actions and self._legal[a]):
            raise illegal_action(self.game, self._state[0], agent, a, self._legal)
        self._after_move(self._loops.record_advance(self._state, a, self._legal))
        if self.render_mode == "human":
            self.render()

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

    def observe(self, agent):
        obs = np.empty(self.game.obs_size, dtype=np.float32)
        self._loops.record_observe(self._state, self.agent_name_mapping[agent], obs)
        if agent == self.agent_selection:
            mask = self._legal.astype(np.int8)
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    # ----- text --------------------------------------------------------------------
    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self._state is None:
            raise RuntimeError("call reset() before render()")
        text = self.game.render(self._state[0])
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        pass

    @property
    def record(self):
        """A copy of the game's record, hidden cards included (for logs, ``game.to_json``)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state.copy()[0]


def classic_wrappers(env):
    """PettingZoo's classic default wrappers (as in connect_four_v3.env())."""
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def make_env(game_name, render_mode=None, **options):
    """The AEC env of ``games.make(game_name, **options)`` with the classic wrappers:
    an illegal move ends the game with -1 for the offender and 0 for the others."""
    return classic_wrappers(GameEnv(make_game(game_name, options), render_mode=render_mode))


__all__ = ["GameEnv", "classic_wrappers", "make_env"]
