"""Maracaibo as a PettingZoo AEC env (rules: docs/rules/maracaibo.md, engine: games.maracaibo).

    from envs import maracaibo_v0
    env = maracaibo_v0.env(num_players=3, prestige_open=True, render_mode="ansi")

Options are those of ``games.make("maracaibo", ...)`` -- ``num_players`` (2-4),
``reward``, ``prestige_open`` (MA-25.1), ``leftover_doubloon_vp`` (MA-25.2),
``round4_unreached_assistant_vp`` (MA-25.3) -- plus ``render_mode`` ("ansi" or
"human"). The observation and action layouts are the engine's
(``games.maracaibo.spaces``, docs/maracaibo.md).
"""

from .aec import game_module_envs

raw_env, env = game_module_envs("maracaibo", __name__)
