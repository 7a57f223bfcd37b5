"""Step 3, notoriety (PN-9), and step 4, the Royal Navy (PN-10)."""

from numba import njit

from .. import data as D
from ..state import Challenge, Decision, Step
from .flow import next_adjuster, next_navy
from .piles import to_bottom
from .ship import remove_item, token_ready

CARGO_ALL, CARGO_RESOURCES, CARGO_GOODS = 0, 1, 2  # GAP-9 options


# ----- the notoriety track (PN-9.3, PN-9.4) -------------------------------------------------------
@njit(cache=True)
def occupied(rec, value, mover):
    """PN-9.4: another marker is on ``value`` (the mover's own space counts as free)."""
    for q in range(rec.num_players):
        if q != mover and rec.notoriety[q] == value:
            return True
    return False


@njit(cache=True)
def can_go_down(rec, target, mover):
    """PN-9.4: a free space of at least 1 below the target exists."""
    for v in range(target - 1, 0, -1):
        if not occupied(rec, v, mover):
            return True
    return False


@njit(cache=True)
def move_marker(rec, p, target):
    """PN-9.3, PN-9.4: move to ``target``; if another marker is there, ask the
    mover for a direction (COLLISION) and return False."""
    if target == rec.notoriety[p] or not occupied(rec, target, p):
        rec.notoriety[p] = target
        return True
    rec.col_target = target
    rec.decision = Decision.COLLISION
    return False


@njit(cache=True)
def collide(rec, p, down):
    """PN-9.4: keep moving in the chosen direction to the first free space."""
    v = rec.col_target
    step = -1 if down else 1
    while occupied(rec, v, p):
        v += step
    rec.notoriety[p] = v
    rec.col_target = 0


# ----- step 3 (PN-9.2 - PN-9.4) -------------------------------------------------------------------
@njit(cache=True)
def noto_token_legal(rec, p, k):
    """PN-9.2 step 3: a ready token with a notoriety effect (PD-6)."""
    return token_ready(rec, p, k) and D.T_NOTO[rec.slot[p, k]] > 0


@njit(cache=True)
def adjustment_gain(rec, p):
    """PN-9.2 step 4: G = merchants (sail + cannon) + 10 per raid + 3 per plank hostage
    + 1 for the spent trade wind + token bonuses; the tokens' window closes."""
    g = 10 * rec.raids[p] + 3 * rec.plank[p] + rec.tw_spent
    for i in range(rec.plundered_len):
        if rec.plundered_by[i] == p:
            card = rec.plundered[i]
            g += D.M_SAIL[card] + D.M_CANNON[card]
    for k in range(D.NUM_SLOTS):
        if rec.in_use[k]:
            g += D.T_NOTO[rec.slot[p, k]]
            rec.in_use[k] = 0
    rec.tw_spent = 0
    return g


@njit(cache=True)
def end_adjust(rec, p):
    """PN-9.2 - PN-9.4: move the marker by G; a collision asks for a direction first."""
    g = adjustment_gain(rec, p)
    # the plank hostages scored; they return to the supply at the cleanup (PN-9.5)
    if g == 0 or move_marker(rec, p, rec.notoriety[p] + g):
        next_adjuster(rec)


@njit(cache=True)
def spend_trade_wind(rec, p):
    """PN-9.2 step 2: the held trade wind for +1; it is back in the supply, as at the cleanup (PN-9.5)."""
    rec.tw_held[p] = 0
    rec.tw_spent = 1
    rec.tw_supply += 1


# ----- step 4 (PN-10) ------------------------------------------------------------------------------
@njit(cache=True)
def pick_navy(rec, p, i):
    """PN-10.2, PN-10.3, PN-10.8: take a card; it goes under the deck in the order taken."""
    card = rec.navy_display[i]
    rec.navy_display[i] = -1
    rec.navy_deck_len = to_bottom(rec.navy_deck, rec.navy_deck_len, card)
    if D.NAVY_EMPTY[card]:
        next_navy(rec)
        return
    rec.ch_kind = Challenge.NAVY
    rec.ch_target = card
    rec.ch_card = -1
    rec.decision = Decision.CARD


@njit(cache=True)
def resolve_navy(rec, p, sail, cannon):
    """PN-10.4 - PN-10.7: evade by sail, attack by cannon, both strictly greater."""
    card = rec.ch_target
    ok = (1 if sail > D.NAVY_SAIL[card] else 0) + (1 if cannon > D.NAVY_CANNON[card] else 0)
    if ok == 2:
        next_navy(rec)
    elif ok == 1:
        rec.decision = Decision.PENALTY
    else:
        rec.cargo_pending = 1
        lose_notoriety(rec, p)


@njit(cache=True)
def halve_target(v):
    """PN-10.6, GAP-10: lose floor(v/2), so v becomes ceil(v/2) (13 -> 7)."""
    return v - v // 2


@njit(cache=True)
def lose_notoriety(rec, p):
    """PN-10.6, PN-10.9: half the notoriety (collision rule), then any pending cargo loss."""
    if move_marker(rec, p, halve_target(rec.notoriety[p])):
        after_notoriety(rec, p)


@njit(cache=True)
def after_notoriety(rec, p):
    """PN-10.7: notoriety first, then the cargo."""
    if rec.cargo_pending:
        lose_cargo(rec, p)
    else:
        next_navy(rec)


@njit(cache=True)
def cargo_item(rule, item):
    """GAP-9: which hold items the navy's cargo loss counts."""
    if rule == CARGO_ALL:
        return True
    if rule == CARGO_RESOURCES:
        return item != D.I_PESO and item != D.I_HOSTAGE
    return item == D.I_GOODS


@njit(cache=True)
def cargo_count(rec, p):
    """PN-10.6, GAP-9: the hold items the cargo loss counts."""
    n = 0
    for i in range(5):
        if cargo_item(rec.cargo_rule, i):
            n += rec.hold[p, i]
    return n


@njit(cache=True)
def lose_cargo(rec, p):
    """PN-10.6, GAP-9: remove floor(n/2) items of the player's choice."""
    rec.cargo_pending = 0
    k = cargo_count(rec, p) // 2
    if k == 0:
        next_navy(rec)
        return
    rec.cargo_left = k
    rec.decision = Decision.CARGO_LOSS


@njit(cache=True)
def remove_cargo(rec, p, item, plank):
    """One item of the lost cargo; a hostage may walk the plank instead (PN-8.12)."""
    remove_item(rec, p, item, plank)
    rec.cargo_left -= 1
    if rec.cargo_left == 0 or cargo_count(rec, p) == 0:
        rec.cargo_left = 0
        next_navy(rec)


@njit(cache=True)
def cargo_legal(rec, p, item):
    """PN-10.6, GAP-9: an item of the lost cargo that the hold holds."""
    return rec.hold[p, item] > 0 and cargo_item(rec.cargo_rule, item)


@njit(cache=True)
def after_collision(rec, p):
    """PN-9.4: the step goes on where the notoriety change happened."""
    if rec.step == Step.NOTORIETY:
        next_adjuster(rec)
    else:
        after_notoriety(rec, p)
