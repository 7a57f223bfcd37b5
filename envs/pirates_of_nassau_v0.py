"""Pirates of Nassau as a PettingZoo AEC env (rules: docs/rules/pirates_of_nassau.md,
engine: games.pirates_of_nassau).

    from envs import pirates_of_nassau_v0
    env = pirates_of_nassau_v0.env(num_players=4, render_mode="ansi")

Options are those of ``games.make("pirates_of_nassau", ...)`` -- ``num_players`` (3-5),
``reward``, ``plank_any_time`` (GAP-16), ``return_all_hostages`` (GAP-15), ``cargo_loss``
(GAP-9), ``random_starting_tokens`` (GAP-8), ``auto_resolve`` (PN-19.3: the engine takes
every decision with a single legal action, so each agent turn is a real choice) -- plus
``render_mode`` ("ansi" or "human"). The observation and action layouts are the
engine's (``games.pirates_of_nassau.spaces``).
"""

from .aec import GameEnv
from .common import make_game

GAME = "pirates_of_nassau"


class raw_env(GameEnv):  # noqa: N801 -- PettingZoo's name for the unwrapped env
    """The unwrapped env: an illegal action raises ``games.IllegalActionError``
    (``classic=True``: the classic behaviour of ``env()``)."""

    metadata = {**GameEnv.metadata, "name": "pirates_of_nassau_v0"}

    def __init__(self, render_mode=None, classic=False, **options):
        super().__init__(make_game(GAME, options), render_mode=render_mode, name=self.metadata["name"],
                         classic=classic)


def env(**options):
    """The env with the classic behaviour of PettingZoo's classic wrappers, built in
    (an illegal move loses with -1; see envs.aec)."""
    return raw_env(classic=True, **options)
