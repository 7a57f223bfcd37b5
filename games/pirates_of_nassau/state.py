"""The Pirates of Nassau record: every field of one game (PN-* rule IDs in comments).

Indexing: positions 1..20 as printed, 0 = Nassau (PN-3.1); players are absolute seats
0..4, arrays sized for 5 players (seats >= num_players stay zero); items are
(peso, gunpowder, goods, rum, hostage) (PN-0.4); merchants, navy cards and token
types are the row indices of data.MERCHANTS, data.NAVY (+ Game End) and data.TOKENS.
Piles keep their top at index ``len - 1`` and their bottom at index 0.
"""

import numpy as np

from ..core.codes import Codes
from ..core.state import make_dtype
from . import data as D

P = D.MAX_PLAYERS
NP = D.NUM_POSITIONS + 1
NS = D.NUM_SLOTS
PLUNDER_LOG = P * D.PASSES  # at most one plunder per pirate turn (PN-7.2)


class Step(Codes):
    """The step of the round that is being played (PN-5.1)."""

    PIRATE = "PN-7, PN-8: step 2, the pirate phase (steps 1, 6-9 run inside the kernels)"
    NOTORIETY = "PN-9: step 3, adjust notoriety"
    NAVY = "PN-10: step 4, evade the Royal Navy"
    BUY = "PN-11.2: step 5, the Nassau purchase loop"
    BURY = "PN-11.8: step 5, bury treasure"
    CHECK = "PN-11.10: end of step 5, holds over capacity"
    OVER = "PN-12.2: the game is over"


class Decision(Codes):
    """The pending decision of the player to act (PN-19.3)."""

    MOVE = "PN-7.4, PN-7.5: choose die, move and trade wind"
    ACTION = "PN-8.1: choose the action at the destination"
    CARD = "PN-8.2 step 1: play a captain card"
    BOOST = "PN-8.2 step 2: flip challenge tokens, then done"
    RANSOM = "PN-8.8: ransom a hostage after the smuggle, or not"
    OVERFLOW = "PN-8.12: remove items until the hold fits"
    ADJUST = "PN-9.2: own notoriety adjustment"
    COLLISION = "PN-9.4: the target space is occupied, move up or down"
    NAVY_PICK = "PN-10.2: take a Royal Navy card"
    PENALTY = "PN-10.6: one test failed, choose the penalty"
    CARGO_LOSS = "PN-10.6, PN-10.7: remove items of the lost cargo"
    BUY = "PN-11.2: buy one item, exchange pesos, or pass"
    BURY = "PN-11.8: convert resources, exchange pesos, bury pesos"
    CHECK = "PN-11.10: remove items until the hold fits"
    NONE = "the game is over"


class Challenge(Codes):
    """What the pending challenge is against (PN-8.2)."""

    NONE = "no challenge"
    PLUNDER = "PN-8.3: a merchant at the player's trade route"
    RAID = "PN-8.9: the port at the player's position"
    NAVY = "PN-10.4: the Royal Navy ship the player took"


# the record fields holding the options (PiratesOfNassau.config() after num_players)
OPTION_FIELDS = ("plank_any_time", "return_all_hostages", "cargo_rule", "random_starting_tokens", "auto_resolve")

