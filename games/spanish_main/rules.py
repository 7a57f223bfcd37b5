"""Spanish Main rules as numba kernels over one record, over 400 lines as the whole small rulebook sits here.

Rule IDs SM-*: docs/rules/spanish_main.md.
"""

import numpy as np
from numba import njit

from ..core import rng
from . import data as D
from .data import MoveEffect, Select
from .spaces import A_ACCUSE, A_ACCUSE_DISCARD, A_PASS, A_REPAIR, PLAY_KIND, PLAY_OFFSET, PLAY_PARAM
from .state import Phase

NUM_POS = D.NUM_POSITIONS
SHIP_NATION = D.SHIP_NATION
ADV_COUNT, ADV_SELECT, ADV_POSITIONS = D.ADV_COUNT, D.ADV_SELECT, D.ADV_POSITIONS
ADV_N, ADV_GAIN, ADV_DAMAGE, ADV_LOSE, ADV_NATION = D.ADV_N, D.ADV_GAIN, D.ADV_DAMAGE, D.ADV_LOSE, D.ADV_NATION
MOVE_COUNT, MOVE_EFFECT, MOVE_DIST, MOVE_NATION = D.MOVE_COUNT, D.MOVE_EFFECT, D.MOVE_DIST, D.MOVE_NATION
MOVE_NUM_PARAMS = D.MOVE_NUM_PARAMS
NUM_MOVE_KINDS, NUM_ADV_KINDS = D.NUM_MOVE_KINDS, D.NUM_ADVENTURE_KINDS
PIRATES_PER_PLAYER = np.array([0, 0, 3, 2, 2], dtype=np.int64)  # by player count (SM-3.1)
HAND_SIZE = np.array([0, 0, 4, 3, 3], dtype=np.int64)  # SM-10.2.1
TURN_CAP = D.TURN_CAP


# ----- setup (SM-3) -------------------------------------------------------------------
@njit(cache=True)
def queue_capacity(rec):
    return rec.num_players if rec.upcoming_adventures else 1  # SM-10.1.1


@njit(cache=True)
def init_one(rec, seed, config):
    """config = [num_players, upcoming_adventures, move_cards_in_hand, fame_from_discard, mask_noop_moves]."""
    rng.seed_stream(rec.rng, seed)
    n = config[0]
    rec.num_players = n
    rec.upcoming_adventures = config[1]
    rec.move_cards_in_hand = config[2]
    rec.fame_from_discard = config[3]
    rec.mask_noop_moves = config[4]
    rec.phase = Phase.ACTION
    rec.pending_accuse = -1
    # SM-3.2: ships in random order, undamaged, no fame
    for i in range(NUM_POS):
        rec.row[i] = i
    rng.shuffle(rec.rng, rec.row, 0, NUM_POS)
    # SM-3.3 / SM-10.1.1: shuffled adventure deck, the first card(s) face up
    i = 0
    for k in range(NUM_ADV_KINDS):
        for _ in range(ADV_COUNT[k]):
            rec.adv_deck[i] = k
            i += 1
    rng.shuffle(rec.rng, rec.adv_deck, 0, i)
    rec.adv_deck_len = i
    rec.adv_queue[:] = -1
    rec.adv_queue_len = 0
    for _ in range(queue_capacity(rec)):
        _reveal_adventure(rec)
    # SM-3.4: deal pirate cards, the rest removed unseen
    pirates = np.arange(NUM_POS)
    rng.shuffle(rec.rng, pirates, 0, NUM_POS)
    rec.owner[:] = -1
    k = PIRATES_PER_PLAYER[n]
    for p in range(n):
        for j in range(k):
            rec.owner[pirates[p * k + j]] = p
    # SM-3.5 / SM-10.2.1: move deck, then the row or the hands
    i = 0
    for kind in range(NUM_MOVE_KINDS):
        for _ in range(MOVE_COUNT[kind]):
            rec.move_deck[i] = kind
            i += 1
    rng.shuffle(rec.rng, rec.move_deck, 0, i)
    rec.move_deck_len = i
    if rec.move_cards_in_hand:
        for p in range(n):
            for _ in range(HAND_SIZE[n]):
                rec.hand[p, _draw_move(rec)] += 1
    else:
        for _ in range(3):
            rec.move_row[_draw_move(rec)] += 1
    # SM-3.6: random first player
    rec.first_player = rng.randint(rec.rng, n)
    rec.current_player = rec.first_player
    rec.last_actor = -1
    rec.last_action = -1
    rec.last_accuse = -1
    rec.last_accuse_correct = -1
    rec.last_adventure = -1


