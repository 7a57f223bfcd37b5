"""Where a move is on the picture (``Game.board_target``): the ``data-target`` of the
drawn element a click on which picks it; ``svg.py`` tags the board positions with the
same names, ``position:N`` (0 Nassau, 1..20 the route).

A move (PN-7.4, PN-7.5, PN-7.6) names a die, a way and a trade wind; the position it
reaches is the rules' ``move_destination``, so several moves reaching one position
(two dice, a trade wind) are the several moves on one target. The other families
(actions where the ship lies, tokens, Nassau's display) have no one place on the map.
"""

import numpy as np

from .position_checks import as_record
from .rules.pirate import move_destination
from .spaces import ACTION_LAYOUT


def position(pos):
    return f"position:{int(pos)}"


def board_target(rec, action):
    """The target of action id ``action`` in record ``rec``, or None."""
    seg, i = ACTION_LAYOUT.locate(action)
    if seg.name != "move":
        return None
    rec = as_record(rec)
    die, kind, tw = (int(v) for v in np.unravel_index(i, seg.shape))
    dest = int(move_destination(rec, max(int(rec["current_player"]), 0), die, kind, tw))
    return position(dest) if dest else None
