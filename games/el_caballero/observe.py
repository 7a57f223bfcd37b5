"""What a seat sees (EC-12), as a flat float32 vector (layout ``spaces.obs_layout``).

Everything is public except the order of the area deck (EC-1.5): its contents are
shown by type and symbol, never its order. Seats are relative to the observer
(0 = observer, 1 = next clockwise, ...). The map comes as one row per card (area
cards by id, caballero cards by relative seat and k) and the legal cells of Phase CELL
as a plane over the grid, row y + R, column x + R, aligned with the ``cell`` action head;
``planes.board_planes`` lays the rows out as planes.
"""

import numpy as np
from numba import njit

from . import data as D
from .rules.engine import cell_mask, mask_with
from .rules.geometry import (
    CABALLERO,
    NODES,
    closed_regions,
    find_regions,
    grid_size,
    kind_at,
    region_values,
    side_node,
    side_terrain,
)
from .rules.rounds import rounds_total
from .spaces import AREA_FIELDS, CABALLERO_FIELDS, CELL_OFFSET, FIRST, TURN_STEPS, obs_layout
from .state import MAXM, NG, P, Phase

OBS = obs_layout(1)  # every segment but the board is the same for every radius
O_NUM_PLAYERS, O_MODE, O_ROUND, O_SCORINGS_LEFT = (
    OBS.offset(s) for s in ("num_players", "mode", "round", "scorings_left")
)
O_PHASE, O_PENDING, O_PENDING_PARAM, O_ACTIVE = (OBS.offset(s) for s in ("phase", "pending", "pending_param", "active"))
O_START, O_TURN_POS, O_PLAYED, O_HAND = (
    OBS.offset(s) for s in ("start_player", "turn_position", "played", "power_hand")
)
O_DISPLAY, O_DECK, O_DECK_SIZE, O_SUPPLY = (OBS.offset(s) for s in ("display", "deck", "deck_size", "supply"))
O_COUNTERS, O_PLAYERS, O_SCORINGS, O_CARDS = (OBS.offset(s) for s in ("counters", "players", "scorings", "cards"))
O_AREA_CARDS, O_CABALLEROS, O_LEGAL = (OBS.offset(s) for s in ("area_cards", "caballeros", "legal_cell"))
PLAYER_FIELDS = OBS["players"].stride
DISPLAY_FIELDS = D.NUM_TYPES + 2
NUM_FAMILIES = len(FIRST.names())
AF, CF = len(AREA_FIELDS), len(CABALLERO_FIELDS)
F_X, F_Y, F_TERRAIN, F_GOLD, F_FISH = (AREA_FIELDS.index(f) for f in ("x", "y", "terrain_n", "gold", "fish"))
F_LAND_V, F_SEA_V, F_CLOSED, F_GOVERNOR = (
    AREA_FIELDS.index(f) for f in ("land_value", "sea_value", "land_closed", "governor_0")
)
F_NUMBER, F_SHIP, F_CASTILLO, F_GRANDE = (
    CABALLERO_FIELDS.index(f) for f in ("number_n", "ship_n", "castillo", "grande")
)
NUM, CARD_TYPE, CARD_GOLD, CARD_FISH, CARD_CLASS = D.NUM, D.CARD_TYPE, D.CARD_GOLD, D.CARD_FISH, D.CARD_CLASS


@njit(cache=True)
def observe_globals(rec, player, out):
    n = rec.num_players
    out[O_NUM_PLAYERS + n - 2] = 1.0
    out[O_MODE] = rec.expanded
    out[O_ROUND] = rec.round_no / rounds_total(rec)
    left = (3 if rec.expanded else 2) - (1 if rec.round_no > 4 else 0) - (1 if rec.round_no > 7 else 0)
    if rec.phase == Phase.OVER:
        left = 0
    out[O_SCORINGS_LEFT] = left
    out[O_PHASE + rec.phase] = 1.0
    if rec.pending_family >= 0:
        out[O_PENDING + rec.pending_family] = 1.0
        out[O_PENDING_PARAM] = rec.pending_param
    if rec.current_player >= 0:
        out[O_ACTIVE + (rec.current_player - player) % n] = 1.0
    out[O_START + (rec.start_player - player) % n] = 1.0
    for q in range(n):
        r = (q - player) % n
        if rec.played[q] > 0:
            out[O_PLAYED + r * D.POWER_VALUES + rec.played[q] - 1] = 1.0
        for v in range(D.POWER_VALUES):
            out[O_HAND + r * D.POWER_VALUES + v] = rec.power_hand[q, v]
    if rec.phase == Phase.TURN or rec.phase == Phase.CELL:
        for i in range(n):
            out[O_TURN_POS + (rec.turn_order[i] - player) % n] = (i + 1) / 4.0
    for slot in range(D.DISPLAY_SIZE):
        card = rec.display[slot]
        if card >= 0:
            out[O_DISPLAY + slot * DISPLAY_FIELDS + CARD_TYPE[card]] = 1.0
            out[O_DISPLAY + slot * DISPLAY_FIELDS + D.NUM_TYPES] = CARD_GOLD[card]
            out[O_DISPLAY + slot * DISPLAY_FIELDS + D.NUM_TYPES + 1] = CARD_FISH[card]
    for i in range(rec.deck_len):
        out[O_DECK + CARD_CLASS[rec.deck[i]]] += 1.0
    out[O_DECK_SIZE] = rec.deck_len
    out[O_SUPPLY] = rec.supply_ships
    out[O_SUPPLY + 1] = rec.supply_castillos
    out[O_COUNTERS] = rec.area_left
    out[O_COUNTERS + 1] = rec.cab_used
    out[O_COUNTERS + 2] = rec.ships_bought
    out[O_COUNTERS + 3] = rec.castillos_built
    out[O_COUNTERS + 4] = rec.governor_used
    if rec.current_player >= 0:
        out[O_COUNTERS + 5] = rec.grande_moved[rec.current_player]
    out[O_COUNTERS + 6] = rec.subactions / rec.subaction_cap


