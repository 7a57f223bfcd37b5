"""Pirates of the Spanish Main: The Card Game (rules: docs/rules/spanish_main.md)."""

from .game import SpanishMain

__all__ = ["SpanishMain"]
