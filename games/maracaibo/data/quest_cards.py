"""The non-story quest cards 75, 76 and 77 (D16; MA-3.11, MA-21.7, MA-26.1, GAP-64).

A game without the story is played with one of three cards that say where quest tiles
are laid at setup and after rounds 1-3 (MA-3.11, MA-21.7): 75, the plain game (its
schedule is D13, ``board.QUEST_SCHEDULE``), and 76 and 77, the alternatives that also
add legacy tiles and shuffle C cards into the project deck at setup (MA-26.1). Their
texts are not public: 76 and 77 are PLACEHOLDER cards of D13's shape (GAP-64), and a
real list replaces ``ALTERNATIVE_SCHEDULES`` and ``SETUP_TILES`` / ``SETUP_C_CARDS``
without code changes. The option ``quest_card`` picks one; the record keeps its index in
``QUEST_CARDS`` (``opt_quest_card``), so 0 is card 75, the default.
"""

import numpy as np

from . import board
from .codes import placeholder

QUEST_CARDS = (75, 76, 77)
DEFAULT_QUEST_CARD = 75
PH_ALTERNATIVE = placeholder("GAP-64: the texts of cards 76 and 77 are not in any public source")

S, R1, R2, R3 = board.SETUP, board.END_ROUND_1, board.END_ROUND_2, board.END_ROUND_3
# Columns as D13's: when, location, minimum number of players, provenance (solo counts as
# 2). Each card lays at most 2 tiles on one location (the board's quest slots, D13) and
# with 4 players 12 tiles, as card 75, so the 24 tiles always suffice (MA-3.2, GAP-38).
ALTERNATIVE_SCHEDULES = {
    76: tuple(
        (when, loc, fewest, PH_ALTERNATIVE)
        for when, loc, fewest in (
            (S, "16", 1), (S, "7", 3), (S, "12", 4),
            (R1, "3", 1), (R1, "10", 1), (R1, "19", 3),
            (R2, "1", 1), (R2, "8", 1), (R2, "18", 3),
            (R3, "6", 1), (R3, "12", 1), (R3, "16", 3),
        )
    ),
    77: tuple(
        (when, loc, fewest, PH_ALTERNATIVE)
        for when, loc, fewest in (
            (S, "15", 1), (S, "6", 3), (S, "19", 4),
            (R1, "8", 1), (R1, "12", 1), (R1, "18", 3),
            (R2, "1", 1), (R2, "10", 1), (R2, "16", 3),
            (R3, "3", 1), (R3, "7", 1), (R3, "19", 3),
        )
    ),
}  # fmt: skip
SCHEDULES = {DEFAULT_QUEST_CARD: board.QUEST_SCHEDULE, **ALTERNATIVE_SCHEDULES}

# MA-26.1: what 76 and 77 add at setup (PLACEHOLDER, GAP-64): legacy tiles the engine plays
# (``legacy.check_legacy_tiles``) and C cards shuffled into the project deck
SETUP_TILES = {75: (), 76: ("L10", "L25"), 77: ("L2", "L5", "L12")}
SETUP_C_CARDS = {75: (), 76: (90, 91), 77: (92,)}

# packed for the kernels: one row per scheduled tile, its card as the index in QUEST_CARDS
_ROWS = [(QUEST_CARDS.index(card),) + row[:3] for card in QUEST_CARDS for row in SCHEDULES[card]]
SCHEDULE_CARD = np.array([r[0] for r in _ROWS], dtype=np.int64)
SCHEDULE_WHEN = np.array([r[1] for r in _ROWS], dtype=np.int64)
SCHEDULE_LOC = np.array([board.LOC_INDEX[r[2]] for r in _ROWS], dtype=np.int64)
SCHEDULE_MIN_PLAYERS = np.array([r[3] for r in _ROWS], dtype=np.int64)


def check_quest_card(game_name, card):
    """The card number if it is one of ``QUEST_CARDS``, else a one-line ValueError."""
    if isinstance(card, bool) or not isinstance(card, (int, np.integer)) or int(card) not in QUEST_CARDS:
        raise ValueError(
            f"{game_name}: option quest_card must be one of {', '.join(map(str, QUEST_CARDS))} "
            f"(75 the plain game, 76 and 77 the alternatives, MA-26.1), got {card!r}"
        )
    return int(card)


def setup_tiles(card, tiles):
    """The legacy tiles in play with ``card``: those asked for and those the card adds (MA-26.1)."""
    return tuple(tiles) + tuple(t for t in SETUP_TILES[card] if t not in tiles)


def setup_c_cards(card, numbers):
    """The C cards in the deck with ``card``: those asked for and those the card shuffles in (MA-26.1)."""
    return tuple(numbers) + tuple(n for n in SETUP_C_CARDS[card] if n not in numbers)
