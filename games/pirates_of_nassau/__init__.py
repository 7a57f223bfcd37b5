"""Pirates of Nassau, 3-5 players (rules: docs/rules/pirates_of_nassau.md)."""

from .game import PiratesOfNassau

__all__ = ["PiratesOfNassau"]
