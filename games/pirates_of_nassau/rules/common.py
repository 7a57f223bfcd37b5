"""Shared helpers of the Pirates of Nassau kernels: ship values, the hold, piles,
player orders and the notoriety track (rule IDs PN-*: docs/rules/pirates_of_nassau.md)."""

import numpy as np
from numba import njit

from ...core import rng
from .. import data as D
from ..state import Decision

NUM_POS = D.NUM_POSITIONS
NS = D.NUM_SLOTS
POS_KIND, POS_REGION, POS_OFFER, PORT_CANNON = D.POS_KIND, D.POS_REGION, D.POS_OFFER, D.PORT_CANNON
PORT, ROUTE, INTERMEDIATE = D.PORT, D.ROUTE, D.INTERMEDIATE
M_REGION, M_SAIL, M_CANNON, M_LOOT = D.M_REGION, D.M_SAIL, D.M_CANNON, D.M_LOOT
NAVY_SAIL, NAVY_CANNON, NAVY_EMPTY, NAVY_PHASE, NAVY_MARK = (D.NAVY_SAIL, D.NAVY_CANNON, D.NAVY_EMPTY,
                                                           D.NAVY_PHASE, D.NAVY_MARK)
GAME_END = D.GAME_END
CAPTAIN_SAIL, CAPTAIN_CANNON = D.CAPTAIN_SAIL, D.CAPTAIN_CANNON
SLOT_KIND, SLOT_SECTION = D.SLOT_KIND, D.SLOT_SECTION
T_STACK, T_SLOT, T_COST, T_COUNT = D.T_STACK, D.T_SLOT, D.T_COST, D.T_COUNT
T_SAIL, T_CANNON, T_RAID = D.T_SAIL, D.T_CANNON, D.T_RAID
T_BOOST_SAIL, T_BOOST_CANNON, T_NOTO, T_GREEN, T_BLUE = D.T_BOOST_SAIL, D.T_BOOST_CANNON, D.T_NOTO, D.T_GREEN, D.T_BLUE
T_ONE_SHOT = D.T_ONE_SHOT
BASE_STORAGE, SECTION_STORAGE, SECTION_PRICE = D.BASE_STORAGE, D.SECTION_STORAGE, D.SECTION_PRICE
PRINTED_SAIL, PRINTED_CANNON, PRINTED_GREEN = D.PRINTED_SAIL, D.PRINTED_CANNON, D.PRINTED_GREEN
I_PESO, I_HOSTAGE, I_GOODS = D.I_PESO, D.I_HOSTAGE, D.I_GOODS
NUM_TOKEN_TYPES = D.NUM_TOKEN_TYPES
RANK_POINTS = np.array(D.RANK_POINTS, dtype=np.int64)
CARGO_ALL, CARGO_RESOURCES, CARGO_GOODS = 0, 1, 2  # GAP-9 options


# ----- ship (PN-8.16, PD-5, PD-6) ---------------------------------------------------------
@njit(cache=True)
def slot_sum(rec, p, column):
    """A token column (PD-6) summed over the tokens on player p's ship."""
    total = 0
    for k in range(NS):
        t = rec.slot[p, k]
        if t >= 0:
            total += column[t]
    return total


@njit(cache=True)
def ship_sail(rec, p):
    """PN-8.16: printed sail 1 plus permanent sail tokens."""
    return PRINTED_SAIL + slot_sum(rec, p, T_SAIL)


@njit(cache=True)
def ship_cannon(rec, p):
    """PN-8.16: printed cannon 1 plus unconditional permanent cannon tokens."""
    return PRINTED_CANNON + slot_sum(rec, p, T_CANNON)


@njit(cache=True)
def raid_bonus(rec, p):
    """PN-8.16, PD-6 H-B: cannon that counts only when raiding a port."""
    return slot_sum(rec, p, T_RAID)


@njit(cache=True)
def capacity(rec, p):
    """PN-2.5, PD-5: storage of the bow and stern plus the sections bought."""
    c = BASE_STORAGE
    for s in range(rec.sections[p]):
        c += SECTION_STORAGE[s]
    return c


@njit(cache=True)
def slot_open(rec, p, k):
    """PD-5: slots 7-15 exist only once their section is bought."""
    return SLOT_SECTION[k] <= rec.sections[p]


@njit(cache=True)
def best_ship(rec, p):
    """PN-16.2: green numbers of hull, sail and mizzen tokens plus the printed ones."""
    return PRINTED_GREEN + slot_sum(rec, p, T_GREEN)


