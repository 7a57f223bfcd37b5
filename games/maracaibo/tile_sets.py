"""Random tile sets (MA-26.4): boards to train on and boards to hold out.

    from games.maracaibo.tile_sets import random_tile_sets
    train = random_tile_sets(8, 3, seed=0)                # 8 distinct sets of 3 tiles
    test = random_tile_sets(4, 3, seed=1, exclude=train)  # 4 more, none of them in train
    unseen = random_tile_sets(4, 2, seed=2, tiles=("L4", "L6", "L7", "L9", "L25"))  # from a tile pool

Every set is valid for ``check_legacy_tiles``: distinct tiles the game plays, no two
on one board place (MA-26.4), in its canonical order. Disjoint train / test splits:
draw the test sets with ``exclude=train`` (no set in both), or draw all the sets at
once and cut the list (``split_tile_sets``); for
boards whose tiles the training never saw, draw the two from disjoint ``tiles`` pools.
The sets depend only on the arguments (a numpy generator seeded with ``seed``).
"""

import math
from itertools import combinations

import numpy as np

from .data import legacy

GAMES = ("maracaibo", "maracaibo_solo")
ENUMERATE_AT_MOST = 20_000  # fewer candidate sets than this: list them all, then draw


def playable_tiles(game="maracaibo"):
    """The tiles ``game`` plays, in tile order (``IMPLEMENTED``, ``IMPLEMENTED_SOLO``)."""
    if game not in GAMES:
        raise ValueError(f"tile sets are legacy tiles of {' or '.join(GAMES)}, not of {game!r}")
    implemented = legacy.IMPLEMENTED_SOLO if game == "maracaibo_solo" else legacy.IMPLEMENTED
    return tuple(sorted(implemented, key=legacy.LEGACY_INDEX.get))


def count_tile_sets(size, game="maracaibo", tiles=None):
    """How many valid sets of ``size`` tiles exist (from ``tiles``, default every tile the
    game plays): at most one tile per board place (MA-26.4), so the coefficient of x**size
    in the product over places of (1 + tiles there * x)."""
    poly = [1]
    for group in _place_groups(_pool(game, tiles)):
        poly = [a + len(group) * b for a, b in zip(poly + [0], [0] + poly)]
    return poly[size] if 0 <= size < len(poly) else 0


def random_tile_sets(count, size, seed, game="maracaibo", exclude=(), tiles=None):
    """``count`` distinct tile sets of ``size`` tiles each, drawn uniformly among the valid
    sets (``check_legacy_tiles``) of ``tiles`` (default: every tile ``game`` plays) that
    are not in ``exclude``; a list of canonical tuples. Asking for more sets than exist is
    a ValueError naming how many there are."""
    for name, value in (("count", count), ("size", size)):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} must be a non-negative integer, got {value!r}")
    pool = _pool(game, tiles)
    excluded = {legacy.check_legacy_tiles(game, t) for t in exclude}
    free = count_tile_sets(size, game, pool) - sum(len(t) == size and set(t) <= set(pool) for t in excluded)
    if count > free:
        raise ValueError(
            f"asked for {count} tile sets of {size} tiles, but only {free} valid ones exist"
            f" (from {len(pool)} tiles, {len(excluded)} excluded)"
        )
    rng = np.random.default_rng(seed)
    if math.comb(len(pool), size) <= ENUMERATE_AT_MOST:  # few sets: list them, draw without replacement
        every = [s for s in _valid_sets(pool, size) if s not in excluded]
        return [every[i] for i in rng.choice(len(every), size=count, replace=False)]
    out, seen = [], set(excluded)
    while len(out) < count:  # rejection: uniform among the valid sets, and there are many
        pick = tuple(pool[i] for i in sorted(rng.choice(len(pool), size=size, replace=False)))
        if pick not in seen and _one_per_place(pick):
            seen.add(pick)
            out.append(pick)
    return out


def split_tile_sets(tile_sets, test, seed=None):
    """``(train, test)``: the last ``test`` sets of ``tile_sets`` held out (shuffled first
    with ``seed`` when given); no set is in both when ``tile_sets`` are distinct."""
    tile_sets = list(tile_sets)
    if not isinstance(test, (int, np.integer)) or isinstance(test, bool) or not 0 < test < len(tile_sets):
        raise ValueError(f"test must be an integer in 1..{len(tile_sets) - 1} (both splits non-empty), got {test!r}")
    if seed is not None:
        tile_sets = [tile_sets[i] for i in np.random.default_rng(seed).permutation(len(tile_sets))]
    return tile_sets[:-test], tile_sets[-test:]


def _pool(game, tiles):
    """The tiles to draw from, in tile order; a pool may hold tiles of one place (a set may not)."""
    playable = playable_tiles(game)
    if tiles is None:
        return playable
    if isinstance(tiles, str) or not isinstance(tiles, (tuple, list, set, frozenset)):
        raise ValueError(f"tiles must be a collection of tile ids like ('L2', 'L6'), got {tiles!r}")
    for t in tiles:
        if t not in playable:
            raise ValueError(f"{game}: {t!r} is not a legacy tile this game plays ({', '.join(playable)})")
    return tuple(t for t in playable if t in set(tiles))


def _place_groups(pool):
    """The pool's tiles grouped by board place (a tile beside the board is a group alone)."""
    groups = {}
    for t in pool:
        place = legacy.LEGACY_POSITION[legacy.LEGACY_INDEX[t]]
        groups.setdefault(t if place is None else place, []).append(t)
    return list(groups.values())


def _one_per_place(tiles):
    places = [legacy.LEGACY_POSITION[legacy.LEGACY_INDEX[t]] for t in tiles]
    placed = [p for p in places if p is not None]
    return len(placed) == len(set(placed))


def _valid_sets(pool, size):
    return [c for c in combinations(pool, size) if _one_per_place(c)]


__all__ = ["GAMES", "count_tile_sets", "playable_tiles", "random_tile_sets", "split_tile_sets"]
