"""The legacy tiles in play (MA-26.4 .. MA-26.7) as the bot sees them: read from its own
observation (segments ``legacy_tiles``, ``legacy_discs``, ``legacy_markers``,
``legacy_bought``, ``legacy_city_markers``; ``legacy_ship`` is read by ``context``), and
what they change on the board it plans on.

``tiles_in_play`` is the bit mask (data/legacy.py tile indices) kept in the context
(``ctx.legacy``); every other query takes it and falls back to the base board's tables
when it is 0, so with no tile in play (or the weight ``legacy`` at 0: ``heuristic_blind``)
the bot plays exactly as before. The engine's own answers are rules/locations.py and
rules/legacy.py; these are their copies over the observation.
"""

import numpy as np
from numba import njit

from games.maracaibo.data import board as DB
from games.maracaibo.data import legacy as DL
from games.maracaibo.state import NL, NLT, P

from .obs import O_LBOUGHT, O_LCMARKERS, O_LDISCS, O_LMARKERS, O_LT, argmax
from .tables import EXP_STEP_NUMBER, LOC_FLAG_AMOUNT, LOC_FLAG_CODE, LOC_HAS_FLAG, LOC_KIND, VILLAGE
from .values import fig_gain, inf_value, marker_value, reward_value
from .weights import W_LEGACY

LKIND = DL.LEGACY_KIND
TILE_AT = DL.TILE_AT_LOCATION
QC_LOC, QC_TILE, QC_GOOD = DL.QUEST_CITY_LOCATION, DL.QUEST_CITY_TILE, DL.QUEST_CITY_GOOD
QC_FLAG_CODE, QC_FLAG_AMOUNT = DL.QUEST_CITY_FLAG_CODE, DL.QUEST_CITY_FLAG_AMOUNT
P_COST, P_SPACES = DL.PURCHASE_COST, DL.PURCHASE_SPACES
P_CODE, P_A0, P_LEN = DL.PURCHASE_CODE, DL.PURCHASE_A0, DL.PURCHASE_LEN
PURCHASE_INDEX = np.full(NLT, -1, dtype=np.int64)  # tile -> its row in legacy_discs
PURCHASE_INDEX[DL.PURCHASE_TILES] = np.arange(DL.NUM_PURCHASE_TILES)
ESCORT_TILE, GOLD_MINE_TILE = DL.ESCORT_TILE, DL.GOLD_MINE_TILE
ESCORT_COSTS = np.array(DL.ESCORT_COSTS, dtype=np.int64)
ROUTE_TILE_ON_ARROW = DL.ROUTE_TILE_ON_ARROW
TOLL_TILE, TOLL_LOC = DL.TOLL_TILE, DL.TOLL_LOCATION
MUST_STOP, SUCC, NUM_SUCC, SUCC_ROUND_MASK, SAIL_STEPS = (
    DB.LOC_MUST_STOP,
    DB.SUCC,
    DB.NUM_SUCC,
    DB.SUCC_ROUND_MASK,
    DB.SAIL_STEPS,
)
# tiles that change what sailing costs (L2 / L8 / L18 arrows, L11's toll)
MOVE_MASK = sum(1 << int(t) for t in np.flatnonzero(LKIND == DL.ROUTE)) | (1 << int(TOLL_TILE))
NEW_CITY_GOOD, NEW_CITY_PROG, NEW_CITY_FROM = DL.NEW_CITY_GOOD, DL.NEW_CITY_ACTION, DL.NEW_CITY_FROM
TOLL_D = DL.TOLL_D
NEW_CITY_FLAG_CODE, NEW_CITY_FLAG_AMOUNT = DL.NEW_CITY_FLAG_CODE, DL.NEW_CITY_FLAG_AMOUNT
DL_CITY_PROG_CODE, DL_CITY_PROG_A0, DL_CITY_PROG_A1, DL_CITY_PROG_LEN = (
    DL.CITY_PROG_CODE,
    DL.CITY_PROG_A0,
    DL.CITY_PROG_A1,
    DL.CITY_PROG_LEN,
)
NO_BUY = -1.0e9
_FAR = 1 << 20


@njit(cache=True)
def tiles_in_play(obs, W):
    """MA-26.4: the ``opt_legacy`` bit mask of the tiles the observation shows; 0 when the
    bot plays blind (weight ``legacy`` 0)."""
    if W[W_LEGACY] < 0.5:
        return 0
    m = 0
    for t in range(NLT):
        if obs[O_LT + t] > 0.5:
            m |= 1 << t
    return m


@njit(cache=True)
def in_play(mask, t):
    return (mask >> t) & 1 == 1


