"""Pirates of the Spanish Main: The Card Game (rules: docs/rules/spanish_main.md)."""

from ..numba_cache import game_kernels

with game_kernels(__path__[0]):  # an edit elsewhere never recompiles this game
    from .game import SpanishMain

__all__ = ["SpanishMain"]
