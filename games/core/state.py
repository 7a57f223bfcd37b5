"""The batched state: one numpy structured array of shape (B,), one record per game.

Every game's dtype starts with the same header fields, so the shared batch loops and
the generic env can read them without knowing the game.
"""

import numpy as np

HEADER_FIELDS = [
    ("rng", np.uint64, (2,)),  # counter-based stream, see games.core.rng
    ("num_players", np.int8),
    ("current_player", np.int8),  # -1 once the game is over
    ("terminated", np.uint8),
    ("turn", np.int16),  # completed turns
]


def make_dtype(game_fields):
    """The game's record dtype: the shared header followed by its own fields."""
    return np.dtype(HEADER_FIELDS + list(game_fields))


def records_equal(a, b):
    """Exact equality of two records or batches, field by field, bit for bit."""
    return a.dtype == b.dtype and np.asarray(a).tobytes() == np.asarray(b).tobytes()
