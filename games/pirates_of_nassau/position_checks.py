"""Position checks of Pirates of Nassau for ``from_json``, over 400 lines: one check per rule family (PN-* IDs).

The rules: docs/rules/pirates_of_nassau.md.

A position is accepted only if the kernels can go on from it: every field in range,
every component conserved, every ship and hold consistent, and the pending decision
one the rules reach (its step, its player, its challenge). Python side only: the
kernels answer the values they compute (capacity, ship stats), so no rule is restated.
"""

import numpy as np

from ..core.errors import PositionError
from . import data as D
from .rules.navy import cargo_count, halve_target, occupied
from .rules.setup import navy_used
from .rules.ship import capacity
from .state import NS, OPTION_FIELDS, P, PLUNDER_LOG, Challenge, Decision, Step

MAX_ROUNDS = D.NUM_NAVY  # a round reveals N >= 3 navy cards, so the Game End card comes far sooner
MAX_NOTORIETY = 9999
DECISIONS_OF_STEP = {
    Step.PIRATE: (Decision.MOVE, Decision.ACTION, Decision.CARD, Decision.BOOST, Decision.RANSOM, Decision.OVERFLOW),
    Step.NOTORIETY: (Decision.ADJUST, Decision.COLLISION),
    Step.NAVY: (
        Decision.NAVY_PICK,
        Decision.CARD,
        Decision.BOOST,
        Decision.PENALTY,
        Decision.COLLISION,
        Decision.CARGO_LOSS,
    ),
    Step.BUY: (Decision.BUY,),
    Step.BURY: (Decision.BURY,),
    Step.CHECK: (Decision.CHECK,),
    Step.OVER: (Decision.NONE,),
}
RESOURCE_TOTAL = (0, D.SUPPLY["gunpowder"], D.SUPPLY["goods"], D.SUPPLY["rum"])


def as_record(rec):
    """``rec`` read by attribute as well (``np.record``), so the kernels this module asks
    (capacity, occupied) also run uncompiled (NUMBA_DISABLE_JIT=1)."""
    return np.asarray(rec).reshape(1).view(np.recarray)[0]


def field_bounds(n, num_actions):
    m, nv, tt = D.NUM_MERCHANTS - 1, D.NUM_NAVY - 1, D.NUM_TOKEN_TYPES - 1
    return {
        "num_players": (n, n),
        "current_player": (-1, n - 1),
        "terminated": (0, 1),
        "turn": (0, 30000),
        "plank_any_time": (0, 1),
        "return_all_hostages": (0, 1),
        "cargo_rule": (0, 2),
        "random_starting_tokens": (0, 1),
        "auto_resolve": (0, 1),
        "round_no": (1, MAX_ROUNDS),
        "step": (0, len(Step) - 1),
        "decision": (0, len(Decision) - 1),
        "pass_no": (0, D.PASSES - 1),
        "order": (-1, n - 1),
        "order_idx": (0, n - 1),
        "route_card": (-1, m),
        "raided": (0, 1),
        "m_deck": (-1, m),
        "m_deck_len": (0, D.DECK_MAX),
        "navy_deck": (-1, nv),
        "navy_deck_len": (0, D.NUM_NAVY),
        "navy_fresh": (0, D.NUM_NAVY),
        "navy_display": (-1, nv),
        "stack": (-1, tt),
        "stack_len": (0, D.STACK_MAX),
        "discard": (0, D.STACK_MAX),
        "display": (-1, tt),
        "supply": (0, max(D.SUPPLY.values())),
        "tw_supply": (0, D.SUPPLY["trade_wind"]),
        "notoriety": (0, MAX_NOTORIETY),
        "sections": (0, 2),
        "slot": (-1, tt),
        "slot_used": (0, 1),
        "in_use": (0, 1),
        "hold": (0, 999),
        "chest": (0, 30000),
        "tw_held": (0, 1),
        "tw_spent": (0, 1),
        "played": (0, 1),
        "dice": (0, 6),
        "die_pos": (0, D.NUM_POSITIONS),
        "die_tw": (0, 1),
        "pos": (0, D.NUM_POSITIONS),
        "plundered": (-1, m),
        "plundered_by": (-1, n - 1),
        "plundered_len": (0, PLUNDER_LOG),
        "raids": (0, D.PASSES),
        "plank": (0, D.SUPPLY["hostage"]),
        "passed": (0, 1),
        "ch_kind": (0, len(Challenge) - 1),
        "ch_target": (-1, max(nv, D.NUM_POSITIONS)),
        "ch_card": (-1, D.CAPTAIN_CARDS - 1),
        "col_target": (0, MAX_NOTORIETY),
        "cargo_pending": (0, 1),
        "cargo_left": (0, 127),
        "last_actor": (-1, n - 1),
        "last_action": (-1, num_actions - 1),
    }


