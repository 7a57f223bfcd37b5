"""What every engine shares: rng, state records, layouts, JSON, errors, the Game base."""

from .errors import IllegalActionError, PositionError
from .game import REWARD_SCHEMES, Game
from .layout import Layout

__all__ = ["Game", "IllegalActionError", "Layout", "PositionError", "REWARD_SCHEMES"]
