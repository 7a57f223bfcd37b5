"""The solo record (MA-24): the Maracaibo record plus Jean's fields.

Seats: 0 = the human, 1 = Jean. ``num_players`` in the record is 2 (the game is set
up as a 2-player game, MA-24.1, and Jean is a seat for influence majority, markers,
quest tiles, combat tokens, explorer ranks: MA-24.15); the Game exposes one seat.
Jean has no hand, cards, figures, career, doubloons, CP or ship board: her seat's
fields for those stay 0 / -1. Project cards she takes lie face-down next to her solo
board: they leave the game (card_where = W_BOX) and ``jean_cards`` counts them.
"""

import numpy as np

from ..data.jean import NUM_JEAN_CARDS
from ..state import DTYPE

JEAN = 1  # Jean's seat
NJ = NUM_JEAN_CARDS  # 17 cards incl. the 2 expansion cards

JEAN_FIELDS = [
    ("jean_level", np.int8),  # difficulty 1..5 (MA-24.4, D10)
    ("opt_jean_expansion", np.uint8),  # the "U" cards may be drawn into her deck
    ("jean_deck", np.int8, (NJ,)),  # HIDDEN order; top = jean_deck[jean_deck_len - 1]; -1 past the end
    ("jean_deck_len", np.int8),
    ("jean_discard", np.int8, (NJ,)),  # solo discard pile in discard order, -1 past the end (public)
    ("jean_discard_len", np.int8),
    ("jean_card", np.int8),  # card of her latest turn (public, now on the discard pile), -1
    ("jean_removed", np.int8),  # discs gone from her solo track 0..22 (MA-24.2, D14)
    ("jean_cards", np.int16),  # project cards face-down next to her solo board (MA-24.8)
    ("jean_bonus", np.int16, (4,)),  # end bonuses (MA-24.14): quests x5, quest lead, upgrade lead, explorer lead
]

SOLO_DTYPE = np.dtype(DTYPE.descr + JEAN_FIELDS)
