"""The main action at a location (MA-6.2): city action and delivery, quests there, own assistants;
MA-26.4: the cities the legacy tiles make or close (L1, L3, L4 / L7)."""

from numba import njit

from games.maracaibo.state import H_MAX, NC, NQ

from .cards import keep_value
from .obs import NUM_TILE_KINDS, O_MFREE, O_MTILE, O_QAT, O_TILES, argmax
from .jean import jean_takes_tile
from .leads import quest_denial_value
from .legacy import (
    DL_CITY_PROG_A0,
    DL_CITY_PROG_A1,
    DL_CITY_PROG_CODE,
    DL_CITY_PROG_LEN,
    NEW_CITY_GOOD,
    NEW_CITY_PROG,
    QC_GOOD,
    plagued,
    quest_city,
)
from .programs import assistant_program_value, program, step_value
from .quests import quest_bonus, quest_cost
from .tables import (
    CARD_ASSISTANT_ACTION,
    CARD_ASSISTANT_LOC,
    CARD_SYMBOL,
    CITY,
    CITY_PROG_A0,
    CITY_PROG_A1,
    CITY_PROG_CODE,
    CITY_PROG_LEN,
    LOC_CITY_ACTION,
    LOC_HAS_MARKET,
    LOC_KIND,
    LOC_MARKET_GOOD,
    MARACAIBO,
    MARACAIBO_TILE,
    Q_PC_AMOUNT,
    Q_PC_CODE,
    Q_RW_A0,
    Q_RW_A1,
    Q_RW_CODE,
    Q_RW_COUNT,
    RETURN,
    TILE_ACTION,
    TILE_GOOD,
    TILE_SLOTS,
)
from .weights import NEG, W_RACE, W_RACE_RISK, W_SOLO


@njit(cache=True)
def city_action_at(obs, loc):
    for j in range(4):
        if TILE_SLOTS[j] == loc:
            t = argmax(obs, O_TILES + j * NUM_TILE_KINDS, NUM_TILE_KINDS)
            if t >= 0:
                return TILE_ACTION[t], TILE_GOOD[t]
    if loc == MARACAIBO and obs[O_MTILE] > 0.5:
        return TILE_ACTION[MARACAIBO_TILE], TILE_GOOD[MARACAIBO_TILE]
    if LOC_KIND[loc] == CITY or LOC_KIND[loc] == RETURN:
        return LOC_CITY_ACTION[loc], LOC_MARKET_GOOD[loc]
    return -1, -1


@njit(cache=True)
def delivery_value(obs, ctx, W, mine, good):
    """MA-7.2: one good of the hand for a disc, the least useful card of that good."""
    best = 0.0
    for i in range(H_MAX):
        c = int(ctx.hand[i])
        if c >= 0 and CARD_SYMBOL[c] == good:
            best = max(best, ctx.disc - keep_value(obs, ctx, W, mine, c))
    return best


@njit(cache=True)
def city_value(obs, ctx, W, mine, loc):
    """Delivery (one good for a disc) plus the city's program. MA-26.4: none at Cartagena
    under the plague (L3); at Puerto Cabezas under L1 the delivery alone (its quest is the
    quest main action, ``quests_here_value``); at a new city (L4 / L7) ``new_city_value``."""
    mask = ctx.legacy
    if mask != 0:
        if ctx.new_city >= 0 and loc == ctx.ship:
            return new_city_value(obs, ctx, W, mine, ctx.new_city)
        if plagued(mask, loc):
            return NEG
        if quest_city(mask, loc):
            if obs[O_MFREE + loc] > 0.5 and ctx.disc > 0:
                v = delivery_value(obs, ctx, W, mine, QC_GOOD)
                return v if v > 0.0 else NEG
            return NEG
    act, good = city_action_at(obs, loc)
    if act < 0:
        return NEG
    v = program(obs, ctx, W, mine, CITY_PROG_CODE[act], CITY_PROG_A0[act], CITY_PROG_A1[act], CITY_PROG_LEN[act], 0)
    if LOC_HAS_MARKET[loc] and obs[O_MFREE + loc] > 0.5 and good >= 0 and ctx.disc > 0:
        v += delivery_value(obs, ctx, W, mine, good)
    return v


@njit(cache=True)
def new_city_value(obs, ctx, W, mine, k):
    """MA-26.4 L4 / L7: the new city's action: deliver one good of its kind (no market
    slots), then its city program (data/legacy.py CITY_PROG_* row NEW_CITY_ACTION[k])."""
    j = NEW_CITY_PROG[k]
    v = program(obs, ctx, W, mine, DL_CITY_PROG_CODE[j], DL_CITY_PROG_A0[j], DL_CITY_PROG_A1[j], DL_CITY_PROG_LEN[j], 0)
    if ctx.disc > 0:
        v += delivery_value(obs, ctx, W, mine, NEW_CITY_GOOD[k])
    return v


@njit(cache=True)
def quest_value(obs, ctx, W, mine, q, mp):
    """Rewards minus costs of completing board quest q now; NEG if it cannot be paid."""
    cost = quest_cost(obs, ctx, W, mine, q, mp)
    if cost <= NEG:
        return NEG
    v = step_value(obs, ctx, W, mine, Q_PC_CODE[q], int(Q_PC_AMOUNT[q] * ctx.compasses), 0)
    for j in range(Q_RW_COUNT[q]):
        v += step_value(obs, ctx, W, mine, Q_RW_CODE[q, j], Q_RW_A0[q, j], Q_RW_A1[q, j])
    return v + quest_bonus(ctx, W) + quest_denial_value(W) + cost


@njit(cache=True)
def quests_here_value(obs, ctx, W, mine, loc, mp, now):
    """Mean value of the payable quests at loc (the observation gives no placement
    order, so a quest slot cannot be told apart when two tiles are payable). Solo: a
    tile alone where Jean may stop next (MA-24.7) is worth more taken ``now`` (she
    loses it) and less on a later turn of the plan (she may take it first)."""
    total = 0.0
    k = 0
    for q in range(NQ):
        if obs[O_QAT + loc * NQ + q] > 0.5:
            v = quest_value(obs, ctx, W, mine, q, mp)
            if v > NEG:
                total += v
                k += 1
    if k == 0:
        return NEG
    v = total / k
    if W[W_SOLO] > 0.0:
        p = jean_takes_tile(obs, ctx, loc)
        if now:
            v += W[W_RACE] * p
        elif v > 0.0:
            v *= 1.0 - W[W_RACE_RISK] * p
    return v


@njit(cache=True)
def assistants_here_value(obs, ctx, W, mine, loc):
    """Mean value of own assistant actions at loc (slots are not tied to cards in the
    observation), and how many own assistant cards stand there."""
    total = 0.0
    k = 0
    for c in range(NC):
        if mine[c] and CARD_ASSISTANT_LOC[c] == loc and CARD_ASSISTANT_ACTION[c] >= 0:
            total += assistant_program_value(obs, ctx, W, mine, CARD_ASSISTANT_ACTION[c])
            k += 1
    return (total / k if k > 0 else NEG), k
