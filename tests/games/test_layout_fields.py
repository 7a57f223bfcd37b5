"""Layouts name sub-fields: writers (observe kernels) and readers (bots, features)
share one name per entry, and decode() gives named views of an observation."""

import numpy as np
import pytest

from games.core.layout import Layout


def _layout():
    lay = Layout()
    lay.add("a", 3, "plain")
    lay.add("turn", doc="named entries", fields=("mp", "done", ("cards", 3)))
    lay.add("per_seat", (4, 2), "a row per seat", fields=("low", "high"))
    return lay


def test_fields_give_indices_and_shapes():
    lay = _layout()
    assert lay["turn"].shape == (5,) and lay.size == 3 + 5 + 8
    assert lay.index("turn", "done") == 4
    assert lay.index("turn", "cards") == 5 and lay["turn"].field("cards").slice == slice(2, 5)
    assert lay.index("per_seat", 2, "high") == 8 + 2 * 2 + 1
    assert lay.index("per_seat") == lay.offset("per_seat")
    assert lay.field("per_seat", "high") == 1 and lay["per_seat"].stride == 2


def test_bad_fields_are_refused_by_name():
    lay = Layout()
    with pytest.raises(ValueError, match="fields cover 2 entries, the last axis has 3"):
        lay.add("x", 3, fields=("a", "b"))
    with pytest.raises(ValueError, match="named twice"):
        lay.add("y", 2, fields=("a", "a"))
    lay = _layout()
    with pytest.raises(KeyError, match="no field 'nope'; fields: mp, done, cards"):
        lay.index("turn", "nope")
    with pytest.raises(IndexError, match="names the last axis only"):
        lay.index("per_seat", "low", 0)
    with pytest.raises(IndexError, match="outside axis 0"):
        lay.index("per_seat", 4)


def test_decode_gives_named_views_without_copies():
    lay = _layout()
    obs = np.arange(2 * lay.size, dtype=np.float32).reshape(2, lay.size)
    d = lay.decode(obs)
    assert set(d) == {"a", "turn", "per_seat"} and len(d) == 3
    assert np.array_equal(d.turn.done, obs[:, lay.index("turn", "done")])
    assert d["turn"]["cards"].shape == (2, 3)
    assert np.array_equal(d.per_seat.high, obs[:, lay.index("per_seat", 0, "high") : lay["per_seat"].stop : 2])
    assert np.asarray(d.per_seat).shape == (2, 4, 2) and d.a.shape == (2, 3)
    d.turn.array[0, 0] = -1.0  # a view: writes go through
    assert obs[0, lay.index("turn", "mp")] == -1.0
    with pytest.raises(AttributeError):
        d.turn.nope


def test_maracaibo_and_spanish_main_decode():
    import games
    from games.maracaibo.decode import decode as decode_maracaibo
    from games.maracaibo.spaces import OBS
    from games.spanish_main.decode import decode as decode_spanish

    game = games.make("maracaibo", num_players=3)
    state = game.init(np.arange(2))
    obs = game.observe(state, 0)
    d = decode_maracaibo(obs)
    assert np.array_equal(d.turn_context.stack_depth, obs[:, OBS.index("turn_context", "stack_depth")])
    assert np.array_equal(d.figures.personal[:, 0], obs[:, OBS.index("figures", 0, "personal")])
    assert d.supply.value.shape == (2, 3)
    solo = games.make("maracaibo_solo")
    assert "jean_board" in decode_maracaibo(solo.observe(solo.init(np.arange(2)), 0))
    sm = games.make("spanish_main", num_players=3, move_cards_in_hand=True)
    ds = decode_spanish(sm.observe(sm.init(np.arange(2)), 0))
    assert (ds.variants.move_cards_in_hand == 1).all() and (ds.variants.upcoming_adventures == 0).all()
    with pytest.raises(ValueError):
        decode_maracaibo(np.zeros(7, dtype=np.float32))
