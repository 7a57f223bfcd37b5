"""Legacy tiles (MA-26.4 .. MA-26.7): what the tiles in play (``opt_legacy``) change.

Movement: the cheapest path from the ship to a destination, where the arrows under a
route tile (L2, L8, L18) cost ``ROUTE_MP`` and passing the toll (L11) costs 2 D or, for
a player who cannot pay, is impossible (the ship must stop there). Arrival: L5 gives a
figure, L25 gives 6 VP. Board: skull tiles and the plague (L3). Purchases: L10-L17.
Combat actions: L6 (escort), L9 (gold mine). L1 changes what Puerto Cabezas is
(rules/locations.py). New cities L4 / L7: where the ship can sail
(a *sail target* is a location index, or NL + k for new city k) and what it costs. With no tile in play every query
falls back to the base game's
tables, so the default game plays exactly as before.
"""

import numpy as np
from numba import njit

from ..data import board, explorer, legacy
from ..state import BOX_DISCS, NL, Frame, Source
from .discs import any_disc_removable, push_remove
from .frames import push
from .nobility import gain_influence, supply_left
from .player import gain_coins, gain_figures, gain_vp

NO_PATH = -1
_FAR = 1 << 20


@njit(cache=True)
def tile_in_play(rec, t):
    """MA-26.4: tile index ``t`` (data/legacy.py) lies on the board."""
    return (rec.opt_legacy >> t) & 1 == 1


@njit(cache=True)
def tile_at(rec, loc):
    """The legacy tile in play on location ``loc``, -1 if none."""
    t = legacy.TILE_AT_LOCATION[loc]
    if t >= 0 and tile_in_play(rec, t):
        return t
    return -1


@njit(cache=True)
def arrow_mp(rec, loc, j):
    """MA-26.4 L2 / L8 / L18: MP of the arrow from ``loc`` to its successor ``j``."""
    t = legacy.ROUTE_TILE_ON_ARROW[loc, j]
    if t >= 0 and tile_in_play(rec, t):
        return legacy.ROUTE_MP
    return 1


@njit(cache=True)
def _is_toll(rec, loc):
    return loc == legacy.TOLL_LOCATION and tile_in_play(rec, legacy.TOLL_TILE)


@njit(cache=True)
def route(rec, p, origin, dest):
    """The cheapest legal path of player ``p`` from ``origin`` to ``dest`` this round as
    ``2 * MP + toll`` (toll 1 when the path passes L11), ``NO_PATH`` if there is none.

    MA-5.5 / MA-5.8: a path never passes a must-stop location; MA-26.4 L11: nor the
    toll when ``p`` cannot pay 2 D. Among paths of equal MP the one avoiding the toll is
    taken. Arrows lead to higher indices (board.EDGES), so one pass in index order is a
    shortest-path search."""
    bit = 1 << (rec.round_no - 1)
    cost = np.full(NL, _FAR, dtype=np.int64)
    cost[origin] = 0
    for x in range(origin, NL):
        if cost[x] >= _FAR or x == dest:
            continue
        toll = 0
        if x != origin:
            if board.LOC_MUST_STOP[x]:
                continue
            if _is_toll(rec, x):
                if rec.coins[p] < legacy.TOLL_D:
                    continue  # MA-26.4 L11: who cannot pay must stop here
                toll = 1
        for j in range(board.NUM_SUCC[x]):
            if board.SUCC_ROUND_MASK[x, j] & bit:
                y = board.SUCC[x, j]
                c = cost[x] + 2 * arrow_mp(rec, x, j) + toll
                if c < cost[y]:
                    cost[y] = c
    if dest == origin or cost[dest] >= _FAR:
        return NO_PATH
    return cost[dest]


@njit(cache=True)
def sail_mp(rec, p, origin, dest):
    """MP of the sail from ``origin`` to ``dest`` (-1: no legal path); the base game's
    step table when no legacy tile is in play (MA-5.1)."""
    if rec.opt_legacy == 0:
        return board.SAIL_STEPS[rec.round_no - 1, origin, dest]
    r = route(rec, p, origin, dest)
    return NO_PATH if r == NO_PATH else r // 2


@njit(cache=True)
def pay_toll(rec, p, target):
    """MA-26.4 L11: the ship of ``p`` passes the toll on its way to ``target``: 2 D to the bank."""
    if rec.opt_legacy != 0 and route_to(rec, p, target) % 2 == 1:
        gain_coins(rec, p, -legacy.TOLL_D)


# ----- new cities L4 / L7 (MA-26.4, MA-26.7) -----------------------------------------------
@njit(cache=True)
def new_city_open(rec, p, k):
    """MA-26.4 L4 / L7 (MA-26.7 for Jean): new city ``k`` lies on the board and the explorer
    of ``p`` has reached its space (explorer.EXP_STEP_NUMBER, as L9)."""
    return (
        tile_in_play(rec, legacy.NEW_CITY_TILES[k])
        and explorer.EXP_STEP_NUMBER[rec.explorer[p]] >= legacy.NEW_CITY_EXPLORER[k]
    )


