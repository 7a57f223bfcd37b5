"""What a player cannot see, redrawn for search (``Game.resample_hidden``, games/core/hidden.py).

EC-12 / EC-1.5: the only hidden information is the order of the face-down area deck;
its contents are public (all cards minus the map and the display). A completion is
any order of the same cards, so the redraw is a shuffle of the deck, the same for
every player.
"""

from numba import njit

from ..core import rng


@njit(cache=True)
def redraw_one(rec, player):
    """EC-12: a fresh order of the area deck."""
    rng.shuffle_sorted(rec.rng, rec.deck, 0, rec.deck_len)
