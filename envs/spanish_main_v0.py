"""Pirates of the Spanish Main as a PettingZoo AEC env (rules: rules/, engine: games.spanish_main).

    from envs import spanish_main_v0
    env = spanish_main_v0.env(num_players=3, upcoming_adventures=True, render_mode="ansi")

Options are those of ``games.make("spanish_main", ...)`` -- ``num_players`` (2-4),
``reward``, ``upcoming_adventures`` (SM-10.1), ``move_cards_in_hand`` (SM-10.2),
``fame_source`` (SM-10.3), ``mask_noop_moves`` -- plus ``render_mode``
("ansi" or "human"). The observation and action layouts are the engine's
(``games.spanish_main.spaces``).
"""

from .aec import game_module_envs

raw_env, env = game_module_envs("spanish_main", __name__)
