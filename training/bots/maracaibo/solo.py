"""``heuristic`` for ``maracaibo_solo``: the Maracaibo heuristic against Jean (MA-24).

The solo observation is Maracaibo's, seen from seat 0 with Jean as relative seat 1
(MA-29), followed by Jean's solo board; the bot reads the Maracaibo part with the
2-player heuristic and ignores the rest. The solo game's actions are Maracaibo's.
"""

import games
from games.maracaibo.spaces import NUM_ACTIONS, OBS

from ..base import Bot
from .bot import MaracaiboHeuristic


class SoloHeuristic(Bot):
    """The explorer-diplomat in the human seat of the solo game; ``params`` as for
    ``MaracaiboHeuristic``."""

    name = "heuristic"

    def __init__(self, game, seed=0, params=None):
        head = [(seg.name, seg.start, seg.stop) for seg in game.obs_layout][:len(OBS.names())]
        if head != [(seg.name, seg.start, seg.stop) for seg in OBS] or game.num_actions != NUM_ACTIONS:
            raise ValueError(f"maracaibo solo heuristic: {game.name}'s observation does not start with "
                             "Maracaibo's (spaces.OBS) or its actions differ")
        self.game = game
        self.bot = MaracaiboHeuristic(games.make("maracaibo", num_players=2), seed=seed, params=params)

    def seed(self, seed):
        """The tie-break preferences of the Maracaibo heuristic (``MaracaiboHeuristic.seed``)."""
        self.bot.seed(seed)

    def __call__(self, observations, action_masks):
        return self.bot(observations[:, :OBS.size], action_masks)
