"""What Jean does at her stop (MA-24.7 - MA-24.12): she takes a quest tile, or makes her
city step and then her card's actions (influence, solo-track discs, VP, exploring, the
quest pile, combat).

Her seat alone decides these (no human choice is involved); ``rules.jean_turn`` calls
them after moving her ship.
"""

import numpy as np
from numba import njit

from ..data import combat, explorer, legacy, tracks
from ..data.jean import (
    J_COMBAT,
    J_EXPLORE,
    J_INFLUENCE,
    J_QUEST_PILE,
    J_REMOVE_DISC,
    J_VP,
    JEAN_ACT_A0,
    JEAN_ACT_A1,
    JEAN_ACT_CODE,
    JEAN_ACT_COUNT,
    JEAN_ACT_FIRST_ROUND,
    JEAN_ACT_LAST_ROUND,
    JEAN_TRACK_DISCS,
)
from ..rules.cards import refill_display
from ..rules.combat import modifier
from ..rules.explore import countable, counted_steps, quest_on_space
from ..rules.legacy import new_city_open, plagued
from ..rules.locations import has_flag, has_market
from ..rules.nobility import empty_village, gain_influence, place_marker, supply_left
from ..rules.village import market_slots
from ..state import NE, NL, QS_DONE, W_BOX
from .state import HUMAN, JEAN

BIG = 1000  # -BIG lies below any modified nation value and printed strength (MA-24.11)


@njit(cache=True)
def jean_take_quest(rec, q):
    """A tile onto her solo board: no cost, no rewards, no quest bonus (MA-24.7)."""
    rec.quest_state[q] = QS_DONE
    rec.quest_arg[q] = JEAN
    rec.quest_order[q] = -1


@njit(cache=True)
def remove_solo_disc(rec):
    """MA-24.2: the leftmost disc of her solo track; nothing once all 22 are gone (GAP-55)."""
    if rec.jean_removed < JEAN_TRACK_DISCS:
        rec.jean_removed += 1
        return True
    return False


@njit(cache=True)
def jean_city_step(rec, loc, slot):
    """MA-24.8 / MA-24.8a: a disc to a free market slot, otherwise the display card of
    her card's slot (refilled at once; GAP-33: nothing if the slot is empty); ``loc`` -1:
    a new city, which has no market (MA-26.7). Under the
    plague (MA-26.4 L3, which MA-26.7 does not exempt her from) no city step."""
    if loc >= 0 and plagued(rec, loc):
        return
    if loc >= 0 and has_market(rec, loc) and rec.market[loc] < market_slots(rec):  # MA-26.4 L1 too
        if remove_solo_disc(rec):
            rec.market[loc] += 1
        return
    c = rec.display[slot]
    if c >= 0:
        rec.display[slot] = -1
        rec.card_where[c] = W_BOX  # face down next to her solo board, out of the game
        rec.jean_cards += 1
        refill_display(rec)


@njit(cache=True)
def jean_quest_pile(rec):
    """J-QPILE: the top tile of the quest pile (nothing if empty)."""
    if rec.quest_pile_len == 0:
        return
    rec.quest_pile_len -= 1
    q = rec.quest_pile[rec.quest_pile_len]
    rec.quest_pile[rec.quest_pile_len] = -1
    jean_take_quest(rec, q)


@njit(cache=True)
def _cross(rec, prev):
    b = explorer.EXP_BARRIER_AFTER[prev]
    if b >= 0:  # she crosses: first crosser, no reward (MA-10.6, MA-24.12)
        rec.crossed[JEAN, b] = 1
        rec.barrier_first[b] = 1


@njit(cache=True)
def jean_explore(rec, x):
    """MA-24.12 / GAP-39: the nearest quest space with a tile within x counted steps
    (she takes the tile), otherwise x counted steps along the shortest route to END."""
    if rec.end_rank[JEAN] >= 0:
        return
    best = np.empty(NE, dtype=np.int64)
    pred = np.empty(NE, dtype=np.int64)
    counted_steps(rec, JEAN, best, pred)
    target = -1
    for s in range(NE):
        if quest_on_space(rec, s) >= 0 and 1 <= best[s] <= x and countable(rec, JEAN, s):
            if target < 0 or best[s] < best[target]:
                target = s
    if target >= 0:
        s = target
        while s != rec.explorer[JEAN]:
            _cross(rec, pred[s])
            s = pred[s]
        rec.explorer[JEAN] = target
        jean_take_quest(rec, quest_on_space(rec, target))
        return
    s = rec.explorer[JEAN]
    counted = 0
    while counted < x and s != explorer.EXP_END:
        nxt = -1
        for j in range(explorer.EXP_NUM_SUCC[s]):
            t = explorer.EXP_SUCC[s, j]
            if nxt < 0 or explorer.EXP_DIST_TO_END[t] < explorer.EXP_DIST_TO_END[nxt]:
                nxt = t
        _cross(rec, s)
        s = nxt
        if countable(rec, JEAN, s):
            counted += 1
    # she ends on a countable space: step back over skipped spaces is impossible, so
    # the walk above stops exactly after x counted steps (or at END)
    rec.explorer[JEAN] = s
    if s == explorer.EXP_END:  # MA-10.7: she takes an arrival rank, no VP, no village action
        rec.end_rank[JEAN] = rec.end_arrivals
        rec.end_arrivals += 1


