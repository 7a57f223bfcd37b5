"""Shared fixtures of the env tests."""

import pytest

# Spanish Main configurations the envs are tested on (SM-10.1, SM-10.2 variants)
SPANISH_MAIN_CONFIGS = [
    dict(num_players=2),
    dict(num_players=3),
    dict(num_players=4),
    dict(num_players=3, upcoming_adventures=True),  # SM-10.1
    dict(num_players=4, upcoming_adventures=True),
    dict(num_players=2, move_cards_in_hand=True),  # SM-10.2
    dict(num_players=3, move_cards_in_hand=True),
    dict(num_players=4, upcoming_adventures=True, move_cards_in_hand=True),
]


def config_id(options):
    return ",".join(f"{k}={v}" for k, v in options.items())


@pytest.fixture(params=SPANISH_MAIN_CONFIGS, ids=config_id)
def options(request):
    return dict(request.param)
