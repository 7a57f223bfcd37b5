"""Project cards (MA-14, MA-15) and prestige buildings (MA-16): what owning, keeping and buying them is worth."""

import numpy as np
from numba import njit

from games.maracaibo.data.codes import NUM_NATIONS, NUM_SYMBOLS
from games.maracaibo.rules.buying import requirements_met
from games.maracaibo.state import NC, Phase

from .obs import O_CROSSED, O_INF, O_INVESTED, O_PRESTIGE, O_SYN, SUPPLY_ON_BOARD, SUPPLY_STRIDE, argmax
from .programs import assistant_program_value
from .tables import (
    C,
    CARD_ASSISTANT_LOC,
    CARD_COST,
    CARD_END_VP,
    CARD_SYMBOL,
    CARD_SYNERGY,
    DP,
    FINAL_D_VP,
    FX_A0,
    FX_A1,
    FX_COUNT,
    FX_FAMILY,
    LOC_NUM,
    NPB,
    NP_SEATS,
    NSYN,
    PJ,
    PRESTIGE_COST,
    PRESTIGE_SCORING,
    PRESTIGE_VP_CAP,
    PRESTIGE_VP_PER_UNIT,
    REQ_A0,
    REQ_A1,
    REQ_COUNT,
    REQ_KIND,
)
from .values import (
    best_inf,
    best_marker,
    cp_gain,
    d_income_value,
    fig_gain,
    inf_value,
    marker_value,
    next_noble,
)
from .weights import NEG, W_ASST, W_EXP_STEP, W_FIG, W_GOOD, W_ITEM, W_KEEP_BUY, W_SYN, W_SYN_LATER


@njit(cache=True)
def card_price(ctx, c):
    return max(0.0, CARD_COST[c] - ctx.discount)


@njit(cache=True)
def synergy_unlock(obs, ctx, W, mine, s):
    """VP of gaining synergy s: conditional income on own cards plus the token itself."""
    if obs[O_SYN + s] > 0.5:
        return 0.0
    v = W[W_SYN]
    for c in range(NC):
        if mine[c]:
            for j in range(FX_COUNT[c]):
                if FX_A0[c, j] == s:
                    if FX_FAMILY[c, j] == PJ.F_IDS:
                        v += d_income_value(ctx, FX_A1[c, j])
                    elif FX_FAMILY[c, j] == PJ.F_IVS:
                        v += FX_A1[c, j] * ctx.vp_incomes_left
    return v


@njit(cache=True)
def best_synergy(obs, ctx, W, mine):
    best = 0.0
    for s in range(NSYN):
        best = max(best, synergy_unlock(obs, ctx, W, mine, s))
    return best


NOT_ONGOING = -2.0e9  # _ongoing_effect: the family is an instant effect


@njit(cache=True)
def _ongoing_effect(obs, ctx, W, mine, c, fam, a0, a1, syn, gains_syn):
    """Income (MA-19) and permanent effects (MA-15) of one effect of card c, valued
    over the scorings / rounds still to come; NOT_ONGOING for an instant effect."""
    sl = ctx.vp_incomes_left
    rounds_left = ctx.rounds_left
    if fam == PJ.F_ID:
        return d_income_value(ctx, a0)
    if fam == PJ.F_IV:
        return a0 * sl
    if fam == PJ.F_IDS or fam == PJ.F_IVS:  # conditional on a synergy (MA-15.3)
        base = d_income_value(ctx, a1) if fam == PJ.F_IDS else a1 * sl
        have = obs[O_SYN + a0] > 0.5 or (gains_syn and syn == a0)
        return base if have else W[W_SYN_LATER] * base
    if fam == PJ.F_PI:
        return 0.6
    if fam == PJ.F_PD:
        return a0 * ctx.d_value * (1.5 * rounds_left)
    if fam == PJ.F_PCB or fam == PJ.F_PNC:
        return 0.4 * rounds_left
    if fam == PJ.F_PCO:
        return 0.8 * rounds_left
    if fam == PJ.F_PEX:
        return W[W_EXP_STEP] * 1.2 * rounds_left
    if fam == PJ.F_PAV:
        return a0 * 0.5 * (ctx.assistants + 1) * rounds_left
    if fam == PJ.F_PAD:
        return a0 * ctx.d_value * 0.5 * (ctx.assistants + 1) * rounds_left
    if fam == PJ.F_CIV:
        return 0.6 * (a0 + 0.5 * best_inf(obs, ctx, W, 1)) * rounds_left
    if fam == PJ.F_CD3:
        return 0.5 * rounds_left
    if fam == PJ.F_AS:  # an assistant card (MA-13): its action each round it is passed
        loc = CARD_ASSISTANT_LOC[c]
        if ctx.phase >= Phase.SCORING_CHOICE:
            uses = rounds_left
        else:  # this round only if the ship has not passed the assistant's location yet
            uses = rounds_left - 1 + (1.0 if LOC_NUM[loc] > LOC_NUM[int(ctx.ship)] else 0.0)
        act = max(2.0, assistant_program_value(obs, ctx, W, mine, a0))
        return uses * min(act, W[W_ASST])
    return NOT_ONGOING


