"""Elementary values in VP: resources, influence and nobility (MA-9), markers (MA-9.4),
ship discs (MA-17), one-step rewards, village actions, hand payments."""

import numpy as np
from numba import njit

from games.maracaibo.rules.discs import disc_removable
from games.maracaibo.rules.village import village_actions
from games.maracaibo.state import H_MAX, NU

from .leads import upgrade_lead_value
from .obs import O_DISCS, O_INF, O_SEAT, SUPPLY_STRIDE, SUPPLY_TAKEN, SUPPLY_VALUE
from .tables import (
    C,
    CARD_SYMBOL,
    FINAL_D_VP,
    NEXT_NOBLE,
    NOBILITY_LEVEL,
    NP_SEATS,
    SMOOTH_LEVEL,
    SMOOTH_SUPPLY,
    U1,
    U10,
    U2,
    U3,
    U7,
    U8,
    U9,
)
from .weights import UPGRADE_D, UPGRADE_VP, W_DECK, W_FIG, W_HALF, W_MAJ, W_NV_GROWTH, W_RIVAL, W_SMOOTH


@njit(cache=True)
def cp_gain(ctx, x):
    return (min(8.0, ctx.cp + x) - ctx.cp) * ctx.cp_value


@njit(cache=True)
def fig_gain(ctx, W, x):
    return min(x, ctx.fig_general) * W[W_FIG]


@njit(cache=True)
def d_income_value(ctx, x):
    inc = int(ctx.d_income)
    final = FINAL_D_VP[min(34, inc + int(x))] - FINAL_D_VP[min(34, inc)]
    return x * ctx.d_value * ctx.d_incomes_left + final


@njit(cache=True)
def nation_value(obs, ctx, W, a):
    """Expected final value of nation a: its value now plus expected growth."""
    return obs[SUPPLY_VALUE + a * SUPPLY_STRIDE] + W[W_NV_GROWTH] * (5.0 - ctx.round) / 4.0


@njit(cache=True)
def level_gain(W, inf, k):
    new = min(12, inf + k)
    exact = NOBILITY_LEVEL[new] - NOBILITY_LEVEL[inf]
    smooth = SMOOTH_LEVEL[new] - SMOOTH_LEVEL[inf]
    return W[W_SMOOTH] * smooth + (1.0 - W[W_SMOOTH]) * exact


@njit(cache=True)
def inf_value(obs, ctx, W, a, k):
    """VP of k influence in nation a: nobility x expected nation value, majority, overflow."""
    inf = int(obs[O_INF + a] + 0.5)
    v = level_gain(W, inf, k) * nation_value(obs, ctx, W, a) + 2.0 * max(0, inf + k - 12)
    best_other = 0.0
    for s in range(1, NP_SEATS):
        if obs[O_SEAT + s] > 0.5:
            best_other = max(best_other, obs[O_INF + s * 3 + a])
    if inf <= best_other < inf + k:
        v += 3.0 * W[W_MAJ]
    elif inf < best_other == inf + k:
        v += 1.5 * W[W_MAJ]
    return v


@njit(cache=True)
def best_inf(obs, ctx, W, k):
    best = 0.0
    for a in range(3):
        best = max(best, inf_value(obs, ctx, W, a, k))
    return best


@njit(cache=True)
def next_noble(obs, ctx, W, a):
    inf = int(obs[O_INF + a] + 0.5)
    return inf_value(obs, ctx, W, a, NEXT_NOBLE[inf] - inf) if inf < 12 else 0.0


@njit(cache=True)
def marker_value(obs, W, a):
    """VP of one more marker of nation a on the board: the nation's value rises for
    everybody with nobility there, so rivals' levels count against it."""
    taken = int(obs[SUPPLY_TAKEN + a * SUPPLY_STRIDE] + 0.5)
    if taken >= 13:
        return 0.0
    dv = SMOOTH_SUPPLY[taken + 1] - SMOOTH_SUPPLY[taken]
    mine = SMOOTH_LEVEL[int(obs[O_INF + a] + 0.5)]
    rival = 0.0
    for s in range(1, NP_SEATS):
        if obs[O_SEAT + s] > 0.5:
            rival = max(rival, SMOOTH_LEVEL[int(obs[O_INF + s * 3 + a] + 0.5)])
    return dv * (mine + 0.5 - W[W_RIVAL] * rival)