def _fail(field, why):
    raise PositionError(field, why)


def _pile(field, cards, length):
    if np.any(cards[:length] < 0) or np.any(cards[length:] != -1):
        _fail(field, f"the first {length} entries must be cards and the rest -1")


def check_options(rec, config):
    for field, want in zip(OPTION_FIELDS, config[1:]):
        if int(rec[field]) != int(want):
            _fail(field, f"is {int(rec[field])} but the game's options say {int(want)}")


def check_empty_seats(rec, n):
    """Arrays are sized for 5 players; seats >= num_players stay empty."""
    zero = (
        "notoriety",
        "sections",
        "slot_used",
        "hold",
        "chest",
        "tw_held",
        "played",
        "dice",
        "die_pos",
        "die_tw",
        "pos",
        "raids",
        "plank",
        "passed",
    )
    for f in zero:
        if np.any(rec[f][n:]):
            _fail(f, f"seats >= {n} must be empty")
    if np.any(rec["slot"][n:] != -1):
        _fail("slot", f"seats >= {n} have no ship")
    if np.any(rec["order"][n:] != -1) or np.any(rec["navy_display"][n:] != -1):
        _fail("order" if np.any(rec["order"][n:] != -1) else "navy_display", f"entries >= {n} must be -1")
    for s in range(3):
        if np.any(rec["display"][s * P + n : (s + 1) * P] != -1):
            _fail("display", f"the Nassau display holds {n} tokens of each stack (PN-4.5)")
    if np.any(rec["dice"][:n] < 1):
        _fail("dice", "dice show 1..6 (PN-6.1)")


def check_merchants(rec):
    """PN-2.1, PN-3.6, PN-4.2: each of the 58 merchants once, decks by card back, cards only on trade routes."""
    for r in range(3):
        _pile("m_deck", rec["m_deck"][r], int(rec["m_deck_len"][r]))
        deck = rec["m_deck"][r][: rec["m_deck_len"][r]]
        if np.any(D.M_REGION[deck] != r + 1):
            _fail("m_deck", f"the region-{r + 1} deck holds a card of another region (PN-4.2)")
    route = rec["route_card"]
    if np.any(route[D.POS_KIND != D.ROUTE] != -1):
        _fail("route_card", "only trade routes hold merchant cards (PN-3.6)")
    k = int(rec["plundered_len"])
    _pile("plundered", rec["plundered"], k)
    if np.any(rec["plundered_by"][:k] < 0) or np.any(rec["plundered_by"][k:] != -1):
        _fail("plundered_by", f"the first {k} entries name players and the rest are -1")
    cards = np.concatenate(
        [rec["m_deck"][r][: rec["m_deck_len"][r]] for r in range(3)] + [route[route >= 0], rec["plundered"][:k]]
    )
    if not np.array_equal(np.sort(cards), np.arange(D.NUM_MERCHANTS)):
        _fail("route_card", "every merchant card must be in exactly one deck, route or plundered area")


