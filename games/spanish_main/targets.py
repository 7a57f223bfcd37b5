"""Where a move is on the picture (``Game.board_target``): the ``data-target`` of the
drawn element a click on which picks it; ``svg.py`` tags the ships in line with the
same names, ``position:I`` for row position I (1 the front).

A move card with a target position (SM-5.2: one ship, Sabotage) is at that ship; a
pair card at the front ship of its pair; an accusation (SM-5.4) at the ship whose
pirate it names, one move per accused seat. Cards that move every ship of a nation
or none (Fog), the repair (SM-5.3) and passing (SM-5.5) name no ship, so they stay in
the list.
"""

import numpy as np

from . import data as D
from .spaces import A_ACCUSE, A_PASS, A_REPAIR, PLAY_KIND, PLAY_PARAM


def position(index):
    return f"position:{int(index) + 1}"


def board_target(rec, action):
    """The target of action id ``action`` in record ``rec``, or None."""
    if action < A_REPAIR:
        effect = D.MOVE_EFFECT[int(PLAY_KIND[action])]
        if effect in (D.MoveEffect.SINGLE, D.MoveEffect.PAIR, D.MoveEffect.SABOTAGE):
            return position(PLAY_PARAM[action])  # the (front) position the card names
        return None
    if A_ACCUSE <= action < A_PASS:
        ship = (action - A_ACCUSE) % D.NUM_SHIPS  # accuse: (seat offset, pirate of ship)
        return position(np.flatnonzero(rec["row"] == ship)[0])
    return None
