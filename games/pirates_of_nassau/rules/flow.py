"""Who acts next: the order of the round's steps and the automatic steps between them
(PN-5, PN-6, PN-9.5, PN-11.1, PN-12 - PN-15)."""

from numba import njit

from ...core import rng
from .. import data as D
from ..state import Challenge, Decision, Step
from .piles import draw_merchant, fill_display, merchant_to_bottom, reveal_navy
from .ship import capacity, hold_items


# ----- the order of a step (PN-5.3, PN-9.4) ---------------------------------------------------
@njit(cache=True)
def set_order(rec, descending):
    """PN-5.3: the step's order by notoriety (always distinct, PN-9.4), fixed now."""
    n = rec.num_players
    for i in range(D.MAX_PLAYERS):
        rec.order[i] = -1
    for p in range(n):
        r = 0
        for q in range(n):
            if (rec.notoriety[q] > rec.notoriety[p]) if descending else (rec.notoriety[q] < rec.notoriety[p]):
                r += 1
        rec.order[r] = p
    rec.order_idx = 0
    rec.current_player = rec.order[0]


@njit(cache=True)
def begin_step(rec, step, descending, decision):
    """PN-5.1, PN-5.3: a step starts with the first player of its order."""
    rec.step = step
    rec.pass_no = 0
    set_order(rec, descending)
    rec.decision = decision


@njit(cache=True)
def next_in_order(rec, decision):
    """PN-5.3: the next player of the step's order takes ``decision``; False once all have."""
    rec.order_idx += 1
    if rec.order_idx == rec.num_players:
        return False
    rec.current_player = rec.order[rec.order_idx]
    rec.decision = decision
    return True


@njit(cache=True)
def clear_challenge(rec):
    """PN-8.2: no challenge is pending."""
    rec.ch_kind = Challenge.NONE
    rec.ch_target = -1
    rec.ch_card = -1


# ----- step 1 and step 2 (PN-6, PN-7.1) ------------------------------------------------------
@njit(cache=True)
def roll_dice(rec):
    """PN-6.1, PN-4.7: every player rolls 3 dice."""
    for p in range(rec.num_players):
        for d in range(3):
            rec.dice[p, d] = 1 + rng.randint(rec.rng, 6)


@njit(cache=True)
def start_pirate_phase(rec):
    """PN-7.1: three passes in ascending notoriety."""
    begin_step(rec, Step.PIRATE, False, Decision.MOVE)


@njit(cache=True)
def end_pirate_turn(rec):
    """PN-7.1, PN-7.2: the next player's turn, the next pass, or step 3."""
    clear_challenge(rec)
    if rec.order_idx + 1 == rec.num_players:  # the pass is over
        rec.pass_no += 1
        if rec.pass_no == D.PASSES:  # PN-9.1: players adjust in descending notoriety
            begin_step(rec, Step.NOTORIETY, True, Decision.ADJUST)
            return
        rec.order_idx = -1
    next_in_order(rec, Decision.MOVE)


# ----- step 3 (PN-9) ------------------------------------------------------------------------
@njit(cache=True)
def next_adjuster(rec):
    """PN-9.1: the next player adjusts; after the last, the cleanup and step 4."""
    if not next_in_order(rec, Decision.ADJUST):
        cleanup_notoriety(rec)
        begin_step(rec, Step.NAVY, False, Decision.NAVY_PICK)  # PN-10.1: ascending, fixed now


@njit(cache=True)
def cleanup_notoriety(rec):
    """PN-9.5: plundered merchants to their decks in plunder order, plank hostages and
    every trade wind back to the supply (GAP-13, GAP-15)."""
    for i in range(rec.plundered_len):
        merchant_to_bottom(rec, rec.plundered[i])
        rec.plundered[i] = -1
        rec.plundered_by[i] = -1
    rec.plundered_len = 0
    for p in range(rec.num_players):
        rec.supply[D.I_HOSTAGE] += rec.plank[p]
        rec.plank[p] = 0
        if rec.return_all_hostages:  # GAP-15 alternative
            rec.supply[D.I_HOSTAGE] += rec.hold[p, D.I_HOSTAGE]
            rec.hold[p, D.I_HOSTAGE] = 0
        rec.tw_supply += rec.tw_held[p]
        rec.tw_held[p] = 0
        for d in range(3):
            rec.tw_supply += rec.die_tw[p, d]
            rec.die_tw[p, d] = 0
        rec.raids[p] = 0


# ----- step 4 (PN-10) ----------------------------------------------------------------------
@njit(cache=True)
def next_navy(rec):
    """PN-10.1: the next player faces the navy; after the last, step 5."""
    clear_challenge(rec)
    rec.cargo_pending = 0
    rec.cargo_left = 0
    if not next_in_order(rec, Decision.NAVY_PICK):
        start_nassau(rec)