@njit(cache=True)
def at_new_city(rec, p):
    """The ship of ``p`` lies at a new city (it stands on that city's NEW_CITY_FROM)."""
    return rec.legacy_city[p] >= 0


@njit(cache=True)
def _passing(rec, p, loc):
    """The toll part of passing ``loc`` (0 or 1, as ``route``), NO_PATH where the ship must
    stop there (MA-5.5, MA-26.4 L11 unpaid)."""
    if board.LOC_MUST_STOP[loc]:
        return NO_PATH
    if _is_toll(rec, loc):
        return 1 if rec.coins[p] >= legacy.TOLL_D else NO_PATH
    return 0


@njit(cache=True)
def _leg(rec, p, origin, leaving, dest):
    """``route`` from ``origin`` to location ``dest``; with ``leaving`` the ship comes from a
    new city through ``origin`` (NEW_CITY_MP, and ``origin`` is passed unless it is ``dest``)."""
    if not leaving:
        return route(rec, p, origin, dest)
    base = 2 * legacy.NEW_CITY_MP
    if dest == origin:
        return base
    x = _passing(rec, p, origin)
    r = route(rec, p, origin, dest)
    if x == NO_PATH or r == NO_PATH:
        return NO_PATH
    return base + x + r


@njit(cache=True)
def route_to(rec, p, target):
    """``route`` (2 * MP + toll) of the sail of ``p`` from where its ship lies to ``target``
    (a location, or NL + k for new city k), ``NO_PATH`` if there is none. MA-26.4 L4 / L7:
    moving to or from a new city costs NEW_CITY_MP; it is reached from NEW_CITY_FROM (passed
    unless the ship starts there) and left towards NEW_CITY_TO, only while ``new_city_open``."""
    leaving = at_new_city(rec, p)
    origin = legacy.NEW_CITY_TO[rec.legacy_city[p]] if leaving else rec.ship[p]
    if target < NL:
        return _leg(rec, p, origin, leaving, target)
    k = target - NL
    if not new_city_open(rec, p, k) or rec.legacy_city[p] == k:
        return NO_PATH
    a = legacy.NEW_CITY_FROM[k]
    if not leaving and origin == a:
        return 2 * legacy.NEW_CITY_MP
    r = _leg(rec, p, origin, leaving, a)
    x = _passing(rec, p, a)
    if r == NO_PATH or x == NO_PATH:
        return NO_PATH
    return r + x + 2 * legacy.NEW_CITY_MP


@njit(cache=True)
def sail_target_mp(rec, p, target):
    """MP of the sail of ``p`` to ``target`` (-1: no legal path); ``sail_mp`` unless a new
    city is involved."""
    if target < NL and not at_new_city(rec, p):
        return sail_mp(rec, p, rec.ship[p], target)
    r = route_to(rec, p, target)
    return NO_PATH if r == NO_PATH else r // 2


@njit(cache=True)
def arrive(rec, p, loc):
    """MA-26.4: the ship of ``p`` ended its movement on ``loc``: L5 gives a figure from the
    general supply, L25 gives 6 VP; a purchase tile there may be bought again."""
    rec.legacy_bought = 0
    t = tile_at(rec, loc)
    if t < 0:
        return
    kind = legacy.LEGACY_KIND[t]
    if kind == legacy.FIGURE:
        gain_figures(rec, p, 1)
    elif kind == legacy.VP_SPACE:
        gain_vp(rec, p, legacy.VP_SPACE_VP)


@njit(cache=True)
def plagued(rec, loc):
    """MA-26.4 L3: the plague lies on ``loc`` (Cartagena)."""
    return loc == legacy.PLAGUE_LOCATION and tile_in_play(rec, legacy.PLAGUE_TILE)


@njit(cache=True)
def village_main_forbidden(rec, loc):
    """MA-26.4: no village actions at a skull tile (L20-L23) nor at the plague (L3);
    assistants and quests there still work. L1 makes its village a city (rules/locations.py)."""
    t = tile_at(rec, loc)
    return t >= 0 and (
        legacy.LEGACY_KIND[t] == legacy.SKULL
        or legacy.LEGACY_KIND[t] == legacy.PLAGUE
        or legacy.LEGACY_KIND[t] == legacy.QUEST_CITY
    )


@njit(cache=True)
def plague_setup(rec):
    """MA-26.4 L3: Cartagena's city tile leaves the board (no marker lies on a city at
    setup, MA-3.8, and none can come while the plague lies: ``plagued``)."""
    if tile_in_play(rec, legacy.PLAGUE_TILE):
        rec.tile_at[legacy.PLAGUE_LOCATION] = -1