@njit(cache=True)
def tile_at(mask, loc):
    """The tile in play on location ``loc``, -1 if none (rules/legacy.tile_at)."""
    t = TILE_AT[loc]
    if t >= 0 and in_play(mask, t):
        return t
    return -1


# ----- L1 Puerto Cabezas, L3 plague, skull tiles (rules/locations.py) --------------------------
@njit(cache=True)
def quest_city(mask, loc):
    """MA-26.4 L1: ``loc`` is Puerto Cabezas, now a city with a market, a flag and a quest slot."""
    return loc == QC_LOC and in_play(mask, QC_TILE)


@njit(cache=True)
def has_flag(mask, loc):
    """MA-26.4 L1: the board's flags and Puerto Cabezas' new one (CA2 targets)."""
    return LOC_HAS_FLAG[loc] != 0 or quest_city(mask, loc)


@njit(cache=True)
def is_village(mask, loc):
    """MA-26.4 L1: Puerto Cabezas is no village any more (no CA3, no village action)."""
    return LOC_KIND[loc] == VILLAGE and not quest_city(mask, loc)


@njit(cache=True)
def flag_reward_value(obs, ctx, W, mask, loc):
    """VP of the flag reward at ``loc`` (L1's: QUEST_CITY_FLAG_*)."""
    if quest_city(mask, loc):
        return reward_value(obs, ctx, W, QC_FLAG_CODE, QC_FLAG_AMOUNT)
    return reward_value(obs, ctx, W, LOC_FLAG_CODE[loc], LOC_FLAG_AMOUNT[loc])


@njit(cache=True)
def village_allowed(mask, loc):
    """MA-26.4: a village action is possible at ``loc``: a village without a skull tile
    (L20-L23) and not L1's city (rules/legacy.village_main_forbidden)."""
    if LOC_KIND[loc] != VILLAGE:
        return False
    t = tile_at(mask, loc)
    return t < 0 or not (LKIND[t] == DL.SKULL or LKIND[t] == DL.PLAGUE or LKIND[t] == DL.QUEST_CITY)


@njit(cache=True)
def plagued(mask, loc):
    """MA-26.4 L3: no city action at Cartagena."""
    t = tile_at(mask, loc)
    return t >= 0 and LKIND[t] == DL.PLAGUE


# ----- arrival (L5, L25) and purchases (L10-L17) --------------------------------------------------
@njit(cache=True)
def arrival_value(ctx, W, mask, loc):
    """MA-26.4: ending the movement on L5 gives a figure, on L25 6 VP."""
    t = tile_at(mask, loc)
    if t < 0:
        return 0.0
    if LKIND[t] == DL.FIGURE:
        return fig_gain(ctx, W, 1)
    if LKIND[t] == DL.VP_SPACE:
        return float(DL.VP_SPACE_VP)
    return 0.0


@njit(cache=True)
def purchase_net(obs, ctx, W, mask, loc, here):
    """MA-26.4 L10-L17: reward program minus cost of buying the tile at ``loc``, plus the
    disc that leaves the ship board (MA-17.2, ``ctx.disc``); NO_BUY when there is none or
    it cannot be bought: no free disc space, cost above the purse, and ``here`` (the ship
    stands on it) already bought since it arrived."""
    t = tile_at(mask, loc)
    if t < 0 or LKIND[t] != DL.PURCHASE:
        return NO_BUY
    if here and obs[O_LBOUGHT] > 0.5:
        return NO_BUY
    i = PURCHASE_INDEX[t]
    n = 0.0
    for q in range(P + 1):
        n += obs[O_LDISCS + i * (P + 1) + q]
    if n >= P_SPACES[t] or P_COST[t] > ctx.coins or ctx.disc <= 0.0:
        return NO_BUY
    v = ctx.disc - P_COST[t] * ctx.d_value
    for j in range(P_LEN[t]):
        v += reward_value(obs, ctx, W, P_CODE[t, j], P_A0[t, j])
    return v


# ----- combat actions L6 (escort) and L9 (gold mine) ---------------------------------------------
@njit(cache=True)
def legacy_combat_cost(obs, ctx, mask, k):
    """V that legacy combat action ``k`` (0 escort L6, 1 gold mine L9) costs, -1 when it is
    not available (rules/legacy.legacy_combat_cost; the supply is checked by the plan)."""
    if k == 0:
        if not in_play(mask, ESCORT_TILE):
            return -1
        for s in range(2):
            free = True
            for a in range(3):
                if obs[O_LMARKERS + s * 3 + a] > 0.5:
                    free = False
            if free:
                return ESCORT_COSTS[s]
        return -1
    if not in_play(mask, GOLD_MINE_TILE) or ctx.explorer < 0:
        return -1
    for a in range(3):
        if obs[O_LMARKERS + 2 * 3 + a] > 0.5:
            return -1
    if EXP_STEP_NUMBER[ctx.explorer] < DL.GOLD_MINE_EXPLORER:
        return -1
    return DL.GOLD_MINE_COST


