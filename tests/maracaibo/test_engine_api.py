"""Maracaibo's sizes and envs (games.api_test runs in tests/games/test_api.py)."""

import games
from games.maracaibo.data import legacy
from games.maracaibo.game import Maracaibo


def test_sizes():
    """MA-28.3: 28 action families, 277 actions; then MA-26.4's 4 legacy-tile families
    (7 actions: buy, escort / gold mine, sail to and annex L4 / L7) and story mode's 3
    (13 actions: 4 story tiles, 5 skull tiles, 4 vote options; MA-26.1, GAP-59, GAP-62),
    the same whatever tiles and story cards are in play."""
    g = Maracaibo(num_players=4)
    assert g.num_actions == 277 + 7 + 13
    assert [seg.name for seg in g.action_layout][28:] == [
        "legacy_buy",
        "legacy_combat",
        "legacy_sail",
        "legacy_annex",
        "story_quest",
        "remove_skull",
        "vote",
    ]
    every = Maracaibo(num_players=4, legacy_tiles=tuple(sorted(legacy.IMPLEMENTED, key=legacy.LEGACY_INDEX.get)))
    assert (every.num_actions, every.obs_size) == (g.num_actions, g.obs_size)
    story = Maracaibo(num_players=4, story=True, story_cards=[1, 2, 9])
    assert (story.num_actions, story.obs_size) == (g.num_actions, g.obs_size)


def test_registered_with_envs():
    """games.make("maracaibo") and the PettingZoo / Gymnasium envs (envs.maracaibo_v0)."""
    import warnings

    import gymnasium
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from envs import maracaibo_v0

    assert "maracaibo" in games.list() and isinstance(games.make("maracaibo", num_players=2), Maracaibo)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(maracaibo_v0.env(num_players=3, render_mode="ansi"), num_cycles=200)
        env = gymnasium.make("doubloon/Maracaibo-v0", num_players=2, illegal_action="penalize")
        check_env(env.unwrapped)
