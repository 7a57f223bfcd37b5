"""``heuristic`` for El Caballero: greedy choices read off the public board planes.

The bot sees only its observation (EC-12), whose card rows it lays out as board planes
(games/el_caballero/planes.py). From the planes it rebuilds the land
regions (cards joined by land-to-land edges; one land piece per card as in the
default cards, EC-3.8), each region's value and every seat's strength in it, then:

- plays its highest-income power card (EC-2.4), keeping the 9 for a round where the
  second area card is worth it;
- places area cards where they grow regions it leads and eliminate rivals' cards,
  never where they eliminate its own (EC-6.5);
- commits caballeros where the gain in first or second place per caballero paid is
  best: taking the lead, or second place cheaply (EC-8.2);
- places Governors on the most valuable closed region (EC-10.4);
- buys ships on large or fishy seas (EC-8.5) and protects exposed cards (an empty
  neighbour cell where land could arrive) with castillos (EC-6.5.3);
- then ends its turn. It never returns or moves pieces.

Every choice is among the legal actions of the mask, so the bot plays only legal moves.
"""

import numpy as np
from numba import njit

from games.el_caballero import data as D
from games.el_caballero.rules.geometry import find_root
from games.el_caballero.rules.scoring import majority_share, second_place_pays
from games.el_caballero.observe import (
    O_CARDS,
    O_COUNTERS,
    O_DISPLAY,
    O_NUM_PLAYERS,
    O_PENDING,
    O_PENDING_PARAM,
    O_PHASE,
    O_PLAYERS,
    O_ROUND,
)
from games.el_caballero.spaces import (
    A_AREA,
    A_BUY_SHIP,
    A_CAB,
    A_CAB_GRANDE,
    A_CASTILLO,
    A_END,
    A_GOVERNOR,
    A_POWER,
    CELL_OFFSET,
    PLANE,
    Family,
)
from games.el_caballero.planes import NUM_PLANES, board_planes_one
from games.el_caballero.state import Phase

from .base import Bot, compiled_batch

DISPLAY_FIELDS = D.NUM_TYPES + 2
PL_AREA, PL_TERRAIN, PL_LAND_V, PL_SEA_V = PLANE["area"], PLANE["terrain_n"], PLANE["land_value"], PLANE["sea_value"]
PL_OWNER, PL_NUMBER = PLANE["owner_0"], PLANE["number_n"]
F_AREA, F_CAB, F_GOVERNOR = Family.PLACE_AREA, Family.PLACE_CABALLERO, Family.PLACE_GOVERNOR
NONE = -1
NUM_CAB_ORIENT = A_CAB_GRANDE - A_CAB  # the orientations of a caballero card (EC-3.13)
CABALLERO_WORTH = 0.35  # the gain per caballero a new land card must beat


@njit(cache=True)
def _plane(board, plane, g, row, col):
    if row < 0 or col < 0 or row >= g or col >= g:
        return 0.0
    return board[plane * g * g + row * g + col]


@njit(cache=True)
def land_regions(board, g, region):
    """region[cell]: the land region (a cell id) of the card there, -1 without land."""
    gg = g * g
    for c in range(gg):
        region[c] = c
    for row in range(g):
        for col in range(g):
            if _plane(board, PL_AREA, g, row, col) < 0.5:
                continue
            for d in range(2):  # N and E
                r, c2 = row + D.DY[d], col + D.DX[d]
                if (
                    _plane(board, PL_AREA, g, r, c2) > 0.5
                    and _plane(board, PL_TERRAIN + d, g, row, col) > 0.5
                    and _plane(board, PL_TERRAIN + (d + 2) % 4, g, r, c2) > 0.5
                ):
                    a, b = find_root(region, row * g + col), find_root(region, r * g + c2)
                    region[max(a, b)] = min(a, b)
    for c in range(gg):
        row, col = c // g, c % g
        land = False
        if _plane(board, PL_AREA, g, row, col) > 0.5:
            for d in range(4):
                if _plane(board, PL_TERRAIN + d, g, row, col) > 0.5:
                    land = True
        region[c] = find_root(region, c) if land else NONE


