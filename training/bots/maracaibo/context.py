"""The bot's working state for one decision: a typed record decoded from the
observation (``decode_context``), then completed with values that need it
(``finish_context``): the best disc, the village-action values, the keep value of
every hand card, the best purchases and the expected combat."""

import numpy as np
from numba import njit

from games.maracaibo.state import H_MAX, NC, NC_AB, NE, NL, NU, NUM_BASE_DECISIONS, Phase

from .cards import affordable_reqs, buy_net, card_price, invest_net, keep_value
from .combat import combat_estimate
from .jean import next_stop_chance
from .legacy import tiles_in_play
from .obs import (
    COUNT_QUESTS,
    COUNT_STRIDE,
    COUNT_TOKENS,
    FIG_ASSISTANTS,
    FIG_GENERAL,
    FIG_PERSONAL,
    O_BOUGHT,
    O_CBOUGHT,
    O_CHAND,
    O_COINS,
    O_CPLANNING,
    O_CP,
    O_DECISION,
    O_DINC,
    O_DISCS,
    O_EXP,
    O_HAND,
    O_LSHIP,
    O_INVESTED,
    O_PHASE,
    O_PLANNING,
    O_PRESTIGE,
    O_ROUND,
    O_SEAT,
    O_SHIP,
    O_SYN,
    SOLO_JEAN_UPGRADES,
    TURN_EXTRA_MAIN,
    TURN_LAST_SAIL_MP,
    TURN_MP_SPENT,
    argmax,
    card_at,
)
from .tables import (
    C,
    CARD_COMPASSES,
    CARD_SYMBOL,
    DS,
    FX_A0,
    FX_COUNT,
    FX_FAMILY,
    LOC_NUM,
    NP_SEATS,
    NPB,
    NSYN,
    PJ,
    PRESTIGE_COST,
)
from .values import best_disc, cp_gain
from .weights import NEG, W_CP, W_D, W_D_LATE, W_GOOD, W_ITEM, W_RICH, W_RICH_SCALE, W_SOLO

F8, I8 = np.float64, np.int64
CONTEXT = np.dtype(
    [
        # the game's clock
        ("round", I8),  # 1-4 (1 during setup)
        ("decision", I8),  # state.Decision pending
        ("phase", I8),  # state.Phase
        ("final", I8),  # 1 at the final scoring (round 4 scored, MA-19)
        ("rounds_left", F8),  # rounds of play still to come, the current one unless it is scored
        ("vp_incomes_left", F8),  # VP-income payments still to come (MA-19.4)
        ("d_incomes_left", F8),  # doubloon-income payments still to come
        # exchange rates in VP
        ("d_value", F8),  # one doubloon
        ("cp_value", F8),  # one combat point
        # the bot's own resources and counts
        ("cp", F8),
        ("coins", F8),
        ("fig_personal", F8),
        ("fig_general", F8),
        ("hand_len", F8),
        ("compasses", F8),
        ("assistants", F8),
        ("tokens", F8),
        ("quests", F8),
        ("upgrades", F8),
        ("synergies", F8),
        ("d_income", F8),
        ("hand_limit", F8),
        ("progress", F8),  # share of the game played: rounds done + ship's route position
        ("jean_quests", F8),
        ("jean_upgrades", F8),  # solo: Jean's quest tiles and yellow spaces (MA-24.14)
        ("jean_next", F8, NL),  # solo: the chance that Jean's next turn stops at each location (MA-24.6)
        ("discount", F8),  # PD: doubloons off every purchase (MA-14.3)
        ("explore_bonus", F8),  # PEX: extra explorer steps
        ("num_players", I8),
        ("ship", I8),  # location index
        ("explorer", I8),  # explorer space
        ("mp_spent", F8),
        ("last_sail_mp", F8),
        ("extra_main", F8),  # this turn (MA-29.1a)
        ("legacy", I8),  # MA-26.4: bit mask of the legacy tiles in play (legacy.tiles_in_play)
        ("new_city", I8),  # MA-26.4 L4 / L7: the new city the own ship lies at, -1 none
        # derived values (finish_context)
        ("disc", F8),  # the best removable disc
        ("village_repeat", F8),  # the repeatable village action
        ("buy1", F8),
        ("buy2", F8),
        ("price1", F8),
        ("price2", F8),  # the two best affordable purchases
        ("combat", F8),  # a full combat, before the token is known
        ("hand", I8, H_MAX),  # card id per hand index, -1 empty
        ("keep", F8, H_MAX),  # what each hand card is worth kept
    ]
)


