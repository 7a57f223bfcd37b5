"""Explorer moves (MA-10): counted steps, the value of each destination and of k steps."""

import numpy as np
from numba import njit

from games.maracaibo.rules.explore import reachable_spaces, space_counts
from games.maracaibo.state import NE, NQ

from .obs import O_BFIRST, O_CROSSED, O_END, O_ENDN, O_EXP, O_QEXP, argmax
from .quests import explorer_quest_value
from .tables import (
    BARRIER_FIRST_VP,
    BARRIER_INFLUENCE,
    BARRIER_LATER_VP,
    BARRIER_STEP,
    END_ARRIVAL_VP,
    EXP_DIST,
    EXP_END,
    EXP_QUEST_SLOT,
    EXP_REWARD_AMOUNT,
    EXP_REWARD_CODE,
    EXP_STEP_NUMBER,
    NP_SEATS,
)
from .values import best_inf, reward_value, village_value
from .weights import W_EXP_STEP


@njit(cache=True)
def explorer_quest(obs, slot):
    return argmax(obs, O_QEXP + slot * NQ, NQ)


@njit(cache=True)
def counting_spaces(obs):
    """Which spaces count for the bot's explorer (MA-10.3, the engine's ``space_counts``),
    from the rival explorers and quest tiles the observation shows."""
    counts = np.empty(NE, dtype=np.bool_)
    for s in range(NE):
        other = False
        for r in range(1, NP_SEATS):
            if obs[O_EXP + r * NE + s] > 0.5:
                other = True
        slot = EXP_QUEST_SLOT[s]
        counts[s] = space_counts(s, other, slot >= 0 and explorer_quest(obs, slot) >= 0)
    return counts


@njit(cache=True)
def explore_dest_value(obs, ctx, W, mine, s):
    """Moving the explorer to space s: its reward, barriers crossed, progress, END, quest."""
    cur = int(ctx.explorer)
    v = W[W_EXP_STEP] * (EXP_DIST[cur] - EXP_DIST[s])
    v += reward_value(obs, ctx, W, EXP_REWARD_CODE[s], EXP_REWARD_AMOUNT[s])
    for b in range(3):
        if obs[O_CROSSED + b] < 0.5 and EXP_STEP_NUMBER[cur] <= BARRIER_STEP[b] < EXP_STEP_NUMBER[s]:
            if BARRIER_INFLUENCE[b] > 0:
                v += best_inf(obs, ctx, W, BARRIER_INFLUENCE[b])
            else:
                v += BARRIER_FIRST_VP[b] if obs[O_BFIRST + b] < 0.5 else BARRIER_LATER_VP[b]
    if s == EXP_END:
        v += END_ARRIVAL_VP[min(3, int(obs[O_ENDN] + 0.5))] + village_value(ctx, 1)
    slot = EXP_QUEST_SLOT[s]
    if slot >= 0:
        q = explorer_quest(obs, slot)
        if q >= 0:
            v += max(0.0, explorer_quest_value(obs, ctx, W, q))
    return v


@njit(cache=True)
def explore_value(obs, ctx, W, mine, k):
    """The best destination within k counted steps (MA-10.2); 0 once at END."""
    if obs[O_END] + obs[O_END + 1] + obs[O_END + 2] + obs[O_END + 3] > 0.5:
        return 0.0
    reach = np.empty(NE, dtype=np.bool_)
    reachable_spaces(argmax(obs, O_EXP, NE), counting_spaces(obs), k, reach)
    out = 0.0
    for s in range(NE):
        if reach[s]:
            out = max(out, explore_dest_value(obs, ctx, W, mine, s))
    return out
