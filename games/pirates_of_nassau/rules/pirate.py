"""Step 2, the pirate phase: moves (PN-7), actions (PN-8.1, PN-8.3 - PN-8.11) and the
challenge procedure shared with the Royal Navy (PN-8.2)."""

from numba import njit

from .. import data as D
from ..spaces import ACT_PASS, ACT_PLUNDER, ACT_RAID, ACT_SMUGGLE, ACT_TW, K_MINUS, K_PLUS, K_TO7, K_TO14
from ..state import Challenge, Decision
from .flow import end_pirate_turn
from .ship import capacity, free_space, gain, hold_items, remove_item, ship_values, token_ready


# ----- moves (PN-7.3 - PN-7.6) ----------------------------------------------------------------
@njit(cache=True)
def move_destination(rec, p, die, kind, tw):
    """Where the move goes, or 0 if it is not legal (PN-7.4, PN-7.5, PN-7.6, GAP-11, GAP-12)."""
    if rec.die_pos[p, die] != 0:
        return 0  # PN-7.3: each die once
    here = rec.pos[p]
    if tw != 0:
        if rec.tw_held[p] == 0 or kind == K_TO7 or kind == K_TO14:
            return 0  # PN-7.6: needs a held trade wind, never on an intermediate move
    d = rec.dice[p, die] + (1 if tw == 1 else (-1 if tw == 2 else 0))
    if d < 1 or d > 7:
        return 0  # GAP-12
    if here == 0:  # PN-7.4: the first move, from Nassau
        if kind == K_PLUS:
            return d
        if kind == K_TO7:
            return 7
        return 0
    if kind == K_PLUS:
        return min(20, here + d)
    if kind == K_MINUS:
        return max(1, here - d)
    if kind == K_TO7:
        return 7 if (here <= 14 and here != 7) else 0
    return 14 if (here >= 7 and here != 14) else 0  # K_TO14


@njit(cache=True)
def do_move(rec, p, die, kind, tw):
    """PN-7.3: the die stays on the destination; a spent trade wind lies under it (PN-7.6)."""
    dest = move_destination(rec, p, die, kind, tw)
    rec.die_pos[p, die] = dest
    if tw != 0:
        rec.tw_held[p] = 0
        rec.die_tw[p, die] = 1
    rec.pos[p] = dest
    rec.decision = Decision.ACTION


# ----- actions (PN-8.1) -----------------------------------------------------------------------
@njit(cache=True)
def smuggle_offer(rec, p, kind):
    """PN-8.7: 1 (regions 1-2) or 2 (region 3) of an offered type, as many as the supply
    holds (pesos unlimited, GAP-32), before the hold's room is asked; 0 if not offered."""
    pos = rec.pos[p]
    if D.POS_OFFER[pos, kind] == 0:
        return 0
    want = 2 if D.POS_REGION[pos] == 3 else 1
    if kind < 3:
        want = min(want, rec.supply[1 + kind])
    return want


@njit(cache=True)
def smuggle_amount(rec, p, kind):
    """PN-8.7, GAP-19: the offer, as much as fits in the hold; 0 means the smuggle is not legal."""
    return max(min(smuggle_offer(rec, p, kind), free_space(rec, p)), 0)


@njit(cache=True)
def discard_helps(rec, p):
    """PN-8.13, GAP-17: before choosing the action on an unraided port, discarding a held
    item is offered when some smuggle offers more than the hold has room for, so the
    discard changes what the player can take."""
    pos = rec.pos[p]
    if D.POS_KIND[pos] != D.PORT or rec.raided[pos] or hold_items(rec, p) == 0:
        return False
    room = free_space(rec, p)
    for kind in range(4):
        if smuggle_offer(rec, p, kind) > room:
            return True
    return False


@njit(cache=True)
def discard(rec, p, item):
    """PN-8.13: a held item back to the supply (pesos vanish); the action is still to choose."""
    remove_item(rec, p, item, False)


@njit(cache=True)
def action_legal(rec, p, a):
    """PN-8.1 table, PN-8.5b, PN-8.7, PN-8.10."""
    pos = rec.pos[p]
    kind = D.POS_KIND[pos]
    if a == ACT_PASS:
        return True  # PN-8.11
    if a == ACT_TW:
        return (kind == D.ROUTE or kind == D.INTERMEDIATE) and rec.tw_held[p] == 0 and rec.tw_supply > 0
    if a == ACT_PLUNDER:
        return kind == D.ROUTE and rec.route_card[pos] >= 0
    if kind != D.PORT or rec.raided[pos]:
        return False
    if a == ACT_RAID:
        return True
    return smuggle_amount(rec, p, a - ACT_SMUGGLE) > 0


