"""The engine contract (DESIGN.md, games.api_test) on Maracaibo with 2, 3 and 4 players."""

import pytest

import games
from games.maracaibo.game import Maracaibo


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_maracaibo_api(num_players):
    games.api_test(Maracaibo(num_players=num_players), num_games=16, max_steps=6000)


def test_sizes():
    """MA-28.3: 28 action families, 277 actions."""
    g = Maracaibo(num_players=4)
    assert g.num_actions == 277
    assert len(list(g.action_layout)) == 28