DTYPE = make_dtype(
    [
        # options, copied into the record so a position describes itself
        ("plank_any_time", np.uint8),  # GAP-16
        ("return_all_hostages", np.uint8),  # GAP-15 alternative
        ("cargo_rule", np.uint8),  # GAP-9: 0 all items, 1 resources only, 2 goods only
        ("random_starting_tokens", np.uint8),  # GAP-8 option: each ship starts with tokens from the stacks
        ("auto_resolve", np.uint8),  # PN-19.3 option: a decision with one legal action is taken by the engine
        # flow
        ("round_no", np.int16),  # 1-based
        ("step", np.int8),  # Step
        ("decision", np.int8),  # Decision
        ("pass_no", np.int8),  # 0..2 in step 2 (PN-7.1)
        ("order", np.int8, (P,)),  # the step's player order (PN-5.3); -1 past num_players
        ("order_idx", np.int8),  # position of the acting player in ``order``
        # board (PN-3)
        ("route_card", np.int8, (NP,)),  # merchant on each trade route, -1 none
        ("raided", np.uint8, (NP,)),  # PN-8.10
        ("m_deck", np.int8, (3, D.DECK_MAX)),  # HIDDEN order, per region; -1 past the end
        ("m_deck_len", np.int8, (3,)),
        # Royal Navy (PN-4.3, PN-12)
        ("navy_deck", np.int8, (D.NUM_NAVY,)),  # HIDDEN order; -1 past the end
        ("navy_deck_len", np.int8),
        ("navy_fresh", np.int8),  # top cards of the deck never revealed (the rest came back known)
        ("navy_display", np.int8, (P,)),  # face-up cards, -1 taken / unused
        # tokens (PN-4.5, PN-14)
        ("stack", np.int8, (3, D.STACK_MAX)),  # HIDDEN order of each stack; -1 past the end
        ("stack_len", np.int8, (3,)),
        ("discard", np.uint8, (D.NUM_TOKEN_TYPES,)),  # discard piles, per token type (public)
        ("display", np.int8, (3 * P,)),  # Nassau display: hull 0-4, mast 5-9, crew 10-14; -1 empty
        # supply (PN-2.6; pesos unlimited, GAP-32)
        ("supply", np.int16, (5,)),  # by item; the peso entry stays 0
        ("tw_supply", np.int8),
        # players
        ("notoriety", np.int16, (P,)),  # true value (PN-3.8)
        ("sections", np.int8, (P,)),  # extra sections bought (PN-11.4)
        ("slot", np.int8, (P, NS)),  # token type on each slot, -1 empty
        ("slot_used", np.uint8, (P, NS)),  # one-shot token flipped this round (PN-11.6)
        ("in_use", np.uint8, (NS,)),  # the acting player's tokens flipped in the open window
        ("hold", np.int16, (P, 5)),
        ("chest", np.int16, (P,)),  # HIDDEN from the other players (GAP-33)
        ("tw_held", np.uint8, (P,)),  # PN-8.5a
        ("tw_spent", np.uint8),  # the adjusting player spent the trade wind for +1 (PN-9.2)
        ("played", np.uint8, (P, D.CAPTAIN_CARDS)),  # captain cards played this round (PN-8.2)
        ("dice", np.int8, (P, 3)),  # values 1..6 (PN-6.1)
        ("die_pos", np.int8, (P, 3)),  # 0 unused, else the position the die lies on (PN-7.3)
        ("die_tw", np.uint8, (P, 3)),  # a spent trade wind under the die (PN-7.6)
        ("pos", np.int8, (P,)),  # 0 = Nassau
        ("plundered", np.int8, (PLUNDER_LOG,)),  # merchants plundered this round, in order (PN-8.15)
        ("plundered_by", np.int8, (PLUNDER_LOG,)),
        ("plundered_len", np.int8),
        ("raids", np.int8, (P,)),  # ports raided this round
        ("plank", np.int8, (P,)),  # hostages on the plank, scored at the next own step 3 (PN-8.14)
        ("passed", np.uint8, (P,)),  # PN-11.2
        # the pending challenge / penalty (PN-8.2, PN-10)
        ("ch_kind", np.int8),  # Challenge
        ("ch_target", np.int8),  # position (plunder, raid) or navy card id
        ("ch_card", np.int8),  # captain card played, -1 none yet
        ("col_target", np.int16),  # PN-9.4: the occupied target value, 0 none
        ("cargo_pending", np.uint8),  # PN-10.7: half the cargo is still to lose after the notoriety
        ("cargo_left", np.int8),  # items still to remove in CARGO_LOSS
        ("last_actor", np.int8),
        ("last_action", np.int16),
    ]
)