@njit(cache=True)
def do_action(rec, p, a):
    pos = rec.pos[p]
    if a == ACT_PASS:
        end_pirate_turn(rec)
    elif a == ACT_TW:  # PN-8.5
        rec.tw_supply -= 1
        rec.tw_held[p] = 1
        end_pirate_turn(rec)
    elif a == ACT_PLUNDER or a == ACT_RAID:
        rec.ch_kind = Challenge.PLUNDER if a == ACT_PLUNDER else Challenge.RAID
        rec.ch_target = pos
        rec.ch_card = -1
        rec.decision = Decision.CARD
    else:  # PN-8.7: smuggle, then the optional ransom (PN-8.8)
        kind = a - ACT_SMUGGLE
        amount = smuggle_amount(rec, p, kind)
        gain(rec, p, D.I_PESO if kind == 3 else 1 + kind, amount)
        if ransom_legal(rec, p):
            rec.decision = Decision.RANSOM
        else:
            end_pirate_turn(rec)


@njit(cache=True)
def ransom_legal(rec, p):
    """PN-8.8: a ransom needs a hostage in the hold (a walk off the plank may take the last)."""
    return rec.hold[p, D.I_HOSTAGE] > 0


@njit(cache=True)
def do_ransom(rec, p, yes):
    """PN-8.8, GAP-18: the hostage leaves first, then r pesos arrive (overflow PN-8.12)."""
    if yes:
        rec.hold[p, D.I_HOSTAGE] -= 1
        rec.supply[D.I_HOSTAGE] += 1
        gain(rec, p, D.I_PESO, D.POS_REGION[rec.pos[p]])
    after_gain(rec, p)


@njit(cache=True)
def after_gain(rec, p):
    """PN-8.12: an overfull hold is emptied item by item before the turn ends."""
    if hold_items(rec, p) > capacity(rec, p):
        rec.decision = Decision.OVERFLOW
    else:
        end_pirate_turn(rec)


# ----- the challenge (PN-8.2) -------------------------------------------------------------------
@njit(cache=True)
def boost_token_legal(rec, p, k):
    """PN-8.2 step 2: a ready token that boosts a challenge (PD-6)."""
    t = rec.slot[p, k]
    return token_ready(rec, p, k) and (D.T_BOOST_SAIL[t] > 0 or D.T_BOOST_CANNON[t] > 0)


@njit(cache=True)
def boost_window(rec, p):
    """PN-8.2 step 2: the window opens if a token could still be flipped."""
    for k in range(D.NUM_SLOTS):
        if boost_token_legal(rec, p, k) and rec.in_use[k] == 0:
            return True
    return False


@njit(cache=True)
def play_card(rec, p, c):
    """PN-8.2 step 1: the card is discarded face up (played this round)."""
    rec.played[p, c] = 1
    rec.ch_card = c
    if boost_window(rec, p):
        rec.decision = Decision.BOOST
        return False
    return True


@njit(cache=True)
def use_token(rec, p, k):
    """PN-8.2 step 2 / PN-9.2 step 3: flip a one-shot token (PN-11.6)."""
    rec.slot_used[p, k] = 1
    rec.in_use[k] = 1


@njit(cache=True)
def challenge_totals(rec, p):
    """PN-8.2 step 3: ship + conditional bonus + card + boosts; the boosts are spent."""
    c = rec.ch_card
    sail, cannon, raid, _, _ = ship_values(rec, p)
    sail += D.CAPTAIN_SAIL[c]
    cannon += D.CAPTAIN_CANNON[c]
    if rec.ch_kind == Challenge.RAID:
        cannon += raid
    for k in range(D.NUM_SLOTS):
        if rec.in_use[k]:
            t = rec.slot[p, k]
            sail += D.T_BOOST_SAIL[t]
            cannon += D.T_BOOST_CANNON[t]
            rec.in_use[k] = 0
    return sail, cannon


@njit(cache=True)
def target_values(rec):
    """Sail and cannon of the challenge's target (sail 0 for a port: not tested)."""
    if rec.ch_kind == Challenge.PLUNDER:
        card = rec.route_card[rec.ch_target]
        return D.M_SAIL[card], D.M_CANNON[card]
    if rec.ch_kind == Challenge.RAID:
        return 0, D.PORT_CANNON[rec.ch_target]
    return D.NAVY_SAIL[rec.ch_target], D.NAVY_CANNON[rec.ch_target]


@njit(cache=True)
def resolve_plunder(rec, p, sail, cannon):
    """PN-8.3, PN-8.4, GAP-38, GAP-42: both tests strictly greater; the card is taken
    with 1 peso plus its loot (what the supply holds), overflow afterwards."""
    pos = rec.ch_target
    card = rec.route_card[pos]
    if sail > D.M_SAIL[card] and cannon > D.M_CANNON[card]:
        rec.route_card[pos] = -1
        rec.plundered[rec.plundered_len] = card
        rec.plundered_by[rec.plundered_len] = p
        rec.plundered_len += 1
        gain(rec, p, D.I_PESO, 1)
        for i in range(5):
            if D.M_LOOT[card, i] > 0:
                gain(rec, p, i, D.M_LOOT[card, i])
    after_gain(rec, p)


@njit(cache=True)
def resolve_raid(rec, p, cannon):
    """PN-8.9: cannon only, strictly greater than 4 + r; 2r pesos, the port is raided."""
    pos = rec.ch_target
    if cannon > D.PORT_CANNON[pos]:
        gain(rec, p, D.I_PESO, 2 * D.POS_REGION[pos])
        rec.raided[pos] = 1
        rec.raids[p] += 1
    after_gain(rec, p)
