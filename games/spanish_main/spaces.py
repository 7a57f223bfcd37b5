"""Action and observation layouts of Spanish Main ("Decision points", "Observation")."""

import numpy as np

from ..core.layout import Layout
from . import data as D
from .state import AK, MK, P, S

EFFECT_PARAM_DOC = {
    D.MoveEffect.SINGLE: "target position 1-9",
    D.MoveEffect.PAIR: "pair front position 1-8",
    D.MoveEffect.NATION: "no parameter",
    D.MoveEffect.SABOTAGE: "undamaged target position 1-9",
    D.MoveEffect.FOG: "no parameter",
}


def build_action_layout(move_cards_in_hand):
    lay = Layout()
    for k in range(MK):
        eff = int(D.MOVE_EFFECT[k])
        lay.add(
            f"play_{D.MOVE_IDS[k].lower()}",
            int(D.MOVE_NUM_PARAMS[k]),
            f"play {D.MOVE_NAMES[k]} ({EFFECT_PARAM_DOC[eff]})",
        )
    lay.add("repair", 1, "repair every ship (SM-5.3)")
    lay.add("accuse", (P - 1, S), "accuse the player `offset` seats clockwise (1..3) of pirate 0..8 (SM-5.4)")
    lay.add("pass", 1 + MK, "pass; index 0 keeps the row, 1+k discards move kind k and redraws (SM-5.5)")
    if move_cards_in_hand:
        lay.add("accuse_discard", MK, "SM-10.2 only: discard move kind k to pay for the accusation")
    return lay


BASE_ACTIONS = build_action_layout(False)
NUM_PLAY_ACTIONS = BASE_ACTIONS.offset("repair")
PLAY_OFFSET = np.array([BASE_ACTIONS.offset(f"play_{m.lower()}") for m in D.MOVE_IDS], dtype=np.int64)
# the move kind and parameter of every PLAY action
PLAY_KIND = np.repeat(np.arange(MK), D.MOVE_NUM_PARAMS).astype(np.int64)
PLAY_PARAM = (np.arange(NUM_PLAY_ACTIONS) - PLAY_OFFSET[PLAY_KIND]).astype(np.int64)
A_REPAIR = BASE_ACTIONS.offset("repair")
A_ACCUSE = BASE_ACTIONS.offset("accuse")
A_PASS = BASE_ACTIONS.offset("pass")
A_ACCUSE_DISCARD = BASE_ACTIONS.size  # first id after the base layout


def build_obs_layout():
    lay = Layout()
    lay.add("row", (S, S), "one-hot: ship id at each position (position 1 first)")
    lay.add("damaged", S, "1 if the ship (by id) is damaged")
    lay.add("fame", S, "fame pile under each ship (count)")
    lay.add("mine", S, "PRIVATE: 1 if the observer owns the ship")
    lay.add("revealed_owner", (S, P), "one-hot relative seat of a revealed owner (0 = observer)")
    lay.add("known_unowned", S, "1 if a Mutiny showed the ship unowned")
    lay.add("known_not_owner", (P, S), "relative seat x ship: a wrong accusation showed they do not own it")
    lay.add("moved_by", (P, S), "relative seat x ship: net spaces that seat's cards moved the ship forward")
    lay.add("sabotaged_by", (P, S), "relative seat x ship: Sabotage cards that seat played on the ship")
    lay.add("banked", P, "banked fame per relative seat")
    lay.add("adventure_queue", (P, AK), "one-hot kind of each face-up adventure; slot 0 is current")
    lay.add("adventure_deck_size", 1, "cards left in the adventure deck")
    lay.add("adventure_discard", AK, "identified discarded adventures per kind")
    lay.add("adventure_discard_unknown", 1, "discarded lost-fame cards of unknown kind")
    lay.add("adventures_seen", AK, "adventures ever face up, per kind")
    lay.add("fame_drawn_unseen", 1, "deck cards drawn face down as fame")
    lay.add("virtual_fame", 1, "fame credited without a card")
    lay.add("move_row", MK, "face-up move row, count per kind (base game)")
    lay.add("my_hand", MK, "PRIVATE: the observer's move hand per kind (SM-10.2)")
    lay.add("move_deck_size", 1, "cards left in the move deck")
    lay.add("move_discard", MK, "move discard pile per kind since the last reshuffle")
    lay.add("hand_sizes", P, "move hand size per relative seat (SM-10.2)")
    lay.add("num_players", 3, "one-hot: 2, 3 or 4 players")
    lay.add("seat_exists", P, "1 for relative seats that are in the game")
    lay.add("first_player", P, "one-hot relative seat of the first player")
    lay.add("active", P, "one-hot relative seat to act")
    lay.add("turn", 1, "completed turns")
    lay.add(
        "variants",
        3,
        "upcoming adventures, move cards in hand, fame from discard",
        fields=("upcoming_adventures", "move_cards_in_hand", "fame_from_discard"),
    )
    lay.add("accuse_discard_phase", 1, "1 while the observer must pick the card paying for an accusation")
    lay.add(
        "pending_accusation",
        (P, S),
        "SM-10.2.4: the declared accusation awaiting its discard (relative target seat x pirate)",
    )
    lay.add("terminal_owner", (S, P), "after the game: one-hot relative seat owning each ship")
    return lay


OBS = build_obs_layout()

# where each observation segment starts: one name for the numba writer (observe.py)
# and the numba readers (training/bots/spanish_main.py, training/features.py)
O_ROW = OBS.offset("row")
O_DAMAGED = OBS.offset("damaged")
O_FAME = OBS.offset("fame")
O_MINE = OBS.offset("mine")
O_REVEALED = OBS.offset("revealed_owner")
O_UNOWNED = OBS.offset("known_unowned")
O_NOT_OWNER = OBS.offset("known_not_owner")
O_MOVED = OBS.offset("moved_by")
O_SABOTAGED = OBS.offset("sabotaged_by")
O_BANKED = OBS.offset("banked")
O_QUEUE = OBS.offset("adventure_queue")
O_DECK = OBS.offset("adventure_deck_size")
O_DISCARD = OBS.offset("adventure_discard")
O_DISCARD_UNKNOWN = OBS.offset("adventure_discard_unknown")
O_SEEN = OBS.offset("adventures_seen")
O_UNSEEN = OBS.offset("fame_drawn_unseen")
O_VIRTUAL = OBS.offset("virtual_fame")
O_MOVE_ROW = OBS.offset("move_row")
O_HAND = OBS.offset("my_hand")
O_MOVE_DECK = OBS.offset("move_deck_size")
O_MOVE_DISCARD = OBS.offset("move_discard")
O_HAND_SIZES = OBS.offset("hand_sizes")
O_NUM_PLAYERS = OBS.offset("num_players")
O_SEAT_EXISTS = OBS.offset("seat_exists")
O_FIRST = OBS.offset("first_player")
O_ACTIVE = OBS.offset("active")
O_TURN = OBS.offset("turn")
O_PHASE = OBS.offset("accuse_discard_phase")
O_TERMINAL_OWNER = OBS.offset("terminal_owner")
O_PENDING = OBS.offset("pending_accusation")
