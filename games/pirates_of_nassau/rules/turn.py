"""The kernels ``step_one`` and ``mask_one``: each decision's legality next to its effect
(PN-19.3); the rules themselves live in pirate.py, navy.py, nassau.py and flow.py."""

import numpy as np
from numba import njit

from .. import data as D
from ..spaces import (
    ACTION_LAYOUT,
    A_ACTION,
    A_BURY,
    A_BUY_SECTION,
    A_BUY_TOKEN,
    A_CARD,
    A_COLLISION,
    A_CONVERT,
    A_END_ADJUST,
    A_EXCHANGE,
    A_MOVE,
    A_NASSAU_PASS,
    A_NAVY,
    A_PENALTY,
    A_RANSOM,
    A_REMOVE,
    A_SPEND_TW,
    A_TOKENS_DONE,
    A_USE_TOKEN,
    A_WALK,
    FAMILY,
    PARAM,
    Family,
)
from ..state import Challenge, Decision, Step
from .flow import end_pirate_turn
from .nassau import (
    buy_section,
    buy_token,
    bury,
    check_remove,
    convert,
    convert_legal,
    exchange,
    exchange_legal,
    nassau_pass,
    section_legal,
    token_legal,
)
from .navy import (
    after_collision,
    can_go_down,
    cargo_legal,
    collide,
    end_adjust,
    lose_cargo,
    lose_notoriety,
    noto_token_legal,
    pick_navy,
    remove_cargo,
    resolve_navy,
    spend_trade_wind,
)
from .pirate import (
    action_legal,
    boost_token_legal,
    challenge_totals,
    discard,
    discard_helps,
    do_action,
    do_move,
    do_ransom,
    move_destination,
    play_card,
    ransom_legal,
    resolve_plunder,
    resolve_raid,
    use_token,
)
from .ship import capacity, hold_items, remove_item

NUM_CONVERT = int((FAMILY == int(Family.CONVERT)).sum())
NUM_ACTIONS = ACTION_LAYOUT.size


# ----- walking the plank (PN-8.14, GAP-16) ---------------------------------------------------
@njit(cache=True)
def plank_legal(rec, p):
    """PN-8.14: at any own decision point while a hostage is held; with
    plank_any_time off only from the pirate phase to the own adjustment."""
    if rec.hold[p, D.I_HOSTAGE] == 0:
        return False
    return rec.plank_any_time == 1 or rec.step == Step.PIRATE or rec.step == Step.NOTORIETY


@njit(cache=True)
def walk_plank(rec, p):
    """A walked hostage counts as a removal where items are being removed (PN-8.12)."""
    if rec.decision == Decision.CARGO_LOSS and cargo_legal(rec, p, D.I_HOSTAGE):
        remove_cargo(rec, p, D.I_HOSTAGE, True)
    elif rec.decision == Decision.CHECK:
        check_remove(rec, p, D.I_HOSTAGE, True)
    elif rec.decision == Decision.OVERFLOW:
        overflow_remove(rec, p, D.I_HOSTAGE, True)
    elif rec.decision == Decision.RANSOM:
        remove_item(rec, p, D.I_HOSTAGE, True)
        if not ransom_legal(rec, p):
            do_ransom(rec, p, False)  # PN-8.8: the last hostage walked, so the ransom is withdrawn
    else:
        remove_item(rec, p, D.I_HOSTAGE, True)


@njit(cache=True)
def overflow_remove(rec, p, item, plank):
    """PN-8.12: one item leaves the hold; the turn ends once the hold fits."""
    remove_item(rec, p, item, plank)
    if hold_items(rec, p) <= capacity(rec, p):
        end_pirate_turn(rec)


@njit(cache=True)
def resolve_challenge(rec, p):
    """PN-8.2 steps 3-5, then the target's own rule."""
    sail, cannon = challenge_totals(rec, p)
    if rec.ch_kind == Challenge.PLUNDER:
        resolve_plunder(rec, p, sail, cannon)
    elif rec.ch_kind == Challenge.RAID:
        resolve_raid(rec, p, cannon)
    else:
        resolve_navy(rec, p, sail, cannon)


