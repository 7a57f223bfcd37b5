"""Maracaibo's position formats (``Game.position_format``; docs/design.md, "Versions").

1. The base game: the record before the legacy tiles.
2. The legacy tiles (MA-26.4): the option ``legacy_tiles`` and the record fields
   ``opt_legacy``, ``legacy_discs``, ``legacy_markers``, ``legacy_bought``, ``legacy_city``
   and ``legacy_city_marker``. A format-1 position had no legacy tile in play, so it reads
   as the same position with none: the values a game without legacy tiles is set up with
   (rules/setup.py) and never changes.
3. The quest cards (MA-26.1, D16): the option ``quest_card`` and the field
   ``opt_quest_card``. Before them every game was played with card 75.
4. The C cards (GAP-63): the option ``c_cards``, the record fields ``opt_c_cards`` and
   ``c_in_game``, and the card-indexed fields (``card_where``, ``deck``, ``card_figs``)
   sized for the 167 card ids (the C cards 90-99 are ids 157..166). A format-3 position
   had no C card: each stays in the box, with no figure on it.
5. Story mode (MA-26.1): the options ``story`` and ``story_cards`` and the story fields
   (``opt_story``, ``opt_story_cards``, ``story_*``), and ``opt_legacy_setup`` (the tiles
   at setup; ``opt_legacy`` is the tiles in play, which story mode changes). A format-4
   position was no story game, so it reads with story mode off: the values
   ``story_checks.NO_STORY``, and its tiles at setup are its tiles in play.

Both ``maracaibo`` and ``maracaibo_solo`` positions (whose record extends this one) use them.
"""

import numpy as np

from .state import DTYPE
from .story_checks import NO_STORY

FORMAT = 5


def _filled(field, value):
    shape = DTYPE[field].shape
    return np.full(shape, value).tolist() if shape else value


# MA-26.4: the legacy fields with no tile in play: no disc on a purchase tile, no marker on
# L6 / L9, nothing bought, no ship at a new city and no marker on one
NO_LEGACY_TILES = {
    "opt_legacy": 0,
    "legacy_discs": 0,
    "legacy_markers": -1,
    "legacy_bought": 0,
    "legacy_city": -1,
    "legacy_city_marker": -1,
}


def without_legacy_tiles(obj):
    """Format 1 -> 2: the position with no legacy tile in play."""
    obj["options"] = {**obj["options"], "legacy_tiles": []} if isinstance(obj["options"], dict) else obj["options"]
    if isinstance(obj["state"], dict):
        for field, value in NO_LEGACY_TILES.items():
            obj["state"].setdefault(field, _filled(field, value))
    return obj


def with_card_75(obj):
    """Format 2 -> 3: the game was played with quest card 75 (index 0)."""
    obj["options"] = {**obj["options"], "quest_card": 75} if isinstance(obj["options"], dict) else obj["options"]
    if isinstance(obj["state"], dict):
        obj["state"].setdefault("opt_quest_card", 0)
    return obj


# GAP-63: the card-indexed fields grow by the C cards, which lie in the box (W_BOX = 0)
C_CARD_PADDING = {"card_where": 0, "deck": -1, "card_figs": 0}


def without_c_cards(obj):
    """Format 3 -> 4: the position with no C card in the game."""
    obj["options"] = {**obj["options"], "c_cards": []} if isinstance(obj["options"], dict) else obj["options"]
    state = obj["state"]
    if isinstance(state, dict):
        state.setdefault("opt_c_cards", 0)
        state.setdefault("c_in_game", 0)
        for field, value in C_CARD_PADDING.items():
            old = state.get(field)
            if isinstance(old, list) and len(old) < DTYPE[field].shape[0]:
                state[field] = old + [value] * (DTYPE[field].shape[0] - len(old))
    return obj


def without_story(obj):
    """Format 4 -> 5: the position of a game without story mode."""
    if isinstance(obj["options"], dict):
        obj["options"] = {**obj["options"], "story": False, "story_cards": []}
    if isinstance(obj["state"], dict):
        for field, value in NO_STORY.items():
            obj["state"].setdefault(field, _filled(field, value))
        obj["state"].setdefault("opt_legacy_setup", obj["state"].get("opt_legacy", 0))  # never changed
    return obj


MIGRATIONS = {1: without_legacy_tiles, 2: with_card_75, 3: without_c_cards, 4: without_story}
