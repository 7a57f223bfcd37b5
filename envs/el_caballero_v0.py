"""El Caballero as a PettingZoo AEC env (rules: docs/rules/el_caballero.md, engine: games.el_caballero).

    from envs import el_caballero_v0
    env = el_caballero_v0.env(num_players=4, expanded=True, render_mode="ansi")

Options are those of ``games.make("el_caballero", ...)`` -- ``num_players`` (2-4),
``reward``, ``expanded`` (EC-10), ``radius``, ``map_cards``, ``power_row``,
``two_player_second``, ``order``, ``court_cap``, ``subaction_cap``, ``next_start``,
``tie_break``, ``closed``, ``one_land_rule``, ``first_player`` -- plus ``render_mode`` ("ansi" or "human"). The
observation and
action layouts are the engine's (``games.el_caballero.spaces``): a decision that
places something on the map is two steps of the same agent, the family, then the cell.
"""

from .aec import game_module_envs

raw_env, env = game_module_envs("el_caballero", __name__)
