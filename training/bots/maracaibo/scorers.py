"""One scorer per decision kind (state.Decision): values[a] for the legal actions of that decision."""

from numba import njit

from games.maracaibo.spaces import (
    A_BUY_HAND,
    A_BUY_PLAN,
    A_CAREER_PICK,
    A_COUNT,
    A_DELIVER,
    A_DONE,
    A_DRAW,
    A_EXPLORE_TO,
    A_FREE_CAREER,
    A_FREE_FIG2CP,
    A_FREE_PLAN,
    A_INVEST,
    A_LEGACY_BUY,
    A_LOCATION,
    A_MAIN,
    A_PAY_CARD,
    A_REMOVE_DISC,
    A_SETUP_DISCARD,
    A_SETUP_PLAN,
    A_SYNERGY,
    A_TAKE_2VP,
    A_VILLAGE,
    MAIN_ASSIST,
    MAIN_CITY,
    MAIN_NONE,
    MAIN_QUEST,
    MAIN_VILLAGE,
    VO_A,
    VO_B,
    VO_STOP,
    VO_U10,
    VO_U8,
    VO_U9,
    VO_VBK,
    VO_VG2,
    VO_VMD,
    VO_VMV,
    VO_XQC,
)
from games.maracaibo.state import Decision, H_MAX, NE, NL, NU

from .cards import buy_net, card_price, invest_net, keep_value, synergy_unlock
from .careers import career_goal_value
from .explore import explore_dest_value, explore_value
from .legacy import NO_BUY, purchase_net
from .locations import assistants_here_value, city_value, quests_here_value
from .obs import FD_COUNT, O_CDEALT, O_CDISPLAY, O_DISCS, O_DISPLAY, TURN_MAIN_DONE, argmax, card_at
from .sailing import sail_values
from .tables import GOAL_TYPE, NK, NSYN, U3
from .values import (
    cp_gain,
    d_income_value,
    disc_value,
    hand_cycle_cost,
    inf_value,
    marker_value,
    same_goods_cost,
    village_count,
    village_value,
)
from .weights import CAREER_PREF, NEG, W_DECK, W_FIG, W_ITEM, W_PLAN


@njit(cache=True)
def score_free_actions(obs, mask, ctx, W, mine, hand, plan, values):
    """Free actions wherever they are legal: career goals (MA-18), planning a card
    it cannot pay yet (MA-6.3 F-PLAN), figures to CP."""
    d = ctx.decision
    final = ctx.final > 0
    for g in range(3):
        for tier in range(2):
            a = A_FREE_CAREER + 2 * g + tier
            if mask[a]:
                values[a] = career_goal_value(obs, ctx, W, g, tier, final or d == Decision.CAREER_GOALS)
                if values[a] > 0:
                    values[a] += 100.0  # free: take it before anything else
    if mask[A_FREE_FIG2CP]:
        values[A_FREE_FIG2CP] = -1.0
    if d == Decision.MAIN:
        best_plan, best_i = W[W_PLAN], -1
        for i in range(H_MAX):
            if mask[A_FREE_PLAN + i] and hand[i] >= 0:
                c = hand[i]
                v = buy_net(obs, ctx, W, mine, c)
                if card_price(ctx, c) > ctx.coins and v > best_plan:
                    best_plan, best_i = v, i
        if best_i >= 0:
            values[A_FREE_PLAN + best_i] = 50.0
    for i in range(H_MAX):
        a = A_FREE_PLAN + i
        if mask[a] and values[a] == NEG:
            values[a] = -5.0


