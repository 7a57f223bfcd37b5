"""Maracaibo solo against Jean (MA-24) as a PettingZoo AEC env with one agent
(rules: docs/rules/maracaibo.md, engine: games.maracaibo.solo).

    from envs import maracaibo_solo_v0
    env = maracaibo_solo_v0.env(level=4, render_mode="ansi")

Jean is part of the environment: her turns run inside ``step``, so the only agent is
``player_0``. Options are those of ``games.make("maracaibo_solo", ...)`` -- ``level``
(1-5, D10), ``expansion_cards``, ``reward`` (win 1 / draw 0.5 / loss 0, MA-23.3),
``prestige_open``, ``leftover_doubloon_vp``, ``round4_unreached_assistant_vp`` -- plus
``render_mode`` ("ansi" or "human"). Layouts: docs/maracaibo_solo.md. The single-seat
Gymnasium env is ``gymnasium.make("envs:doubloon/MaracaiboSolo-v0", level=...)``
(see ``envs.registration``).
"""

from .aec import game_module_envs

raw_env, env = game_module_envs("maracaibo_solo", __name__)