# ----- cards ------------------------------------------------------------------------
@njit(cache=True)
def _reveal_adventure(rec):
    """Top of the adventure deck to the end of the face-up queue (SM-7.1, SM-10.1.2)."""
    rec.adv_deck_len -= 1
    k = rec.adv_deck[rec.adv_deck_len]
    rec.adv_deck[rec.adv_deck_len] = -1
    rec.adv_queue[rec.adv_queue_len] = k
    rec.adv_queue_len += 1
    rec.adv_seen[k] += 1


@njit(cache=True)
def _draw_move(rec):
    """Top move card; reshuffle the whole discard pile first if the deck is empty (SM-5.1.6)."""
    if rec.move_deck_len == 0:
        i = 0
        for k in range(NUM_MOVE_KINDS):
            for _ in range(rec.move_discard[k]):
                rec.move_deck[i] = k
                i += 1
            rec.move_discard[k] = 0
        rng.shuffle(rec.rng, rec.move_deck, 0, i)
        rec.move_deck_len = i
    rec.move_deck_len -= 1
    k = rec.move_deck[rec.move_deck_len]
    rec.move_deck[rec.move_deck_len] = -1
    return k


@njit(cache=True)
def _discard_and_redraw(rec, player, kind):
    """Played or passed card to the discard pile, then refill row or hand (SM-5.1.6, SM-10.2.3)."""
    if rec.move_cards_in_hand:
        rec.hand[player, kind] -= 1
        rec.move_discard[kind] += 1
        rec.hand[player, _draw_move(rec)] += 1
    else:
        rec.move_row[kind] -= 1
        rec.move_discard[kind] += 1
        rec.move_row[_draw_move(rec)] += 1


# ----- movement (SM-5.1.3, SM-5.1.4) --------------------------------------------------
@njit(cache=True)
def move_block(row, start, length, target):
    """Move the ships at row[start:start+length] so the block's front lands on ``target``.

    Insertion: the ships passed over shift by ``length`` and keep their order.
    """
    if target == start:
        return
    block = row[start : start + length].copy()
    if target < start:
        for i in range(start - 1, target - 1, -1):
            row[i + length] = row[i]
    else:
        for i in range(start + length, target + length):
            row[i - length] = row[i]
    row[target : target + length] = block


@njit(cache=True)
def position_of(row, ship):
    for i in range(NUM_POS):
        if row[i] == ship:
            return i
    return -1


@njit(cache=True)
def _clamp(x, lo, hi):
    return lo if x < lo else (hi if x > hi else x)


@njit(cache=True)
def nation_move(row, nation, dist):
    """SM-5.2.5 / SM-5.2.6: the nation's ships move one at a time, starting from the
    frontmost (advance) or backmost (retreat) ship when the card is played."""
    order = np.empty(3, dtype=np.int64)
    m = 0
    for j in range(NUM_POS):
        i = j if dist < 0 else NUM_POS - 1 - j
        if SHIP_NATION[row[i]] == nation:
            order[m] = row[i]
            m += 1
    for j in range(m):
        p = position_of(row, order[j])
        move_block(row, p, 1, _clamp(p + dist, 0, NUM_POS - 1))


@njit(cache=True)
def _target(kind, param):
    """Where a single-ship or pair card sends the ship (block front) at ``param``."""
    last = NUM_POS - 1 if MOVE_EFFECT[kind] == MoveEffect.SINGLE else NUM_POS - 2
    return _clamp(param + MOVE_DIST[kind], 0, last)


