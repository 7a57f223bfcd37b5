"""Maracaibo (rules: docs/rules/maracaibo.md); component data in ``data/``."""

from ..numba_cache import game_kernels

# no kernel outside solo/ imports it, so editing solo mode never recompiles the base game
with game_kernels(__path__[0], skip=("solo",)):
    from .game import Maracaibo

__all__ = ["Maracaibo"]