# ----- purchase tiles L10-L17 (MA-26.4) ------------------------------------------------------
@njit(cache=True)
def purchase_setup(rec, extra):
    """MA-26.4: with 2 players L11-L17 start with one disc from the box (L10 does not);
    ``extra`` more on each of L10-L17 (MA-26.7: one in the game against Jean). Sets the
    box discs, so the solo setup may call it again after the 2-player one."""
    for i in range(legacy.NUM_PURCHASE_TILES):
        t = legacy.PURCHASE_TILES[i]
        if tile_in_play(rec, t):
            two = legacy.PURCHASE_DISCS_2P if rec.num_players == 2 and t != legacy.FREE_TILE else 0
            rec.legacy_discs[t, BOX_DISCS] = two + extra


@njit(cache=True)
def tile_discs(rec, t):
    n = 0
    for q in range(BOX_DISCS + 1):
        n += rec.legacy_discs[t, q]
    return n


@njit(cache=True)
def purchase_legal(rec, p):
    """MA-26.4 L10-L17: the ship ended its movement on a purchase tile with a free disc
    space, not yet bought since; before the main action; ``p`` can pay the cost and has a
    disc that may leave the ship board (MA-17.2)."""
    t = tile_at(rec, rec.ship[p])
    if t < 0 or legacy.LEGACY_KIND[t] != legacy.PURCHASE or rec.legacy_bought:
        return False
    return (
        tile_discs(rec, t) < legacy.PURCHASE_SPACES[t]
        and rec.coins[p] >= legacy.PURCHASE_COST[t]
        and any_disc_removable(rec, p)
    )


@njit(cache=True)
def apply_purchase(rec, p):
    """MA-26.4 L10-L17: pay the cost, move a disc from the ship board onto the tile (the
    REMOVE decision, which may complete an upgrade, MA-17.2), then take the reward (one
    program step per frame, the first step resolving first)."""
    t = tile_at(rec, rec.ship[p])
    gain_coins(rec, p, -legacy.PURCHASE_COST[t])
    rec.legacy_bought = 1
    rec.legacy_discs[t, p] += 1
    for j in range(legacy.PURCHASE_LEN[t] - 1, -1, -1):
        push(rec, Frame.PROG, Source.SINGLE, 0, legacy.PURCHASE_CODE[t, j], legacy.PURCHASE_A0[t, j])
    push_remove(rec, 1)


# ----- combat actions L6 (escort) and L9 (gold mine) -------------------------------------------
ESCORT_SPACES = 2  # legacy_markers[0:2]: L6's spaces, cost ESCORT_COSTS[s]
GOLD_MINE_SPACE = 2  # legacy_markers[2]: L9's "8" space
ESCORT_USED = 1 << 3  # cb_used bit after CA1-CA3's: the escort was done in this combat (MA-8.6)


@njit(cache=True)
def legacy_combat_cost(rec, p, k):
    """V that legacy combat action ``k`` (0 escort L6, 1 gold mine L9) costs now; -1 when it
    is not available: tile not in play, no free space (MA-26.4: both escort spaces full,
    the gold mine occupied), the escort already done in this combat (MA-8.6: each kind of
    combat action once; its 10 and 11 are two prices of one action), the explorer short of
    space 5 (L9), or the fighting nation's supply empty (MA-9.8)."""
    if rec.cb_nation < 0 or supply_left(rec, rec.cb_nation) <= 0:
        return -1
    if k == 0:
        if not tile_in_play(rec, legacy.ESCORT_TILE) or rec.cb_used & ESCORT_USED:
            return -1
        for s in range(ESCORT_SPACES):
            if rec.legacy_markers[s] < 0:
                return legacy.ESCORT_COSTS[s]
        return -1
    if (
        not tile_in_play(rec, legacy.GOLD_MINE_TILE)
        or rec.legacy_markers[GOLD_MINE_SPACE] >= 0
        or explorer.EXP_STEP_NUMBER[rec.explorer[p]] < legacy.GOLD_MINE_EXPLORER
    ):
        return -1
    return legacy.GOLD_MINE_COST


@njit(cache=True)
def legacy_combat_legal(rec, p, k):
    cost = legacy_combat_cost(rec, p, k)
    return 0 <= cost <= rec.cb_v


@njit(cache=True)
def apply_legacy_combat(rec, p, k):
    """MA-26.4 L6: the fighting nation's marker onto the next escort space (it cannot be
    expelled), +3 influence of that nation, +8 D. L9: its marker onto the gold mine, +12 D.
    The marker leaves the supply (MA-9.5) and counts on the board (MA-26.5)."""
    rec.cb_v -= legacy_combat_cost(rec, p, k)
    nation = rec.cb_nation
    if k == 0:
        s = 0 if rec.legacy_markers[0] < 0 else 1
        rec.cb_used |= ESCORT_USED
        gain_influence(rec, p, nation, legacy.ESCORT_INFLUENCE)
        gain_coins(rec, p, legacy.ESCORT_D)
    else:
        s = GOLD_MINE_SPACE
        gain_coins(rec, p, legacy.GOLD_MINE_D)
    rec.legacy_markers[s] = nation
    rec.markers_taken[nation] += 1
