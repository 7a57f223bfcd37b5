"""A Maracaibo campaign as consecutive episodes of the AEC env (MA-26.1).

    from envs.campaign import CampaignEnv
    env = CampaignEnv("maracaibo", games=3, path="campaign.json", num_players=2)
    env.reset()                       # game 1 of the archive in campaign.json (or a new one)
    ...                               # play it as any AEC env
    env.last()[-1]["campaign"]        # {"game", "games", "archive", "read"}

Each ``reset()`` starts the campaign's next game: the game is made with the archive's
tiles as its ``legacy_tiles`` option (``games.maracaibo.campaign``) and seeded with
the campaign's seed for that game. When a game is played out, the story is read
(``campaign.finish_game``) at once, so the last ``info`` of every agent already holds
the archive after the game and the story cards read; with ``path`` the archive is
also saved there (atomically). A game ended by an illegal move (the classic env's
rule) is not played out: the archive does not change and the next ``reset()`` plays
that game again.

``reset(seed=s)`` starts a new campaign from an empty archive with campaign seed
``s``; ``reset()`` continues the campaign, and after its ``games`` games starts a new
one, its seed drawn from the env's generator. Every agent's ``info`` carries
``"campaign"``: the game's number in this run (1-based), ``games``, the archive as
JSON (``Archive.to_json``) and ``read``, the story cards read after the game (empty
while it runs). Everything else is the wrapped ``GameEnv`` (envs/aec.py).
"""

import numpy as np
from pettingzoo.utils import BaseWrapper

from games.maracaibo import campaign as C

from .aec import GameEnv
from .common import SEED_BOUND, check_seed, make_game


class CampaignEnv(BaseWrapper):
    """``games`` games of a campaign of ``game`` ("maracaibo" or "maracaibo_solo"),
    one per episode. ``path``: the archive file, read if it exists (a campaign to
    continue) and written after every game; ``archive``: a starting ``Archive``
    instead (not both). ``options``: the game's other options (``num_players``,
    ``reward``, ...); ``legacy_tiles`` comes from the archive. ``classic``: as
    ``GameEnv`` (default True, the behaviour of ``env()``)."""

    def __init__(self, game="maracaibo", games=3, path=None, archive=None, render_mode=None, classic=True,
                 **options):
        if not isinstance(games, (int, np.integer)) or isinstance(games, bool) or games < 1:
            raise ValueError(f"games must be a positive integer, got {games!r}")
        if "legacy_tiles" in options:
            raise ValueError("legacy_tiles comes from the campaign's archive; do not pass it")
        if path is not None and archive is not None:
            raise ValueError("give the archive's path or a starting archive, not both")
        if path is not None:
            from pathlib import Path

            archive = C.load(path) if Path(path).exists() else None
        self.game_name, self.games, self.path = game, int(games), path
        self.options, self.render_mode, self.classic = dict(options), render_mode, classic
        self.archive = C.check(archive) if archive is not None else C.new_archive(game, 0)
        if self.archive.game != game:
            raise ValueError(f"the archive is a campaign of {self.archive.game}, not of {game}")
        self._rng = np.random.default_rng(self.archive.seed)
        self.played = 0   # games played out in this run of the campaign
        self.current = 1  # the number of the game being played
        self.read = []    # story cards read after the game, once it is played out
        super().__init__(self._game_env())
        self._spaces = (self.env.game.obs_size, self.env.game.num_actions)

    def _game_env(self):
        game = make_game(self.game_name, {**self.options, **self.archive.game_options()})
        return GameEnv(game, render_mode=self.render_mode, name=f"{game.name}_campaign", classic=self.classic)

    def reset(self, seed=None, options=None):
        if check_seed(seed) is not None:
            self._start(C.new_archive(self.game_name, seed))
            self._rng = np.random.default_rng(seed)
        elif self.played >= self.games:
            self._start(C.new_archive(self.game_name, int(self._rng.integers(SEED_BOUND))))
        self.read, self.current = [], self.played + 1
        self.env = self._game_env()
        if (self.env.game.obs_size, self.env.game.num_actions) != self._spaces:
            raise RuntimeError(f"the tiles {self.archive.tiles} change {self.game_name}'s spaces; a campaign env "
                               "needs one observation and action size")
        self.env.reset(seed=self.archive.next_seed(), options=options)

    def _start(self, archive):
        self.archive, self.played = archive, 0

    def step(self, action):
        running = bool(getattr(self.env, "agents", None)) and not self.env.record["terminated"]
        self.env.step(action)
        if running and self.env.record["terminated"]:  # played out: read the story (MA-26.1)
            scores = [self.env.infos[agent]["score"] for agent in self.env.possible_agents]
            self.archive, self.read = C.finish_game(self.archive, scores)
            self.played += 1
            if self.path is not None:
                C.save(self.archive, self.path)

    def agent_iter(self, max_iter=2**63):
        return self.env.agent_iter(max_iter)

    @property
    def infos(self):
        """The wrapped env's infos, each with the campaign's (see the module doc)."""
        campaign = {"game": self.current, "games": self.games,
                    "archive": self.archive.to_json(), "read": list(self.read)}
        return {agent: {**info, "campaign": campaign} for agent, info in self.env.infos.items()}

    def __str__(self):
        return f"CampaignEnv<{self.env}>"


__all__ = ["CampaignEnv"]
