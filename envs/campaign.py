"""A Maracaibo campaign as consecutive episodes (MA-26.1): the AEC env and the
single-seat Gymnasium env.

    from envs.campaign import CampaignEnv, CampaignSeatEnv
    env = CampaignEnv("maracaibo", games=3, path="campaign.json", num_players=2)
    env.reset()                       # game 1 of the archive in campaign.json (or a new one)
    ...                               # play it as any AEC env
    env.last()[-1]["campaign"]        # {"game", "games", "archive", "read"}

    env = CampaignSeatEnv("maracaibo", games=3, seat=0, num_players=2)   # the learner against opponents

Each ``reset()`` starts the campaign's next game: the game is made with the archive's
tiles as its ``legacy_tiles`` option (``games.maracaibo.campaign``) and seeded with
the campaign's seed for that game. When a game is played out, the story is read
(``campaign.finish_game``) at once, so the last ``info`` already holds the archive
after the game and the story cards read; with ``path`` the archive is also saved
there (atomically). A game ended by an illegal move is not played out: the archive
does not change and the next ``reset()`` plays that game again.

``reset(seed=s)`` starts a new campaign from an empty archive with campaign seed
``s``; ``reset()`` continues the campaign, and after its ``games`` games starts a new
one, its seed drawn from the env's generator. Every ``info`` (each agent's in the AEC
env) carries ``"campaign"``: the game's number in this run (1-based), ``games``, the
archive as JSON (``Archive.to_json``) and ``read``, the story cards read after the
game (empty while it runs). Everything else is the env of the game: ``CampaignEnv``
is a ``GameEnv`` whose game changes at every reset; ``CampaignSeatEnv`` makes a
``SingleSeatEnv`` for every game. The batched VecEnv plays
one configuration for all its games, so it has no campaign mode.
"""

from pathlib import Path

import gymnasium
import numpy as np

from games.maracaibo import campaign as C

from .aec import GameEnv
from .common import SEED_BOUND, check_seed, make_game
from .single_seat import SingleSeatEnv


class Campaign:
    """The campaign an env plays: the archive, the games played in this run, the file.

    ``path``: the archive file, read if it exists (a campaign to continue) and written
    after every game; ``archive``: a starting ``Archive`` instead (not both).
    ``options``: the game's other options; ``legacy_tiles`` comes from the archive."""

    def __init__(self, game, games, path, archive, options):
        if not isinstance(games, (int, np.integer)) or isinstance(games, bool) or games < 1:
            raise ValueError(f"games must be a positive integer, got {games!r}")
        if "legacy_tiles" in options:
            raise ValueError("legacy_tiles comes from the campaign's archive; do not pass it")
        if path is not None and archive is not None:
            raise ValueError("give the archive's path or a starting archive, not both")
        if path is not None and Path(path).exists():
            archive = C.load(path)
        self.game_name, self.games, self.path, self.options = game, int(games), path, dict(options)
        self.archive = C.check(archive) if archive is not None else C.new_archive(game, 0)
        if self.archive.game != game:
            raise ValueError(f"the archive is a campaign of {self.archive.game}, not of {game}")
        self.rng = np.random.default_rng(self.archive.seed)
        self.played = 0   # games played out in this run of the campaign
        self.current = 1  # the number of the game being played
        self.read = []    # story cards read after the game, once it is played out
        self.sizes = None
        self._info = None
        self._games = {}

    def next_game(self, seed):
        """The next game to play (``seed``: a new campaign of that seed first) and its seed."""
        if check_seed(seed) is not None:
            self._start(C.new_archive(self.game_name, seed))
            self.rng = np.random.default_rng(seed)
        elif self.played >= self.games:
            self._start(C.new_archive(self.game_name, int(self.rng.integers(SEED_BOUND))))
        self.read, self.current, self._info = [], self.played + 1, None
        tiles = self.archive.tiles
        if tiles not in self._games:  # one Game per tile set: making one costs more than a short game's steps
            self._games[tiles] = make_game(self.game_name, {**self.options, **self.archive.game_options()})
        game = self._games[tiles]
        sizes = (game.obs_size, game.num_actions)
        if self.sizes is not None and sizes != self.sizes:
            raise RuntimeError(f"the tiles {self.archive.tiles} change {self.game_name}'s spaces; a campaign env "
                               "needs one observation and action size")
        self.sizes = sizes
        return game, self.archive.next_seed()

    def _start(self, archive):
        self.archive, self.played = archive, 0

    def finish(self, scores):
        """The game was played out with final ``scores``: read the story (MA-26.1), save."""
        self.archive, self.read = C.finish_game(self.archive, scores)
        self.played, self._info = self.played + 1, None
        if self.path is not None:
            C.save(self.archive, self.path)

    def info(self):
        """``info["campaign"]`` (the module doc); made once per change, as envs ask every step."""
        if self._info is None:
            self._info = {"game": self.current, "games": self.games, "archive": self.archive.to_json(),
                          "read": list(self.read)}
        return self._info


