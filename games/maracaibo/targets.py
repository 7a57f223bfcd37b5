"""Where a move is on the picture (``Game.board_target``): the ``data-target`` of the
drawn element a click on which picks it; ``svg.py`` tags the route map's location
boxes with the same names, ``location:L`` for location index L (data/board.py).

A location is named by sailing there (MA-5, ``sail_to``), by choosing a village
(``choose_location``) and by the combat actions that annex at one (MA-8.6 CA2 / CA3);
each family's parameter is location index 1 + i (spaces.py). The main action (MA-6.2)
happens where the ship already lies and picks among that location's actions, so it
stays in the list, as do the explorer track and the legacy new cities (MA-26.4).
"""

from .spaces import ACTIONS, CA_CARD, CA_FLAG, NUM_SAIL_TARGETS


def location(loc):
    return f"location:{int(loc)}"


def board_target(action):
    """The target of action id ``action``, decoded as the layout does, or None."""
    seg, i = ACTIONS.locate(action)
    if seg.name in ("sail_to", "choose_location"):
        return location(1 + i)
    if seg.name == "combat_action" and CA_FLAG <= i < CA_CARD:  # CA2, then CA3, by location
        return location(1 + (i - CA_FLAG) % NUM_SAIL_TARGETS)
    return None
