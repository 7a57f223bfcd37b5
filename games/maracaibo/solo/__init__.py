"""Maracaibo solo mode against Jean (MA-24)."""

from ...numba_cache import game_kernels

# solo kernels call the base game's: keyed by those sources too
with game_kernels(__path__[0], also=(__path__[0] + "/..",)):
    from .game import MaracaiboSolo

__all__ = ["MaracaiboSolo"]