class CampaignEnv(GameEnv):
    """The AEC env over ``games`` games of a campaign of ``game`` ("maracaibo" or
    "maracaibo_solo"), one per episode; ``path``, ``archive`` and the game's
    ``options``: ``Campaign``. ``classic``: as ``GameEnv`` (default True, the
    behaviour of ``env()``). A ``GameEnv`` whose game changes at every reset: the
    campaign costs nothing per step."""

    def __init__(self, game="maracaibo", games=3, path=None, archive=None, render_mode=None, classic=True,
                 **options):
        self.campaign = Campaign(game, games, path, archive, options)
        first, _ = self.campaign.next_game(None)
        super().__init__(first, render_mode=render_mode, name=f"{game}_campaign", classic=classic)

    def reset(self, seed=None, options=None):
        self.game, game_seed = self.campaign.next_game(seed)  # the spaces stay (Campaign.next_game)
        self._loops = self.game.loops
        super().reset(seed=game_seed, options=options)
        self._add_campaign_info()

    def _after_move(self, player):
        super()._after_move(player)
        if player < 0:  # played out (an illegal move ends the game elsewhere): read the story (MA-26.1)
            self.campaign.finish([self.infos[agent]["score"] for agent in self.possible_agents])
            self._add_campaign_info()

    def _add_campaign_info(self):
        campaign = self.campaign.info()
        for info in self.infos.values():
            info["campaign"] = campaign

    @property
    def archive(self):
        return self.campaign.archive


class CampaignSeatEnv(gymnasium.Env):
    """The single-seat Gymnasium env (``SingleSeatEnv``: the learner in ``seat``,
    ``opponents`` in the others) over ``games`` games of a campaign, one per episode;
    ``path``, ``archive`` and the game's ``options``: ``Campaign``."""

    metadata = SingleSeatEnv.metadata

    def __init__(self, game="maracaibo", games=3, path=None, archive=None, seat=None, opponents=None,
                 illegal_action="raise", render_mode=None, **options):
        self.campaign = Campaign(game, games, path, archive, options)
        self._seat_options = dict(seat=seat, opponents=opponents, illegal_action=illegal_action,
                                  render_mode=render_mode)
        self.render_mode = render_mode
        self.env = self._seat_env(None)
        self.observation_space, self.action_space = self.env.observation_space, self.env.action_space

    def _seat_env(self, seed):
        game, self._game_seed = self.campaign.next_game(seed)
        return SingleSeatEnv(game, **self._seat_options)

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.env = self._seat_env(seed)
        obs, info = self.env.reset(seed=self._game_seed, options=options)
        return obs, self._info(info)

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated and not info.get("illegal_action"):  # played out: read the story (MA-26.1)
            record = self.env.record
            self.campaign.finish(self.env.game.scores(np.array([record], dtype=record.dtype))[0])
        return obs, reward, terminated, truncated, self._info(info)

    def _info(self, info):
        return {**info, "campaign": self.campaign.info()}

    def action_masks(self):
        return self.env.action_masks()

    def render(self):
        return self.env.render()

    @property
    def archive(self):
        return self.campaign.archive


__all__ = ["Campaign", "CampaignEnv", "CampaignSeatEnv"]
