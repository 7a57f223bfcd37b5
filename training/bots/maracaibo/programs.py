"""Effect programs (city actions, assistant actions, upgrades, quest rewards): the value of
a step and of a whole program with its payment gate."""

from numba import njit

from .explore import explore_value
from .tables import AS_PROG_A0, AS_PROG_A1, AS_PROG_CODE, AS_PROG_LEN, C
from .values import (
    hand_cycle_cost,
    inf_value,
    marker_value,
    next_noble,
    reward_value,
    same_goods_cost,
    village_value,
)
from .weights import NEG, W_EXTRA_SAIL


@njit(cache=True)
def step_value(obs, ctx, W, mine, code, a0, a1):
    if code == C.S_INFLUENCE_NATION:
        return inf_value(obs, ctx, W, a0, a1)
    if code == C.S_EXPLORE:
        return explore_value(obs, ctx, W, mine, a0 + int(ctx.explore_bonus))
    if code == C.S_COMBAT:
        return ctx.combat
    if code == C.S_VILLAGE_ACTIONS:
        return village_value(ctx, a0)
    if code == C.S_VILLAGE_ACTIONS_PER_COMPASS:
        return village_value(ctx, int(ctx.compasses))
    if code == C.S_EXTRA_SAIL:
        return W[W_EXTRA_SAIL]
    if code == C.S_VP_PER_ASSISTANT:
        return a0 * ctx.assistants
    if code == C.S_VP_PER_COMBAT_TOKEN:
        return a0 * ctx.tokens
    if code == C.S_NEXT_NOBLE_LEVEL:
        best = 0.0
        for a in range(3):
            best = max(best, next_noble(obs, ctx, W, a))
        return best
    if code == C.S_BUY_OR_INVEST:
        return max(0.0, ctx.buy1)
    if code == C.S_ANNEX_THIS_VILLAGE:
        best = 0.0
        for a in range(3):
            best = max(best, marker_value(obs, W, a) + inf_value(obs, ctx, W, a, a0))
        return best
    return reward_value(obs, ctx, W, code, a0)


@njit(cache=True)
def program(obs, ctx, W, mine, codes, a0s, a1s, n, start):
    """Value of an effect program from step ``start``: a payment gates the rest (taken
    only when the rest is worth it), CHOOSE_ONE takes the best option."""
    pre = 0.0
    rest = 0.0
    paying = False
    payable = True
    cost = 0.0
    i = start
    while i < n:
        code, a0, a1 = codes[i], a0s[i], a1s[i]
        v = 0.0
        if code == C.S_CHOOSE_ONE:
            best = NEG
            for j in range(a0):
                best = max(best, step_value(obs, ctx, W, mine, codes[i + 1 + j], a0s[i + 1 + j], a1s[i + 1 + j]))
            v = best
            i += 1 + a0
        elif code == C.S_PAY_CP:
            paying = True
            payable = ctx.cp >= a0
            cost = a0 * ctx.cp_value
            i += 1
            continue
        elif code == C.S_PAY_WHOLE_HAND:
            paying = True
            payable = ctx.hand_len > 0
            cost = hand_cycle_cost(ctx, W)
            i += 1
            continue
        elif code == C.S_PAY_SAME_GOODS:
            paying = True
            cost = 1.0e9
            for g in range(C.NUM_GOODS):
                cost = min(cost, same_goods_cost(ctx, g, a0))
            payable = cost < 1.0e8
            i += 1
            continue
        else:
            v = step_value(obs, ctx, W, mine, code, a0, a1)
            i += 1
        if paying:
            rest += v
        else:
            pre += v
    if paying:
        if payable and rest > cost:
            pre += rest - cost
    return pre


@njit(cache=True)
def assistant_program_value(obs, ctx, W, mine, act):
    return program(obs, ctx, W, mine, AS_PROG_CODE[act], AS_PROG_A0[act], AS_PROG_A1[act], AS_PROG_LEN[act], 0)
