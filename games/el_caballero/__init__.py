"""El Caballero, basic and expanded game (rules: docs/rules/el_caballero.md)."""

from ..numba_cache import game_kernels

with game_kernels(__path__[0]):  # an edit elsewhere never recompiles this game
    from .game import ElCaballero

__all__ = ["ElCaballero"]
