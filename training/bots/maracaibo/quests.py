"""What quests cost and give (MA-12): payment, the bonus for the n-th tile, explorer-track quests (MA-10.5)."""

import numpy as np
from numba import njit

from games.maracaibo.state import NC, NQ

from .tables import (
    C,
    DQ,
    FX_A0,
    FX_COUNT,
    FX_FAMILY,
    PJ,
    QUEST_BONUS_VP,
    Q_COST_A0,
    Q_COST_A1,
    Q_COST_COUNT,
    Q_COST_KIND,
    Q_PC_AMOUNT,
    Q_PC_CODE,
    Q_RW_A0,
    Q_RW_A1,
    Q_RW_CODE,
    Q_RW_COUNT,
)
from .leads import quest_lead_value
from .values import inf_value, reward_value, same_goods_cost
from .weights import NEG, W_EXP_STEP, W_FIG, W_QTILE


@njit(cache=True)
def quest_cost(obs, ctx, W, mine, q, mp):
    """What completing quest q costs now in VP; NEG if it cannot be paid (MA-12.3)."""
    cost = 0.0
    for j in range(Q_COST_COUNT[q]):
        kind, a0, a1 = Q_COST_KIND[q, j], Q_COST_A0[q, j], Q_COST_A1[q, j]
        if kind == DQ.QC_GOODS or kind == DQ.QC_ITEMS:
            need = a1
            if kind == DQ.QC_ITEMS:
                for c in range(NC):
                    if mine[c]:
                        for e in range(FX_COUNT[c]):
                            if FX_FAMILY[c, e] == PJ.F_PI and FX_A0[c, e] == a0:
                                need -= 1
            if need > 0:
                paid = same_goods_cost(ctx, a0, need)
                if paid > 1.0e8:
                    return NEG
                cost += paid
        elif kind == DQ.QC_FIGURES:
            if ctx.fig_personal < a0:
                return NEG
            cost += a0 * W[W_FIG]
        elif kind == DQ.QC_CP:
            if ctx.cp < a0:
                return NEG
            cost += a0 * ctx.cp_value
        elif kind == DQ.QC_D:
            if ctx.coins < a0:
                return NEG
            cost += a0 * ctx.d_value
        elif kind == DQ.QC_MIN_MP:
            if mp < a0:
                return NEG
    return -cost


@njit(cache=True)
def quest_bonus(ctx, W):
    """One more quest tile beyond its rewards: the tile-count bonus, its use for careers
    and buildings, and (v2) the quest lead over Jean (leads.quest_lead_value)."""
    return QUEST_BONUS_VP[min(NQ - 1, int(ctx.quests) + 1)] + W[W_QTILE] + quest_lead_value(ctx, W)


@njit(cache=True)
def explorer_quest_value(obs, ctx, W, q):
    """The same for a quest on the explorer track, with explore rewards at a flat rate
    (its value is needed while valuing explorer moves)."""
    cost = quest_cost(obs, ctx, W, np.zeros(NC, dtype=np.bool_), q, ctx.mp_spent)
    if cost <= NEG:
        return NEG
    v = 0.0
    for j in range(-1, Q_RW_COUNT[q]):
        code = Q_PC_CODE[q] if j < 0 else Q_RW_CODE[q, j]
        a0 = int(Q_PC_AMOUNT[q] * ctx.compasses) if j < 0 else Q_RW_A0[q, j]
        if code == C.S_EXPLORE:
            v += 0.8 * W[W_EXP_STEP] * (a0 + ctx.explore_bonus)
        elif code == C.S_COMBAT:
            v += ctx.combat
        elif code == C.S_INFLUENCE_NATION:
            v += inf_value(obs, ctx, W, a0, Q_RW_A1[q, j])
        else:
            v += reward_value(obs, ctx, W, code, a0)
    return v + quest_bonus(ctx, W) + cost
