"""Maracaibo (rules: docs/rules/maracaibo.md); component data in ``data/``."""

from .game import Maracaibo

__all__ = ["Maracaibo"]
