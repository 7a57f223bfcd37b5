"""What one seat may see (docs/rules/spanish_main.md "Observation", SM-9.5), as a flat float32 vector.

Seats are relative to the observer (0 = observer, 1 = next clockwise, ...). The
vector layout is ``spaces.OBS``; other players' pirates, the removed pirates and
deck orders never enter it. After the game, full ownership is shown.
"""

from numba import njit

from .spaces import (
    OBS,
    O_ROW,
    O_DAMAGED,
    O_FAME,
    O_MINE,
    O_REVEALED,
    O_UNOWNED,
    O_NOT_OWNER,
    O_MOVED,
    O_SABOTAGED,
    O_BANKED,
    O_QUEUE,
    O_DECK,
    O_DISCARD,
    O_DISCARD_UNKNOWN,
    O_SEEN,
    O_UNSEEN,
    O_VIRTUAL,
    O_MOVE_ROW,
    O_HAND,
    O_MOVE_DECK,
    O_MOVE_DISCARD,
    O_HAND_SIZES,
    O_NUM_PLAYERS,
    O_SEAT_EXISTS,
    O_FIRST,
    O_ACTIVE,
    O_TURN,
    O_PHASE,
    O_TERMINAL_OWNER,
    O_PENDING,
)
from .state import AK, MK, P, Phase, S

_UPCOMING, _MOVE_CARDS_IN_HAND, _FAME_FROM_DISCARD = (
    OBS.index("variants", f) for f in ("upcoming_adventures", "move_cards_in_hand", "fame_from_discard")
)


@njit(cache=True)
def observe_one(rec, player, out):
    n = rec.num_players
    for i in range(S):
        ship = rec.row[i]
        out[O_ROW + i * S + ship] = 1.0
    for s in range(S):
        out[O_DAMAGED + s] = rec.damaged[s]
        out[O_FAME + s] = rec.fame[s]
        out[O_MINE + s] = rec.owner[s] == player
        if rec.revealed[s]:
            out[O_REVEALED + s * P + (rec.owner[s] - player) % n] = 1.0
        if rec.terminated and rec.owner[s] >= 0:
            out[O_TERMINAL_OWNER + s * P + (rec.owner[s] - player) % n] = 1.0
        out[O_UNOWNED + s] = rec.known_unowned[s]
    for q in range(n):
        r = (q - player) % n
        out[O_SEAT_EXISTS + r] = 1.0
        out[O_BANKED + r] = rec.banked[q]
        hand_size = 0
        for k in range(MK):
            hand_size += rec.hand[q, k]
        out[O_HAND_SIZES + r] = hand_size
        for s in range(S):
            out[O_NOT_OWNER + r * S + s] = rec.known_not_owner[q, s]
            out[O_MOVED + r * S + s] = rec.moved_by[q, s]
            out[O_SABOTAGED + r * S + s] = rec.sabotaged_by[q, s]
    for j in range(rec.adv_queue_len):
        out[O_QUEUE + j * AK + rec.adv_queue[j]] = 1.0
    out[O_DECK] = rec.adv_deck_len
    for k in range(AK):
        out[O_DISCARD + k] = rec.adv_discard[k]
        out[O_SEEN + k] = rec.adv_seen[k]
    out[O_DISCARD_UNKNOWN] = rec.adv_discard_unknown
    out[O_UNSEEN] = rec.fame_drawn_unseen
    out[O_VIRTUAL] = rec.virtual_fame
    for k in range(MK):
        out[O_MOVE_ROW + k] = rec.move_row[k]
        out[O_HAND + k] = rec.hand[player, k]
        out[O_MOVE_DISCARD + k] = rec.move_discard[k]
    out[O_MOVE_DECK] = rec.move_deck_len
    out[O_NUM_PLAYERS + n - 2] = 1.0
    out[O_FIRST + (rec.first_player - player) % n] = 1.0
    if rec.current_player >= 0:
        out[O_ACTIVE + (rec.current_player - player) % n] = 1.0
    out[O_TURN] = rec.turn
    out[_UPCOMING] = rec.upcoming_adventures
    out[_MOVE_CARDS_IN_HAND] = rec.move_cards_in_hand
    out[_FAME_FROM_DISCARD] = rec.fame_from_discard
    out[O_PHASE] = rec.phase == Phase.ACCUSE_DISCARD and rec.current_player == player
    if rec.pending_accuse >= 0:  # declared publicly (SM-5.4.1), resolved after the discard
        target = (rec.current_player + 1 + rec.pending_accuse // S) % n
        out[O_PENDING + ((target - player) % n) * S + rec.pending_accuse % S] = 1.0