@njit(cache=True)
def jean_nation(rec, token):
    """MA-24.11 steps 1-3: modified value = strength + her nobility - the human's +
    token modifier; ties: higher printed strength, then FR, ES, EN."""
    best = -1
    best_v = -BIG
    best_s = -BIG
    for a in range(3):
        if token >= 0:
            s = combat.TOKEN_STRENGTH[token, a]
            v = s + modifier(rec, a, combat.TOKEN_MODIFIER[token])
        else:
            s = combat.STRENGTH_WHEN_EXHAUSTED
            v = s
        v += tracks.NOBILITY_LEVEL[rec.influence[JEAN, a]] - tracks.NOBILITY_LEVEL[rec.influence[HUMAN, a]]
        if v > best_v or (v == best_v and s > best_s):
            best, best_v, best_s = a, v, s
    return best


@njit(cache=True)
def _annex_lowest(rec, nation, cities):
    """Lowest-numbered empty flag city (if ``cities``), else the lowest-numbered empty
    village, else a supply marker leaves the game; with an empty supply nothing (GAP-32).
    MA-26.7 / GAP-57: a new city (L4 / L7) her explorer has reached is a city numbered right after
    the location it follows (it lies between that one and the next, data/legacy.py)."""
    if supply_left(rec, nation) <= 0:
        return
    if cities:
        for loc in range(NL):
            if (
                has_flag(rec, loc)
                and rec.marker_at[loc] < 0  # MA-26.4 L1: Puerto Cabezas' new flag too
                and not plagued(rec, loc)
            ):  # MA-26.4 L3 / MA-26.7: no markers under the plague
                place_marker(rec, nation, loc)
                return
            for c in range(legacy.NUM_NEW_CITIES):
                if legacy.NEW_CITY_FROM[c] == loc and rec.legacy_city_marker[c] < 0 and new_city_open(rec, JEAN, c):
                    rec.legacy_city_marker[c] = nation
                    rec.markers_taken[nation] += 1
                    return
    for loc in range(NL):
        if empty_village(rec, loc):
            place_marker(rec, nation, loc)
            return
    rec.markers_taken[nation] += 1


@njit(cache=True)
def jean_combat(rec, influence, extra_village):
    """MA-24.11: token from the larger pile (pile 1 on a tie), her nation, the annex,
    the card's influence; the token goes onto her solo board."""
    token = -1
    if rec.token_pile_len[0] > 0 or rec.token_pile_len[1] > 0:
        i = 0 if rec.token_pile_len[0] >= rec.token_pile_len[1] else 1
        n = rec.token_pile_len[i] - 1
        token = rec.token_pile[i, n]
        rec.token_pile[i, n] = -1
        rec.token_pile_len[i] = n
    nation = jean_nation(rec, token)
    _annex_lowest(rec, nation, True)
    if extra_village:  # C4 "Armed aggression"
        _annex_lowest(rec, nation, False)
    gain_influence(rec, JEAN, nation, influence)
    if token >= 0:
        rec.token_owner[token] = JEAN
    return nation


@njit(cache=True)
def jean_actions(rec, card):
    """MA-24.9: the card's actions active in this round, in order."""
    r = rec.round_no
    for j in range(JEAN_ACT_COUNT[card]):
        if not (JEAN_ACT_FIRST_ROUND[card, j] <= r <= JEAN_ACT_LAST_ROUND[card, j]):
            continue
        code, a0, a1 = JEAN_ACT_CODE[card, j], JEAN_ACT_A0[card, j], JEAN_ACT_A1[card, j]
        if code == J_INFLUENCE:
            gain_influence(rec, JEAN, a0, a1)  # MA-24.10: beyond 12, 2 VP per step
        elif code == J_REMOVE_DISC:
            remove_solo_disc(rec)
        elif code == J_VP:
            rec.vp[JEAN] += a0
        elif code == J_EXPLORE:
            jean_explore(rec, a0)
        elif code == J_QUEST_PILE:
            jean_quest_pile(rec)
        elif code == J_COMBAT:
            jean_combat(rec, a0, a1 != 0)
        # J_REDUCE_COMBAT (expansion cards only) has no base-game meaning: no effect
