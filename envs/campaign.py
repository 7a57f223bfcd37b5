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

With ``story=True`` a new campaign is a story campaign (an archive read from ``path`` or
given keeps its own): its games are story-mode games of the archive's open story cards,
and after each the archive takes what the game's story did
(``campaign_game.finish_story_game``, MA-26.1, GAP-60).

``reset(seed=s)`` starts a new campaign from an empty archive with campaign seed
``s``; ``reset()`` continues the campaign, and after its ``games`` games starts a new
one, its seed drawn from the env's generator. Every ``info`` (each agent's in the AEC
env) carries ``"campaign"``: the game's number in this run (1-based), ``games``, the
archive as JSON (``Archive.to_json``) and ``read``, the story cards read after the
game (empty while it runs). Everything else is the env of the game: ``CampaignEnv``
is a ``GameEnv`` whose game changes at every reset; ``CampaignSeatEnv`` makes a
``SingleSeatEnv`` for every game (both ``envs.switching``, the campaign their episode
source). The batched VecEnv plays one configuration for all its games, so it has no
campaign mode.
"""

from pathlib import Path

import numpy as np

from games.maracaibo import campaign, campaign_game

from .common import SEED_BOUND, check_seed
from .switching import GameCache, SwitchingEnv, SwitchingSeatEnv


class Campaign:
    """The campaign an env plays: the archive, the games played in this run, the file;
    the envs' episode source (``envs.switching``, ``info_key`` "campaign").

    ``path``: the archive file, read if it exists (a campaign to continue) and written
    after every game; ``archive``: a starting ``Archive`` instead (not both).
    ``options``: the game's other options; ``legacy_tiles``, ``c_cards`` and the story
    options come from the archive. ``story``: a new campaign is a story campaign."""

    def __init__(self, game, games, path, archive, options, story=False):
        if not isinstance(games, (int, np.integer)) or isinstance(games, bool) or games < 1:
            raise ValueError(f"games must be a positive integer, got {games!r}")
        for name in ("legacy_tiles", "c_cards", "story_cards"):
            if name in options:
                raise ValueError(f"{name} comes from the campaign's archive; do not pass it")
        if not isinstance(story, bool):
            raise ValueError(f"story must be True or False, got {story!r}")
        if path is not None and archive is not None:
            raise ValueError("give the archive's path or a starting archive, not both")
        if path is not None and Path(path).exists():
            archive = campaign.load(path)
        self.game_name, self.games, self.path, self.options = game, int(games), path, dict(options)
        self.story = story or (archive is not None and archive.story is True)
        self.archive = campaign.check(archive) if archive is not None else self._new(0)
        if self.archive.game != game:
            raise ValueError(f"the archive is a campaign of {self.archive.game}, not of {game}")
        self.rng = np.random.default_rng(self.archive.seed)
        self.info_key = "campaign"
        self.played = 0  # games played out in this run of the campaign
        self.current = 1  # the number of the game being played
        self.read = []  # story cards read after the game, once it is played out
        self._info = None
        self._games = GameCache(game, "tiles, C cards and story cards")

    def next_game(self, seed):
        """The next game to play (``seed``: a new campaign of that seed first) and its seed."""
        if check_seed(seed) is not None:
            self._start(self._new(seed))
            self.rng = np.random.default_rng(seed)
        elif self.played >= self.games:
            self._start(self._new(int(self.rng.integers(SEED_BOUND))))
        self.read, self.current, self._info = [], self.played + 1, None
        options = self.archive.game_options()  # tiles, C cards, story cards (MA-26.4, GAP-63, MA-26.1)
        game = self._games.get(tuple(sorted(options.items())), {**self.options, **options})
        return game, self.archive.next_seed()

    def first_game(self):
        """The game whose spaces the env takes: the campaign's current game."""
        return self.next_game(None)[0]

    def _new(self, seed):
        """A new campaign of ``seed``: a story campaign if this one is (or ``story``)."""
        return campaign.new_archive(self.game_name, seed, story_mode=self.story)

    def _start(self, archive):
        self.archive, self.played = archive, 0

    def finish(self, scores, record=None):
        """The game was played out with final ``scores`` and ``record``: a story game's story
        was read in it (``campaign_game``), another's is read now (MA-26.1); save."""
        if record is not None and int(record["opt_story"]):
            self.archive, story_read = campaign_game.finish_story_game(self.archive, record, scores)
            self.read = [number for number, _ in story_read]
        else:
            self.archive, self.read = campaign.finish_game(self.archive, scores)
        self.played, self._info = self.played + 1, None
        if self.path is not None:
            campaign.save(self.archive, self.path)

    def info(self):
        """``info["campaign"]`` (the module doc); made once per change, as envs ask every step."""
        if self._info is None:
            self._info = {
                "game": self.current,
                "games": self.games,
                "archive": self.archive.to_json(),
                "read": list(self.read),
            }
        return self._info


class CampaignEnv(SwitchingEnv):
    """The AEC env over ``games`` games of a campaign of ``game`` ("maracaibo" or
    "maracaibo_solo"), one per episode; ``path``, ``archive`` and the game's
    ``options``: ``Campaign``. ``classic``: as ``GameEnv`` (default True, the
    behaviour of ``env()``). A ``GameEnv`` whose game changes at every reset
    (``envs.switching``): the campaign costs nothing per step."""

    def __init__(
        self,
        game="maracaibo",
        games=3,
        path=None,
        archive=None,
        render_mode=None,
        classic=True,
        story=False,
        **options,
    ):
        self.campaign = Campaign(game, games, path, archive, options, story)
        super().__init__(self.campaign, render_mode=render_mode, name=f"{game}_campaign", classic=classic)

    @property
    def archive(self):
        return self.campaign.archive


class CampaignSeatEnv(SwitchingSeatEnv):
    """The single-seat Gymnasium env (``SingleSeatEnv``: the learner in ``seat``,
    ``opponents`` in the others) over ``games`` games of a campaign, one per episode;
    ``path``, ``archive`` and the game's ``options``: ``Campaign``."""

    def __init__(
        self,
        game="maracaibo",
        games=3,
        path=None,
        archive=None,
        seat=None,
        opponents=None,
        illegal_action="raise",
        render_mode=None,
        story=False,
        **options,
    ):
        self.campaign = Campaign(game, games, path, archive, options, story)
        super().__init__(
            self.campaign, seat=seat, opponents=opponents, illegal_action=illegal_action, render_mode=render_mode
        )

    @property
    def archive(self):
        return self.campaign.archive


__all__ = ["Campaign", "CampaignEnv", "CampaignSeatEnv"]
