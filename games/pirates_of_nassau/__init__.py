"""Pirates of Nassau, 3-5 players (rules: docs/rules/pirates_of_nassau.md)."""

from ..numba_cache import game_kernels

with game_kernels(__path__[0]):  # an edit elsewhere never recompiles this game
    from .game import PiratesOfNassau

__all__ = ["PiratesOfNassau"]
