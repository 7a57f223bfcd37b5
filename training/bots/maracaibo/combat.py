"""Combat (MA-8): the best plan of combat actions for a nation, the nation choice, the
estimate before a token is known."""

import numpy as np
from numba import njit

from games.maracaibo.rules.legacy import ESCORT_USED
from games.maracaibo.spaces import CA_CARD, CA_END, CA_FLAG, CA_VILLAGE
from games.maracaibo.state import NC, NL

from .obs import (
    O_ASST,
    O_CB_TOKEN,
    O_DISCS,
    O_MARKERS,
    O_SYN,
    SUPPLY_ON_BOARD,
    SUPPLY_STRIDE,
    SUPPLY_TAKEN,
    argmax,
)
from .tables import (
    C,
    COMBAT_COST,
    DA,
    DC,
    FX_A0,
    FX_A1,
    FX_COUNT,
    FX_FAMILY,
    LOC_FLAG_AMOUNT,
    LOC_FLAG_CODE,
    LOC_HAS_FLAG,
    LOC_KIND,
    MODIFIER_VALUE,
    NP_SEATS,
    NT,
    PJ,
    TOKEN_BONUS,
    TOKEN_BONUS_AMOUNT,
    TOKEN_MODIFIER,
    TOKEN_STRENGTH,
    U7,
    VILLAGE,
)
from .legacy import (
    flag_reward_value,
    has_flag,
    is_village,
    legacy_combat_cost,
    legacy_combat_value,
    new_city_flag_value,
    new_city_marker,
    new_city_open,
)
from .values import fig_gain, inf_value, marker_value, reward_value
from .weights import NEG, W_CB_V, W_FIG, W_TOKEN


@njit(cache=True)
def combat_cards(mine, kinds, vals):
    """CIV / CD3 card instances ordered by card id (MA-28.2): kind 0 CIV, 1 CD3, and a0."""
    k = 0
    for c in range(NC):
        if mine[c]:
            for j in range(FX_COUNT[c]):
                if FX_FAMILY[c, j] == PJ.F_CIV or FX_FAMILY[c, j] == PJ.F_CD3:
                    if k < 8:
                        kinds[k] = 0 if FX_FAMILY[c, j] == PJ.F_CIV else 1
                        vals[k] = FX_A0[c, j]
                    k += 1
    return min(k, 8)


@njit(cache=True)
def marker_at(obs, loc):
    return argmax(obs, O_MARKERS + loc * 3, 3)


@njit(cache=True)
def _flag_target(obs, ctx, W, a, inf1):
    """CA2 (MA-8.6): the best flag location to annex for nation a: (value, cost, loc);
    MA-26.4 L1: Puerto Cabezas' new flag too (legacy.has_flag); L4 / L7: a new city's flag
    (``legacy_annex``, the combat's CA2), as loc NL + k."""
    ca2_v, ca2_c, ca2_loc, ca2_key = NEG, 0, -1, NEG
    mask = ctx.legacy
    for loc in range(1, NL):
        if LOC_HAS_FLAG[loc] or (mask != 0 and has_flag(mask, loc)):
            m = marker_at(obs, loc)
            if m == a:
                continue
            cost = COMBAT_COST[DA.CA2, 0] if m < 0 else COMBAT_COST[DA.CA2, 1]
            if mask != 0:
                reward = flag_reward_value(obs, ctx, W, mask, loc)
            else:
                reward = reward_value(obs, ctx, W, LOC_FLAG_CODE[loc], LOC_FLAG_AMOUNT[loc])
            val = inf1 + marker_value(obs, W, a) + reward
            if m >= 0:
                val += 0.5  # the rival nation loses a marker
            if val - 0.3 * cost > ca2_key:  # cheaper targets first, at equal value
                ca2_v, ca2_c, ca2_loc, ca2_key = val, cost, loc, val - 0.3 * cost
    if mask != 0:  # MA-26.4 L4 / L7 (GAP-57): CA2 at a new city the explorer reached, target NL + k
        for k in range(2):
            if not new_city_open(mask, ctx, k):
                continue
            m = new_city_marker(obs, k)
            if m == a:
                continue
            cost = COMBAT_COST[DA.CA2, 0] if m < 0 else COMBAT_COST[DA.CA2, 1]
            val = inf1 + marker_value(obs, W, a) + new_city_flag_value(obs, ctx, W, k)
            if m >= 0:
                val += 0.5
            if val - 0.3 * cost > ca2_key:
                ca2_v, ca2_c, ca2_loc, ca2_key = val, cost, NL + k, val - 0.3 * cost
    return ca2_v, ca2_c, ca2_loc


