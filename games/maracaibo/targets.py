"""Where a move is on the picture (``Game.board_target``): the ``data-target`` of the
drawn element a click on which picks it; ``svg.py`` tags the route map's location
boxes with the same names, ``location:L`` for location index L (data/board.py).

A location is named by sailing there (MA-5, ``sail_to``), by choosing a village
(``choose_location``) and by the combat actions that annex at one (MA-8.6 CA2 / CA3);
each family's parameter is location index 1 + i (spaces.py). The main action (MA-6.2)
happens where the ship already lies and picks among that location's actions, so it
stays in the list, as do the explorer track and the legacy new cities (MA-26.4).

In a story game (MA-26.1) a story quest (GAP-61, ``story_quest`` k) is the badge of story
tile k + 1 on the map (``svg_story.py``), a vote (GAP-59, ``vote`` o) the line of
option o + 1 in the vote's box, and removing a skull tile (GAP-62, ``remove_skull`` j) the
skull tile's name on the map, ``skull:Lx``.
"""

from .data.story import SKULL_TILES
from .spaces import ACTIONS, CA_CARD, CA_FLAG, NUM_SAIL_TARGETS


def location(loc):
    return f"location:{int(loc)}"


def story_tile(k):
    """Story tile k + 1 (0-based ``k``, as the ``story_quest`` family's parameter)."""
    return f"story-tile:{int(k) + 1}"


def vote_option(o):
    """Option o + 1 of the vote in progress (0-based ``o``, as the ``vote`` family's parameter)."""
    return f"vote:{int(o) + 1}"


def skull_tile(j):
    """Skull tile j of data/story.py's SKULL_TILES ("skull:L3"), as ``remove_skull``'s parameter."""
    return f"skull:{SKULL_TILES[int(j)]}"


def board_target(action):
    """The target of action id ``action``, decoded as the layout does, or None."""
    seg, i = ACTIONS.locate(action)
    if seg.name in ("sail_to", "choose_location"):
        return location(1 + i)
    if seg.name == "combat_action" and CA_FLAG <= i < CA_CARD:  # CA2, then CA3, by location
        return location(1 + (i - CA_FLAG) % NUM_SAIL_TARGETS)
    if seg.name == "story_quest":
        return story_tile(i)
    if seg.name == "remove_skull":
        return skull_tile(i)
    if seg.name == "vote":
        return vote_option(i)
    return None
