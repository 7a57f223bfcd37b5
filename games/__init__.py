"""doubloon rules engines: ``games.make(name, **options)`` and ``games.list()``.

No RL dependencies here: numpy and numba only.
"""

import builtins
import importlib
from typing import Any

from . import numba_cache

numba_cache.configure()  # before any kernel is compiled

from .core import Game, IllegalActionError, PositionError
from .core import options as _options
from .core.parallel import get_threads, max_threads, set_threads

# registry name -> "module:Class"; engines import lazily so one game's kernels
# compile only when that game is used
_REGISTRY = {
    "el_caballero": "games.el_caballero:ElCaballero",
    "maracaibo": "games.maracaibo:Maracaibo",
    "maracaibo_solo": "games.maracaibo.solo:MaracaiboSolo",
    "pirates_of_nassau": "games.pirates_of_nassau:PiratesOfNassau",
    "spanish_main": "games.spanish_main:SpanishMain",
}


def list_games() -> builtins.list[str]:  # builtins: ``list`` is this module's own below
    """Names accepted by ``make``."""
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    """The ``Game`` subclass registered as ``name``."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(list_games())}")
    module, cls = _REGISTRY[name].split(":")
    return getattr(importlib.import_module(module), cls)


def option_defaults(name: str) -> dict[str, Any]:
    """``{option: default}`` that ``make(name, ...)`` accepts."""
    return _options.defaults(game_class(name))


def option_from_text(name: str, option: str, text: str) -> Any:
    """An option value written as text (``-o option=text`` on the CLI), typed by its default."""
    return _options.from_text(name, game_class(name), option, text)


def make(name: str, threads: int | None = None, **options: Any) -> Game:
    """Build a game, e.g. ``make("spanish_main", num_players=3, upcoming_adventures=True)``.

    An unknown option is refused with the list of those the game accepts. ``threads``
    is not an option of the game (no state or result depends on it): the threads its
    batches of 64 rows or more run on, default the process's (``set_threads``, else 1)."""
    cls = game_class(name)
    _options.check_names(name, cls, options)
    game = cls(**options)
    game.threads = threads
    return game


def api_test(game: Game, **kwargs: Any) -> Any:
    """Check a game against the engine contract (see games.core.api_test)."""
    from .core.api_test import api_test as _api_test

    return _api_test(game, **kwargs)


list = list_games  # the documented name, ``games.list()``

__all__ = [
    "Game",
    "IllegalActionError",
    "PositionError",
    "api_test",
    "game_class",
    "get_threads",
    "list",
    "list_games",
    "make",
    "max_threads",
    "option_defaults",
    "option_from_text",
    "set_threads",
]
