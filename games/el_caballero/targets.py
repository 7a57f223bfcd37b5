"""Where a move is on the picture (``Game.board_target``): the ``data-target`` of the
drawn element a click on which picks it; ``svg.py`` tags the elements with the same names.

EC-11's cell head (the cell of a pending placement: an area card, a caballero card,
a Governor) is a map cell, ``cell:I`` with I the flat cell index the layout gives; the
first head's ``place_area`` (EC-6.2) is a display card, ``display:S``, its rotations
the several moves on one target. Other families (power cards, ships by side, ...) have
no one place a click would name, so they stay in the list.
"""

from .spaces import CELL_OFFSET, FIRST


def cell(index):
    return f"cell:{int(index)}"


def display(slot):
    return f"display:{int(slot)}"


def board_target(action):
    """The target of action id ``action``, decoded as the layout does, or None."""
    if action >= CELL_OFFSET:
        return cell(action - CELL_OFFSET)
    seg, i = FIRST.locate(action)
    if seg.name == "place_area":
        return display(i // 4)  # slot x rotation (EC-11)
    return None
