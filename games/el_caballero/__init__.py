"""El Caballero, basic and expanded game (rules: docs/rules/el_caballero.md)."""

from .game import ElCaballero

__all__ = ["ElCaballero"]
