"""What one seat may see (docs/rules/spanish_main.md "Observation", SM-9.5), as a flat float32 vector.

Seats are relative to the observer (0 = observer, 1 = next clockwise, ...). The
vector layout is ``spaces.OBS``; other players' pirates, the removed pirates and
deck orders never enter it. After the game, full ownership is shown.
"""

from numba import njit

from .spaces import OBS
from .state import PHASE_ACCUSE_DISCARD, AK, MK, P, S

_ROW = OBS.offset("row")
_DAMAGED = OBS.offset("damaged")
_FAME = OBS.offset("fame")
_MINE = OBS.offset("mine")
_REVEALED = OBS.offset("revealed_owner")
_UNOWNED = OBS.offset("known_unowned")
_NOT_OWNER = OBS.offset("known_not_owner")
_MOVED = OBS.offset("moved_by")
_SABOTAGED = OBS.offset("sabotaged_by")
_BANKED = OBS.offset("banked")
_QUEUE = OBS.offset("adventure_queue")
_DECK = OBS.offset("adventure_deck_size")
_DISCARD = OBS.offset("adventure_discard")
_DISCARD_UNKNOWN = OBS.offset("adventure_discard_unknown")
_SEEN = OBS.offset("adventures_seen")
_UNSEEN = OBS.offset("fame_drawn_unseen")
_VIRTUAL = OBS.offset("virtual_fame")
_MOVE_ROW = OBS.offset("move_row")
_HAND = OBS.offset("my_hand")
_MOVE_DECK = OBS.offset("move_deck_size")
_MOVE_DISCARD = OBS.offset("move_discard")
_HAND_SIZES = OBS.offset("hand_sizes")
_NUM_PLAYERS = OBS.offset("num_players")
_SEAT_EXISTS = OBS.offset("seat_exists")
_FIRST = OBS.offset("first_player")
_ACTIVE = OBS.offset("active")
_TURN = OBS.offset("turn")
_UPCOMING, _MOVE_CARDS_IN_HAND, _FAME_FROM_DISCARD = (
    OBS.index("variants", f) for f in ("upcoming_adventures", "move_cards_in_hand", "fame_from_discard"))
_PHASE = OBS.offset("accuse_discard_phase")
_TERMINAL_OWNER = OBS.offset("terminal_owner")
_PENDING = OBS.offset("pending_accusation")


@njit(cache=True)
def observe_one(rec, player, out):
    n = rec.num_players
    for i in range(S):
        ship = rec.row[i]
        out[_ROW + i * S + ship] = 1.0
    for s in range(S):
        out[_DAMAGED + s] = rec.damaged[s]
        out[_FAME + s] = rec.fame[s]
        out[_MINE + s] = rec.owner[s] == player
        if rec.revealed[s]:
            out[_REVEALED + s * P + (rec.owner[s] - player) % n] = 1.0
        if rec.terminated and rec.owner[s] >= 0:
            out[_TERMINAL_OWNER + s * P + (rec.owner[s] - player) % n] = 1.0
        out[_UNOWNED + s] = rec.known_unowned[s]
    for q in range(n):
        r = (q - player) % n
        out[_SEAT_EXISTS + r] = 1.0
        out[_BANKED + r] = rec.banked[q]
        hand_size = 0
        for k in range(MK):
            hand_size += rec.hand[q, k]
        out[_HAND_SIZES + r] = hand_size
        for s in range(S):
            out[_NOT_OWNER + r * S + s] = rec.known_not_owner[q, s]
            out[_MOVED + r * S + s] = rec.moved_by[q, s]
            out[_SABOTAGED + r * S + s] = rec.sabotaged_by[q, s]
    for j in range(rec.adv_queue_len):
        out[_QUEUE + j * AK + rec.adv_queue[j]] = 1.0
    out[_DECK] = rec.adv_deck_len
    for k in range(AK):
        out[_DISCARD + k] = rec.adv_discard[k]
        out[_SEEN + k] = rec.adv_seen[k]
    out[_DISCARD_UNKNOWN] = rec.adv_discard_unknown
    out[_UNSEEN] = rec.fame_drawn_unseen
    out[_VIRTUAL] = rec.virtual_fame
    for k in range(MK):
        out[_MOVE_ROW + k] = rec.move_row[k]
        out[_HAND + k] = rec.hand[player, k]
        out[_MOVE_DISCARD + k] = rec.move_discard[k]
    out[_MOVE_DECK] = rec.move_deck_len
    out[_NUM_PLAYERS + n - 2] = 1.0
    out[_FIRST + (rec.first_player - player) % n] = 1.0
    if rec.current_player >= 0:
        out[_ACTIVE + (rec.current_player - player) % n] = 1.0
    out[_TURN] = rec.turn
    out[_UPCOMING] = rec.upcoming_adventures
    out[_MOVE_CARDS_IN_HAND] = rec.move_cards_in_hand
    out[_FAME_FROM_DISCARD] = rec.fame_from_discard
    out[_PHASE] = rec.phase == PHASE_ACCUSE_DISCARD and rec.current_player == player
    if rec.pending_accuse >= 0:  # declared publicly (SM-5.4.1), resolved after the discard
        target = (rec.current_player + 1 + rec.pending_accuse // S) % n
        out[_PENDING + ((target - player) % n) * S + rec.pending_accuse % S] = 1.0
