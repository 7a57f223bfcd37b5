"""What one seat may see (PN-20), as a flat float32 vector laid out by ``spaces.OBS``.

Seats are relative to the observer (0 = observer). Deck and stack orders never enter
it (PN-20.3); opponents' chests appear only once the game is over (PN-20.2, PN-20.4).
"""

import numpy as np
from numba import njit

from . import data as D
from .rules.pirate import target_values
from .rules.scoring import category_points, rank_one
from .rules.ship import capacity, hold_items, ship_values, slot_open
from .spaces import BOARD_FIELDS, NAVY_FIELDS, NTF, PENDING_FIELDS, PLAYER_FIELDS, TOKEN_FEATURE_TABLE, O
from .state import Challenge, Decision, Step

P = D.MAX_PLAYERS
NB, NPF, NNF, NPEND = len(BOARD_FIELDS), len(PLAYER_FIELDS), len(NAVY_FIELDS), len(PENDING_FIELDS)
O_FLOW, O_STEP, O_DECISION, O_ACTIVE, O_ORDER = O["flow"], O["step"], O["decision"], O["active"], O["order"]
O_PENDING, O_BOARD, O_SHIPS, O_NAVY, O_NAVY_DECK = (
    O["pending"],
    O["board"],
    O["ships_at"],
    O["navy_display"],
    O["navy_deck"],
)
O_MDECK, O_NASSAU, O_STACKS, O_DISCARDS, O_SUPPLY = (
    O["merchant_decks"],
    O["nassau"],
    O["stacks"],
    O["token_discards"],
    O["supply"],
)
O_PLAYERS, O_DICE, O_SLOTS, O_CHEST, O_FINAL = O["players"], O["dice"], O["slots"], O["chest"], O["final"]
SF = NTF + 3  # slot features
NUM_STEPS, NUM_DECISIONS = len(Step), len(Decision)


@njit(cache=True)
def observe_board(rec, out):
    for pos in range(1, D.NUM_POSITIONS + 1):
        b = O_BOARD + (pos - 1) * NB
        out[b + D.POS_KIND[pos]] = 1.0
        out[b + 3] = D.POS_REGION[pos]
        out[b + 4] = D.PORT_CANNON[pos]
        for k in range(4):
            out[b + 5 + k] = D.POS_OFFER[pos, k]
        out[b + 9] = rec.raided[pos]
        card = rec.route_card[pos]
        if card >= 0:
            out[b + 10] = 1.0
            out[b + 11] = card + 1
            out[b + 12] = D.M_SAIL[card]
            out[b + 13] = D.M_CANNON[card]
            for i in range(5):
                out[b + 14 + i] = D.M_LOOT[card, i]


@njit(cache=True)
def observe_navy(rec, out):
    for i in range(rec.num_players):
        card = rec.navy_display[i]
        if card >= 0:
            b = O_NAVY + i * NNF
            out[b] = 1.0
            out[b + 1] = D.NAVY_EMPTY[card]
            out[b + 2] = D.NAVY_SAIL[card]
            out[b + 3] = D.NAVY_CANNON[card]
            out[b + 4] = D.NAVY_PHASE[card]
    out[O_NAVY_DECK] = rec.navy_deck_len
    out[O_NAVY_DECK + 1] = rec.navy_fresh
    # composition of the never-revealed cards is public (PN-20.1); their order is not
    for j in range(rec.navy_deck_len - rec.navy_fresh, rec.navy_deck_len):
        card = rec.navy_deck[j]
        if card == D.GAME_END:
            out[O_NAVY_DECK + 4] += 1.0
        else:
            out[O_NAVY_DECK + 1 + D.NAVY_PHASE[card]] += 1.0


@njit(cache=True)
def observe_tokens(rec, out):
    for i in range(15):
        t = rec.display[i]
        if t >= 0:
            b = O_NASSAU + i * (NTF + 1)
            for f in range(NTF):
                out[b + f] = TOKEN_FEATURE_TABLE[t, f]
            out[b + NTF] = 1.0
    for s in range(3):
        out[O_STACKS + s] = rec.stack_len[s]
        out[O_MDECK + s] = rec.m_deck_len[s]
    for t in range(D.NUM_TOKEN_TYPES):
        out[O_DISCARDS + t] = rec.discard[t]
    for i in range(4):
        out[O_SUPPLY + i] = rec.supply[1 + i]
    out[O_SUPPLY + 4] = rec.tw_supply


