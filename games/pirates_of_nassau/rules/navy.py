"""Step 3, notoriety (PN-9), and step 4, the Royal Navy (PN-10)."""

from numba import njit

from ..state import Challenge, Decision, Step
from .common import (I_HOSTAGE, M_CANNON, M_SAIL, NAVY_CANNON, NAVY_EMPTY, NAVY_SAIL, NS, T_NOTO, cargo_count,
                     cargo_item, give_back, halve_target, move_marker, to_bottom, token_ready)
from .flow import next_adjuster, next_navy


# ----- step 3 (PN-9.2 - PN-9.4) -------------------------------------------------------------------
@njit(cache=True)
def noto_token_legal(rec, p, k):
    """PN-9.2 step 3: a ready token with a notoriety effect (PD-6)."""
    return token_ready(rec, p, k) and T_NOTO[rec.slot[p, k]] > 0


@njit(cache=True)
def adjustment_gain(rec, p):
    """PN-9.2 step 4: G = merchants (sail + cannon) + 10 per raid + 3 per plank hostage
    + 1 for the spent trade wind + token bonuses; the tokens' window closes."""
    g = 10 * rec.raids[p] + 3 * rec.plank[p] + rec.tw_spent
    for i in range(rec.plundered_len):
        if rec.plundered_by[i] == p:
            card = rec.plundered[i]
            g += M_SAIL[card] + M_CANNON[card]
    for k in range(NS):
        if rec.in_use[k]:
            g += T_NOTO[rec.slot[p, k]]
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
    if NAVY_EMPTY[card]:
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
    ok = (1 if sail > NAVY_SAIL[card] else 0) + (1 if cannon > NAVY_CANNON[card] else 0)
    if ok == 2:
        next_navy(rec)
    elif ok == 1:
        rec.decision = Decision.PENALTY
    else:
        rec.cargo_pending = 1
        lose_notoriety(rec, p)


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
    if plank:
        rec.hold[p, I_HOSTAGE] -= 1
        rec.plank[p] += 1
    else:
        give_back(rec, p, item)
    rec.cargo_left -= 1
    if rec.cargo_left == 0 or cargo_count(rec, p) == 0:
        rec.cargo_left = 0
        next_navy(rec)


@njit(cache=True)
def cargo_legal(rec, p, item):
    return rec.hold[p, item] > 0 and cargo_item(rec.cargo_rule, item)


@njit(cache=True)
def after_collision(rec, p):
    """PN-9.4: the step goes on where the notoriety change happened."""
    if rec.step == Step.NOTORIETY:
        next_adjuster(rec)
    else:
        after_notoriety(rec, p)
