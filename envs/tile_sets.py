"""Maracaibo over a family of boards: every episode plays one tile set drawn from a list
(legacy tiles, MA-26.4), so a policy can train on some boards and be tested on others.

    from envs.tile_sets import TileSetEnv, TileSetSeatEnv
    from games.maracaibo.tile_sets import random_tile_sets
    train = random_tile_sets(8, 3, seed=0)                # 8 boards of 3 tiles
    test = random_tile_sets(4, 3, seed=1, exclude=train)  # 4 others, held out
    env = TileSetEnv("maracaibo", tile_sets=train, num_players=2)    # AEC, as env()
    env.reset(seed=7)
    env.last()[-1]["legacy_tiles"]                                   # the tile set of this game
    env = TileSetSeatEnv("maracaibo", tile_sets=test, seat=0, num_players=2)   # single seat, SB3

Each ``reset()`` draws one tile set from ``tile_sets`` uniformly and plays a game with
it as the ``legacy_tiles`` option. ``reset(seed=s)`` reseeds the draw with ``s`` and
plays the deal of seed ``s`` (the deal ``env(legacy_tiles=...)`` plays on that seed);
``reset()`` draws the tile set and the deal's seed from that generator, so a
trajectory depends only on the seeds and the actions. Every ``info`` (each agent's in
the AEC env) carries ``"legacy_tiles"``: the game's tile set as a tuple of tile ids in
the canonical order of ``check_legacy_tiles``, the tiles of its record's ``opt_legacy``.

The observation and action layouts are the same for every tile set (docs/maracaibo.md,
"Legacy tiles"), so the spaces are fixed; the observation's ``legacy_tiles`` segment
tells the policy which tiles lie. One ``Game`` is made per tile set, on its first draw,
and kept. The switching is ``envs.switching``'s (as the campaign envs'); the batched
VecEnv plays one configuration for all its games, so it has no tile-set mode.
"""

import numpy as np

from games.maracaibo.data.legacy import check_legacy_tiles

from .common import SEED_BOUND, check_seed
from .switching import GameCache, SwitchingEnv, SwitchingSeatEnv

GAMES = ("maracaibo", "maracaibo_solo")  # the games with the legacy_tiles option (MA-26.4)


class TileSets:
    """The episode source (``envs.switching``): a uniform draw from ``tile_sets`` per
    episode; ``options``: the game's other options. Bad input is one ValueError line."""

    info_key = "legacy_tiles"

    def __init__(self, game, tile_sets, options):
        if game not in GAMES:
            raise ValueError(f"tile sets are legacy tiles of {' or '.join(GAMES)}, not of {game!r}")
        if "legacy_tiles" in options:
            raise ValueError("legacy_tiles comes from tile_sets (one is drawn per game); do not pass it")
        if tile_sets is None:
            raise ValueError("give tile_sets: a list of tile sets like [('L2', 'L6'), ('L10',)], one drawn per game")
        if isinstance(tile_sets, (str, bytes)) or not hasattr(tile_sets, "__iter__"):
            raise ValueError(f"tile_sets must be a list of tile sets like [('L2', 'L6'), ('L10',)], got {tile_sets!r}")
        checked = []
        for i, tiles in enumerate(tile_sets):
            try:
                tiles = check_legacy_tiles(game, tiles)  # MA-26.4: ids, each once, one tile per place
            except ValueError as err:
                raise ValueError(f"tile_sets[{i}]: {err}") from None
            if tiles in checked:
                raise ValueError(f"tile set {tiles} given twice in tile_sets")
            checked.append(tiles)
        if not checked:
            raise ValueError("tile_sets is empty: give at least one tile set (() is the board without tiles)")
        self.game_name, self.tile_sets, self.options = game, tuple(checked), dict(options)
        self.rng = np.random.default_rng()
        self.tiles = self.tile_sets[0]
        self._games = GameCache(game, "tiles")

    def first_game(self):
        """The game whose spaces the env takes: the first tile set's (no draw)."""
        return self._game(self.tile_sets[0])

    def next_game(self, seed):
        """A tile set drawn uniformly (``seed``: from a generator seeded with it first), its
        game, and the deal's seed: ``seed`` itself, else drawn."""
        seed = check_seed(seed)
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.tiles = self.tile_sets[int(self.rng.integers(len(self.tile_sets)))]
        game_seed = seed if seed is not None else int(self.rng.integers(SEED_BOUND))
        return self._game(self.tiles), game_seed

    def _game(self, tiles):
        return self._games.get(tiles, {**self.options, "legacy_tiles": tiles})

    def finish(self, scores, record=None):
        """Nothing carries over from one game to the next."""

    def info(self):
        return self.tiles


class TileSetEnv(SwitchingEnv):
    """The AEC env over games of ``game`` ("maracaibo" or "maracaibo_solo"), each with a
    tile set drawn from ``tile_sets`` (the module doc); ``options``: the game's others.
    ``classic``: as ``GameEnv`` (default True, the behaviour of ``env()``)."""

    def __init__(self, game="maracaibo", tile_sets=None, render_mode=None, classic=True, **options):
        self.tile_source = TileSets(game, tile_sets, options)
        super().__init__(self.tile_source, render_mode=render_mode, name=f"{game}_tile_sets", classic=classic)

    @property
    def tile_sets(self):
        return self.tile_source.tile_sets


class TileSetSeatEnv(SwitchingSeatEnv):
    """The single-seat Gymnasium env (``SingleSeatEnv``: the learner in ``seat``,
    ``opponents`` in the others; ``maracaibo_solo``: against Jean) over games with a tile
    set drawn from ``tile_sets`` per episode (the module doc)."""

    def __init__(
        self,
        game="maracaibo",
        tile_sets=None,
        seat=None,
        opponents=None,
        illegal_action="raise",
        render_mode=None,
        **options,
    ):
        self.tile_source = TileSets(game, tile_sets, options)
        super().__init__(
            self.tile_source, seat=seat, opponents=opponents, illegal_action=illegal_action, render_mode=render_mode
        )

    @property
    def tile_sets(self):
        return self.tile_source.tile_sets


__all__ = ["GAMES", "TileSetEnv", "TileSetSeatEnv", "TileSets"]