@njit(cache=True)
def score_setup_plan(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-3.12: plan the dealt card with the best value for its price."""
    for i in range(H_MAX):
        if mask[A_SETUP_PLAN + i] and hand[i] >= 0:
            values[A_SETUP_PLAN + i] = buy_net(obs, ctx, W, mine, hand[i])


@njit(cache=True)
def score_setup_discard(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-3.12: discard the weakest dealt cards."""
    for i in range(H_MAX):
        if mask[A_SETUP_DISCARD + i] and hand[i] >= 0:
            values[A_SETUP_DISCARD + i] = -keep_value(obs, ctx, W, mine, hand[i])


@njit(cache=True)
def score_career_pick(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-3.13: keep the career whose goal types suit the bot's style (CAREER_PREF)."""
    for j in range(2):
        k = argmax(obs, O_CDEALT + j * NK, NK)
        v = 0.0
        if k >= 0:
            for g in range(3):
                v += CAREER_PREF[GOAL_TYPE[k, g]]
        values[A_CAREER_PICK + j] = v


@njit(cache=True)
def score_sail(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-5: the sail planner (sailing.sail_values)."""
    sail_values(obs, ctx, W, mine, mask, values)


@njit(cache=True)
def score_main_action(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-6.2: city, village, quest, own assistant or nothing at the ship's location;
    MA-26.4: first the purchase tile there (L10-L17) when its reward beats its cost."""
    loc = int(ctx.ship)
    mp = ctx.last_sail_mp if ctx.extra_main > 0.5 else ctx.mp_spent
    if mask[A_MAIN + MAIN_CITY]:
        values[A_MAIN + MAIN_CITY] = city_value(obs, ctx, W, mine, loc)
    if mask[A_MAIN + MAIN_VILLAGE]:
        values[A_MAIN + MAIN_VILLAGE] = village_value(ctx, village_count(obs, mp))
    qv = quests_here_value(obs, ctx, W, mine, loc, ctx.mp_spent, True)
    for j in range(4):
        if mask[A_MAIN + MAIN_QUEST + j]:
            values[A_MAIN + MAIN_QUEST + j] = qv
    av, _ = assistants_here_value(obs, ctx, W, mine, loc)
    for j in range(8):
        if mask[A_MAIN + MAIN_ASSIST + j]:
            values[A_MAIN + MAIN_ASSIST + j] = av - 2.0
    if mask[A_MAIN + MAIN_NONE]:
        values[A_MAIN + MAIN_NONE] = -0.5
    values[A_DONE] = 0.0 if obs[TURN_MAIN_DONE] > 0.5 and ctx.extra_main < 0.5 else -0.4
    if mask[A_LEGACY_BUY] and ctx.legacy != 0:  # MA-26.4 L10-L17: before the main action, when it pays
        net = purchase_net(obs, ctx, W, ctx.legacy, loc, True)
        values[A_LEGACY_BUY] = 100.0 + net if net > 0.0 else (-5.0 if net <= NO_BUY else net - 5.0)


@njit(cache=True)
def score_delivery(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-7.2: deliver the least useful good for the best disc, or skip."""
    values[A_DELIVER + H_MAX] = 0.0
    for i in range(H_MAX):
        if mask[A_DELIVER + i] and hand[i] >= 0:
            values[A_DELIVER + i] = ctx.disc - keep_value(obs, ctx, W, mine, hand[i])


@njit(cache=True)
def score_disc_removal(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-17.2: remove the disc whose upgrade is worth most."""
    for u in range(NU):
        if mask[A_REMOVE_DISC + u]:
            values[A_REMOVE_DISC + u] = disc_value(obs, ctx, W, u)


@njit(cache=True)
def score_purchases(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-11 / MA-14 / MA-16: buy or invest (village actions and the scoring purchase, MA-21.2)."""
    final = ctx.final > 0
    d = ctx.decision
    for i in range(H_MAX):
        if mask[A_BUY_HAND + i] and hand[i] >= 0:
            values[A_BUY_HAND + i] = buy_net(obs, ctx, W, mine, hand[i])
    for s in range(3):
        if mask[A_BUY_PLAN + s] and plan[s] >= 0:
            values[A_BUY_PLAN + s] = buy_net(obs, ctx, W, mine, plan[s])
    for s in range(4):
        if mask[A_INVEST + s]:
            values[A_INVEST + s] = invest_net(obs, ctx, W, mine, s)
    if d == Decision.BUY:
        values[A_TAKE_2VP] = 2.0
        if not final:  # the refill after buying (GAP-25) brings one more card
            for a in range(A_BUY_HAND, A_INVEST + 4):
                if values[a] > NEG:
                    values[a] += 0.3
    else:
        village_options(obs, ctx, W, mine, mask, values)


@njit(cache=True)
def score_card_payment(obs, mask, ctx, W, mine, hand, plan, values):
    """Pay with the hand card worth least kept."""
    for i in range(H_MAX):
        if mask[A_PAY_CARD + i] and hand[i] >= 0:
            values[A_PAY_CARD + i] = -keep_value(obs, ctx, W, mine, hand[i])
    if mask[A_DONE]:
        values[A_DONE] = -20.0


@njit(cache=True)
def score_explorer_move(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-10.2: the explorer destination worth most."""
    for s in range(NE):
        if mask[A_EXPLORE_TO + s]:
            values[A_EXPLORE_TO + s] = explore_dest_value(obs, ctx, W, mine, s)


@njit(cache=True)
def score_location(obs, mask, ctx, W, mine, hand, plan, values):
    """XVM / XVN village: the first legal location."""
    for i in range(NL - 1):
        if mask[A_LOCATION + i]:
            values[A_LOCATION + i] = -0.01 * i


@njit(cache=True)
def score_draw(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-20: the deck or a display card (U3 makes the display cost a doubloon)."""
    if mask[A_DRAW]:
        values[A_DRAW] = W[W_DECK]
    cost = 0.0 if obs[O_DISCS + U3] < 0.5 else 1.0
    for s in range(4):
        if mask[A_DRAW + 1 + s]:
            c = card_at(obs, O_DISPLAY, O_CDISPLAY, s)
            if c >= 0:
                values[A_DRAW + 1 + s] = keep_value(obs, ctx, W, mine, c) - cost * ctx.d_value


@njit(cache=True)
def score_synergy(obs, mask, ctx, W, mine, hand, plan, values):
    """XSA: the synergy token that unlocks most."""
    for s in range(NSYN):
        if mask[A_SYNERGY + s]:
            values[A_SYNERGY + s] = synergy_unlock(obs, ctx, W, mine, s)


@njit(cache=True)
def score_figure_count(obs, mask, ctx, W, mine, hand, plan, values):
    """XFC: figures to turn into doubloon income."""
    per = d_income_value(ctx, 2) - W[W_FIG]
    for n in range(9):
        if mask[A_COUNT + n]:
            values[A_COUNT + n] = per * n if n < ctx.fig_personal else per * n - 1.0


@njit(cache=True)
def score_career_only(obs, mask, ctx, W, mine, hand, plan, values):
    """Only career goals are left to take: done otherwise."""
    values[A_DONE] = 0.0


@njit(cache=True)
def village_options(obs, ctx, W, mine, mask, values):
    vd = ctx.d_value
    values[A_VILLAGE + VO_STOP] = 0.0
    if mask[A_VILLAGE + VO_B]:
        values[A_VILLAGE + VO_B] = vd
    if mask[A_VILLAGE + VO_A]:
        values[A_VILLAGE + VO_A] = (2.0 * vd if ctx.hand_len > 0 else 0.0) - hand_cycle_cost(ctx, W) - 0.3
    if mask[A_VILLAGE + VO_U8]:
        values[A_VILLAGE + VO_U8] = vd + cp_gain(ctx, 1)
    for g in range(3):
        if mask[A_VILLAGE + VO_U9 + g]:
            values[A_VILLAGE + VO_U9 + g] = 2.0 * vd + 2.0 - same_goods_cost(ctx, g, 3)
        if mask[A_VILLAGE + VO_VG2 + g]:
            values[A_VILLAGE + VO_VG2 + g] = 4.0 * vd - same_goods_cost(ctx, g, 2)
    for a in range(3):
        if mask[A_VILLAGE + VO_U10 + a]:
            values[A_VILLAGE + VO_U10 + a] = vd + marker_value(obs, W, a) + inf_value(obs, ctx, W, a, 1)
    items = 2.0 * W[W_ITEM]
    if mask[A_VILLAGE + VO_VMV]:
        values[A_VILLAGE + VO_VMV] = 2.0 + explore_value(obs, ctx, W, mine, 2 + int(ctx.explore_bonus)) - items
    if mask[A_VILLAGE + VO_VMD]:
        values[A_VILLAGE + VO_VMD] = 3.0 * vd + explore_value(obs, ctx, W, mine, 2 + int(ctx.explore_bonus)) - items
    for i in range(2):
        if mask[A_VILLAGE + VO_VBK + i]:
            values[A_VILLAGE + VO_VBK + i] = 3.0 * vd + 3.0 - items
    for i in range(4):
        if mask[A_VILLAGE + VO_XQC + i]:
            values[A_VILLAGE + VO_XQC + i] = 2.0
    # a "last" option ends the batch: keep it for when nothing better is left
    left = obs[FD_COUNT]
    if left > 1.5:
        for o in (VO_VMV, VO_VMD, VO_VBK, VO_VBK + 1, VO_XQC, VO_XQC + 1, VO_XQC + 2, VO_XQC + 3):
            if values[A_VILLAGE + o] > NEG:
                values[A_VILLAGE + o] -= (left - 1) * ctx.village_repeat