# ----- step 5 (PN-11) ------------------------------------------------------------------------
@njit(cache=True)
def start_nassau(rec):
    """PN-11.1: dice and ships leave the board; PN-11.2: the purchase loop, descending."""
    for p in range(rec.num_players):
        rec.pos[p] = 0
        rec.passed[p] = 0
        for d in range(3):
            rec.die_pos[p, d] = 0
    begin_step(rec, Step.BUY, True, Decision.BUY)


@njit(cache=True)
def next_buyer(rec):
    """PN-11.2, GAP-25: the next player in order who has not passed; after all passed, burying."""
    n = rec.num_players
    for k in range(1, n + 1):
        i = (rec.order_idx + k) % n
        if rec.passed[rec.order[i]] == 0:
            rec.order_idx = i
            rec.current_player = rec.order[i]
            return
    rec.step = Step.BURY
    rec.order_idx = 0
    rec.current_player = rec.order[0]
    rec.decision = Decision.BURY


@njit(cache=True)
def next_burier(rec):
    """PN-11.8: the next player buries; after the last, the capacity check (PN-11.10)."""
    if not next_in_order(rec, Decision.BURY):
        rec.step = Step.CHECK
        rec.order_idx = -1
        next_checker(rec)


@njit(cache=True)
def next_checker(rec):
    """PN-11.10: every player over capacity, in descending order, then step 6."""
    for i in range(rec.order_idx + 1, rec.num_players):
        p = rec.order[i]
        if hold_items(rec, p) > capacity(rec, p):
            rec.order_idx = i
            rec.current_player = p
            rec.decision = Decision.CHECK
            return
    end_round(rec)


# ----- steps 6 to 9 and the next round (PN-12 - PN-15, PN-6) -------------------------------------
@njit(cache=True)
def refill_navy(rec):
    """PN-12.1, PN-12.2: reveal N cards; the Game End card ends the game at once."""
    for i in range(rec.num_players):
        if reveal_navy(rec, i) == D.GAME_END:
            return True
    return False


@njit(cache=True)
def highest_empty_route(rec, region):
    """PN-13.2, PN-13.3: the empty trade route of a region with the highest number, -1 none."""
    best = -1
    for pos in range(1, D.NUM_POSITIONS + 1):
        if D.POS_KIND[pos] == D.ROUTE and D.POS_REGION[pos] == region and rec.route_card[pos] < 0:
            best = pos
    return best


@njit(cache=True)
def move_merchants(rec):
    """PN-13.1 - PN-13.5: region 1 sails to Europe, 2 -> 1 and 3 -> 2 right to left, refill."""
    for pos in range(1, D.NUM_POSITIONS + 1):  # PN-13.1, lowest position first
        if D.POS_REGION[pos] == 1 and rec.route_card[pos] >= 0:
            merchant_to_bottom(rec, rec.route_card[pos])
            rec.route_card[pos] = -1
    for region in (2, 3):  # PN-13.2, PN-13.3
        for pos in range(D.NUM_POSITIONS, 0, -1):
            card = rec.route_card[pos]
            if D.POS_REGION[pos] == region and card >= 0:
                rec.route_card[pos] = -1
                dest = highest_empty_route(rec, region - 1)
                if dest < 0:
                    merchant_to_bottom(rec, card)  # PN-13.4
                else:
                    rec.route_card[dest] = card
    for region in (1, 2, 3):  # PN-13.5, highest position first
        for pos in range(D.NUM_POSITIONS, 0, -1):
            if D.POS_KIND[pos] == D.ROUTE and D.POS_REGION[pos] == region and rec.route_card[pos] < 0:
                rec.route_card[pos] = draw_merchant(rec, region)


@njit(cache=True)
def restock_nassau(rec):
    """PN-14.1, PN-14.2: the display goes to the discard piles, N new tokens of each stack."""
    for i in range(15):
        t = rec.display[i]
        if t >= 0:
            rec.discard[t] += 1
            rec.display[i] = -1
    fill_display(rec)


@njit(cache=True)
def prepare_voyage(rec):
    """PN-15.1, PN-15.2: tokens face up, captain cards back to hand."""
    for p in range(rec.num_players):
        for k in range(rec.slot_used.shape[1]):
            rec.slot_used[p, k] = 0
        for c in range(rec.played.shape[1]):
            rec.played[p, c] = 0


@njit(cache=True)
def end_round(rec):
    """PN-5.1 steps 6-9, then step 1 of the next round (PN-15.3)."""
    if refill_navy(rec):
        rec.step = Step.OVER
        rec.decision = Decision.NONE
        rec.terminated = 1
        rec.current_player = -1
        rec.order_idx = 0
        return
    move_merchants(rec)
    restock_nassau(rec)
    prepare_voyage(rec)
    roll_dice(rec)
    rec.round_no += 1
    start_pirate_phase(rec)
