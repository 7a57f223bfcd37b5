"""The explorer track (MA-10): counting, barriers, space rewards, quest spaces, END.

A move is an Frame.EXPLORE frame (stk_x = max steps, stk_id = destination once chosen,
stk_y = barriers crossed still to resolve, stk_pc = stage):
0 choose the destination, 1 barriers in crossing order (red asks a nation), 2 the
destination's reward, 3 the quest on it (yes / no), 4 END arrival, 5 done.
Between several paths to one destination the engine takes the one with the fewest
counted steps (the shortcut on a tie); paths differ only in which explorers are
skipped (PST).
"""

import numpy as np
from numba import njit

from ..data import explorer, projects
from ..data.codes import NONE
from ..spaces import A_EXPLORE_TO
from ..state import Decision, Frame, NE, NQ, QS_EXPLORER, Source
from .effects import family_total
from .frames import pop, push, top
from .nobility import gain_influence
from .player import gain_vp
from .quests import claim_quest, quest_available

RED = 2
BIG = 1000


@njit(cache=True)
def quest_on_space(rec, s):
    """The tile lying on explorer space s, -1 if none (or not a quest space)."""
    slot = explorer.EXP_QUEST_SLOT[s]
    if slot < 0:
        return -1
    for q in range(NQ):
        if rec.quest_state[q] == QS_EXPLORER and rec.quest_arg[q] == slot:
            return q
    return -1


@njit(cache=True)
def space_counts(s, other_explorer, tile_there):
    """MA-10.3: END always counts; a space with another explorer (``other_explorer``) is
    skipped, and so is a quest space whose tile is gone (``tile_there`` false). A pure
    query: the engine and the bots fill in what they know."""
    if s == explorer.EXP_END:
        return True
    if other_explorer:
        return False
    return explorer.EXP_QUEST_SLOT[s] < 0 or tile_there


@njit(cache=True)
def countable(rec, p, s):
    """Space s counts for p's explorer (MA-10.3)."""
    other = False
    for q in range(rec.num_players):
        if q != p and rec.explorer[q] == s:
            other = True
    return space_counts(s, other, quest_on_space(rec, s) >= 0)


@njit(cache=True)
def fewest_counted_steps(start, counts, best, pred):
    """Fewest counted steps from space ``start`` to every space (BIG if unreachable) when
    entering space s counts iff ``counts[s]`` (MA-10.3); ``pred`` the space before on such
    a path, the shortcut on a tie. Spaces are in topological order in the data table."""
    best[:] = BIG
    pred[:] = -1
    best[start] = 0
    for i in range(start, NE):
        if best[i] >= BIG:
            continue
        for j in range(explorer.EXP_NUM_SUCC[i]):
            t = explorer.EXP_SUCC[i, j]
            c = best[i] + (1 if counts[t] else 0)
            if c < best[t]:
                best[t] = c
                pred[t] = i


@njit(cache=True)
def reachable_spaces(start, counts, max_steps, out):
    """MA-10.2: out[s] = space s counts and lies 1..max_steps counted steps from ``start``;
    whether there is any. A pure query over ``counts`` (see ``fewest_counted_steps``)."""
    best = np.empty(NE, dtype=np.int64)
    pred = np.empty(NE, dtype=np.int64)
    fewest_counted_steps(start, counts, best, pred)
    any_dest = False
    for s in range(NE):
        ok = 1 <= best[s] <= max_steps and counts[s]
        out[s] = ok
        any_dest = any_dest or ok
    return any_dest


@njit(cache=True)
def counting_spaces(rec, p):
    """countable(rec, p, s) for every space s."""
    counts = np.empty(NE, dtype=np.bool_)
    for s in range(NE):
        counts[s] = countable(rec, p, s)
    return counts


@njit(cache=True)
def counted_steps(rec, p, best, pred):
    """Fewest counted steps from p's explorer to every space (``fewest_counted_steps``)."""
    fewest_counted_steps(rec.explorer[p], counting_spaces(rec, p), best, pred)


@njit(cache=True)
def destinations(rec, p, max_steps, out):
    """EXPLORE_TO legality (MA-10.2): countable spaces 1..max_steps counted steps ahead."""
    return reachable_spaces(rec.explorer[p], counting_spaces(rec, p), max_steps, out)


@njit(cache=True)
def push_explore(rec, printed):
    """Explore X: X = printed + 1 per PEX card (MA-10.2)."""
    p = rec.current_player
    push(rec, Frame.EXPLORE, 0, -1, printed + family_total(rec, p, projects.F_PEX), 0)