@njit(cache=True)
def _village_target(obs, ctx, W, a, inf1):
    """CA3 (MA-8.6, with upgrade U7): the best village to annex: (value, cost, loc);
    assistants there pay doubloons (3 for own, 1 for each rival's); MA-26.4 L1: Puerto
    Cabezas is no village."""
    ca3_v, ca3_c, ca3_loc, ca3_key = NEG, 0, -1, NEG
    for loc in range(1, NL):
        if LOC_KIND[loc] == VILLAGE and (ctx.legacy == 0 or is_village(ctx.legacy, loc)):
            m = marker_at(obs, loc)
            if m == a:
                continue
            cost = COMBAT_COST[DA.CA3, 0] if m < 0 else COMBAT_COST[DA.CA3, 1]
            d = 3.0 * obs[O_ASST + loc]
            for r in range(1, NP_SEATS):
                d += obs[O_ASST + r * NL + loc]
            val = inf1 + marker_value(obs, W, a) + d * ctx.d_value
            if val - 0.3 * cost > ca3_key:
                ca3_v, ca3_c, ca3_loc, ca3_key = val, cost, loc, val - 0.3 * cost
    return ca3_v, ca3_c, ca3_loc


@njit(cache=True)
def _add_card_actions(obs, ctx, kinds, avals, ncards, cards_used, inf1, v, cost, val, first, first_cost):
    """CA4 / CA5 card actions (MA-8.6) on top of a plan: each one that pays for the
    boost it needs; returns the plan's (cost, value, first action, its cost)."""
    for i in range(ncards):
        if (cards_used >> i) & 1:
            continue
        c_cost = COMBAT_COST[DA.CA4, 0] if kinds[i] == 0 else COMBAT_COST[DA.CA5, 0]
        c_val = (
            (inf1 + avals[i])
            if kinds[i] == 0
            else (avals[i] * ctx.d_value + (2.0 if obs[O_SYN + C.HOUSE] > 0.5 else 0.0))
        )
        extra = max(0, cost + c_cost - v) - max(0, cost - v)
        if c_val > extra * ctx.cp_value + 0.1:
            cost += c_cost
            val += c_val
            if c_cost > first_cost:
                first, first_cost = CA_CARD + i, c_cost
    return cost, val, first, first_cost


@njit(cache=True)
def combat_plan(obs, ctx, W, mine, a, v, used, cards_used, cp, figs, out):
    """Best set of combat actions for nation a with value v (boosting with CP, then
    figures): returns its VP and writes the next action (a COMBAT_ACTION parameter,
    -1 boost by CP, -2 boost by figure, CA_END; MA-26.4: CA_END + 1 + k legacy combat
    action k, L6 escort / L9 gold mine; CA_END + 3 + k CA2 at new city k, ``legacy_annex``)
    into out[0]. ``used``: bits CA1, CA2, CA3, ESCORT_USED done in this combat (MA-8.6)."""
    supply = 13 - obs[SUPPLY_TAKEN + a * SUPPLY_STRIDE]
    inf1 = inf_value(obs, ctx, W, a, 1)
    ca2_v, ca2_c, ca2_loc = NEG, 0, -1
    if (used & 2) == 0 and supply > 0:
        ca2_v, ca2_c, ca2_loc = _flag_target(obs, ctx, W, a, inf1)
    ca3_v, ca3_c, ca3_loc = NEG, 0, -1
    if (used & 4) == 0 and supply > 0 and obs[O_DISCS + U7] < 0.5:
        ca3_v, ca3_c, ca3_loc = _village_target(obs, ctx, W, a, inf1)
    # MA-26.4 L6 / L9: escort and gold mine, each a combat action that spends V
    lc = np.full(2, -1, dtype=np.int64)
    lv = np.zeros(2)
    n4 = 1
    if ctx.legacy != 0 and supply > 0:
        for k in range(2):
            if k == 0 and used & ESCORT_USED:  # MA-8.6: once per combat
                continue
            lc[k] = legacy_combat_cost(obs, ctx, ctx.legacy, k)
            if lc[k] >= 0:
                lv[k] = legacy_combat_value(obs, ctx, W, a, k)
        n4 = 4
    kinds = np.zeros(8, dtype=np.int64)
    avals = np.zeros(8, dtype=np.int64)
    ncards = combat_cards(mine, kinds, avals)
    best_v, best_first, best_boost = 0.0, CA_END, 0
    ca1_opts = 3 if (used & 1) == 0 else 1
    for o1 in range(ca1_opts):
        for o2 in range(2 if ca2_loc >= 0 else 1):
            for o34 in range(2 * n4 if ca3_loc >= 0 else n4):
                o3, o4 = o34 % 2 if ca3_loc >= 0 else 0, o34 // 2 if ca3_loc >= 0 else o34
                cost = 0
                val = 0.0
                first, first_cost = CA_END, -1
                skip = False
                for k in range(2):  # o4: bit k takes legacy combat action k
                    if (o4 >> k) & 1:
                        if lc[k] < 0:
                            skip = True
                        else:
                            cost += lc[k]
                            val += lv[k]
                            if lc[k] > first_cost:
                                first, first_cost = CA_END + 1 + k, lc[k]
                if skip:
                    continue
                if o1 > 0:
                    cost += COMBAT_COST[DA.CA1, o1 - 1]
                    val += inf_value(obs, ctx, W, a, o1)
                    if COMBAT_COST[DA.CA1, o1 - 1] > first_cost:
                        first, first_cost = o1 - 1, COMBAT_COST[DA.CA1, o1 - 1]
                if o2 > 0:
                    cost += ca2_c
                    val += ca2_v
                    if ca2_c > first_cost:
                        first, first_cost = (
                            (CA_FLAG + ca2_loc - 1 if ca2_loc < NL else CA_END + 3 + ca2_loc - NL),
                            ca2_c,
                        )
                if o3 > 0:
                    cost += ca3_c
                    val += ca3_v
                    if ca3_c > first_cost:
                        first, first_cost = CA_VILLAGE + ca3_loc - 1, ca3_c
                cost, val, first, first_cost = _add_card_actions(
                    obs, ctx, kinds, avals, ncards, cards_used, inf1, v, cost, val, first, first_cost
                )
                boost = max(0, cost - v)
                if boost > cp + figs:
                    continue
                bcp = min(boost, cp)
                val -= bcp * ctx.cp_value * 1.2 + (boost - bcp) * W[W_FIG]
                if val > best_v:
                    best_v, best_first, best_boost = val, first, boost
    if best_boost > 0:
        out[0] = -1 if cp > 0 else -2
    else:
        out[0] = best_first
    return best_v