@njit(cache=True)
def _play_move(rec, player, kind, param):
    eff = MOVE_EFFECT[kind]
    if eff == MoveEffect.SINGLE or eff == MoveEffect.PAIR:
        length = 1 if eff == MoveEffect.SINGLE else 2
        t = _target(kind, param)
        for j in range(length):
            rec.moved_by[player, rec.row[param + j]] += param - t
        move_block(rec.row, param, length, t)
    elif eff == MoveEffect.NATION:
        nation_move(rec.row, MOVE_NATION[kind], MOVE_DIST[kind])
    elif eff == MoveEffect.SABOTAGE:  # SM-5.2.7
        ship = rec.row[param]
        rec.damaged[ship] = 1
        rec.sabotaged_by[player, ship] += 1
    _discard_and_redraw(rec, player, kind)
    return eff != MoveEffect.FOG  # SM-5.2.8: Fog skips the adventure step


# ----- accusations (SM-5.4) -----------------------------------------------------------
@njit(cache=True)
def _accuse(rec, accuser, param):
    target = (accuser + 1 + param // NUM_POS) % rec.num_players
    ship = param % NUM_POS
    rec.last_accuse = param
    if rec.owner[ship] == target:  # SM-5.4.4: reveal, take half rounded up
        rec.revealed[ship] = 1
        take = (rec.fame[ship] + 1) // 2
        rec.fame[ship] -= take
        rec.banked[accuser] += take
        rec.last_accuse_correct = 1
    else:  # SM-5.4.5: public "target does not own ship"
        rec.known_not_owner[target, ship] = 1
        rec.last_accuse_correct = 0


# ----- adventures (SM-6) --------------------------------------------------------------
@njit(cache=True)
def _lose_fame(rec, ship, amount):
    """SM-6.5 / SM-6.8: fame never below 0; lost cards go to the discard, unidentified."""
    lost = min(amount, rec.fame[ship])
    rec.fame[ship] -= lost
    rec.adv_discard_unknown += lost


@njit(cache=True)
def _select(rec, kind, chosen):
    """Mark the ships a card acts on (SM-6.3, SM-6.4), read at the start of resolution."""
    sel = ADV_SELECT[kind]
    if sel == Select.POSITIONS:
        for j in range(NUM_POS):
            if ADV_POSITIONS[kind, j] >= 0:
                chosen[rec.row[ADV_POSITIONS[kind, j]]] = 1
    else:  # first / last n undamaged
        left = ADV_N[kind]
        for j in range(NUM_POS):
            i = j if sel == Select.FIRST else NUM_POS - 1 - j
            ship = rec.row[i]
            if left > 0 and rec.damaged[ship] == 0:
                chosen[ship] = 1
                left -= 1


@njit(cache=True)
def _attack(rec, nation):
    """SM-6.9.17: each undamaged nation ship damages every other-nation ship in front of it."""
    for i in range(NUM_POS - 1, -1, -1):
        s = rec.row[i]
        if SHIP_NATION[s] == nation and rec.damaged[s] == 0:
            for j in range(i):
                if SHIP_NATION[rec.row[j]] != nation:
                    rec.damaged[rec.row[j]] = 1
            return


@njit(cache=True)
def _loot(rec, nation):
    """SM-6.9.18: undamaged nation ships, front to back, take 1 fame from every
    other-nation ship behind them."""
    for i in range(NUM_POS):
        looter = rec.row[i]
        if SHIP_NATION[looter] != nation or rec.damaged[looter]:
            continue
        for j in range(i + 1, NUM_POS):
            victim = rec.row[j]
            if SHIP_NATION[victim] != nation and rec.fame[victim] > 0:
                rec.fame[victim] -= 1
                rec.fame[looter] += 1


@njit(cache=True)
def _mutiny(rec):
    """SM-6.9.16: the frontmost ship with an unrevealed pirate; its owner is revealed
    and it loses half its fame rounded up. An unowned ship: nothing, made public."""
    for i in range(NUM_POS):
        ship = rec.row[i]
        if rec.revealed[ship] == 0:
            if rec.owner[ship] >= 0:
                rec.revealed[ship] = 1
                _lose_fame(rec, ship, (rec.fame[ship] + 1) // 2)
            else:
                rec.known_unowned[ship] = 1
            return


@njit(cache=True)
def _award_fame(rec, kind, total):
    """SM-6.6 / SM-10.3: the current card is one fame point, the rest come from the
    discard pile (option) and the deck; a shortfall is virtual fame."""
    if total == 0:
        rec.adv_discard[kind] += 1
        return
    extra = total - 1
    if rec.fame_from_discard:
        take = min(extra, rec.adv_discard_unknown)
        rec.adv_discard_unknown -= take
        extra -= take
        for k in range(NUM_ADV_KINDS):
            take = min(extra, rec.adv_discard[k])
            rec.adv_discard[k] -= take
            extra -= take
    take = min(extra, rec.adv_deck_len)
    for _ in range(take):
        rec.adv_deck_len -= 1
        rec.adv_deck[rec.adv_deck_len] = -1
    rec.fame_drawn_unseen += take
    rec.virtual_fame += extra - take


@njit(cache=True)
def resolve_adventure(rec):
    kind = rec.adv_queue[0]
    rec.last_adventure = kind
    sel = ADV_SELECT[kind]
    if sel == Select.MUTINY:
        _mutiny(rec)
        _award_fame(rec, kind, 0)
    elif sel == Select.ATTACK:
        _attack(rec, ADV_NATION[kind])
        _award_fame(rec, kind, 0)
    elif sel == Select.LOOT:
        _loot(rec, ADV_NATION[kind])
        _award_fame(rec, kind, 0)
    else:
        chosen = np.zeros(NUM_POS, dtype=np.int64)
        _select(rec, kind, chosen)
        total = 0
        for s in range(NUM_POS):  # SM-6.2 / SM-6.4: only undamaged ships gain
            if chosen[s] and rec.damaged[s] == 0 and ADV_GAIN[kind] > 0:
                rec.fame[s] += ADV_GAIN[kind]
                total += ADV_GAIN[kind]
        for s in range(NUM_POS):  # then damage (Cursed Treasure after its award) and loss
            if chosen[s]:
                if ADV_DAMAGE[kind]:
                    rec.damaged[s] = 1
                if ADV_LOSE[kind]:
                    _lose_fame(rec, s, ADV_LOSE[kind])
        _award_fame(rec, kind, total)
    # SM-7.1 / SM-10.1.2: the resolved card has left; the queue shifts and refills
    for j in range(rec.adv_queue_len - 1):
        rec.adv_queue[j] = rec.adv_queue[j + 1]
    rec.adv_queue_len -= 1
    rec.adv_queue[rec.adv_queue_len] = -1
    if rec.adv_deck_len > 0:
        _reveal_adventure(rec)


@njit(cache=True)
def _end_turn(rec, resolve):
    """SM-4.2 steps 2-4 and the end of the game (SM-7.2, SM-10.1.5, GAP-25)."""
    if resolve:
        resolve_adventure(rec)
    rec.turn += 1
    if rec.adv_queue_len == 0 or rec.turn >= TURN_CAP:
        rec.terminated = 1
        rec.current_player = -1
    else:
        rec.current_player = (rec.current_player + 1) % rec.num_players


# ----- the kernels the Game class uses ---------------------------------------------------
@njit(cache=True)
def step_one(rec, action):
    player = rec.current_player
    rec.last_actor = player
    rec.last_action = action
    rec.last_adventure = -1
    if rec.phase == Phase.ACCUSE_DISCARD:  # SM-10.2.4: pay, then resolve
        kind = action - A_ACCUSE_DISCARD
        rec.hand[player, kind] -= 1
        rec.move_discard[kind] += 1
        rec.phase = Phase.ACTION
        param = rec.pending_accuse
        rec.pending_accuse = -1
        _accuse(rec, player, param)
        _end_turn(rec, True)
        return
    rec.last_accuse = -1
    rec.last_accuse_correct = -1
    if action < A_REPAIR:  # SM-5.1
        resolve = _play_move(rec, player, PLAY_KIND[action], PLAY_PARAM[action])
        _end_turn(rec, resolve)
    elif action == A_REPAIR:  # SM-5.3
        rec.damaged[:] = 0
        _end_turn(rec, True)
    elif action < A_PASS:  # SM-5.4
        param = action - A_ACCUSE
        if rec.move_cards_in_hand:
            rec.phase = Phase.ACCUSE_DISCARD
            rec.pending_accuse = param
            return
        _accuse(rec, player, param)
        _end_turn(rec, True)
    else:  # SM-5.5: pass, optionally discarding one card
        if action > A_PASS:
            _discard_and_redraw(rec, player, action - A_PASS - 1)
        _end_turn(rec, True)


@njit(cache=True)
def is_noop(kind, param):
    """GAP-6: a single or pair move that clamps to zero displacement."""
    eff = MOVE_EFFECT[kind]
    return (eff == MoveEffect.SINGLE or eff == MoveEffect.PAIR) and _target(kind, param) == param


@njit(cache=True)
def mask_one(rec, out):
    player = rec.current_player
    if rec.phase == Phase.ACCUSE_DISCARD:
        for k in range(NUM_MOVE_KINDS):
            if rec.hand[player, k] > 0:
                out[A_ACCUSE_DISCARD + k] = True
        return
    hand_size = 0
    for k in range(NUM_MOVE_KINDS):
        have = rec.hand[player, k] if rec.move_cards_in_hand else rec.move_row[k]
        hand_size += rec.hand[player, k]
        if have == 0:
            continue
        out[A_PASS + 1 + k] = True  # SM-5.5.1
        for param in range(MOVE_NUM_PARAMS[k]):
            if MOVE_EFFECT[k] == MoveEffect.SABOTAGE and rec.damaged[rec.row[param]]:
                continue  # SM-5.2.7 / GAP-7: undamaged targets only
            if rec.mask_noop_moves and is_noop(k, param):
                continue
            out[PLAY_OFFSET[k] + param] = True
    out[A_REPAIR] = True  # SM-5.3.2
    out[A_PASS] = True  # SM-5.5.1
    if rec.move_cards_in_hand and hand_size < 2:
        return  # SM-10.2.4: no accusation with one card left
    for off in range(rec.num_players - 1):  # SM-5.4.2: any other player, unrevealed pirates
        for ship in range(NUM_POS):
            if rec.revealed[ship] == 0:
                out[A_ACCUSE + off * NUM_POS + ship] = True


@njit(cache=True)
def scores_one(rec, out):
    """SM-8.2: fame under owned ships plus banked fame; unowned ships count for no one."""
    for p in range(rec.num_players):
        out[p] = rec.banked[p]
    for s in range(NUM_POS):
        if rec.owner[s] >= 0:
            out[rec.owner[s]] += rec.fame[s]


@njit(cache=True)
def rank_one(rec, out):
    """SM-8.3 - SM-8.6: score, then undamaged owned ships, then the frontmost owned ship."""
    n = rec.num_players
    score = np.zeros(n, dtype=np.int64)
    scores_one(rec, score)
    undamaged = np.zeros(n, dtype=np.int64)
    front = np.full(n, NUM_POS, dtype=np.int64)
    for i in range(NUM_POS):
        s = rec.row[i]
        p = rec.owner[s]
        if p >= 0:
            undamaged[p] += 1 - rec.damaged[s]
            front[p] = min(front[p], i)
    for p in range(n):
        r = 0
        for q in range(n):
            better = (score[q] > score[p]) or (
                score[q] == score[p]
                and (undamaged[q] > undamaged[p] or (undamaged[q] == undamaged[p] and front[q] < front[p]))
            )
            if better:
                r += 1
        out[p] = r