def check_navy(rec, n, live):
    """PN-4.3, PN-12: the cards of this player count, once each; the Game End card still unrevealed."""
    length, fresh = int(rec["navy_deck_len"]), int(rec["navy_fresh"])
    _pile("navy_deck", rec["navy_deck"], length)
    display = rec["navy_display"][:n]
    cards = np.concatenate([rec["navy_deck"][:length], display[display >= 0]])
    used = [c for c in range(D.NUM_NAVY) if navy_used(int(D.NAVY_MARK[c]), n)]
    if sorted(cards.tolist()) != used:
        _fail(
            "navy_deck",
            f"the deck and display must hold each of the {len(used)} Royal Navy cards of a "
            f"{n}-player game once (PN-4.3)",
        )
    if fresh > length:
        _fail("navy_fresh", "more never-revealed cards than the deck holds")
    top = rec["navy_deck"][length - fresh : length]
    if np.any(np.diff(D.NAVY_PHASE[top]) > 0):
        _fail("navy_deck", "the unrevealed phase-1 cards lie on top of the phase-2 pile (PN-4.3)")
    if live and D.GAME_END not in top.tolist():
        _fail("navy_deck", "a live game has the Game End card among its unrevealed cards (PN-12.2)")
    if not live and D.GAME_END not in display.tolist():
        _fail("navy_display", "a finished game has revealed the Game End card (PN-12.2)")


def check_tokens(rec, n):
    """PN-2.1, PN-4.5, PN-14: every token in its stack, the display, a ship or a discard pile."""
    count = rec["discard"].astype(np.int64).copy()
    for s in range(3):
        _pile("stack", rec["stack"][s], int(rec["stack_len"][s]))
        pile = rec["stack"][s][: rec["stack_len"][s]]
        if np.any(D.T_STACK[pile] != s):
            _fail("stack", f"the {D.STACKS[s]} stack holds a token of another stack")
        count += np.bincount(pile, minlength=D.NUM_TOKEN_TYPES)
        shown = rec["display"][s * P : (s + 1) * P]
        shown = shown[shown >= 0]
        if np.any(D.T_STACK[shown] != s):
            _fail("display", f"the {D.STACKS[s]} row of the Nassau display holds another stack's token")
        count += np.bincount(shown, minlength=D.NUM_TOKEN_TYPES)
    on_ships = rec["slot"][:n][rec["slot"][:n] >= 0]
    count += np.bincount(on_ships, minlength=D.NUM_TOKEN_TYPES)
    if not np.array_equal(count, D.T_COUNT):
        _fail("discard", f"tokens per type {count.tolist()} != {D.T_COUNT.tolist()} (PN-2.1)")


def check_ships(rec, n):
    """PN-11.4, PN-11.5, PD-5: tokens on open slots of their kind; only one-shot tokens flip."""
    for p in range(n):
        for k in range(NS):
            t = int(rec["slot"][p, k])
            if t < 0:
                if rec["slot_used"][p, k]:
                    _fail("slot_used", f"player {p}'s slot {k} is empty")
                continue
            if D.SLOT_SECTION[k] > rec["sections"][p]:
                _fail("slot", f"player {p}'s slot {k} belongs to a section not bought (PD-5)")
            if D.SLOT_KIND[k] != D.T_SLOT[t]:
                _fail(
                    "slot",
                    f"{D.TOKEN_NAMES[t]} does not fit player {p}'s {D.SLOT_KINDS[D.SLOT_KIND[k]]} slot (PN-11.5)",
                )
            if rec["slot_used"][p, k] and not D.T_ONE_SHOT[t]:
                _fail("slot_used", f"{D.TOKEN_NAMES[t]} is permanent and never flips (PN-11.6)")


def check_supply(rec, n):
    """PN-2.6: resources, hostages and trade winds are conserved; pesos are unlimited (GAP-32)."""
    if rec["supply"][0]:
        _fail("supply", "pesos are unlimited, the peso entry stays 0 (GAP-32)")
    hold = rec["hold"][:n].astype(np.int64)
    for i in (1, 2, 3):
        if rec["supply"][i] + hold[:, i].sum() != RESOURCE_TOTAL[i]:
            _fail("supply", f"{D.ITEMS[i]}: supply + holds must be {RESOURCE_TOTAL[i]} (PN-2.1)")
    if rec["supply"][4] + hold[:, 4].sum() + rec["plank"][:n].sum() != D.SUPPLY["hostage"]:
        _fail("supply", "hostages: supply + holds + planks must be 7 (PN-2.1)")
    tw = int(rec["tw_supply"]) + int(rec["tw_held"][:n].sum()) + int(rec["die_tw"][:n].sum())
    if tw != D.SUPPLY["trade_wind"]:
        _fail("tw_supply", "trade winds: supply + held + under dice must be 10 (PN-2.1, PN-7.6)")


