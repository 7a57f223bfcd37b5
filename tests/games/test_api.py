"""The engine contract (docs/design.md) on every Spanish Main configuration."""

import pytest

import games

CONFIGS = [
    dict(num_players=2),
    dict(num_players=3),
    dict(num_players=4),
    dict(num_players=3, upcoming_adventures=True),  # SM-10.1
    dict(num_players=4, upcoming_adventures=True),
    dict(num_players=2, move_cards_in_hand=True),  # SM-10.2
    dict(num_players=3, move_cards_in_hand=True),
    dict(num_players=3, fame_source="discard_then_deck"),  # SM-10.3
    dict(num_players=4, upcoming_adventures=True, move_cards_in_hand=True, fame_source="discard_then_deck"),
    dict(num_players=3, mask_noop_moves=True),  # GAP-6 option
    dict(num_players=3, reward="rank"),
    dict(num_players=3, reward="score_margin"),
]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_spanish_main_api(options):
    games.api_test(games.make("spanish_main", **options))


def test_registry_lists_and_rejects():
    assert "spanish_main" in games.list()
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        games.make("chess")