@njit(cache=True)
def seat_strengths(board, g, n, region, strength):
    """strength[region cell, relative seat] from the caballero cards' land-facing numbers."""
    strength[:, :] = 0
    for c in range(g * g):
        row, col = c // g, c % g
        seat = -1
        for r in range(n):
            if _plane(board, PL_OWNER + r, g, row, col) > 0.5:
                seat = r
        if seat < 0:
            continue
        for d in range(4):
            nr, nc = row + D.DY[d], col + D.DX[d]
            if _plane(board, PL_AREA, g, nr, nc) > 0.5 and _plane(board, PL_TERRAIN + (d + 2) % 4, g, nr, nc) > 0.5:
                v = int(round(_plane(board, PL_NUMBER + d, g, row, col) * 8))
                strength[region[nr * g + nc], seat] += v


@njit(cache=True)
def my_payout(strength_row, n, value, second_pays):
    """Seat 0's share of a land region's payouts in points (the rules' EC-8.2, EC-8.3)."""
    return majority_share(strength_row, n, value, second_pays, 0) / D.SCORE_UNIT


@njit(cache=True)
def land_contacts(board, g, row, col):
    """Count of land contacts and the last land side of a cell (EC-3.14)."""
    n, side = 0, -1
    for d in range(4):
        nr, nc = row + D.DY[d], col + D.DX[d]
        if _plane(board, PL_AREA, g, nr, nc) > 0.5 and _plane(board, PL_TERRAIN + (d + 2) % 4, g, nr, nc) > 0.5:
            n += 1
            side = d
    return n, side


@njit(cache=True)
def region_value(board, g, cell):
    return int(round(board[PL_LAND_V * g * g + cell] * 10))


@njit(cache=True)
def caballero_value(board, g, n, region, strength, row, col, v, court, second_pays):
    """Gain per caballero of showing v toward the single land side of (row, col); -1 if
    not worth it or not possible (a tie, EC-6.3.6, or more than the court)."""
    count, d = land_contacts(board, g, row, col)
    if count != 1 or v > court:
        return -1.0
    nr, nc = row + D.DY[d], col + D.DX[d]
    r = region[nr * g + nc]
    row_s = strength[r].copy()
    for q in range(1, n):
        if row_s[q] > 0 and row_s[q] == row_s[0] + v:
            return -1.0
    before = my_payout(row_s, n, region_value(board, g, r), second_pays)
    row_s[0] += v
    after = my_payout(row_s, n, region_value(board, g, r), second_pays)
    exposed = 0.0  # an empty cell beside it could bring a second land side (EC-6.5)
    for e in range(4):
        if _plane(board, PL_AREA, g, row + D.DY[e], col + D.DX[e]) < 0.5:
            exposed += 0.15
    return (after - before) / v - exposed


@njit(cache=True)
def _land_side(board, g, row, col):
    """The one land side of an empty cell next to the area cards, where a new caballero
    card would count toward a single region; -1 if the cell takes none."""
    if _plane(board, PL_AREA, g, row, col) > 0.5 or not _empty_next_to_area(board, g, row, col):
        return -1
    count, d = land_contacts(board, g, row, col)
    return d if count == 1 else -1


@njit(cache=True)
def caballero_orientation_values(board, mask, g, n, region, strength, court, second_pays, value, first_at):
    """value[o]: the best caballero_value of the legal orientation o over the cells (-1 if
    none); first_at[o]: the scan position (cell * 9 + v) where that best was first met
    (-1 if none): the scan both best_caballero and score_one read."""
    value[:] = -1.0
    first_at[:] = -1
    for cell in range(g * g):
        row, col = cell // g, cell % g
        d = _land_side(board, g, row, col)
        if d < 0:
            continue
        for v in range(1, 9):
            o = D.ORIENT_FOR[d, v]
            if o >= 0 and mask[A_CAB + o]:
                score = caballero_value(board, g, n, region, strength, row, col, v, court, second_pays)
                if score > value[o]:
                    value[o] = score
                    first_at[o] = cell * 9 + v