def check_notoriety(rec, n):
    """PN-3.8, PN-9.4: true values of at least 1, never two on one space."""
    v = rec["notoriety"][:n]
    if np.any(v < 1):
        _fail("notoriety", "the track starts at space 1 (PN-4.7)")
    if len(set(v.tolist())) != n:
        _fail("notoriety", "no two markers share a space (PN-9.4)")


def check_order(rec, n, step):
    """PN-5.3: the order of the step is a permutation, by notoriety where it cannot have changed."""
    order = rec["order"][:n].astype(np.int64)
    if sorted(order.tolist()) != list(range(n)):
        _fail("order", "must list every player once")
    i = int(rec["order_idx"])
    if int(rec["current_player"]) != order[i]:
        _fail("current_player", f"the player to act is order[{i}] = {order[i]}")
    v = rec["notoriety"][order].astype(np.int64)
    ascending = step in (Step.PIRATE, Step.NAVY)
    rest = v if step in (Step.PIRATE, Step.BUY, Step.BURY, Step.CHECK) else v[i + 1 :]
    diffs = np.diff(rest)
    if np.any(diffs < 0 if ascending else diffs > 0):
        _fail("order", f"the step's order is by {'ascending' if ascending else 'descending'} notoriety (PN-5.3)")
    return order


def expected_dice(rec, order, j):
    """PN-7.1, PN-7.3: dice the player in order slot j has used so far in step 2."""
    i = int(rec["order_idx"])
    used = int(rec["pass_no"]) + (1 if j < i else 0)
    if j == i and rec["decision"] != Decision.MOVE:
        used += 1
    return used


def cards_allowed(rec, step, j, used):
    """PN-8.2, PN-10.10: one card per challenge, so one is left for the navy."""
    if step == Step.PIRATE:
        return used
    if step == Step.NOTORIETY:
        return 3
    if step == Step.NAVY:
        i = int(rec["order_idx"])
        return 3 if j > i or (j == i and rec["decision"] in (Decision.NAVY_PICK, Decision.CARD)) else 4
    return 4


def check_voyage(rec, n, step, order):
    """PN-7.3, PN-7.6, PN-9.5, PN-11.1: dice on the board, ship markers, trade winds, this round's record."""
    at_sea = step in (Step.PIRATE, Step.NOTORIETY, Step.NAVY)
    plunders = np.bincount(rec["plundered_by"][: rec["plundered_len"]].astype(np.int64), minlength=P)
    for j, p in enumerate(order):
        used_dice = rec["die_pos"][p] > 0
        used = int(used_dice.sum())
        want = expected_dice(rec, order, j) if step == Step.PIRATE else (3 if at_sea else 0)
        if used != want:
            _fail("die_pos", f"player {p} has used {used} dice, the flow says {want} (PN-7.1, PN-7.3)")
        if np.any(rec["die_tw"][p][~used_dice]):
            _fail("die_tw", "a trade wind lies only under a used die (PN-7.6)")
        pos = int(rec["pos"][p])
        if (pos == 0) != (used == 0) or (used and pos not in rec["die_pos"][p].tolist()):
            _fail("pos", f"player {p}'s ship is where one of their dice lies, or in Nassau before the first move")
        if plunders[p] + rec["raids"][p] > used:
            _fail("raids", f"player {p} won more challenges than the turns taken (PN-7.2)")
        if rec["played"][p].sum() > cards_allowed(rec, step, j, used):
            _fail("played", f"player {p} played more captain cards than challenges (PN-8.2, PN-10.10)")
    if step not in (Step.PIRATE, Step.NOTORIETY):
        for f in ("die_tw", "tw_held", "raids", "plundered_len"):
            if np.any(rec[f]):
                _fail(f, "the step-3 cleanup returned the trade winds and this round's record (PN-9.5)")
    if int(rec["raids"].sum()) > int(rec["raided"].sum()):
        _fail("raids", "more raids than raided ports (PN-8.9)")
    if np.any(rec["raided"][D.POS_KIND != D.PORT]):
        _fail("raided", "only ports are raided (PN-8.10)")


