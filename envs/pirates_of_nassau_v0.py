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

from .aec import game_module_envs

raw_env, env = game_module_envs("pirates_of_nassau", __name__)