@njit(cache=True)
def _instant_effect(obs, ctx, W, mine, fam, a0, a1, gains_syn):
    """The once-only effect of a purchase (the X* families of MA-15)."""
    if fam == PJ.F_XI2:
        return inf_value(obs, ctx, W, a0, a1)
    if fam == PJ.F_XI1:
        return best_inf(obs, ctx, W, a0)
    if fam == PJ.F_XCP:
        return cp_gain(ctx, a0)
    if fam == PJ.F_XDS:
        return a0 * ctx.disc
    if fam == PJ.F_XF2:
        return fig_gain(ctx, W, a0)
    if fam == PJ.F_XSA:
        return best_synergy(obs, ctx, W, mine)
    if fam == PJ.F_XVM:
        return best_marker(obs, W)
    if fam == PJ.F_XVN:
        best = 0.0
        for a in range(3):
            best = max(best, next_noble(obs, ctx, W, a) + marker_value(obs, W, a))
        return best
    if fam == PJ.F_XQC:
        return 1.5
    if fam == PJ.F_XVT:
        return a0 * ctx.tokens
    if fam == PJ.F_XVA:
        return a0 * ctx.assistants
    if fam == PJ.F_XVQ:
        return a0 * ctx.quests
    if fam == PJ.F_XVC:
        return a0 * ctx.compasses
    if fam == PJ.F_XVS:
        return a0 * (ctx.synergies + (1 if gains_syn else 0))
    if fam == PJ.F_XV3:
        k = 0
        for a in range(3):
            if obs[O_INF + a] >= a1:
                k += 1
        return a0 * k
    if fam == PJ.F_XFC:
        per = d_income_value(ctx, a0) - W[W_FIG]
        return per * max(0.0, ctx.fig_personal - 1) if per > 0 else 0.0
    return 0.4 * ctx.rounds_left / 4.0  # VMV, VMD, VBK, VG2, PST, PFC, PXV: small conveniences


@njit(cache=True)
def _minus_requirements(v, ctx, W, c):
    """v less what card c's requirements cost besides doubloons (MA-14.4)."""
    for j in range(REQ_COUNT[c]):
        kind, a0 = REQ_KIND[c, j], REQ_A0[c, j]
        if kind == PJ.REQ_ASSISTANT or kind == PJ.REQ_FIGURE_ON_CARD:
            v -= W[W_FIG]
        elif kind == PJ.REQ_RETURN_FIGURES:
            v -= a0 * W[W_FIG]
        elif kind == PJ.REQ_PAY_ITEMS:
            v -= REQ_A1[c, j] * W[W_ITEM]
        elif kind == PJ.REQ_PAY_CP:
            v -= a0 * ctx.cp_value
    return v