@njit(cache=True)
def best_caballero(board, mask, g, n, region, strength, court, second_pays):
    """The orientation of the best new land card, the first met in the scan on a tie;
    -1 if none is worth more than CABALLERO_WORTH."""
    value = np.empty(NUM_CAB_ORIENT)
    first_at = np.empty(NUM_CAB_ORIENT, np.int64)
    caballero_orientation_values(board, mask, g, n, region, strength, court, second_pays, value, first_at)
    best, best_o, best_at = CABALLERO_WORTH, -1, -1
    for o in range(NUM_CAB_ORIENT):
        if first_at[o] >= 0 and (value[o] > best or (value[o] == best and best_o >= 0 and first_at[o] < best_at)):
            best, best_o, best_at = value[o], o, first_at[o]
    return best_o


@njit(cache=True)
def caballero_cell_value(board, g, n, region, strength, row, col, o, court, second_pays):
    """caballero_value of a card of the chosen orientation o at (row, col), Phase CELL;
    -1 where it would not face a single land side."""
    d = _land_side(board, g, row, col)
    if d < 0 or not 1 <= D.NUM[o, d] <= 8:
        return -1.0
    return caballero_value(board, g, n, region, strength, row, col, D.NUM[o, d], court, second_pays)


@njit(cache=True)
def best_caballero_cell(board, mask, g, n, region, strength, court, o, second_pays):
    """The legal cell for the card of orientation o worth most above CABALLERO_WORTH (the
    first on a tie), -1 if none."""
    best, best_cell = CABALLERO_WORTH, -1
    for cell in range(g * g):
        if mask[CELL_OFFSET + cell]:
            score = caballero_cell_value(board, g, n, region, strength, cell // g, cell % g, o, court, second_pays)
            if score > best:
                best, best_cell = score, cell
    return best_cell


@njit(cache=True)
def _empty_next_to_area(board, g, row, col):
    """An empty cell sharing an edge with an area card (no caballero card on it)."""
    for r in range(4):
        if _plane(board, PL_OWNER + r, g, row, col) > 0.5:
            return False
    for d in range(4):
        if _plane(board, PL_AREA, g, row + D.DY[d], col + D.DX[d]) > 0.5:
            return True
    return False


@njit(cache=True)
def area_value(board, g, n, region, strength, card_type, gold, rot, row, col):
    """How much a new area card of this type at (row, col) helps seat 0."""
    score = 0.0
    seen = np.full(4, -1, np.int64)
    for d in range(4):
        nr, nc = row + D.DY[d], col + D.DX[d]
        land_here = D.ROT_EDGE[card_type, rot, d] == D.LAND
        if _plane(board, PL_AREA, g, nr, nc) > 0.5:
            if land_here:
                r = region[nr * g + nc]
                fresh = True
                for j in range(4):
                    if seen[j] == r:
                        fresh = False
                if fresh:
                    seen[d] = r
                    lead = strength[r, 0]
                    best_other = 0
                    for q in range(1, n):
                        best_other = max(best_other, strength[r, q])
                    growth = 1.0 + gold
                    if lead > best_other:
                        score += 2.0 * growth
                    elif lead > 0:
                        score += 0.5 * growth
                    elif best_other > 0:
                        score -= 1.0 * growth
            continue
        seat = -1
        for r in range(n):
            if _plane(board, PL_OWNER + r, g, nr, nc) > 0.5:
                seat = r
        if seat < 0 or not land_here:
            continue
        count, _ = land_contacts(board, g, nr, nc)
        number = _plane(board, PL_NUMBER + (d + 2) % 4, g, nr, nc) * 8
        if count >= 1:  # a second land side: eliminated (EC-6.5.1)
            score += 1.5 * number if seat != 0 else -3.0 * number - 4.0
        else:  # free land for that card (EC-6.2.7)
            score += 0.5 * number if seat == 0 else -0.5 * number
    return score


@njit(cache=True)
def display_card(obs, slot):
    """(card type, gold) of display slot ``slot`` as the observation shows it (type -1: empty)."""
    card_type = -1
    for t in range(D.NUM_TYPES):
        if obs[O_DISPLAY + slot * DISPLAY_FIELDS + t] > 0.5:
            card_type = t
    return card_type, obs[O_DISPLAY + slot * DISPLAY_FIELDS + D.NUM_TYPES]


@njit(cache=True)
def best_area_cell(obs, board, mask, g, n, region, strength, j, on_mask):
    """(area_value, cell) of the best cell for display slot j // 4 at rotation j % 4, the
    first on a tie: among the cells where it fits as the bot reads it, or (``on_mask``,
    Phase CELL) among the legal cells; (-inf, -1) if there is none."""
    card_type, gold = display_card(obs, j // 4)
    rot = j % 4
    best, best_cell = -np.inf, -1
    for cell in range(g * g):
        row, col = cell // g, cell % g
        if not (mask[CELL_OFFSET + cell] if on_mask else _fits(board, g, card_type, rot, row, col)):
            continue
        score = area_value(board, g, n, region, strength, card_type, gold, rot, row, col)
        if score > best:
            best, best_cell = score, cell
    return best, best_cell


@njit(cache=True)
def best_area(obs, board, mask, g, n, region, strength, fixed):
    """(slot * 4 + rot, cell) of the best area placement; ``fixed`` the pending choice or -1."""
    best, best_j, best_cell = -1e9, -1, -1
    for j in range(D.DISPLAY_SIZE * 4):
        if (j != fixed) if fixed >= 0 else not mask[A_AREA + j]:
            continue
        score, cell = best_area_cell(obs, board, mask, g, n, region, strength, j, fixed >= 0)
        if score > best:
            best, best_j, best_cell = score, j, cell
    if best_j < 0:  # nothing matched the bot's reading: the first legal choice
        for j in range(D.DISPLAY_SIZE * 4):
            if mask[A_AREA + j]:
                return j, -1
    return best_j, best_cell


@njit(cache=True)
def _fits(board, g, card_type, rot, row, col):
    """A Tier-1 candidate as the bot reads it (EC-3.9, EC-6.2.3): empty, next to an area
    card and matching every neighbour."""
    if _plane(board, PL_AREA, g, row, col) > 0.5 or not _empty_next_to_area(board, g, row, col):
        return False
    for d in range(4):
        nr, nc = row + D.DY[d], col + D.DX[d]
        if _plane(board, PL_AREA, g, nr, nc) > 0.5:
            there = _plane(board, PL_TERRAIN + (d + 2) % 4, g, nr, nc) > 0.5
            if there != (D.ROT_EDGE[card_type, rot, d] == D.LAND):
                return False
    return True


@njit(cache=True)
def first_legal(mask, start, stop):
    for a in range(start, stop):
        if mask[a]:
            return a
    return -1


@njit(cache=True)
def choose_power(obs, mask):
    """The highest income (lowest value) legal card; the 9 only when little else is left."""
    for v in range(1, D.POWER_VALUES + 1):
        if v == D.POWER_TWO_AREAS and obs[O_ROUND] < 0.6:
            continue
        if mask[A_POWER + v - 1]:
            return A_POWER + v - 1
    return first_legal(mask, A_POWER, A_POWER + D.POWER_VALUES)


@njit(cache=True)
def best_ship(obs, board, mask, g, m):
    """A ship on the own card side facing the most valuable sea (EC-8.5), -1 if none >= 4."""
    best, best_a = 3.5, -1
    for k in range(m):
        for d in range(4):
            a = A_BUY_SHIP + k * 4 + d
            if not mask[a]:
                continue
            v = _sea_value_of_slot(obs, board, g, k, d)
            if v > best:
                best, best_a = v, a
    return best_a


@njit(cache=True)
def _sea_value_of_slot(obs, board, g, k, d):
    cell = own_card_cell(obs, g, k)
    if cell < 0:
        return 0.0
    row, col = cell // g, cell % g
    return _plane(board, PL_SEA_V, g, row + D.DY[d], col + D.DX[d]) * 10


@njit(cache=True)
def own_card_cell(obs, g, k):
    radius = (g - 1) // 2
    at = O_CARDS + k * 3
    if obs[at] < 0.5:
        return -1
    x = int(round(obs[at + 1] * radius))
    y = int(round(obs[at + 2] * radius))
    return (y + radius) * g + (x + radius)


@njit(cache=True)
def exposed_castillo(obs, board, mask, g, m, court):
    """A castillo on an own card with a number >= 4 toward land and an empty neighbour."""
    if court < 3:
        return -1
    for k in range(m):
        a = A_CASTILLO + k
        if not mask[a]:
            continue
        cell = own_card_cell(obs, g, k)
        row, col = cell // g, cell % g
        count, d = land_contacts(board, g, row, col)
        if count != 1 or _plane(board, PL_NUMBER + d, g, row, col) * 8 < 4:
            continue
        for e in range(4):
            r, c = row + D.DY[e], col + D.DX[e]
            if _plane(board, PL_AREA, g, r, c) < 0.5 and _empty(board, g, r, c):
                return a
    return -1


@njit(cache=True)
def _empty(board, g, row, col):
    if row < 0 or col < 0 or row >= g or col >= g:
        return False
    for r in range(4):
        if _plane(board, PL_OWNER + r, g, row, col) > 0.5:
            return False
    return _plane(board, PL_AREA, g, row, col) < 0.5


@njit(cache=True)
def best_governor_cell(board, mask, g):
    best, best_cell = -1.0, -1
    for cell in range(g * g):
        if mask[CELL_OFFSET + cell]:
            v = board[PL_LAND_V * g * g + cell] + board[PL_SEA_V * g * g + cell]
            if v > best:
                best, best_cell = v, cell
    return best_cell


@njit(cache=True)
def read_board(obs, g):
    """What every decision reads off one observation: the player count, the board planes
    (``board_planes_one``), each cell's land region and the seats' strengths in it, and
    the court size."""
    n = 2
    for j in range(3):
        if obs[O_NUM_PLAYERS + j] > 0.5:
            n = j + 2
    board = np.zeros(NUM_PLANES * g * g, np.float32)
    board_planes_one(obs, (g - 1) // 2, board)
    region = np.empty(g * g, np.int64)
    strength = np.zeros((g * g, 4), np.int64)
    land_regions(board, g, region)
    seat_strengths(board, g, n, region, strength)
    return n, board, region, strength, int(round(obs[O_PLAYERS] * 10))


@njit(cache=True)
def choose_one(obs, mask, g, m, two_player_second):
    if obs[O_PHASE + Phase.POWER] > 0.5:
        return choose_power(obs, mask)
    n, board, region, strength, court = read_board(obs, g)
    second = second_place_pays(n, two_player_second)
    if obs[O_PHASE + Phase.CELL] > 0.5:
        param = int(round(obs[O_PENDING_PARAM]))
        if obs[O_PENDING + F_AREA] > 0.5:
            _, cell = best_area(obs, board, mask, g, n, region, strength, param)
        elif obs[O_PENDING + F_GOVERNOR] > 0.5:
            cell = best_governor_cell(board, mask, g)
        else:
            cell = best_caballero_cell(board, mask, g, n, region, strength, court + 100, param, second)
        if cell >= 0 and mask[CELL_OFFSET + cell]:
            return CELL_OFFSET + cell
        return first_legal(mask, CELL_OFFSET, mask.shape[0])
    if obs[O_COUNTERS] > 0.5 and first_legal(mask, A_AREA, A_AREA + D.DISPLAY_SIZE * 4) >= 0:
        j, _ = best_area(obs, board, mask, g, n, region, strength, -1)
        return A_AREA + j
    o = best_caballero(board, mask, g, n, region, strength, court, second)
    if o >= 0:
        return A_CAB + o
    a = first_legal(mask, A_GOVERNOR, A_GOVERNOR + D.PIECES)
    if a >= 0:
        return a
    a = best_ship(obs, board, mask, g, m)
    if a >= 0 and court >= 3:
        return a
    a = exposed_castillo(obs, board, mask, g, m, court)
    if a >= 0:
        return a
    if mask[A_END]:
        return A_END
    return first_legal(mask, 0, mask.shape[0])


@njit(cache=True)
def choose_batch(obs, masks, g, m, two_player_second):
    out = np.empty(obs.shape[0], np.int64)
    for b in range(obs.shape[0]):
        out[b] = choose_one(obs[b], masks[b], g, m, two_player_second)
    return out


# scores: the cascade of choose_one as tiers (each TIER apart, a tier's values stay well
# inside one), the bot's choice the best of the first tier that has one
TIER = 1000.0
T_FIRST, T_CABALLERO, T_GOVERNOR, T_SHIP, T_CASTILLO, T_END, T_DEFAULT, T_REST = 7, 6, 5, 4, 3, 2, 1, 0
UNFIT = -500.0  # an area placement the bot's reading finds no cell for
OTHER = -2.0  # returns, moves, increases, grandes: the bot never plays them by choice


@njit(cache=True)
def area_slot_values(obs, board, mask, g, n, region, strength, out):
    """out[A_AREA + j]: for the legal j, the best area_value of best_area's scan (UNFIT if
    display slot j // 4 at rotation j % 4 fits nowhere)."""
    for j in range(D.DISPLAY_SIZE * 4):
        if mask[A_AREA + j]:
            best, _ = best_area_cell(obs, board, mask, g, n, region, strength, j, False)
            out[A_AREA + j] = max(UNFIT, best)


@njit(cache=True)
def cell_values(obs, board, mask, g, n, region, strength, court, second_pays, out):
    """Phase CELL: out[CELL_OFFSET + cell] for the pending area card, caballero card or
    Governor (best_area, best_caballero, best_governor_cell with the choice fixed)."""
    param = int(round(obs[O_PENDING_PARAM]))
    first = first_legal(mask, CELL_OFFSET, mask.shape[0])
    for a in range(CELL_OFFSET, mask.shape[0]):
        if not mask[a]:
            continue
        cell = a - CELL_OFFSET
        row, col = cell // g, cell % g
        if obs[O_PENDING + F_AREA] > 0.5:
            card_type, gold = display_card(obs, param // 4)
            out[a] = T_FIRST * TIER + area_value(board, g, n, region, strength, card_type, gold, param % 4, row, col)
        elif obs[O_PENDING + F_GOVERNOR] > 0.5:
            land, sea = board[PL_LAND_V * g * g + cell], board[PL_SEA_V * g * g + cell]
            out[a] = T_FIRST * TIER + land + sea  # best_governor_cell
        else:  # a caballero card: worth it above CABALLERO_WORTH, else the first legal cell
            value = caballero_cell_value(board, g, n, region, strength, row, col, param, court + 100, second_pays)
            if value > CABALLERO_WORTH:
                out[a] = T_FIRST * TIER + value
            elif a == first:
                out[a] = T_DEFAULT * TIER
            else:
                out[a] = T_REST * TIER + value


@njit(cache=True)
def score_one(obs, mask, g, m, two_player_second, out):
    """out[a]: choose_one's cascade as values (its choice scores highest), -inf where illegal."""
    for a in range(mask.shape[0]):
        out[a] = -np.inf if not mask[a] else T_REST * TIER + OTHER
    if obs[O_PHASE + Phase.POWER] > 0.5:  # choose_power: lowest value first, the 9 late
        for v in range(1, D.POWER_VALUES + 1):
            if mask[A_POWER + v - 1]:
                late = v == D.POWER_TWO_AREAS and obs[O_ROUND] < 0.6
                out[A_POWER + v - 1] = (T_DEFAULT if late else T_FIRST) * TIER - v
        return
    n, board, region, strength, court = read_board(obs, g)
    second = second_place_pays(n, two_player_second)
    if obs[O_PHASE + Phase.CELL] > 0.5:
        cell_values(obs, board, mask, g, n, region, strength, court, second, out)
        return
    area_first = obs[O_COUNTERS] > 0.5 and first_legal(mask, A_AREA, A_AREA + D.DISPLAY_SIZE * 4) >= 0
    values = np.zeros(mask.shape[0])
    area_slot_values(obs, board, mask, g, n, region, strength, values)
    cab_value = np.empty(NUM_CAB_ORIENT)
    first_at = np.empty(NUM_CAB_ORIENT, np.int64)
    caballero_orientation_values(board, mask, g, n, region, strength, court, second, cab_value, first_at)
    scan_step = 1e-7 / (g * g * 9)  # best_caballero's tie rule (the first met wins), kept below 1e-7
    governor = first_legal(mask, A_GOVERNOR, A_GOVERNOR + D.PIECES)
    for j in range(D.DISPLAY_SIZE * 4):
        a = A_AREA + j
        if mask[a]:
            out[a] = (T_FIRST * TIER if area_first else T_REST * TIER + 0.01 * UNFIT) + values[a]
    for o in range(NUM_CAB_ORIENT):
        a = A_CAB + o
        if mask[a]:
            tier = T_CABALLERO if cab_value[o] > CABALLERO_WORTH else T_REST
            met_late = scan_step * first_at[o] if first_at[o] >= 0 else 0.0
            out[a] = tier * TIER + cab_value[o] - met_late
    for a in range(A_GOVERNOR, A_GOVERNOR + D.PIECES):
        if mask[a]:
            out[a] = T_GOVERNOR * TIER - (a - governor)
    for k in range(m):
        for d in range(4):
            a = A_BUY_SHIP + k * 4 + d
            if mask[a]:
                v = _sea_value_of_slot(obs, board, g, k, d)
                out[a] = (T_SHIP * TIER if v > 3.5 and court >= 3 else T_REST * TIER - 1.0) + v / 10
    castillo = exposed_castillo(obs, board, mask, g, m, court)
    for k in range(m):
        a = A_CASTILLO + k
        if mask[a]:
            out[a] = T_CASTILLO * TIER if a == castillo else T_REST * TIER - 1.0
    if mask[A_END]:
        out[A_END] = T_END * TIER
    else:  # choose_one's last resort: the first legal action
        a = first_legal(mask, 0, mask.shape[0])
        out[a] = max(out[a], T_DEFAULT * TIER)


@njit(cache=True)
def score_batch(obs, masks, g, m, two_player_second, out):
    for b in range(obs.shape[0]):
        score_one(obs[b], masks[b], g, m, two_player_second, out[b])


class ElCaballeroHeuristic(Bot):
    """Deterministic, batched (one numba call for the whole batch)."""

    name = "heuristic"

    def __init__(self, game=None, seed=0):
        if game is None:
            import games

            game = games.make("el_caballero")
        self.grid = int(game.grid)
        self.map_cards = int(game.map_cards)
        self.two_player_second = bool(game.options["two_player_second"])  # EC-GAP-22a

    def scores(self, observations, action_masks):
        """float64 (n, A): the value of every legal action, -inf where illegal; the bot's
        choice scores highest (score_one: its decision cascade as tiers)."""
        obs, masks = compiled_batch(observations, action_masks)
        out = np.empty(masks.shape, dtype=np.float64)
        if len(obs):
            score_batch(obs, masks, self.grid, self.map_cards, self.two_player_second, out)
        return out

    def __call__(self, observations, action_masks):
        obs, masks = compiled_batch(observations, action_masks)
        if obs.shape[0] == 0:
            return np.zeros(0, dtype=np.int64)
        return choose_batch(obs, masks, self.grid, self.map_cards, self.two_player_second)