def check_holds(rec, n, step, decision):
    """PN-8.12, PN-8.12a, PN-11.10: holds fit, except while items are being removed or in step 5."""
    cur = int(rec["current_player"])
    for p in range(n):
        over = int(rec["hold"][p].sum()) > capacity(rec, p)
        if decision in (Decision.OVERFLOW, Decision.CHECK) and p == cur:
            if not over:
                _fail("hold", f"player {p} removes items but the hold fits (PN-8.12)")
        elif over and step not in (Step.BUY, Step.BURY, Step.CHECK):
            _fail("hold", f"player {p}'s hold exceeds its capacity {capacity(rec, p)} (PN-2.5)")
    if decision == Decision.CHECK:
        order = rec["order"][:n]
        for j in range(int(rec["order_idx"])):
            if int(rec["hold"][order[j]].sum()) > capacity(rec, int(order[j])):
                _fail("hold", "players before the one to act have emptied their holds (PN-11.10)")


def check_passes(rec, n, step):
    """PN-11.2: pass flags of the purchase loop."""
    passed = rec["passed"][:n]
    if step == Step.BUY:
        if passed[int(rec["current_player"])]:
            _fail("passed", "the player to buy has not passed (PN-11.2)")
    elif step in (Step.BURY, Step.CHECK, Step.OVER):
        if step != Step.OVER and not passed.all():
            _fail("passed", "burying starts once every player has passed (PN-11.2)")
    elif np.any(passed != (1 if rec["round_no"] > 1 else 0)):
        _fail("passed", "the pass flags of the last purchase loop stay until the next one (PN-11.2)")


def check_challenge(rec, n, step, decision):
    """PN-8.2, PN-10: the pending challenge matches the decision and its target."""
    kind, target, card = int(rec["ch_kind"]), int(rec["ch_target"]), int(rec["ch_card"])
    cur = int(rec["current_player"])
    in_challenge = decision in (Decision.CARD, Decision.BOOST)
    if step == Step.NAVY and decision != Decision.NAVY_PICK:
        if kind != Challenge.NAVY:
            _fail("ch_kind", "a Royal Navy encounter is open (PN-10.4)")
    elif step == Step.PIRATE and in_challenge:
        if kind not in (Challenge.PLUNDER, Challenge.RAID):
            _fail("ch_kind", "a plunder or raid is open (PN-8.2)")
    elif not (step == Step.PIRATE and decision == Decision.OVERFLOW):
        if kind != Challenge.NONE:
            _fail("ch_kind", "no challenge is open")
    if kind == Challenge.NONE:
        if target != -1 or card != -1:
            _fail("ch_target" if target != -1 else "ch_card", "is -1 without a challenge")
        return
    if (card < 0) != (decision == Decision.CARD):
        _fail("ch_card", "the captain card is chosen in the CARD decision, and only then (PN-8.2)")
    if card >= 0 and not rec["played"][cur, card]:
        _fail("played", "the challenge's captain card is played (PN-8.2 step 5)")
    pos = int(rec["pos"][cur])
    if kind == Challenge.PLUNDER:
        if target != pos or D.POS_KIND[pos] != D.ROUTE or (in_challenge and rec["route_card"][pos] < 0):
            _fail("ch_target", "a plunder targets the merchant at the player's trade route (PN-8.3)")
    elif kind == Challenge.RAID:
        if target != pos or D.POS_KIND[pos] != D.PORT or (in_challenge and rec["raided"][pos]):
            _fail("ch_target", "a raid targets the unraided port the player is at (PN-8.9)")
    else:
        if (
            not (0 <= target < D.GAME_END)
            or D.NAVY_EMPTY[target]
            or target not in rec["navy_deck"][: rec["navy_deck_len"]].tolist()
        ):
            _fail("ch_target", "a Royal Navy encounter is with a ship card taken this step (PN-10.4, PN-10.8)")
        fresh = rec["navy_deck"][rec["navy_deck_len"] - rec["navy_fresh"] : rec["navy_deck_len"]]
        if target in fresh.tolist():
            _fail("ch_target", "the encountered card has been revealed")


