"""The ``legacy_tiles`` option (MA-26.4): the tile table, the check of a tile set, and
the option of ``maracaibo`` and ``maracaibo_solo`` (record field, JSON, CLI text)."""

import numpy as np
import pytest

import games
from games.core.errors import PositionError
from games.maracaibo.data import board, legacy
from games.maracaibo.data.legacy import LEGACY_TILE_IDS, check_legacy_tiles
from tests.maracaibo.positions import edit


def test_tile_table():
    """MA-26.4: 23 tiles L1..L25 without L19 and L24; positions name real board places."""
    assert len(LEGACY_TILE_IDS) == 23
    assert set(LEGACY_TILE_IDS) == {f"L{i}" for i in range(1, 26)} - {"L19", "L24"}
    edges = {(board.LOC_IDS[a], board.LOC_IDS[b]) for a, b in zip(board.EDGE_FROM, board.EDGE_TO)}
    for i, t in enumerate(LEGACY_TILE_IDS):
        pos, kind = legacy.LEGACY_POSITION[i], legacy.LEGACY_KIND[i]
        if kind == legacy.ROUTE:
            assert tuple(pos.split(">")) in edges, t
        elif kind == legacy.NEW_CITY:
            a, b = pos.split(">")
            assert a in board.LOC_INDEX and b in board.LOC_INDEX, t
        elif kind in (legacy.ESCORT, legacy.GOLD_MINE):
            assert pos is None, t
        else:
            assert pos in board.LOC_INDEX, t
        assert legacy.LEGACY_TILES[i][-1].split(":")[0] in ("RULEBOOK", "PLACEHOLDER"), t
    # the positions the rulebook names (MA-26.4): L1 on Puerto Cabezas, L3 on Cartagena
    assert board.LOC_NAMES[board.LOC_INDEX[legacy.LEGACY_POSITION[legacy.QUEST_CITY_TILE]]] == "Puerto Cabezas"
    assert board.LOC_NAMES[board.LOC_INDEX[legacy.LEGACY_POSITION[legacy.PLAGUE_TILE]]] == "Cartagena"
    # skull tiles forbid village actions: they lie on villages (MA-26.4 L20-L23)
    for i in np.flatnonzero(legacy.LEGACY_KIND == legacy.SKULL):
        assert board.LOC_KIND[board.LOC_INDEX[legacy.LEGACY_POSITION[i]]] == board.VILLAGE
    # L10 is free (MA-26.4); every purchase tile has room for the 2-player and Jean discs (MA-26.7)
    buy = np.flatnonzero(legacy.LEGACY_KIND == legacy.PURCHASE)
    assert [LEGACY_TILE_IDS[i] for i in buy] == [f"L{i}" for i in range(10, 18)]
    assert legacy.PURCHASE_COST[legacy.LEGACY_INDEX["L10"]] == 0
    assert np.all(legacy.PURCHASE_SPACES[buy] > legacy.PURCHASE_DISCS_2P + legacy.PURCHASE_DISCS_JEAN)
    assert legacy.PURCHASE_SPACES.max() <= legacy.MAX_TILE_DISCS


def test_masks_round_trip():
    every = LEGACY_TILE_IDS
    assert legacy.tiles_of_mask(legacy.tiles_mask(every)) == every
    assert legacy.tiles_mask(every) == legacy.ALL_TILES_MASK
    assert legacy.tiles_mask(()) == 0


@pytest.mark.parametrize(
    "tiles, message",
    [
        (("L99",), "unknown legacy tile 'L99'"),
        (("L19",), "unknown legacy tile 'L19'"),
        (("L2", "L2"), "legacy tile L2 given twice"),
        ("L2", "must be a tuple of tile ids"),
        ((2,), "unknown legacy tile 2"),
    ],
)
def test_bad_tile_sets(tiles, message):
    """MA-26.4: every tile exists once; the error is one line naming the problem."""
    with pytest.raises(ValueError, match=message) as err:
        check_legacy_tiles("maracaibo", tiles)
    assert "\n" not in str(err.value)


def test_two_tiles_on_one_place_are_refused(monkeypatch):
    """MA-26.4: tiles lie at fixed positions, so two tiles on one place cannot both be in play."""
    pos = list(legacy.LEGACY_POSITION)
    pos[legacy.LEGACY_INDEX["L25"]] = pos[legacy.LEGACY_INDEX["L5"]]
    monkeypatch.setattr(legacy, "LEGACY_POSITION", tuple(pos))
    monkeypatch.setattr(legacy, "IMPLEMENTED", frozenset(LEGACY_TILE_IDS))
    with pytest.raises(ValueError, match="L5 and L25 cannot both be in play"):
        check_legacy_tiles("maracaibo", ("L25", "L5"))


def test_unimplemented_tiles_are_refused(monkeypatch):
    """No tile is a silent no-op: a tile the engine does not play yet is an error."""
    monkeypatch.setattr(legacy, "IMPLEMENTED", frozenset())
    with pytest.raises(ValueError, match="legacy tile L9 is not implemented yet"):
        games.make("maracaibo", legacy_tiles=("L9",))


def test_canonical_order():
    """The option is stored sorted by tile number, whatever order it was given in."""
    tiles = tuple(sorted(legacy.IMPLEMENTED, key=legacy.LEGACY_INDEX.get))
    if len(tiles) < 2:
        pytest.skip("needs two implemented tiles")
    assert check_legacy_tiles("maracaibo", tiles[::-1]) == tiles


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_option_text(name):
    """``-o legacy_tiles=L2,L6``: comma-separated ids; empty or "none" is no tile."""
    assert games.option_from_text(name, "legacy_tiles", "L2, L6") == ("L2", "L6")
    assert games.option_from_text(name, "legacy_tiles", "none") == ()
    assert games.option_from_text(name, "legacy_tiles", "") == ()
    assert games.make(name).options["legacy_tiles"] == ()


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_default_record_and_json(name):
    """No tiles by default: opt_legacy is 0, and a position of another tile set is refused."""
    g = games.make(name)
    s = g.init(np.array([4]))
    assert s[0]["opt_legacy"] == 0
    back = g.from_json(g.to_json(s[0]))
    assert back.tobytes() == s.tobytes()
    with pytest.raises(PositionError, match="opt_legacy"):
        edit(g, s, opt_legacy=legacy.tiles_mask(("L25",)))


def test_every_tile_is_implemented():
    """MA-26.4 / MA-26.7: both games play all 23 tiles, so the api checks with "every
    implemented tile" (test_legacy_movement, test_engine_api) run all of them."""
    assert legacy.IMPLEMENTED == legacy.IMPLEMENTED_SOLO == frozenset(LEGACY_TILE_IDS)
    for name in ("maracaibo", "maracaibo_solo"):
        assert check_legacy_tiles(name, LEGACY_TILE_IDS) == LEGACY_TILE_IDS
