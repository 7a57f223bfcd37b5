"""games.maracaibo.tile_sets: random valid tile sets and train / test splits (MA-26.4)."""

import math

import pytest

from games.maracaibo import tile_sets as T
from games.maracaibo.data import legacy


def valid(game, tiles):
    """MA-26.4: check_legacy_tiles accepts the set as it is (canonical order)."""
    return legacy.check_legacy_tiles(game, tiles) == tiles


@pytest.mark.parametrize("game", ["maracaibo", "maracaibo_solo"])
@pytest.mark.parametrize("count, size", [(8, 3), (5, 1), (3, 12), (1, 0)])
def test_sets_are_distinct_valid_and_of_the_size(game, count, size):
    """MA-26.4: every set passes check_legacy_tiles, none twice, each of ``size`` tiles."""
    sets = T.random_tile_sets(count, size, seed=4, game=game)
    assert len(sets) == count == len(set(sets))
    assert all(len(s) == size and valid(game, s) for s in sets)


def test_the_seed_decides_the_sets():
    """Reproducible splits (MA-26.4 tile sets): the same arguments give the same sets."""
    assert T.random_tile_sets(6, 3, seed=1) == T.random_tile_sets(6, 3, seed=1)
    assert T.random_tile_sets(6, 3, seed=1) != T.random_tile_sets(6, 3, seed=2)


def test_exclude_gives_disjoint_train_and_test_splits():
    """A held-out split: the test sets drawn with exclude=train share no set with it."""
    train = T.random_tile_sets(10, 2, seed=0)
    test = T.random_tile_sets(10, 2, seed=0, exclude=train)
    assert not set(train) & set(test) and len(set(test)) == 10
    # every set of 1 tile but the excluded ones, in some order
    every = T.random_tile_sets(23, 1, seed=3)
    rest = T.random_tile_sets(20, 1, seed=3, exclude=every[:3])
    assert set(rest) == set(every) - set(every[:3])
    with pytest.raises(ValueError, match="only 20 valid ones exist"):
        T.random_tile_sets(21, 1, seed=3, exclude=every[:3])


def test_split_tile_sets_cuts_a_list_in_two():
    """Train / test from one list of MA-26.4 tile sets: no set in both."""
    sets = T.random_tile_sets(12, 3, seed=5)
    train, test = T.split_tile_sets(sets, test=4)
    assert (train, test) == (sets[:8], sets[8:])
    shuffled = T.split_tile_sets(sets, test=4, seed=1)
    assert sorted(shuffled[0] + shuffled[1]) == sorted(sets) and not set(shuffled[0]) & set(shuffled[1])
    assert T.split_tile_sets(sets, test=4, seed=1) == shuffled
    for bad in (0, 12, 2.0, True):
        with pytest.raises(ValueError, match="test must be an integer in 1..11"):
            T.split_tile_sets(sets, test=bad)


def test_a_tile_pool_holds_tiles_out():
    """Boards whose tiles training never saw: draw each split from its own pool."""
    seen, unseen = ("L2", "L5", "L6", "L10", "L25"), ("L4", "L7", "L9", "L13")
    train = T.random_tile_sets(10, 2, seed=0, tiles=seen)
    test = T.random_tile_sets(6, 2, seed=0, tiles=unseen)
    assert set(train) == {s for s in T._valid_sets(T._pool("maracaibo", seen), 2)}  # all C(5, 2) = 10
    assert all(set(s) <= set(unseen) for s in test) and len(set(test)) == 6 == math.comb(4, 2)
    with pytest.raises(ValueError, match="'L99' is not a legacy tile this game plays"):
        T.random_tile_sets(1, 1, seed=0, tiles=("L99",))


def test_counts_are_exact():
    """With no two tiles on one place (the current MA-26.4 table), every k-subset is a set."""
    n = len(T.playable_tiles("maracaibo"))
    assert [T.count_tile_sets(k) for k in (0, 1, 3, n, n + 1)] == [1, n, math.comb(n, 3), 1, 0]


def test_no_two_tiles_on_one_place(monkeypatch):
    """MA-26.4: tiles lie at fixed places, one per place. With L10 moved onto L1's place
    (Puerto Cabezas), no set holds both, and the counts know it."""
    positions = list(legacy.LEGACY_POSITION)
    positions[legacy.LEGACY_INDEX["L10"]] = positions[legacy.LEGACY_INDEX["L1"]]
    monkeypatch.setattr(legacy, "LEGACY_POSITION", tuple(positions))
    pool = ("L1", "L10", "L12")
    assert T.count_tile_sets(2, tiles=pool) == 2 and T.count_tile_sets(3, tiles=pool) == 0
    assert sorted(T.random_tile_sets(2, 2, seed=0, tiles=pool)) == [("L1", "L12"), ("L10", "L12")]
    with pytest.raises(ValueError, match="only 0 valid ones exist"):
        T.random_tile_sets(1, 3, seed=0, tiles=pool)
    sets = T.random_tile_sets(200, 12, seed=0)  # the rejection draw (many candidate sets)
    assert not any({"L1", "L10"} <= set(s) for s in sets) and all(valid("maracaibo", s) for s in sets)


@pytest.mark.parametrize(
    "args, message",
    [
        (dict(count=-1, size=2), "count must be a non-negative integer"),
        (dict(count=2, size=1.5), "size must be a non-negative integer"),
        (dict(count=1, size=2, game="spanish_main"), "legacy tiles of maracaibo or maracaibo_solo"),
        (dict(count=1, size=2, exclude=[("L2", "L2")]), "given twice"),
        (dict(count=1, size=24), "only 0 valid ones exist"),
    ],
)
def test_bad_arguments_are_refused(args, message):
    """One ValueError line naming the problem (MA-26.4: each tile exists once)."""
    with pytest.raises(ValueError, match=message):
        T.random_tile_sets(seed=0, **args)
