"""``heuristic`` for ``maracaibo_solo``: the Maracaibo heuristic against Jean (MA-24).

The solo observation is Maracaibo's, seen from seat 0 with Jean as relative seat 1
(MA-29), followed by Jean's solo board. The bot gets the whole vector with the weight
``solo`` = 1: the Maracaibo part is read as in the 2-player game and, past it, Jean's
yellow spaces revealed, so her end bonuses (MA-24.14) are valued (``leads``).
Its weights are the Maracaibo heuristic's of every game (``tuned.TUNED``, not the 2-4
player ``MULTI_TUNED``) with ``tuned.SOLO_TUNED`` laid over them.
``heuristic_v1`` reads only the Maracaibo part and ignores Jean's bonuses. The solo
game's actions are Maracaibo's.
"""

import games
from games.maracaibo.solo.spaces import OBS_SOLO
from games.maracaibo.spaces import NUM_ACTIONS, OBS

from ..base import Bot
from .bot import JeanBase, MaracaiboHeuristicV1
from .tuned import SOLO_TUNED


class SoloHeuristic(Bot):
    """The explorer-diplomat in the human seat of the solo game; ``params`` as for
    ``MaracaiboHeuristic``."""

    name = "heuristic"
    inner = JeanBase  # the weights of every game, not the 2-4 player ones (tuned.MULTI_TUNED)
    solo = 1.0  # the value of the ``solo`` weight: Jean's bonuses in view
    tuned = SOLO_TUNED  # weights laid over the inner bot's own against Jean (tuned.py)

    def __init__(self, game, seed=0, params=None):
        head = [(seg.name, seg.start, seg.stop) for seg in game.obs_layout][: len(OBS.names())]
        if head != [(seg.name, seg.start, seg.stop) for seg in OBS] or game.num_actions != NUM_ACTIONS:
            raise ValueError(
                f"maracaibo solo heuristic: {game.name}'s observation does not start with "
                "Maracaibo's (spaces.OBS) or its actions differ"
            )
        if self.solo and game.obs_layout.size != OBS_SOLO.size:
            raise ValueError(f"maracaibo solo heuristic: {game.name}'s observation is not the solo layout")
        self.game = game
        params = {**self.tuned, "solo": self.solo, **(params or {})}
        self.bot = self.inner(games.make("maracaibo", num_players=2), seed=seed, params=params)
        self.width = game.obs_layout.size if self.solo else OBS.size

    def seed(self, seed):
        """The tie-break preferences of the Maracaibo heuristic (``MaracaiboHeuristic.seed``)."""
        self.bot.seed(seed)

    def __call__(self, observations, action_masks):
        return self.bot(observations[:, : self.width], action_masks)

    def scores(self, observations, action_masks):
        """Every action's value (``MaracaiboHeuristic.scores``) on the part of the
        observation the bot reads."""
        return self.bot.scores(observations[:, : self.width], action_masks)


class SoloHeuristicV1(SoloHeuristic):
    """``heuristic_v1`` against Jean: the first heuristic on the Maracaibo part of the
    observation, blind to Jean's solo board."""

    name = "heuristic_v1"
    inner = MaracaiboHeuristicV1
    solo = 0.0
    tuned = {}