@njit(cache=True)
def _own_cards(obs, hand, plan, mine, ctx):
    """Hand, planning area and own bought cards; compasses and the PD / PEX totals."""
    hl = 0
    for i in range(H_MAX):
        hand[i] = card_at(obs, O_HAND, O_CHAND, i)
        if hand[i] >= 0:
            hl += 1
    for s in range(3):
        plan[s] = card_at(obs, O_PLANNING, O_CPLANNING, s)
    pd = 0.0
    pex = 0.0
    compass = 1.0
    for c in range(NC):
        mine[c] = (obs[O_BOUGHT + c] if c < NC_AB else obs[O_CBOUGHT + c - NC_AB]) > 0.5
        if mine[c]:
            compass += CARD_COMPASSES[c]
            for j in range(FX_COUNT[c]):
                if FX_FAMILY[c, j] == PJ.F_PD:
                    pd += FX_A0[c, j]
                elif FX_FAMILY[c, j] == PJ.F_PEX:
                    pex += FX_A0[c, j]
    ctx.hand_len = hl
    ctx.compasses = compass
    ctx.discount = pd
    ctx.explore_bonus = pex


@njit(cache=True)
def _clock(obs, ctx, W):
    """Round, decision, phase and the rates that change over the game."""
    r = argmax(obs, O_ROUND, 4) + 1  # 0 during setup
    ctx.round = max(r, 1)
    rr = ctx.round
    ctx.decision = argmax(obs, O_DECISION, NUM_BASE_DECISIONS)  # story decisions: story_decision
    ctx.phase = argmax(obs, O_PHASE, 9)
    ctx.final = 1 if (rr >= 4 and ctx.phase >= Phase.SCORING_CHOICE) else 0
    if ctx.final > 0:
        ctx.d_value = 0.02
    elif rr <= 2:
        ctx.d_value = W[W_D]
    elif rr == 3:
        ctx.d_value = 0.5 * (W[W_D] + W[W_D_LATE])
    else:
        ctx.d_value = W[W_D_LATE]
    # a full purse buys less per extra doubloon: the value falls once coins pass the pivot
    ctx.d_value /= 1.0 + max(0.0, obs[O_COINS] - W[W_RICH]) / W[W_RICH_SCALE]
    ctx.cp_value = W[W_CP] * (1.0 if rr < 4 else 0.6)
    ctx.vp_incomes_left = 5 - rr
    ctx.rounds_left = (4.0 - rr) if ctx.phase >= Phase.SCORING_CHOICE else (5.0 - rr)
    ctx.d_incomes_left = max(0.0, 4 - rr)


@njit(cache=True)
def _counts(obs, ctx):
    ctx.cp = obs[O_CP]
    ctx.coins = obs[O_COINS]
    ctx.fig_personal = obs[FIG_PERSONAL]
    ctx.fig_general = obs[FIG_GENERAL]
    ctx.assistants = obs[FIG_ASSISTANTS]
    ctx.tokens = obs[COUNT_TOKENS]
    ctx.quests = obs[COUNT_QUESTS]
    nupg = 0.0
    for u in range(NU):
        if obs[O_DISCS + u] < 0.5:
            nupg += 1
    ctx.upgrades = nupg
    ctx.ship = argmax(obs, O_SHIP, NL)
    ctx.mp_spent = obs[TURN_MP_SPENT]
    ctx.last_sail_mp = obs[TURN_LAST_SAIL_MP]
    ctx.extra_main = obs[TURN_EXTRA_MAIN]
    ctx.d_income = obs[O_DINC]
    n = 0
    for s in range(NP_SEATS):
        if obs[O_SEAT + s] > 0.5:
            n += 1
    ctx.num_players = n
    ctx.explorer = argmax(obs, O_EXP, NE)
    ctx.new_city = argmax(obs, O_LSHIP, 2)
    nsyn = 0.0
    for s in range(NSYN):
        nsyn += obs[O_SYN + s]
    ctx.synergies = nsyn
    ctx.hand_limit = 6.0 if obs[O_DISCS + DS.U2] < 0.5 else 4.0  # MA-17.3 U2
    ctx.progress = min(1.0, (ctx.round - 1.0 + LOC_NUM[max(0, ctx.ship)] / 22.0) / 4.0)