@njit(cache=True)
def card_value(obs, ctx, W, mine, c):
    """VP of owning card c from now on (before its price): end VP, income, effects,
    synergy, minus what its requirements cost besides doubloons."""
    v = float(CARD_END_VP[c])
    syn = CARD_SYNERGY[c]
    gains_syn = syn >= 0 and obs[O_SYN + syn] < 0.5
    for j in range(FX_COUNT[c]):
        fam, a0, a1 = FX_FAMILY[c, j], FX_A0[c, j], FX_A1[c, j]
        x = _ongoing_effect(obs, ctx, W, mine, c, fam, a0, a1, syn, gains_syn)
        if x == NOT_ONGOING:
            x = _instant_effect(obs, ctx, W, mine, fam, a0, a1, gains_syn)
        v += x
    if gains_syn:
        v += synergy_unlock(obs, ctx, W, mine, syn)
    return _minus_requirements(v, ctx, W, c)


@njit(cache=True)
def buy_net(obs, ctx, W, mine, c):
    return card_value(obs, ctx, W, mine, c) - card_price(ctx, c) * ctx.d_value


@njit(cache=True)
def keep_value(obs, ctx, W, mine, c):
    """What a hand card is worth kept: as a good / item, or as a later purchase."""
    use = W[W_GOOD] if CARD_SYMBOL[c] < C.NUM_GOODS else W[W_ITEM]
    return max(use, W[W_KEEP_BUY] * buy_net(obs, ctx, W, mine, c))


# The bot does not count its PI cards against item payments (MA-15.2): a conservative
# reading the recorded behaviour (tests/training/fixtures) depends on.
NO_WAIVER = np.zeros(NUM_SYMBOLS, dtype=np.int64)


@njit(cache=True)
def affordable_reqs(obs, ctx, c, hand):
    """MA-14.4 requirements of card c met, as far as the observation shows (the engine's
    ``requirements_met``, without PI reductions: ``NO_WAIVER``)."""
    on_board = np.empty(NUM_NATIONS)
    for n in range(NUM_NATIONS):
        on_board[n] = obs[SUPPLY_ON_BOARD + n * SUPPLY_STRIDE]
    return requirements_met(c, hand, on_board, ctx.cp, ctx.fig_personal, NO_WAIVER)


@njit(cache=True)
def prestige_quantity(obs, ctx, kind):
    if kind == DP.PS_BARRIERS_CROSSED:
        return obs[O_CROSSED] + obs[O_CROSSED + 1] + obs[O_CROSSED + 2] + 0.5 * max(0.0, ctx.rounds_left - 1.0)
    if kind == DP.PS_QUEST_TILES:
        return ctx.quests + 0.7 * max(0.0, ctx.rounds_left - 1.0)
    if kind == DP.PS_ASSISTANTS:
        return ctx.assistants + 0.5 * max(0.0, ctx.rounds_left - 1.0)
    if kind == DP.PS_CP_AND_PERSONAL_FIGURES:
        return ctx.cp + ctx.fig_personal - 1
    if kind == DP.PS_SYNERGIES:
        return ctx.synergies + 1 + 0.5 * max(0.0, ctx.rounds_left - 1.0)
    if kind == DP.PS_COMBAT_TOKENS:
        return ctx.tokens + 0.8 * max(0.0, ctx.rounds_left - 1.0)
    if kind == DP.PS_SHIP_UPGRADES:
        return ctx.upgrades + 1.0 * max(0.0, ctx.rounds_left - 1.0)
    return FINAL_D_VP[int(min(34.0, ctx.d_income))]


@njit(cache=True)
def invest_net(obs, ctx, W, mine, s):
    """VP of investing in the building on prestige space s, minus price and figure."""
    b = argmax(obs, O_PRESTIGE + s * NPB, NPB)
    if b < 0:
        return NEG
    v = PRESTIGE_VP_PER_UNIT[b] * prestige_quantity(obs, ctx, PRESTIGE_SCORING[b])
    if PRESTIGE_VP_CAP[b] >= 0:
        v = min(v, PRESTIGE_VP_CAP[b])
    first = True
    for r in range(NP_SEATS):
        if obs[O_INVESTED + r * 4 + s] > 0.5:
            first = False
    if first:
        v += 2.0
    v += synergy_unlock(obs, ctx, W, mine, C.CROWN)
    return v - W[W_FIG] - max(0.0, PRESTIGE_COST[b] - ctx.discount) * ctx.d_value