@njit(cache=True)
def observe_player(rec, q, r, out):
    b = O_PLAYERS + r * NPF
    v = rec.notoriety[q]
    out[b] = 1.0
    out[b + 1] = v
    out[b + 2] = (v - 1) % 100 + 1
    out[b + 3] = (v - 1) // 100
    out[b + 4] = rec.sections[q]
    sail, cannon, raid, green, blue = ship_values(rec, q)
    out[b + 5] = sail
    out[b + 6] = cannon
    out[b + 7] = raid
    out[b + 8] = capacity(rec, q)
    for i in range(5):
        out[b + 9 + i] = rec.hold[q, i]
    out[b + 14] = hold_items(rec, q)
    out[b + 15] = rec.tw_held[q]
    for c in range(4):
        out[b + 16 + c] = 1 - rec.played[q, c]
    out[b + 20] = rec.pos[q] == 0
    out[b + 21] = rec.pos[q]
    noto = 0
    count = 0
    for i in range(rec.plundered_len):
        if rec.plundered_by[i] == q:
            count += 1
            noto += D.M_SAIL[rec.plundered[i]] + D.M_CANNON[rec.plundered[i]]
    out[b + 22] = count
    out[b + 23] = noto
    out[b + 24] = rec.raids[q]
    out[b + 25] = rec.plank[q]
    out[b + 26] = rec.passed[q]
    out[b + 27] = green
    out[b + 28] = blue
    out[O_SHIPS + rec.pos[q] * P + r] = 1.0
    for d in range(3):
        db = O_DICE + (r * 3 + d) * 4
        out[db] = rec.dice[q, d]
        out[db + 1] = rec.die_pos[q, d] > 0
        out[db + 2] = rec.die_pos[q, d]
        out[db + 3] = rec.die_tw[q, d]
    for k in range(D.NUM_SLOTS):
        sb = O_SLOTS + (r * D.NUM_SLOTS + k) * SF
        t = rec.slot[q, k]
        if t >= 0:
            for f in range(NTF):
                out[sb + f] = TOKEN_FEATURE_TABLE[t, f]
            out[sb + NTF] = 1.0
            out[sb + NTF + 1] = rec.slot_used[q, k]
        out[sb + NTF + 2] = slot_open(rec, q, k)


@njit(cache=True)
def observe_pending(rec, out):
    b = O_PENDING
    if rec.ch_kind != Challenge.NONE:
        out[b + rec.ch_kind - 1] = 1.0
        if rec.ch_kind != Challenge.PLUNDER or rec.route_card[rec.ch_target] >= 0:  # not yet taken
            ts, tc = target_values(rec)
            out[b + 3] = ts
            out[b + 4] = tc
    if rec.ch_card >= 0:
        out[b + 5] = 1.0 + rec.ch_card
        out[b + 6] = D.CAPTAIN_SAIL[rec.ch_card]
        out[b + 7] = D.CAPTAIN_CANNON[rec.ch_card]
    p = rec.current_player
    if p >= 0:
        for k in range(D.NUM_SLOTS):
            if rec.in_use[k]:
                t = rec.slot[p, k]
                out[b + 8] += TOKEN_FEATURE_TABLE[t, 12]
                out[b + 9] += TOKEN_FEATURE_TABLE[t, 13]
                out[b + 10] += D.T_NOTO[t]
    out[b + 11] = rec.tw_spent
    out[b + 12] = rec.col_target
    out[b + 13] = rec.cargo_left
    out[b + 14] = rec.cargo_pending


@njit(cache=True)
def observe_final(rec, player, out):
    n = rec.num_players
    pts = np.zeros((n, 4), dtype=np.int64)
    category_points(rec, pts)
    rank = np.zeros(n, dtype=np.int64)
    rank_one(rec, rank)
    for q in range(n):
        r = (q - player) % n
        b = O_FINAL + r * 6
        for c in range(4):
            out[b + c] = pts[q, c]
        out[b + 4] = pts[q, 0] + pts[q, 1] + pts[q, 2] + pts[q, 3]
        out[b + 5] = rank[q]
        out[O_CHEST + r] = rec.chest[q]


@njit(cache=True)
def observe_one(rec, player, out):
    n = rec.num_players
    out[O_FLOW] = rec.round_no
    out[O_FLOW + 1] = rec.pass_no + 1 if rec.step == Step.PIRATE else 0
    out[O_FLOW + 2] = rec.order_idx
    out[O_FLOW + 3] = n
    if 0 <= rec.step < NUM_STEPS:
        out[O_STEP + rec.step] = 1.0
    if 0 <= rec.decision < NUM_DECISIONS:
        out[O_DECISION + rec.decision] = 1.0
    if rec.current_player >= 0:
        out[O_ACTIVE + (rec.current_player - player) % n] = 1.0
    for i in range(n):
        if rec.order[i] >= 0:
            out[O_ORDER + i * P + (rec.order[i] - player) % n] = 1.0
    observe_pending(rec, out)
    observe_board(rec, out)
    observe_navy(rec, out)
    observe_tokens(rec, out)
    for q in range(n):
        observe_player(rec, q, (q - player) % n, out)
    out[O_CHEST] = rec.chest[player]
    if rec.terminated:
        observe_final(rec, player, out)
