"""Setup for 3, 4 and 5 players (PN-4)."""

import numpy as np
from numba import njit

from ...core import rng
from .. import data as D
from .flow import clear_challenge, roll_dice, start_pirate_phase
from .piles import draw_merchant, draw_token, fill_display, reveal_navy, shuffle_stack
from .ship import slot_open


@njit(cache=True)
def navy_used(mark, n):
    """PN-4.3 step 1: 4+ cards need 4 players, 5+ cards 5."""
    return mark == 0 or mark <= n


@njit(cache=True)
def setup_merchants(rec):
    """PN-4.2: shuffle each region's deck, deal one card to each trade route left to right."""
    for r in range(3):
        m = 0
        for c in range(D.NUM_MERCHANTS):
            if D.M_REGION[c] == r + 1:
                rec.m_deck[r, m] = c
                m += 1
        rng.shuffle(rec.rng, rec.m_deck[r], 0, m)
        rec.m_deck_len[r] = m
    for pos in range(1, D.NUM_POSITIONS + 1):
        if D.POS_KIND[pos] == D.ROUTE:
            rec.route_card[pos] = draw_merchant(rec, D.POS_REGION[pos])


@njit(cache=True)
def stack_navy_phase(rec, n, phase, m):
    """PN-4.3 steps 1-2: the phase's cards used with n players (the Game End card is in
    phase 2), shuffled, on top of the m cards already in the deck; the new length."""
    bottom = m
    for c in range(D.NUM_NAVY):
        if D.NAVY_PHASE[c] == phase and navy_used(D.NAVY_MARK[c], n):
            rec.navy_deck[m] = c
            m += 1
    rng.shuffle(rec.rng, rec.navy_deck, bottom, m)
    return m


@njit(cache=True)
def setup_navy(rec, n):
    """PN-4.3: phase-1 pile on top of the phase-2 pile with the Game End card; N face up."""
    m = stack_navy_phase(rec, n, 1, stack_navy_phase(rec, n, 2, 0))
    rec.navy_deck_len = m
    rec.navy_fresh = m
    for i in range(n):
        reveal_navy(rec, i)


@njit(cache=True)
def empty_slot(rec, p, kind):
    """PD-5: the first empty open slot of ``kind`` on player p's ship, -1 none."""
    for k in range(D.NUM_SLOTS):
        if rec.slot[p, k] < 0 and D.SLOT_KIND[k] == kind and slot_open(rec, p, k):
            return k
    return -1


@njit(cache=True)
def starting_tokens(rec):
    """GAP-8 option ``random_starting_tokens``: each player in seat order takes the top
    token of each stack onto the first empty slot of its kind on the bow and stern; a
    token with no such slot goes to its stack's discard pile (as a replaced one, PN-11.5)."""
    for p in range(rec.num_players):
        for s in range(3):
            t = draw_token(rec, s)
            k = empty_slot(rec, p, D.T_SLOT[t])
            if k >= 0:
                rec.slot[p, k] = t
            else:
                rec.discard[t] += 1


@njit(cache=True)
def setup_tokens(rec):
    """PN-4.5: three shuffled stacks (sails and mizzens together), N of each face up;
    with GAP-8's option the starting tokens are taken first."""
    for s in range(3):
        shuffle_stack(rec, s, D.T_COUNT)
    if rec.random_starting_tokens:
        starting_tokens(rec)
    fill_display(rec)


@njit(cache=True)
def initial_order(rec, n):
    """PN-4.7, GAP-35: lowest dice total takes space 1; ties broken at random."""
    tie = np.arange(n)
    rng.shuffle(rec.rng, tie, 0, n)
    for p in range(n):
        tp = rec.dice[p, 0] + rec.dice[p, 1] + rec.dice[p, 2]
        r = 1
        for q in range(n):
            tq = rec.dice[q, 0] + rec.dice[q, 1] + rec.dice[q, 2]
            if tq < tp or (tq == tp and tie[q] < tie[p]):
                r += 1
        rec.notoriety[p] = r


@njit(cache=True)
def init_one(rec, seed, config):
    """config = [num_players, plank_any_time, return_all_hostages, cargo_rule,
    random_starting_tokens, auto_resolve] (state.OPTION_FIELDS)."""
    rng.seed_stream(rec.rng, seed)
    n = config[0]
    rec.num_players = n
    rec.plank_any_time = config[1]
    rec.return_all_hostages = config[2]
    rec.cargo_rule = config[3]
    rec.random_starting_tokens = config[4]
    rec.auto_resolve = config[5]
    rec.round_no = 1
    rec.route_card[:] = -1
    rec.m_deck[:, :] = -1
    rec.navy_deck[:] = -1
    rec.navy_display[:] = -1
    rec.stack[:, :] = -1
    rec.display[:] = -1
    rec.slot[:, :] = -1
    rec.plundered[:] = -1
    rec.plundered_by[:] = -1
    for i in range(5):
        rec.supply[i] = D.SUPPLY_BY_ITEM[i]
    rec.tw_supply = D.TRADE_WINDS
    setup_merchants(rec)
    setup_navy(rec, n)
    setup_tokens(rec)
    roll_dice(rec)  # PN-4.7: these are round 1's dice (PN-5.2)
    initial_order(rec, n)
    clear_challenge(rec)
    rec.last_actor = -1
    rec.last_action = -1
    start_pirate_phase(rec)