@njit(cache=True)
def explore_frame(rec):
    k = top(rec)
    p = rec.current_player
    stage = rec.stk_pc[k]
    if stage == 0:
        out = np.zeros(NE, dtype=np.bool_)
        if rec.end_rank[p] >= 0 or not destinations(rec, p, rec.stk_x[k], out):
            pop(rec)  # MA-10.9 / GAP-43: nothing ahead, the move is ignored
            return Decision.NONE
        return Decision.EXPLORE
    if stage == 1:
        bits = rec.stk_y[k]
        for b in range(3):
            if bits & (1 << b):
                rec.crossed[p, b] = 1
                if explorer.BARRIER_INFLUENCE[b] > 0:
                    return Decision.NATION  # red: 3 influence in one nation (MA-10.6)
                first = rec.barrier_first[b] == 0
                gain_vp(rec, p, explorer.BARRIER_FIRST_VP[b] if first else explorer.BARRIER_LATER_VP[b])
                rec.barrier_first[b] = 1
                rec.stk_y[k] = bits & ~(1 << b)
                return Decision.NONE
        rec.stk_pc[k] = 2
        return Decision.NONE
    d = rec.stk_id[k]
    if stage == 2:
        rec.stk_pc[k] = 3
        if explorer.EXP_REWARD_CODE[d] != NONE:
            push(rec, Frame.PROG, Source.SINGLE, 0, explorer.EXP_REWARD_CODE[d], explorer.EXP_REWARD_AMOUNT[d])
        return Decision.NONE
    if stage == 3:
        q = quest_on_space(rec, d)
        if q >= 0 and rec.explorer[p] == d and quest_available(rec, p, q):
            return Decision.CHOICE  # MA-10.5: complete the quest there? (0 no, 1 yes)
        rec.stk_pc[k] = 4
        return Decision.NONE
    if stage == 4:
        rec.stk_pc[k] = 5
        if d == explorer.EXP_END:  # MA-10.7: arrival order VP and 1 village action
            rec.end_rank[p] = rec.end_arrivals
            gain_vp(rec, p, explorer.END_ARRIVAL_VP[rec.end_arrivals])
            rec.end_arrivals += 1
            push(rec, Frame.VILLAGE, 0, 0, explorer.END_VILLAGE_ACTIONS, 0)
        return Decision.NONE
    pop(rec)
    return Decision.NONE


@njit(cache=True)
def mask_explore(rec, p, out):
    """Decision.EXPLORE (MA-10.2): the destinations of the pending move."""
    dest = np.zeros(NE, dtype=np.bool_)
    destinations(rec, p, rec.stk_x[top(rec)], dest)
    for s in range(NE):
        if dest[s]:
            out[A_EXPLORE_TO + s] = True


@njit(cache=True)
def apply_explore(rec, p, fam, d):
    """EXPLORE_TO(d): move along the path with the fewest counted steps; record barriers
    (MA-10.6) and steal for skipped explorers (PST, MA-10.8)."""
    k = top(rec)
    best = np.empty(NE, dtype=np.int64)
    pred = np.empty(NE, dtype=np.int64)
    counted_steps(rec, p, best, pred)
    pst = family_total(rec, p, projects.F_PST)
    bits = 0
    s = d
    while s != rec.explorer[p]:
        prev = pred[s]
        if explorer.EXP_BARRIER_AFTER[prev] >= 0:
            bits |= 1 << explorer.EXP_BARRIER_AFTER[prev]
        if s != d and pst > 0:
            for q in range(rec.num_players):
                if q != p and rec.explorer[q] == s:
                    take = min(pst, rec.vp[q])
                    rec.vp[q] -= take
                    rec.vp[p] += take
        s = prev
    rec.explorer[p] = d
    rec.stk_id[k] = d
    rec.stk_y[k] = bits
    rec.stk_pc[k] = 1


@njit(cache=True)
def apply_red_barrier(rec, nation):
    k = top(rec)
    p = rec.current_player
    gain_influence(rec, p, nation, explorer.BARRIER_INFLUENCE[RED])
    rec.barrier_first[RED] = 1
    rec.stk_y[k] = rec.stk_y[k] & ~(1 << RED)


@njit(cache=True)
def apply_explorer_quest(rec, yes):
    k = top(rec)
    rec.stk_pc[k] = 4
    if yes:
        claim_quest(rec, rec.current_player, quest_on_space(rec, rec.stk_id[k]))
