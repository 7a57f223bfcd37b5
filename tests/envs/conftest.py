"""Test-session setup for the env tests.

Same workaround as tests/spanish_main/conftest.py for the numba on-disk cache
failure in ``games.core.batch`` (reported, not fixed here): those loops take the
kernels as first-class function arguments, so their cache entries never match in
another process, and loading an index written by other processes makes saving a
new entry raise ``ReferenceError: underlying object has vanished``. Disabling the
cache for just those loops costs a short compile per session.
"""

import pytest
from numba.core.caching import NullCache

from games.core import batch

for _loop in (batch.init_rows, batch.step_rows, batch.mask_rows, batch.observe_rows, batch.per_player_rows):
    _loop._cache = NullCache()

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
