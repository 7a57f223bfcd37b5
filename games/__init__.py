"""doubloon rules engines: ``games.make(name, **options)`` and ``games.list()``.

No RL dependencies here: numpy and numba only.
"""

import importlib

from . import _numba_cache

_numba_cache.configure()  # before any kernel is compiled

from .core import Game, IllegalActionError, PositionError  # noqa: E402

# registry name -> "module:Class"; engines import lazily so one game's kernels
# compile only when that game is used
_REGISTRY = {
    "maracaibo": "games.maracaibo:Maracaibo",
    "maracaibo_solo": "games.maracaibo.solo:MaracaiboSolo",
    "spanish_main": "games.spanish_main:SpanishMain",
}


def list_games():
    """Names accepted by ``make``."""
    return sorted(_REGISTRY)


def make(name, **options):
    """Build a game, e.g. ``make("spanish_main", num_players=3, upcoming_adventures=True)``."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(list_games())}")
    module, cls = _REGISTRY[name].split(":")
    return getattr(importlib.import_module(module), cls)(**options)


def api_test(game, **kwargs):
    """Check a game against the engine contract (see games.core.api_test)."""
    from .core.api_test import api_test as _api_test

    return _api_test(game, **kwargs)


list = list_games  # noqa: A001 -- the documented name, ``games.list()``

__all__ = ["Game", "IllegalActionError", "PositionError", "api_test", "list", "list_games", "make"]
