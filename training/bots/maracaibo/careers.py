"""Career goals (MA-18): progress towards a goal and the value of taking it at a tier now."""

from numba import njit

from .obs import O_CKEPT, O_CROSSED, O_GOALS, O_INF, argmax
from .tables import C, DK, GOAL_TYPE, HIGH_D, HIGH_T, HIGH_VP, LOW_D, NK
from .weights import NEG, W_FIG, W_LOW_WAIT


@njit(cache=True)
def goal_progress(obs, ctx, gtype):
    """How far the bot is on a career goal type (MA-18.3), in the goal's own units."""
    if gtype == DK.G_COMBAT:
        return ctx.tokens
    if gtype == DK.G_QUESTS:
        return ctx.quests
    if gtype == DK.G_INF1 or gtype == DK.G_INF2:
        x, y, z = obs[O_INF], obs[O_INF + 1], obs[O_INF + 2]
        hi = max(x, max(y, z))
        if gtype == DK.G_INF1:
            return hi
        return x + y + z - hi - min(x, min(y, z))  # the second highest
    if gtype == DK.G_UPG:
        return ctx.upgrades
    if gtype == DK.G_EXPL:
        return obs[O_CROSSED + C.BLUE]  # the high tier is the blue barrier
    if gtype == DK.G_SYN:
        return ctx.synergies
    return ctx.assistants


@njit(cache=True)
def career_goal_value(obs, ctx, W, g, tier, final):
    """Completing goal g now: D, the figure, VP at the high tier, the all-done bonus; the
    low tier gives up the high tier's VP as far as it is still within reach."""
    k = argmax(obs, O_CKEPT, NK)
    if k < 0:
        return NEG
    v = W[W_FIG]
    done = 0
    for x in range(3):
        if obs[O_GOALS + x * 2] + obs[O_GOALS + x * 2 + 1] > 0.5:
            done += 1
    if done == 2:
        v += 2.0 + 2.0 * ctx.d_value
    if tier == 1:
        return v + HIGH_D[k, g] * ctx.d_value + HIGH_VP[k, g] + 1.0
    v += LOW_D[k, g] * ctx.d_value
    if final:
        return v
    gtype = GOAL_TYPE[k, g]
    if gtype == DK.G_EXPL:
        gap = 1.0 - goal_progress(obs, ctx, gtype)
        time = 2.0 * max(0.0, ctx.rounds_left - 1.0) + 1.0  # explorer steps come in bursts
    else:
        gap = HIGH_T[k, g] - goal_progress(obs, ctx, gtype)
        time = 1.5 * max(0.0, ctx.rounds_left - 1.0) + 0.7
    reach = min(1.0, max(0.0, 1.0 - gap / time))
    return v - W[W_LOW_WAIT] * reach * (HIGH_VP[k, g] + 0.5) - 0.3