@njit(cache=True)
def nation_option(obs, ctx, W, mine, a, out):
    """Choosing nation a for the revealed token: bonus / cost, V, then the best plan."""
    t = argmax(obs, O_CB_TOKEN, NT)
    cp = ctx.cp
    bonus = 0.0
    if t >= 0:
        kind, amount = TOKEN_BONUS[t, a], TOKEN_BONUS_AMOUNT[t, a]
        if kind == DC.PAY_D:
            bonus -= amount * ctx.d_value
        elif kind == DC.GAIN_D:
            bonus += amount * ctx.d_value
        elif kind == DC.GAIN_VP:
            bonus += amount
        elif kind == DC.GAIN_INFLUENCE:
            bonus += inf_value(obs, ctx, W, a, amount)
        elif kind == DC.GAIN_FIGURE:
            bonus += fig_gain(ctx, W, amount)
        v = TOKEN_STRENGTH[t, a]
        mod = TOKEN_MODIFIER[t]
        if mod != DC.NO_MODIFIER:
            mineb = obs[SUPPLY_ON_BOARD + a * SUPPLY_STRIDE]
            ok = True
            for b in range(3):
                if b != a:
                    other = obs[SUPPLY_ON_BOARD + b * SUPPLY_STRIDE]
                    if (mod == DC.MOST_MINUS_2 and mineb <= other) or (mod == DC.FEWEST_PLUS_3 and mineb >= other):
                        ok = False
            if ok:
                v += MODIFIER_VALUE[mod]
        v = max(0, v)
    else:
        v = DC.STRENGTH_WHEN_EXHAUSTED
    for c in range(NC):  # PNC cards of this nation
        if mine[c]:
            for j in range(FX_COUNT[c]):
                if FX_FAMILY[c, j] == PJ.F_PNC and FX_A0[c, j] == a:
                    cp = min(8.0, cp + FX_A1[c, j])
    return bonus + combat_plan(obs, ctx, W, mine, a, v, 0, 0, int(cp), int(ctx.fig_personal), out)


@njit(cache=True)
def combat_estimate(obs, ctx, W, mine):
    """Expected VP of a full combat before the token is known."""
    out = np.zeros(1, dtype=np.int64)
    best = 0.0
    v = int(W[W_CB_V] + 0.5)
    for a in range(3):
        best = max(best, combat_plan(obs, ctx, W, mine, a, v, 0, 0, int(ctx.cp), 0, out))
    return best + W[W_TOKEN] + 0.3
