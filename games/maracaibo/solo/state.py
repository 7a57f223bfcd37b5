"""The solo record (MA-24): the Maracaibo record, Jean's fields in use.

Seats: 0 = the human, 1 = Jean. ``num_players`` in the record is 2 (the game is set
up as a 2-player game, MA-24.1, and Jean is a seat for influence majority, markers,
quest tiles, combat tokens, explorer ranks: MA-24.15); the Game exposes one seat.
Jean has no hand, cards, figures, career, doubloons, CP or ship board: her seat's
fields for those stay 0 / -1. Project cards she takes lie face-down next to her solo
board: they leave the game (card_where = W_BOX) and ``jean_cards`` counts them.
"""

from ..data.jean import NUM_JEAN_CARDS
from ..state import DTYPE

HUMAN = 0  # the human's seat
JEAN = 1  # Jean's seat
NJ = NUM_JEAN_CARDS  # 17 cards incl. the 2 expansion cards

# Jean's fields are part of every Maracaibo record (../state.py): solo mode and the base
# game share one record type, so solo compiles only its own kernels
SOLO_DTYPE = DTYPE
