"""The sail planner (MA-5): stops ahead on this round's route, the turns a rival leaves, a small DP."""

import numpy as np
from numba import njit

from games.maracaibo.rules.sailing import ahead_on_route
from games.maracaibo.spaces import A_LEGACY_SAIL, A_SAIL_TO
from games.maracaibo.state import NC, NL

from .legacy import (
    NEW_CITY_FROM,
    TOLL_D,
    arrival_value,
    new_city_steps,
    purchase_net,
    sail_table,
    village_allowed,
)
from .locations import assistants_here_value, city_value, new_city_value, quests_here_value
from .obs import O_SEAT, O_SHIP, argmax
from .tables import (
    CARD_ASSISTANT_LOC,
    LOC_20,
    LOC_21A,
    LOC_21B,
    LOC_22,
    LOC_KIND,
    LOC_NUM,
    NP_SEATS,
    SAIL_STEPS,
    VILLAGE,
)
from .values import village_count, village_value
from .weights import NEG, W_FUTURE, W_MP, W_RIVAL_SPEED


@njit(cache=True)
def stop_values(obs, ctx, W, mine, ship, rr, stop, later):
    """stop[loc, mp]: the best main action at every location ahead, reached by a hop of
    mp this turn; later[loc, mp]: the same on a later turn of the plan (solo: quests
    Jean may take first, ``quests_here_value``). MA-26.4: no village action on a skull
    tile or at L1's city; a purchase tile (L10-L17) that pays and L5's figure / L25's VP
    add to the stop."""
    mask = ctx.legacy
    stop[:, :] = NEG
    later[:, :] = NEG
    for loc in range(1, NL):
        if not ahead_on_route(rr, ship, loc):
            continue
        if loc == LOC_21A or loc == LOC_21B or loc == LOC_22:
            stop[loc, :] = 3.0 if loc != LOC_22 else 5.0
            later[loc, :] = stop[loc, :]
            continue
        city = city_value(obs, ctx, W, mine, loc)
        asst, k = assistants_here_value(obs, ctx, W, mine, loc)
        extra = 0.0
        if mask != 0:
            extra = arrival_value(ctx, W, mask, loc) + max(0.0, purchase_net(obs, ctx, W, mask, loc, False))
        for when in range(2):
            now = when == 0
            q_short = quests_here_value(obs, ctx, W, mine, loc, ctx.mp_spent + 1, now)
            q_long = quests_here_value(obs, ctx, W, mine, loc, ctx.mp_spent + 7, now)
            for m in range(1, 8):
                best = max(0.0, city)
                if LOC_KIND[loc] == VILLAGE and (mask == 0 or village_allowed(mask, loc)):
                    best = max(best, village_value(ctx, village_count(obs, m)))
                best = max(best, q_long if ctx.mp_spent + m >= 4 else q_short)
                if k > 0:  # an unused assistant scores 2 VP anyway (MA-13.3)
                    best = max(best + 2.0 * k, asst + 2.0 * (k - 1))
                if mask != 0:
                    best += extra
                if now:
                    stop[loc, m] = best
                else:
                    later[loc, m] = best


@njit(cache=True)
def turns_left(obs, ctx, W):
    """Turns the bot still gets this round, this one included: until the rival closest
    to the round's last space gets there at its usual speed (MA-1.2)."""
    rr = int(ctx.round)
    turns = 20.0
    for s in range(1, NP_SEATS):
        if obs[O_SEAT + s] < 0.5:
            continue
        loc = argmax(obs, O_SHIP + s * NL, NL)
        if rr < 4:
            tail = 1.0  # 20 -> 21a
        else:
            tail = 2.0 if loc != LOC_21B else 1.0  # 20 -> 21b -> 22
        if loc == LOC_20 or loc == LOC_21B:
            k = tail
        else:
            d = SAIL_STEPS[rr - 1, loc, LOC_20]
            k = np.ceil(max(d, 1) / W[W_RIVAL_SPEED]) + tail
        turns = min(turns, k)
    return max(1, int(turns))


@njit(cache=True)
def sail_values(obs, ctx, W, mine, mask, values):
    """SAIL_TO: the stop now plus the best stops the turns left allow afterwards
    (a small DP over the route ahead), so good stops are not skipped needlessly and the
    bot hurries when a rival is about to end the round. MA-26.4: the MP of the route
    tiles (L2 / L8 / L18) and L11's toll (``legacy.sail_table``); LEGACY_SAIL to a new
    city (L4 / L7) is worth its city action plus the plan on from its route location."""
    ship = int(ctx.ship)
    rr = int(ctx.round)
    stop = np.empty((NL, 8))
    later = np.empty((NL, 8))
    stop_values(obs, ctx, W, mine, ship, rr, stop, later)
    steps = np.empty((NL, NL), dtype=np.int64)  # MA-26.4: route tiles and the toll change the MP
    toll = np.empty((NL, NL), dtype=np.int64)
    sail_table(ctx.legacy, rr, ctx.coins, steps, toll)
    final = LOC_22 if rr == 4 else LOC_21A
    turns = turns_left(obs, ctx, W)
    future = np.zeros(NL)  # best value of the remaining turns from each location
    nxt = np.zeros(NL)
    for t in range(1, turns):
        for loc in range(NL):
            nxt[loc] = 0.0
            if loc != ship and not ahead_on_route(rr, ship, loc):
                continue
            if loc == final:
                continue
            best = 0.0
            for dest in range(1, NL):
                m = steps[loc, dest]
                if 1 <= m <= 7 and later[dest, m] > NEG:
                    best = max(best, later[dest, m] + W[W_FUTURE] * future[dest])
            nxt[loc] = best
        future[:] = nxt
    for i in range(NL - 1):
        a = A_SAIL_TO + i
        if mask[a]:
            dest = i + 1
            mp = steps[ship, dest]
            if ctx.legacy != 0 and (mp < 1 or mp > 7):  # legal, so a path its table misses
                mp = min(7, max(1, SAIL_STEPS[rr - 1, ship, dest]))
            v = stop[dest, mp] if stop[dest, mp] > NEG else 0.0
            v += W[W_FUTURE] * future[dest] - W[W_MP] * mp
            if toll[ship, dest] > 0:  # MA-26.4 L11
                v -= TOLL_D * ctx.d_value
            for c in range(NC):  # own assistants passed score 2 VP (MA-5.10)
                if mine[c] and CARD_ASSISTANT_LOC[c] >= 0:
                    n = LOC_NUM[CARD_ASSISTANT_LOC[c]]
                    if LOC_NUM[ship] < n < LOC_NUM[dest]:
                        v += 2.0
            values[a] = v
    if ctx.legacy != 0:
        for k in range(2):  # MA-26.4 L4 / L7: the new city's action, then on from its route location
            if mask[A_LEGACY_SAIL + k]:
                mp = new_city_steps(ctx.legacy, ctx, k, steps)
                v = new_city_value(obs, ctx, W, mine, k)
                values[A_LEGACY_SAIL + k] = v + W[W_FUTURE] * future[NEW_CITY_FROM[k]] - W[W_MP] * max(mp, 3)