@njit(cache=True)
def observe_players(rec, player, out):
    n = rec.num_players
    for q in range(n):
        r = (q - player) % n
        base = O_PLAYERS + r * PLAYER_FIELDS
        hand, ships, governors = 0, 0, 0
        for k in range(rec.map_cards):
            if rec.cab_cell[q, k] < 0:
                hand += 1
            for d in range(4):
                ships += rec.ship[q, k, d]
        for i in range(NG):
            governors += rec.governor[q, i] < 0
        out[base] = rec.court[q] / 10.0
        out[base + 1] = hand
        out[base + 2] = rec.ship_reserve[q]
        out[base + 3] = 1.0 if rec.grande[q] >= 0 else 0.0
        out[base + 4] = governors if rec.expanded else 0
        out[base + 5] = rec.score[q] / 120.0
        out[base + 6] = ships
        for s in range(3):
            out[O_SCORINGS + s * P + r] = rec.scoring_points[s, q] / 12.0
        g = grid_size(rec)
        for k in range(rec.map_cards):
            cell = rec.cab_cell[q, k]
            if cell >= 0:
                at = O_CARDS + (r * MAXM + k) * 3
                out[at] = 1.0
                out[at + 1] = (cell % g - rec.radius) / rec.radius
                out[at + 2] = (cell // g - rec.radius) / rec.radius


@njit(cache=True)
def observe_board(rec, player, out, root, legal):
    """The cards on the map, one row each, and the legal cells of Phase CELL: ``root``
    the board's regions (``find_regions``); ``legal`` the cell part of the mask of the
    player to act when the caller has it (``mask_observe_one``), else empty."""
    n = rec.num_players
    g = grid_size(rec)
    value = np.empty(NODES, np.int64)
    closed = np.empty(NODES, np.int64)
    region_values(rec, root, value)
    closed_regions(rec, root, closed)
    for a in range(D.NUM_CARDS):
        cell = rec.card_cell[a]
        if cell < 0:
            continue
        at = O_AREA_CARDS + a * AF
        out[at] = 1.0
        out[at + F_X] = (cell % g - rec.radius) / rec.radius
        out[at + F_Y] = (cell // g - rec.radius) / rec.radius
        sea = 0
        for d in range(4):
            out[at + F_TERRAIN + d] = 1.0 if side_terrain(rec, a, d) == D.LAND else -1.0
            r = root[side_node(rec, a, d)]
            if r % 3 == 0:
                out[at + F_LAND_V] = value[r] / 10.0
                out[at + F_CLOSED] = closed[r]
            elif value[r] > sea:
                sea = value[r]
        out[at + F_SEA_V] = sea / 10.0
        out[at + F_GOLD] = CARD_GOLD[a]
        out[at + F_FISH] = CARD_FISH[a]
    for q in range(n):
        r = (q - player) % n
        for k in range(rec.map_cards):
            cell = rec.cab_cell[q, k]
            if cell < 0 or kind_at(rec, cell // g, cell % g) != CABALLERO:
                continue
            at = O_CABALLEROS + (r * MAXM + k) * CF
            for d in range(4):
                out[at + F_NUMBER + d] = NUM[rec.cab_orient[q, k], d] / 8.0
                out[at + F_SHIP + d] = rec.ship[q, k, d]
            out[at + F_CASTILLO] = rec.castillo[q, k]
            out[at + F_GRANDE] = 1.0 if rec.grande[q] == k else 0.0
        for i in range(NG):
            node = rec.governor[q, i]
            if node >= 0:
                out[O_AREA_CARDS + (node // 3) * AF + F_GOVERNOR + node % 3] = (r + 1) / 4.0
    if rec.phase == Phase.CELL and legal.size > 0:
        for c in range(g * g):  # the mask's cells, not found a second time; copied whole (no branch per cell)
            out[O_LEGAL + c] = legal[c]
    elif rec.phase == Phase.CELL:
        cell_mask(rec, out, O_LEGAL, root)
    if rec.strict_order:  # EC-GAP-11: the segment after legal_cell (spaces.obs_layout(radius, strict=True))
        out[O_LEGAL + g * g] = rec.turn_step / TURN_STEPS


@njit(cache=True)
def observe_one(rec, player, out):
    root = np.empty(NODES, np.int64)
    find_regions(rec, root)
    observe_globals(rec, player, out)
    observe_players(rec, player, out)
    observe_board(rec, player, out, root, np.empty(0, np.bool_))


@njit(cache=True)
def mask_observe_one(rec, mask, out):
    """``mask_one``, then ``observe_one`` of the player to act, with the regions (EC-3.10)
    found once for both and the legal cells of Phase CELL read from the mask (the
    batch's ``advance``: the same mask and observation, computed once)."""
    root = np.empty(NODES, np.int64)
    find_regions(rec, root)
    mask_with(rec, mask, root)
    player = rec.current_player
    observe_globals(rec, player, out)
    observe_players(rec, player, out)
    observe_board(rec, player, out, root, mask[CELL_OFFSET:])
