"""``mask_one`` and ``step_one``: the decisions of EC-11 dispatched to the rules.

Families that place something on a cell (area card, caballero card, Governor) take
two decisions of the same player (EC-11 two-step factorisation): the family with its
other parameters, which leaves the record in Phase.CELL with the choice pending,
then the cell. A family is offered only when at least one cell completes it.
"""

import numpy as np
from numba import njit

from .. import data as D
from ..spaces import (
    A_AREA,
    A_BUY_SHIP,
    A_CAB,
    A_CAB_GRANDE,
    A_CASTILLO,
    A_END,
    A_GOVERNOR,
    A_INCREASE,
    A_MOVE_CASTILLO,
    A_MOVE_GRANDE,
    A_MOVE_SHIP,
    A_PLACE_GRANDE,
    A_POWER,
    A_RETURN_CARD,
    A_RETURN_SHIP,
    CELL_OFFSET,
    FIRST,
    INCREASE_VALUES,
    K4,
    Family,
)
from ..state import MAXM, Phase
from .area import FRONTIER_MAX, NO_TIER, area_cells, best_tier, cell_needs, frontier, place_area
from .caballeros import (
    cost_on,
    grande_available,
    increase,
    increase_cost,
    land_regions,
    may_place,
    offered_increases,
    offered_orientations,
    place_caballero,
    placement_cost,
)
from .expanded import (
    can_move_grande,
    can_place_grande,
    governor_target,
    may_place_governor,
    move_grande,
    place_governor,
    place_grande,
)
from .geometry import NODES, closed_regions, find_regions, grid_size, strengths
from .pieces import (
    build_castillo,
    free_slot,
    buy_ship,
    can_build_castillo,
    can_buy_ship,
    can_move_castillo,
    can_move_ship,
    can_return_card,
    can_return_ship,
    move_castillo,
    move_ship,
    return_card,
    return_ship,
)
from .rounds import end_turn, may_play_power, play_power

FAMILY, PARAM = FIRST.family_of()
F_POWER, F_AREA, F_CAB, F_CAB_GRANDE = (
    Family.PLAY_POWER,
    Family.PLACE_AREA,
    Family.PLACE_CABALLERO,
    Family.PLACE_CABALLERO_GRANDE,
)
F_INCREASE, F_BUY_SHIP, F_CASTILLO, F_RETURN_CARD = (
    Family.INCREASE,
    Family.BUY_SHIP,
    Family.BUILD_CASTILLO,
    Family.RETURN_CARD,
)
F_RETURN_SHIP, F_MOVE_SHIP, F_MOVE_CASTILLO, F_GOVERNOR = (
    Family.RETURN_SHIP,
    Family.MOVE_SHIP,
    Family.MOVE_CASTILLO,
    Family.PLACE_GOVERNOR,
)
F_PLACE_GRANDE, F_MOVE_GRANDE, F_END = Family.PLACE_GRANDE, Family.MOVE_GRANDE, Family.END_TURN
# EC-GAP-11 order="strict": the source's number of each family's step (回合流程 2-7); 0 for the
# unnumbered ones (power cards, END_TURN, the expanded Governor and Grande actions: any time)
STEP = np.zeros(len(Family), np.int64)
STEP[F_AREA] = 2
STEP[F_CAB] = STEP[F_CAB_GRANDE] = STEP[F_INCREASE] = 3
STEP[F_BUY_SHIP] = 4
STEP[F_CASTILLO] = 5
STEP[F_RETURN_CARD] = STEP[F_RETURN_SHIP] = 6
STEP[F_MOVE_SHIP] = STEP[F_MOVE_CASTILLO] = 7


@njit(cache=True)
def board_facts(rec):
    """Regions and strengths of the board as it stands (EC-3.10, EC-3.15)."""
    root = np.empty(NODES, np.int64)
    find_regions(rec, root)
    return root, root_strengths(rec, root)


@njit(cache=True)
def root_strengths(rec, root):
    """Strengths (EC-3.15) on the regions ``root`` a caller has already found (EC-3.10)."""
    strength = np.empty((NODES, 4), np.int64)
    strengths(rec, root, strength)
    return strength


@njit(cache=True)
def facts_with(rec, root):
    """``board_facts``, reusing ``root`` unless it is empty (nobody found the regions yet)."""
    if root.size == 0:
        return board_facts(rec)
    return root, root_strengths(rec, root)