def check_decision(rec, n, step, decision):
    """The fields a decision uses, against the rest of the position (PN-19.3)."""
    cur = int(rec["current_player"])
    if decision not in DECISIONS_OF_STEP[step]:
        _fail("decision", f"{Decision.name_of(decision)} is not a decision of step {Step.name_of(step)}")
    if rec["in_use"].any():
        if decision not in (Decision.BOOST, Decision.ADJUST):
            _fail("in_use", "tokens are in use only in a challenge or the adjustment window (PN-8.2, PN-9.2)")
        flipped = rec["slot_used"][cur].astype(bool)
        if np.any(rec["in_use"].astype(bool) & ~flipped):
            _fail("in_use", "a token in use has been flipped")
        for k in np.flatnonzero(rec["in_use"]):
            t = int(rec["slot"][cur, k])
            boost = D.T_BOOST_SAIL[t] + D.T_BOOST_CANNON[t]
            if (decision == Decision.BOOST and not boost) or (decision == Decision.ADJUST and not D.T_NOTO[t]):
                _fail("in_use", f"{D.TOKEN_NAMES[t]} has no effect in this window (PD-6)")
    if rec["tw_spent"] and decision != Decision.ADJUST:
        _fail("tw_spent", "a trade wind is spent for notoriety only in the adjustment (PN-9.2)")
    col = int(rec["col_target"])
    if (col > 0) != (decision == Decision.COLLISION):
        _fail("col_target", "names the occupied target exactly in a COLLISION decision (PN-9.4)")
    if col > 0:
        v = int(rec["notoriety"][cur])
        if not occupied(rec, col, cur):
            _fail("col_target", "the collision's target space is occupied by another marker (PN-9.4)")
        if (step == Step.NOTORIETY and col <= v) or (step == Step.NAVY and col != halve_target(v)):
            _fail("col_target", "does not match the notoriety change (PN-9.2, PN-10.6)")
    if rec["cargo_pending"] and not (step == Step.NAVY and decision == Decision.COLLISION):
        _fail("cargo_pending", "the cargo loss waits only for the notoriety collision (PN-10.7)")
    left = int(rec["cargo_left"])
    if (left > 0) != (decision == Decision.CARGO_LOSS):
        _fail("cargo_left", "items are left to lose exactly in the CARGO_LOSS decision (PN-10.6)")
    if left > cargo_count(rec, cur) if left else False:
        _fail("cargo_left", "more items to lose than the hold holds")
    if decision == Decision.RANSOM:
        pos = int(rec["pos"][cur])
        if rec["hold"][cur, D.I_HOSTAGE] == 0 or D.POS_KIND[pos] != D.PORT or rec["raided"][pos]:
            _fail("decision", "a ransom follows a smuggle at an unraided port with a hostage held (PN-8.8)")
    if decision == Decision.NAVY_PICK or step == Step.NAVY:
        shown = int((rec["navy_display"][:n] >= 0).sum())
        want = n - int(rec["order_idx"]) - (0 if decision == Decision.NAVY_PICK else 1)
        if shown != want:
            _fail("navy_display", f"{want} cards are left for the players still to take one (PN-10.2)")
    elif step != Step.OVER:
        want = n if step in (Step.PIRATE, Step.NOTORIETY) else 0
        if int((rec["navy_display"][:n] >= 0).sum()) != want:
            _fail("navy_display", f"the display shows {want} cards in step {Step.name_of(step)} (PN-10.2, PN-12.1)")


def check_position(rec, n, config):
    rec = as_record(rec)
    check_options(rec, config)
    check_empty_seats(rec, n)
    live = not rec["terminated"]
    step, decision = int(rec["step"]), int(rec["decision"])
    if live != (rec["current_player"] >= 0) or live != (step != Step.OVER):
        _fail("terminated", "the game is over exactly in step OVER, with current_player -1 (PN-12.2)")
    check_merchants(rec)
    check_navy(rec, n, live)
    check_tokens(rec, n)
    check_ships(rec, n)
    check_supply(rec, n)
    check_notoriety(rec, n)
    if (int(rec["last_actor"]) < 0) != (int(rec["last_action"]) < 0):
        _fail("last_action", "is -1 exactly when no last action is recorded")
    if not live:
        if decision != Decision.NONE:
            _fail("decision", "a finished game has no pending decision")
        return
    order = check_order(rec, n, step)
    check_voyage(rec, n, step, order)
    check_holds(rec, n, step, decision)
    check_passes(rec, n, step)
    check_challenge(rec, n, step, decision)
    check_decision(rec, n, step, decision)
