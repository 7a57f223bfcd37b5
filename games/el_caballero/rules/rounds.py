"""Rounds (EC-5), supply (EC-6.1), ending a turn (EC-6.10) and a round (EC-7)."""

from numba import njit

from ...core import rng
from .. import data as D
from ..state import Phase
from .scoring import score_round, scoring_index
from .setup import reveal_display
from .supply import gain


@njit(cache=True)
def rounds_total(rec):
    return D.ROUNDS[rec.expanded]


@njit(cache=True)
def may_play_power(rec, p, v):
    """EC-5.3: a card still in hand whose value nobody played this round."""
    if rec.power_hand[p, v - 1] == 0:
        return False
    for q in range(rec.num_players):
        if rec.played[q] == v:
            return False
    return True


@njit(cache=True)
def play_power(rec, v):
    """EC-5.2: clockwise from the start player; the last card sets the turn order."""
    p = rec.current_player
    rec.played[p] = v
    rec.power_hand[p, v - 1] = 0  # EC-5.4: spent for the game
    nxt = (p + 1) % rec.num_players
    if nxt != rec.start_player:
        rec.current_player = nxt
        return
    set_turn_order(rec)
    rec.turn_idx = 0
    rec.phase = Phase.TURN
    begin_turn(rec)


@njit(cache=True)
def set_turn_order(rec):
    """EC-5.5: highest value first (values are distinct, EC-5.3)."""
    n = rec.num_players
    for i in range(n):
        rec.turn_order[i] = i
    for i in range(n):
        for j in range(n - 1 - i):
            if rec.played[rec.turn_order[j]] < rec.played[rec.turn_order[j + 1]]:
                t = rec.turn_order[j]
                rec.turn_order[j] = rec.turn_order[j + 1]
                rec.turn_order[j + 1] = t


@njit(cache=True)
def reset_turn_counters(rec):
    """EC-5.8, EC-7.3: the per-turn counters at 0 (the caller sets ``area_left``)."""
    rec.cab_used = 0
    rec.ships_bought = 0
    rec.castillos_built = 0
    rec.governor_used = 0
    rec.subactions = 0
    rec.turn_step = 0


@njit(cache=True)
def begin_turn(rec):
    """EC-6.1.1 income; EC-6.2.1 one area card, two with the 9; counters of EC-5.8 at 0."""
    p = rec.turn_order[rec.turn_idx]
    rec.current_player = p
    gain(rec, p, D.INCOME_TABLE[rec.power_row, rec.played[p] - 1])
    rec.area_left = 2 if rec.played[p] == D.POWER_TWO_AREAS else 1
    reset_turn_counters(rec)
    rec.pending_family = -1
    rec.pending_param = -1


@njit(cache=True)
def end_turn(rec):
    """EC-6.10.1: unused limits and a lapsed placement expire; the next turn or the round's end."""
    rec.area_left = 0
    rec.turn += 1
    if rec.turn_idx + 1 < rec.num_players:
        rec.turn_idx += 1
        begin_turn(rec)
    else:
        end_round(rec)


@njit(cache=True)
def next_start_player(rec):
    """EC-5.6, EC-GAP-10: the player who played the lowest value this round (who took the
    last turn); with the flag next_start_last the one who played the last power card in
    the clockwise sequence, so the start moves one seat counter-clockwise a round."""
    n = rec.num_players
    if rec.next_start_last:
        return (rec.start_player + n - 1) % n
    lowest = 0
    for p in range(n):
        if rec.played[p] < rec.played[lowest]:
            lowest = p
    return lowest


@njit(cache=True)
def end_round(rec):
    """EC-7.1 scoring and the end check; EC-7.2 display refresh; EC-5.6 next start player
    (``next_start``); EC-7.3 counters (the Grande move too) reset."""
    idx = scoring_index(rec)
    if idx >= 0:
        score_round(rec, idx)
    rec.area_left = 0
    reset_turn_counters(rec)
    if rec.round_no == rounds_total(rec):  # EC-9.1
        rec.phase = Phase.OVER
        rec.terminated = 1
        rec.current_player = -1
        return
    for slot in range(D.DISPLAY_SIZE):  # EC-7.2: unused cards back, reshuffle, five new
        if rec.display[slot] >= 0:
            rec.deck[rec.deck_len] = rec.display[slot]
            rec.deck_len += 1
            rec.display[slot] = -1
    rng.shuffle(rec.rng, rec.deck, 0, rec.deck_len)
    reveal_display(rec)
    start = next_start_player(rec)
    rec.start_player = start
    for p in range(rec.num_players):
        rec.played[p] = 0
        rec.grande_moved[p] = 0
        rec.turn_order[p] = 0
    rec.turn_idx = 0
    rec.round_no += 1
    rec.phase = Phase.POWER
    rec.current_player = start