@njit(cache=True)
def best_marker(obs, W):
    best = 0.0
    for a in range(3):
        if obs[SUPPLY_TAKEN + a * SUPPLY_STRIDE] < 12.5:
            best = max(best, marker_value(obs, W, a))
    return best


@njit(cache=True)
def disc_value(obs, ctx, W, u):
    """VP of removing one disc from position u (its upgrade, or a share of it)."""
    full = UPGRADE_VP[u] + UPGRADE_D[u] * ctx.d_value + 0.5  # +0.5: upgrade count (careers, Academy)
    if u == U1 or u == U2 or u == U7 or u == U8 or u == U9 or u == U10:  # permanent: worth less late
        full *= ctx.rounds_left / 4.0
    if u == U3:
        full = 3.0 + 0.5 * ctx.rounds_left / 4.0
    full += upgrade_lead_value(ctx, W)
    if obs[O_DISCS + u] > 1.5:
        return W[W_HALF] * full
    return full


@njit(cache=True)
def best_disc(obs, ctx, W):
    best = 0.0
    for u in range(NU):
        if disc_removable(obs[O_DISCS : O_DISCS + NU], u):
            best = max(best, disc_value(obs, ctx, W, u))
    return best


@njit(cache=True)
def reward_value(obs, ctx, W, code, a0):
    """A one-step reward that needs no program context (explorer / flag rewards)."""
    if code == C.S_GAIN_D:
        return a0 * ctx.d_value
    if code == C.S_GAIN_VP:
        return float(a0)
    if code == C.S_GAIN_CP:
        return cp_gain(ctx, a0)
    if code == C.S_GAIN_FIGURES:
        return fig_gain(ctx, W, a0)
    if code == C.S_INFLUENCE_ANY:
        return best_inf(obs, ctx, W, a0)
    if code == C.S_REMOVE_DISCS:
        return a0 * ctx.disc
    if code == C.S_GAIN_D_AND_VP:
        return a0 * ctx.d_value + a0
    return 0.0


@njit(cache=True)
def village_value(ctx, n):
    """n village actions: the best purchases that fit the money, the rest at the repeat value."""
    if n <= 0:
        return 0.0
    rep = ctx.village_repeat
    best = n * rep
    if ctx.buy1 > rep:
        best = max(best, ctx.buy1 + (n - 1) * rep)
        if n >= 2 and ctx.buy2 > rep and ctx.price1 + ctx.price2 <= ctx.coins:
            best = max(best, ctx.buy1 + ctx.buy2 + (n - 2) * rep)
    return best


@njit(cache=True)
def village_count(obs, mp):
    """Village actions after sailing mp (MA-11.2), by the engine's own rule."""
    return village_actions(int(mp), obs[O_DISCS + U1] < 0.5)


@njit(cache=True)
def same_goods_cost(ctx, g, n):
    """Keep value of the n cheapest hand cards showing symbol g (1e9 if fewer)."""
    vals = np.full(H_MAX, 1.0e9)
    k = 0
    for i in range(H_MAX):
        c = int(ctx.hand[i])
        if c >= 0 and CARD_SYMBOL[c] == g:
            vals[k] = ctx.keep[i]
            k += 1
    if k < n:
        return 1.0e9
    vals.sort()
    total = 0.0
    for i in range(n):
        total += vals[i]
    return total


@njit(cache=True)
def hand_cycle_cost(ctx, W):
    """Discarding the whole hand: what the cards were worth beyond a fresh draw."""
    cost = 0.0
    for i in range(H_MAX):
        if ctx.hand[i] >= 0:
            cost += ctx.keep[i] - W[W_DECK]
    return max(0.0, cost)
