"""Maracaibo as a PettingZoo AEC env (rules: docs/rules/maracaibo.md, engine: games.maracaibo).

    from envs import maracaibo_v0
    env = maracaibo_v0.env(num_players=3, prestige_open=True, render_mode="ansi")

Options are those of ``games.make("maracaibo", ...)`` -- ``num_players`` (2-4),
``reward``, ``prestige_open`` (MA-25.1), ``leftover_doubloon_vp`` (MA-25.2),
``round4_unreached_assistant_vp`` (MA-25.3) -- plus ``render_mode`` ("ansi" or
"human"). The observation and action layouts are the engine's
(``games.maracaibo.spaces``, docs/maracaibo.md).
"""

from .aec import GameEnv
from .common import make_game

GAME = "maracaibo"


class raw_env(GameEnv):  # noqa: N801 -- PettingZoo's name for the unwrapped env
    """The unwrapped env: an illegal action raises ``games.IllegalActionError``
    (``classic=True``: the classic behaviour of ``env()``)."""

    metadata = {**GameEnv.metadata, "name": "maracaibo_v0"}

    def __init__(self, render_mode=None, classic=False, **options):
        super().__init__(make_game(GAME, options), render_mode=render_mode, name=self.metadata["name"],
                         classic=classic)


def env(**options):
    """The env with the classic behaviour of PettingZoo's classic wrappers, built in
    (an illegal move loses with -1; see envs.aec)."""
    return raw_env(classic=True, **options)
