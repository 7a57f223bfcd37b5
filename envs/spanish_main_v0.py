"""Pirates of the Spanish Main as a PettingZoo AEC env (rules: rules/, engine: games.spanish_main).

    from envs import spanish_main_v0
    env = spanish_main_v0.env(num_players=3, upcoming_adventures=True, render_mode="ansi")

Options are those of ``games.make("spanish_main", ...)`` -- ``num_players`` (2-4),
``reward``, ``upcoming_adventures`` (SM-10.1), ``move_cards_in_hand`` (SM-10.2),
``fame_source`` (SM-10.3), ``mask_noop_moves`` -- plus ``render_mode``
("ansi" or "human"). The observation and action layouts are the engine's
(``games.spanish_main.spaces``).
"""

from .aec import GameEnv
from .common import make_game

GAME = "spanish_main"


class raw_env(GameEnv):  # noqa: N801 -- PettingZoo's name for the unwrapped env
    """The unwrapped env: an illegal action raises ``games.IllegalActionError``
    (``classic=True``: the classic behaviour of ``env()``)."""

    metadata = {**GameEnv.metadata, "name": "spanish_main_v0"}

    def __init__(self, render_mode=None, classic=False, **options):
        super().__init__(make_game(GAME, options), render_mode=render_mode, name=self.metadata["name"],
                         classic=classic)


def env(**options):
    """The env with the classic behaviour of PettingZoo's classic wrappers, built in
    (an illegal move loses with -1; see envs.aec)."""
    return raw_env(classic=True, **options)
