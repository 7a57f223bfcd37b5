"""``resample_hidden`` for El Caballero (EC-12, EC-1.5: only the area deck's order is hidden)."""

import numpy as np

from games.core.api_test import changed_fields
from tests.el_caballero.positions import make


def test_only_the_deck_order_changes():
    # EC-12: every player sees the same; the deck's contents are public, its order is not
    g = make(3)
    st = g.init(np.array([4]))
    n = int(st["deck_len"][0])
    for p in range(3):
        res = g.resample_hidden(st[0], p, np.arange(50))
        assert changed_fields(st[0], res) == {"deck"}
        assert all(sorted(x["deck"][:n]) == sorted(st["deck"][0, :n]) for x in res)
        assert np.all(res["deck"][:, n:] == -1)
        assert len({bytes(x["deck"]) for x in res}) == 50
