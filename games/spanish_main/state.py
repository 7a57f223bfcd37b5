"""The Spanish Main record: every field of one game (SM-* rule IDs in comments).

Indexing: positions 0..8 are the rulebook's positions 1..9 (0 = front); ships 0..8
are E1,E2,E3,S1,S2,S3,D1,D2,D3; players are absolute seats 0..3. Arrays are sized
for 4 players; seats >= num_players stay zero.
"""

import numpy as np

from ..core.codes import Codes
from ..core.state import make_dtype
from . import data as D

MAX_PLAYERS = 4
P, S, AK, MK = MAX_PLAYERS, D.NUM_SHIPS, D.NUM_ADVENTURE_KINDS, D.NUM_MOVE_KINDS


class Phase(Codes):
    """What the player to act decides (``phase``)."""

    ACTION = "SM-5.0: the active player picks one of the four actions"
    ACCUSE_DISCARD = "SM-10.2.4: the accuser picks the card to discard"


DTYPE = make_dtype(
    [
        ("first_player", np.int8),  # SM-3.6
        # options, copied into the record so a position describes itself
        ("upcoming_adventures", np.uint8),  # SM-10.1
        ("move_cards_in_hand", np.uint8),  # SM-10.2
        ("fame_from_discard", np.uint8),  # SM-10.3
        ("mask_noop_moves", np.uint8),  # GAP-6 engine option
        ("phase", np.int8),  # Phase
        ("pending_accuse", np.int16),  # ACCUSE parameter awaiting its discard, -1 if none
        # ship row (SM-0.2 .. SM-0.6)
        ("row", np.int8, (S,)),  # ship at each position
        ("damaged", np.uint8, (S,)),  # by ship
        ("fame", np.int16, (S,)),  # fame pile under each ship
        ("owner", np.int8, (S,)),  # HIDDEN: seat holding the pirate card, -1 = removed/unowned
        ("revealed", np.uint8, (S,)),  # pirate card face up (SM-5.4.4, SM-6.9.16)
        ("known_unowned", np.uint8, (S,)),  # public: Mutiny hit this unowned ship (SM-9.6)
        ("banked", np.int16, (P,)),  # fame taken by accusation (SM-5.4.4)
        ("known_not_owner", np.uint8, (P, S)),  # public: wrong accusations (SM-5.4.5)
        ("moved_by", np.int16, (P, S)),  # public: net spaces each seat moved each ship forward
        ("sabotaged_by", np.uint8, (P, S)),  # public: Sabotage plays per seat and ship
        # adventures (SM-3.3, SM-6.6, SM-10.1); deck top is adv_deck[adv_deck_len - 1]
        ("adv_deck", np.int8, (D.NUM_ADVENTURES,)),  # HIDDEN order; -1 past the end
        ("adv_deck_len", np.int16),
        ("adv_queue", np.int8, (P,)),  # face-up adventures, [0] = current; -1 past the end
        ("adv_queue_len", np.int8),
        ("adv_discard", np.int16, (AK,)),  # identified discards per kind
        ("adv_discard_unknown", np.int16),  # lost fame cards, identity unknown (SM-6.8)
        ("adv_seen", np.int16, (AK,)),  # per kind: cards that have been face up
        ("fame_drawn_unseen", np.int16),  # deck cards drawn face down as fame
        ("virtual_fame", np.int16),  # fame credited without a card (GAP-11)
        # move cards (SM-3.5, SM-5.1.6, SM-10.2); deck top is move_deck[move_deck_len - 1]
        ("move_deck", np.int8, (D.NUM_MOVES,)),  # HIDDEN order; -1 past the end
        ("move_deck_len", np.int8),
        ("move_row", np.uint8, (MK,)),  # face-up row, counts per kind (base game)
        ("hand", np.uint8, (P, MK)),  # HIDDEN hands, counts per kind (SM-10.2)
        ("move_discard", np.uint8, (MK,)),  # face-up discard since the last reshuffle
        # the last turn, for render and logs
        ("last_actor", np.int8),
        ("last_action", np.int16),
        ("last_accuse", np.int16),  # ACCUSE parameter resolved this turn, -1 if none
        ("last_accuse_correct", np.int8),
        ("last_adventure", np.int8),  # kind resolved this turn, -1 if none (Fog)
    ]
)