@njit(cache=True)
def escort_spent(obs, ctx, escort_legal, v):
    """MA-8.6: the escort (L6) was done in this combat. The observation has no bit for it
    (``cb_actions_used`` covers CA1-CA3), so it is read off the engine's mask: a free space
    that V pays for, yet no escort offered (an empty supply reads the same, and the plan
    skips legacy actions then anyway)."""
    cost = legacy_combat_cost(obs, ctx, ctx.legacy, 0)
    return 0 <= cost <= v and not escort_legal


@njit(cache=True)
def legacy_combat_value(obs, ctx, W, a, k):
    """MA-26.4 L6: a marker of nation ``a`` on the escort, +3 influence, +8 D; L9: a marker
    on the gold mine, +12 D."""
    if k == 0:
        return inf_value(obs, ctx, W, a, DL.ESCORT_INFLUENCE) + DL.ESCORT_D * ctx.d_value + marker_value(obs, W, a)
    return DL.GOLD_MINE_D * ctx.d_value + marker_value(obs, W, a)


# ----- sailing (L2 / L8 / L18 arrows, L11's toll) --------------------------------------------------
@njit(cache=True)
def sail_table(mask, rr, coins, steps, toll):
    """steps[origin, dest]: MP of the cheapest legal sail this round, toll[origin, dest] 1
    when it passes L11 (rules/legacy.route); the base game's table when no route tile and
    no toll lie (MA-5.1)."""
    steps[:, :] = SAIL_STEPS[rr - 1]
    toll[:, :] = 0
    if (mask & MOVE_MASK) == 0:
        return
    bit = 1 << (rr - 1)
    cost = np.empty(NL, dtype=np.int64)
    for origin in range(NL):
        cost[:] = _FAR
        cost[origin] = 0
        for x in range(origin, NL):
            if cost[x] >= _FAR:
                continue
            t = 0
            if x != origin:
                if MUST_STOP[x]:
                    continue
                if x == TOLL_LOC and in_play(mask, TOLL_TILE):
                    if coins < DL.TOLL_D:
                        continue
                    t = 1
            for j in range(NUM_SUCC[x]):
                if SUCC_ROUND_MASK[x, j] & bit:
                    y = SUCC[x, j]
                    r = ROUTE_TILE_ON_ARROW[x, j]
                    mp = DL.ROUTE_MP if r >= 0 and in_play(mask, r) else 1
                    c = cost[x] + 2 * mp + t
                    if c < cost[y]:
                        cost[y] = c
        for dest in range(NL):
            if dest == origin or cost[dest] >= _FAR:
                steps[origin, dest] = -1
            else:
                steps[origin, dest] = cost[dest] // 2
                toll[origin, dest] = cost[dest] % 2


@njit(cache=True)
def new_city_open(mask, ctx, k):
    """MA-26.4 L4 / L7: new city ``k`` lies and the own explorer reached its space."""
    return (
        in_play(mask, DL.NEW_CITY_TILES[k])
        and ctx.explorer >= 0
        and EXP_STEP_NUMBER[ctx.explorer] >= DL.NEW_CITY_EXPLORER[k]
    )


@njit(cache=True)
def new_city_marker(obs, k):
    """The nation whose marker lies on new city ``k``'s flag, -1 none (MA-26.4, GAP-57)."""
    return argmax(obs, O_LCMARKERS + k * 3, 3)


@njit(cache=True)
def new_city_flag_value(obs, ctx, W, k):
    """VP of new city ``k``'s flag reward (data/legacy.py NEW_CITY_FLAG_*)."""
    return reward_value(obs, ctx, W, NEW_CITY_FLAG_CODE[k], NEW_CITY_FLAG_AMOUNT[k])


@njit(cache=True)
def new_city_steps(mask, ctx, k, steps):
    """MP of the sail to new city ``k`` (MA-26.4 L4 / L7): to its NEW_CITY_FROM, then 3 MP;
    -1 when it is not open (the explorer short of its space)."""
    if not new_city_open(mask, ctx, k):
        return -1
    a = DL.NEW_CITY_FROM[k]
    ship = int(ctx.ship)
    if ship == a:
        return DL.NEW_CITY_MP
    s = steps[ship, a]
    return -1 if s < 0 else s + DL.NEW_CITY_MP
