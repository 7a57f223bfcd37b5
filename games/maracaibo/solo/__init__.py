"""Maracaibo solo mode against Jean (MA-24)."""

from .game import MaracaiboSolo

__all__ = ["MaracaiboSolo"]