@njit(cache=True)
def cell_mask(rec, out, offset, known_root):
    """Phase.CELL: the cells that complete the pending family; returns how many.
    ``known_root``: the board's regions (``find_regions``) if the caller has them, else empty."""
    p = rec.current_player
    fam, param = rec.pending_family, rec.pending_param
    g = grid_size(rec)
    cells = np.empty(FRONTIER_MAX, np.int64)
    n = frontier(rec, cells)
    if fam == F_AREA and rec.area_left <= 0:
        return 0
    if (fam == F_CAB or fam == F_CAB_GRANDE) and not may_place(rec, p):
        return 0
    if (fam == F_CAB_GRANDE and not grande_available(rec, p)) or (fam == F_GOVERNOR and not may_place_governor(rec, p)):
        return 0
    if fam == F_AREA:
        needs, tiers = np.empty((n, 4), np.int64), np.empty(n, np.int64)
        cell_needs(rec, p, cells, n, needs, tiers)
        return area_cells(
            rec, param // 4, param % 4, cells, needs, tiers, n, best_tier(rec, needs, tiers, n), out, offset
        )
    root, strength = facts_with(rec, known_root)
    count = 0
    if fam == F_GOVERNOR:
        closed = np.empty(NODES, np.int64)
        closed_regions(rec, root, closed)
        for node in range(param, NODES, 3):
            if governor_target(rec, root, closed, node):
                count += 1
                if offset >= 0:
                    out[offset + rec.card_cell[node // 3]] = True
        return count
    land = np.empty(4, np.int64)
    grande = fam == F_CAB_GRANDE
    for i in range(n):
        row, col = cells[i] // g, cells[i] % g
        touches, nland, regions = land_regions(rec, row, col, root, land)  # frontier cells are empty
        if touches and cost_on(rec, p, param, land, nland, regions, strength, grande) >= 0:
            count += 1
            if offset >= 0:
                out[offset + cells[i]] = True
    return count


@njit(cache=True)
def move_ship_mask(rec, p, out):
    """EC-6.9.1: ``can_move_ship`` asked only of the sources holding a ship and the free
    slots (1,640 pairs otherwise)."""
    if rec.court[p] < D.MOVE_COST:
        return
    srcs = np.empty(K4 + 1, np.int64)
    dsts = np.empty(K4, np.int64)
    ns, nd = 0, 0
    if rec.ship_reserve[p] > 0:
        srcs[0] = 0
        ns = 1
    for k in range(rec.map_cards):
        for d in range(4):
            if can_return_ship(rec, p, k, d):
                srcs[ns] = 1 + 4 * k + d
                ns += 1
            elif free_slot(rec, p, k, d):
                dsts[nd] = 4 * k + d
                nd += 1
    for i in range(ns):
        for j in range(nd):
            out[A_MOVE_SHIP + srcs[i] * K4 + dsts[j]] = can_move_ship(rec, p, srcs[i], dsts[j])


@njit(cache=True)
def turn_mask(rec, out, known_root):
    """Phase.TURN (EC-5.7): the area placement interleaved with the optional actions;
    END_TURN once part B is done or lapsed (EC-6.10.1); at the cap only those two (EC-GAP-26).
    ``known_root``: as in ``cell_mask``."""
    p = rec.current_player
    cells = np.empty(FRONTIER_MAX, np.int64)
    n = frontier(rec, cells) if rec.area_left > 0 or may_place(rec, p) else 0  # the cells only these two read
    area_open = False
    if rec.area_left > 0:
        needs, tiers = np.empty((n, 4), np.int64), np.empty(n, np.int64)
        cell_needs(rec, p, cells, n, needs, tiers)
        tier = best_tier(rec, needs, tiers, n)
        if tier != NO_TIER:
            area_open = True
            for j in range(D.DISPLAY_SIZE * 4):
                if area_cells(rec, j // 4, j % 4, cells, needs, tiers, n, tier, out, -1) > 0:
                    out[A_AREA + j] = True
    out[A_END] = not area_open
    if rec.subactions >= rec.subaction_cap or (rec.area_first and area_open):
        return
    facts = rec.cab_used < D.PER_TURN or may_place_governor(rec, p)  # what reads the regions (EC-3.10, EC-3.15)
    root, strength = facts_with(rec, known_root) if facts else (known_root, np.empty((0, 4), np.int64))
    if may_place(rec, p):
        offered_orientations(rec, p, cells, n, root, strength, out, A_CAB, False)
        if grande_available(rec, p):
            offered_orientations(rec, p, cells, n, root, strength, out, A_CAB_GRANDE, True)
    if rec.cab_used < D.PER_TURN:
        offered_increases(rec, p, root, strength, out, A_INCREASE, INCREASE_VALUES)
    for k in range(rec.map_cards):
        for d in range(4):
            out[A_BUY_SHIP + k * 4 + d] = can_buy_ship(rec, p, k, d)
            out[A_RETURN_SHIP + k * 4 + d] = can_return_ship(rec, p, k, d)
        out[A_CASTILLO + k] = can_build_castillo(rec, p, k)
        out[A_RETURN_CARD + k] = can_return_card(rec, p, k)
        for k2 in range(rec.map_cards):
            out[A_MOVE_CASTILLO + k * MAXM + k2] = can_move_castillo(rec, p, k, k2)
        out[A_PLACE_GRANDE + k] = can_place_grande(rec, p, k)
        out[A_MOVE_GRANDE + k] = can_move_grande(rec, p, k)
    move_ship_mask(rec, p, out)
    if may_place_governor(rec, p):
        closed = np.empty(NODES, np.int64)
        closed_regions(rec, root, closed)
        for node in range(NODES):
            if governor_target(rec, root, closed, node):
                out[A_GOVERNOR + node % 3] = True
    if rec.strict_order:
        strict_steps(rec, out)


@njit(cache=True)
def strict_steps(rec, out):
    """EC-GAP-11 order="strict": no family of steps 3 to 7 below the highest step taken
    this turn. Step 2, the compulsory area placement, is never masked here: area_first
    already puts it before the others."""
    for a in range(CELL_OFFSET):
        step = STEP[FAMILY[a]]
        if 2 < step < rec.turn_step:
            out[a] = False


@njit(cache=True)
def mask_one(rec, out):
    mask_with(rec, out, np.empty(0, np.int64))


@njit(cache=True)
def mask_with(rec, out, known_root):
    """``mask_one`` given the board's regions (``find_regions``), or an empty array to
    find them only if the mask reads them."""
    if rec.phase == Phase.POWER:
        for v in range(1, D.POWER_VALUES + 1):
            out[A_POWER + v - 1] = may_play_power(rec, rec.current_player, v)
    elif rec.phase == Phase.CELL:
        cell_mask(rec, out, CELL_OFFSET, known_root)
    elif rec.phase == Phase.TURN:
        turn_mask(rec, out, known_root)


@njit(cache=True)
def complete_cell(rec, cell):
    """The second decision: the pending placement on ``cell`` (EC-6.2, EC-6.3, EC-10.4, EC-10.8)."""
    p = rec.current_player
    g = grid_size(rec)
    row, col = cell // g, cell % g
    fam, param = rec.pending_family, rec.pending_param
    rec.pending_family = -1
    rec.pending_param = -1
    rec.phase = Phase.TURN
    if fam == F_AREA:
        place_area(rec, param // 4, param % 4, row, col)
    elif fam == F_GOVERNOR:
        place_governor(rec, p, rec.area[row, col] * 3 + param)
    else:
        root, strength = board_facts(rec)
        grande = fam == F_CAB_GRANDE
        place_caballero(
            rec, p, param, row, col, placement_cost(rec, p, param, row, col, root, strength, grande), grande
        )
    rec.subactions += 1


@njit(cache=True)
def step_one(rec, action):
    p = rec.current_player
    if action >= CELL_OFFSET:
        complete_cell(rec, action - CELL_OFFSET)
        return
    fam, param = FAMILY[action], PARAM[action]
    if fam == F_POWER:
        play_power(rec, param + 1)
        return
    if fam == F_END:
        end_turn(rec)
        return
    if STEP[fam] > rec.turn_step:  # EC-GAP-11 (read by order="strict")
        rec.turn_step = STEP[fam]
    if fam == F_AREA or fam == F_CAB or fam == F_CAB_GRANDE or fam == F_GOVERNOR:
        rec.pending_family = fam
        rec.pending_param = param
        rec.phase = Phase.CELL
        return
    if fam == F_INCREASE:
        k, v = param // INCREASE_VALUES, param % INCREASE_VALUES + 2
        root, strength = board_facts(rec)
        increase(rec, p, k, v, increase_cost(rec, p, k, v, root, strength))
    elif fam == F_BUY_SHIP:
        buy_ship(rec, p, param // 4, param % 4)
    elif fam == F_CASTILLO:
        build_castillo(rec, p, param)
    elif fam == F_RETURN_CARD:
        return_card(rec, p, param)
    elif fam == F_RETURN_SHIP:
        return_ship(rec, p, param // 4, param % 4)
    elif fam == F_MOVE_SHIP:
        move_ship(rec, p, param // K4, param % K4)
    elif fam == F_MOVE_CASTILLO:
        move_castillo(rec, p, param // MAXM, param % MAXM)
    elif fam == F_PLACE_GRANDE:
        place_grande(rec, p, param)
    elif fam == F_MOVE_GRANDE:
        move_grande(rec, p, param)
    rec.subactions += 1