@njit(cache=True)
def motley_crew(rec, p):
    """PN-16.2: blue numbers of the crew tokens."""
    return slot_sum(rec, p, T_BLUE)


@njit(cache=True)
def token_ready(rec, p, k):
    """PN-11.6: a one-shot token on slot k that is face up."""
    t = rec.slot[p, k]
    return t >= 0 and T_ONE_SHOT[t] == 1 and rec.slot_used[p, k] == 0


# ----- hold (PN-2.5, PN-8.12) -------------------------------------------------------------
@njit(cache=True)
def hold_items(rec, p):
    n = 0
    for i in range(5):
        n += rec.hold[p, i]
    return n


@njit(cache=True)
def free_space(rec, p):
    return capacity(rec, p) - hold_items(rec, p)


@njit(cache=True)
def gain(rec, p, item, amount):
    """PN-2.6, GAP-32: take up to ``amount`` from the supply (pesos unlimited) into the
    hold, ignoring capacity (PN-8.12: overflow is resolved afterwards)."""
    if item != I_PESO:
        amount = min(amount, rec.supply[item])
        rec.supply[item] -= amount
    rec.hold[p, item] += amount
    return amount


@njit(cache=True)
def give_back(rec, p, item):
    """PN-8.12: one item from the hold back to the supply (pesos vanish: unlimited)."""
    rec.hold[p, item] -= 1
    if item != I_PESO:
        rec.supply[item] += 1


@njit(cache=True)
def cargo_item(rule, item):
    """GAP-9: which hold items the navy's cargo loss counts."""
    if rule == CARGO_ALL:
        return True
    if rule == CARGO_RESOURCES:
        return item != I_PESO and item != I_HOSTAGE
    return item == I_GOODS


@njit(cache=True)
def cargo_count(rec, p):
    n = 0
    for i in range(5):
        if cargo_item(rec.cargo_rule, i):
            n += rec.hold[p, i]
    return n


# ----- piles ------------------------------------------------------------------------------
@njit(cache=True)
def to_bottom(pile, length, card):
    """Put ``card`` under the pile (index 0 is the bottom); returns the new length."""
    for i in range(length, 0, -1):
        pile[i] = pile[i - 1]
    pile[0] = card
    return length + 1


@njit(cache=True)
def merchant_to_bottom(rec, card):
    """PN-9.5, PN-13.1: a merchant goes to the bottom of the deck of its card back."""
    r = M_REGION[card] - 1
    rec.m_deck_len[r] = to_bottom(rec.m_deck[r], rec.m_deck_len[r], card)


@njit(cache=True)
def draw_merchant(rec, region):
    """Top card of a region's deck, -1 when empty (PN-13.6)."""
    r = region - 1
    if rec.m_deck_len[r] == 0:
        return -1
    rec.m_deck_len[r] -= 1
    card = rec.m_deck[r, rec.m_deck_len[r]]
    rec.m_deck[r, rec.m_deck_len[r]] = -1
    return card


@njit(cache=True)
def draw_token(rec, s):
    """PN-14.3, GAP-31: top of stack ``s``; reshuffle its discard pile when empty; -1 if none."""
    if rec.stack_len[s] == 0:
        n = 0
        for t in range(NUM_TOKEN_TYPES):
            if T_STACK[t] == s:
                for _ in range(rec.discard[t]):
                    rec.stack[s, n] = t
                    n += 1
                rec.discard[t] = 0
        rng.shuffle(rec.rng, rec.stack[s], 0, n)
        rec.stack_len[s] = n
        if n == 0:
            return -1
    rec.stack_len[s] -= 1
    t = rec.stack[s, rec.stack_len[s]]
    rec.stack[s, rec.stack_len[s]] = -1
    return t


@njit(cache=True)
def fill_display(rec):
    """PN-4.5, PN-14.2: N tokens from each stack, face up."""
    for s in range(3):
        for i in range(rec.num_players):
            rec.display[s * 5 + i] = draw_token(rec, s)


# ----- orders and the notoriety track (PN-5.3, PN-9.4) -------------------------------------
@njit(cache=True)
def set_order(rec, descending):
    """PN-5.3: the step's order by notoriety (always distinct, PN-9.4), fixed now."""
    n = rec.num_players
    for i in range(5):
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


@njit(cache=True)
def halve_target(v):
    """PN-10.6, GAP-10: lose floor(v/2), so v becomes ceil(v/2) (13 -> 7)."""
    return v - v // 2