@njit(cache=True)
def play_action(rec, action):
    """The action's effect for the player to act (its family's rule)."""
    p = rec.current_player
    rec.last_actor = p
    rec.last_action = action
    rec.turn += 1
    f = FAMILY[action]
    i = PARAM[action]
    if f == Family.WALK_PLANK:
        walk_plank(rec, p)
    elif f == Family.MOVE:
        do_move(rec, p, i // 12, (i // 3) % 4, i % 3)
    elif f == Family.ACTION:
        do_action(rec, p, i)
    elif f == Family.CAPTAIN_CARD:
        if play_card(rec, p, i):
            resolve_challenge(rec, p)
    elif f == Family.USE_TOKEN:
        use_token(rec, p, i)
    elif f == Family.TOKENS_DONE:
        resolve_challenge(rec, p)
    elif f == Family.RANSOM:
        do_ransom(rec, p, i == 1)
    elif f == Family.REMOVE_ITEM:
        if rec.decision == Decision.ACTION:
            discard(rec, p, i)
        elif rec.decision == Decision.OVERFLOW:
            overflow_remove(rec, p, i, False)
        elif rec.decision == Decision.CARGO_LOSS:
            remove_cargo(rec, p, i, False)
        else:
            check_remove(rec, p, i, False)
    elif f == Family.SPEND_TRADE_WIND:
        spend_trade_wind(rec, p)
    elif f == Family.END_ADJUST:
        end_adjust(rec, p)
    elif f == Family.COLLISION:
        collide(rec, p, i == 1)
        after_collision(rec, p)
    elif f == Family.NAVY_PICK:
        pick_navy(rec, p, i)
    elif f == Family.NAVY_PENALTY:
        if i == 0:
            lose_notoriety(rec, p)
        else:
            lose_cargo(rec, p)
    elif f == Family.EXCHANGE_PESO:
        exchange(rec, p, i)
    elif f == Family.BUY_SECTION:
        buy_section(rec, p)
    elif f == Family.BUY_TOKEN:
        buy_token(rec, p, i // D.NUM_SLOTS, i % D.NUM_SLOTS)
    elif f == Family.NASSAU_PASS:
        nassau_pass(rec, p)
    elif f == Family.CONVERT:
        convert(rec, p, i)
    else:
        bury(rec, p, i)


@njit(cache=True)
def mask_removals(rec, p, out, cargo):
    for item in range(5):
        if cargo_legal(rec, p, item) if cargo else rec.hold[p, item] > 0:
            out[A_REMOVE + item] = True


@njit(cache=True)
def mask_exchanges(rec, p, out):
    for r in range(3):
        if exchange_legal(rec, p, r):
            out[A_EXCHANGE + r] = True


@njit(cache=True)
def mask_one(rec, out):
    p = rec.current_player
    d = rec.decision
    if plank_legal(rec, p):
        out[A_WALK] = True
    if d == Decision.MOVE:
        for die in range(3):
            for kind in range(4):
                for tw in range(3):
                    if move_destination(rec, p, die, kind, tw) > 0:
                        out[A_MOVE + die * 12 + kind * 3 + tw] = True
    elif d == Decision.ACTION:
        for a in range(8):
            out[A_ACTION + a] = action_legal(rec, p, a)
        if discard_helps(rec, p):
            mask_removals(rec, p, out, False)
    elif d == Decision.CARD:
        for c in range(4):
            out[A_CARD + c] = rec.played[p, c] == 0
    elif d == Decision.BOOST:
        for k in range(D.NUM_SLOTS):
            out[A_USE_TOKEN + k] = boost_token_legal(rec, p, k)
        out[A_TOKENS_DONE] = True
    elif d == Decision.RANSOM:
        out[A_RANSOM] = True
        out[A_RANSOM + 1] = ransom_legal(rec, p)
    elif d == Decision.OVERFLOW or d == Decision.CHECK:
        mask_removals(rec, p, out, False)
    elif d == Decision.ADJUST:
        for k in range(D.NUM_SLOTS):
            out[A_USE_TOKEN + k] = noto_token_legal(rec, p, k)
        out[A_SPEND_TW] = rec.tw_held[p] == 1
        out[A_END_ADJUST] = True
    elif d == Decision.COLLISION:
        out[A_COLLISION] = True
        out[A_COLLISION + 1] = can_go_down(rec, rec.col_target, p)
    elif d == Decision.NAVY_PICK:
        for i in range(rec.num_players):
            out[A_NAVY + i] = rec.navy_display[i] >= 0
    elif d == Decision.PENALTY:
        out[A_PENALTY] = True
        out[A_PENALTY + 1] = True
    elif d == Decision.CARGO_LOSS:
        mask_removals(rec, p, out, True)
    elif d == Decision.BUY:
        mask_exchanges(rec, p, out)
        out[A_BUY_SECTION] = section_legal(rec, p)
        for i in range(15):
            if rec.display[i] >= 0:
                for k in range(D.NUM_SLOTS):
                    out[A_BUY_TOKEN + i * D.NUM_SLOTS + k] = token_legal(rec, p, i, k)
        out[A_NASSAU_PASS] = True
    elif d == Decision.BURY:
        mask_exchanges(rec, p, out)
        for m in range(NUM_CONVERT):
            out[A_CONVERT + m] = convert_legal(rec, p, m)
        out[A_BURY] = rec.hold[p, 0] > 0
        out[A_BURY + 1] = rec.hold[p, 0] > 0
        out[A_BURY + 2] = True


# ----- auto-resolution (PN-19.3's configuration flag) -----------------------------------------
@njit(cache=True)
def forced_action(rec, legal):
    """PN-19.3: the only legal action of the pending decision, -1 if it has a choice."""
    legal[:] = False
    mask_one(rec, legal)
    forced = -1
    for a in range(legal.shape[0]):
        if legal[a]:
            if forced >= 0:
                return -1
            forced = a
    return forced


@njit(cache=True)
def step_one(rec, action):
    """The action; with ``auto_resolve`` also every following decision that has a single
    legal action (PN-19.3), so the next decision asked of a player is a real choice."""
    play_action(rec, action)
    if rec.auto_resolve:
        legal = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        while not rec.terminated:
            forced = forced_action(rec, legal)
            if forced < 0:
                break
            play_action(rec, forced)
