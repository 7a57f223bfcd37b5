"""Envs whose game changes at every reset, drawn from an episode source.

    env = SwitchingEnv(source, name="maracaibo_tile_sets")   # AEC, a GameEnv
    env = SwitchingSeatEnv(source, seat=0)                    # single seat, Gymnasium

A source decides which game each episode plays; the envs here do the switching, so a
campaign (envs/campaign.py, MA-26.1) and a draw of tile sets (envs/tile_sets.py,
MA-26.4) share one mechanism. A source has:

- ``first_game()``: the game whose spaces the env takes (every game it hands out must
  have the same observation and action sizes: ``GameCache`` checks it);
- ``next_game(seed) -> (game, game_seed)``: the game of the next episode and its seed;
  ``seed`` is the ``reset`` seed (None: go on from the source's own generator), so a
  trajectory depends only on the seeds and the actions (docs/design.md, "Randomness");
- ``finish(scores, record)``: the game was played out with the final ``scores`` and
  final ``record`` (one row; not called for a game ended by an illegal move);
- ``info_key`` and ``info()``: every ``info`` carries ``info[info_key] = info()``.

The AEC env is a ``GameEnv`` whose ``game`` is swapped in ``reset``, so switching
costs nothing per step; the single-seat env makes a ``SingleSeatEnv`` per game.
"""

import gymnasium
import numpy as np

from .aec import GameEnv
from .common import make_game
from .single_seat import SingleSeatEnv


class GameCache:
    """One ``Game`` per option set (making one costs more than a short game's steps),
    all of one observation and action size, as an env's spaces are fixed."""

    def __init__(self, name, what):
        self.name, self.what = name, what  # ``what``: the varying options, named in the size error
        self.sizes = None
        self._games = {}

    def get(self, key, options):
        if key not in self._games:
            self._games[key] = make_game(self.name, options)
        game = self._games[key]
        sizes = (game.obs_size, game.num_actions)
        if self.sizes is not None and sizes != self.sizes:
            raise RuntimeError(
                f"the {self.what} {key} change {self.name}'s spaces; an env whose game changes "
                "at every reset needs one observation and action size"
            )
        self.sizes = sizes
        return game


class SwitchingEnv(GameEnv):
    """The AEC env over the games of ``source`` (the module doc), one per episode.
    ``classic``: as ``GameEnv``."""

    def __init__(self, source, render_mode=None, name=None, classic=True):
        self.source = source
        super().__init__(source.first_game(), render_mode=render_mode, name=name, classic=classic)

    def reset(self, seed=None, options=None):
        self.game, game_seed = self.source.next_game(seed)  # the spaces stay (GameCache)
        self._loops = self.game.loops
        super().reset(seed=game_seed, options=options)
        self._add_source_info()

    def _after_move(self, player):
        super()._after_move(player)
        if player < 0:  # played out (an illegal move ends the game elsewhere)
            self.source.finish([self.infos[agent]["score"] for agent in self.possible_agents], self._state[0])
            self._add_source_info()

    def _add_source_info(self):
        key, value = self.source.info_key, self.source.info()
        for info in self.infos.values():
            info[key] = value


class SwitchingSeatEnv(gymnasium.Env):
    """The single-seat Gymnasium env (``SingleSeatEnv``: the learner in ``seat``,
    ``opponents`` in the others) over the games of ``source``, one per episode."""

    metadata = SingleSeatEnv.metadata

    def __init__(self, source, seat=None, opponents=None, illegal_action="raise", render_mode=None):
        self.source = source
        self._seat_options = dict(
            seat=seat, opponents=opponents, illegal_action=illegal_action, render_mode=render_mode
        )
        self.render_mode = render_mode
        self.env = SingleSeatEnv(source.first_game(), **self._seat_options)
        self.observation_space, self.action_space = self.env.observation_space, self.env.action_space

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        game, game_seed = self.source.next_game(seed)
        self.env = SingleSeatEnv(game, **self._seat_options)
        obs, info = self.env.reset(seed=game_seed, options=options)
        return obs, self._info(info)

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated and not info.get("illegal_action"):  # played out
            record = self.env.record
            self.source.finish(self.env.game.scores(np.array([record], dtype=record.dtype))[0], record)
        return obs, reward, terminated, truncated, self._info(info)

    def _info(self, info):
        return {**info, self.source.info_key: self.source.info()}

    def action_masks(self):
        return self.env.action_masks()

    def render(self):
        return self.env.render()


__all__ = ["GameCache", "SwitchingEnv", "SwitchingSeatEnv"]