@njit(cache=True)
def _jean(obs, ctx, W):
    """Solo only: Jean (relative seat 1) and her solo board, read past spaces.OBS."""
    if W[W_SOLO] > 0.0:
        ctx.jean_quests = obs[COUNT_QUESTS + COUNT_STRIDE]
        ctx.jean_upgrades = round(obs[SOLO_JEAN_UPGRADES] * 11.0)
        next_stop_chance(obs, ctx.round, ctx.jean_next)


@njit(cache=True)
def decode_context(obs, hand, plan, mine, ctx, W):
    """Hand, planning area, own bought cards and the scalar context of one observation."""
    _own_cards(obs, hand, plan, mine, ctx)
    _clock(obs, ctx, W)
    _counts(obs, ctx)
    _jean(obs, ctx, W)
    ctx.legacy = tiles_in_play(obs, W)
    for i in range(H_MAX):
        ctx.hand[i] = hand[i]
        if hand[i] >= 0:  # first pass; finish_context adds the purchase value
            ctx.keep[i] = W[W_GOOD] if CARD_SYMBOL[hand[i]] < C.NUM_GOODS else W[W_ITEM]


@njit(cache=True)
def _purchase(obs, ctx, W, mine, hand, plan, k):
    """Candidate k of the village purchases: hand card, planned card or prestige space;
    (net value, price), value NEG where it cannot be bought now."""
    if k < H_MAX:
        c = hand[k]
    elif k < H_MAX + 3:
        c = plan[k - H_MAX]
    else:
        c = -2
    if c == -1:
        return NEG, 0.0
    if c >= 0:
        price = card_price(ctx, c)
        if price > ctx.coins or not affordable_reqs(obs, ctx, c, hand):
            return NEG, 0.0
        return buy_net(obs, ctx, W, mine, c), price
    s = k - H_MAX - 3
    if obs[O_INVESTED + s] > 0.5 or ctx.fig_personal < 1:
        return NEG, 0.0
    b = argmax(obs, O_PRESTIGE + s * NPB, NPB)
    if b < 0:
        return NEG, 0.0
    price = max(0.0, PRESTIGE_COST[b] - ctx.discount)
    if price > ctx.coins:
        return NEG, 0.0
    return invest_net(obs, ctx, W, mine, s), price


@njit(cache=True)
def finish_context(obs, ctx, W, mine, hand, plan):
    ctx.disc = best_disc(obs, ctx, W)
    # village actions: the repeatable option and the best two purchases
    rep = ctx.d_value
    if obs[O_DISCS + DS.U8] < 0.5:
        rep = max(rep, ctx.d_value + cp_gain(ctx, 1))
    ctx.village_repeat = rep
    for i in range(H_MAX):
        if hand[i] >= 0:
            ctx.keep[i] = keep_value(obs, ctx, W, mine, hand[i])
    b1, b2, p1, p2 = NEG, NEG, 0.0, 0.0
    for k in range(H_MAX + 3 + 4):
        v, price = _purchase(obs, ctx, W, mine, hand, plan, k)
        if v <= NEG:
            continue
        if v > b1:
            b2, p2 = b1, p1
            b1, p1 = v, price
        elif v > b2:
            b2, p2 = v, price
    ctx.buy1, ctx.buy2, ctx.price1, ctx.price2 = b1, b2, p1, p2
    ctx.combat = combat_estimate(obs, ctx, W, mine)


def new_context():
    """A zeroed context record (a (1,) array; kernels take its row ``[0]``)."""
    return np.zeros(1, dtype=CONTEXT)
