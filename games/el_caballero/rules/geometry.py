"""The geometric model (EC-3): cells, sides, contacts, regions, values, strength, closure.

Regions are never stored: ``find_regions`` rebuilds them with a union-find over the
pieces of the cards on the map (at most 48 cards x 3 pieces), which costs less than
keeping them up to date. A piece is the node ``card * 3 + piece``.
"""

import numpy as np
from numba import njit

from .. import data as D
from ..state import MAXM, NC, P

NODES = NC * D.PIECES
EMPTY, AREA, CABALLERO, OUTSIDE = 0, 1, 2, 3


@njit(cache=True)
def grid_size(rec):
    return 2 * rec.radius + 1


@njit(cache=True)
def kind_at(rec, row, col):
    """EC-3.3: what a cell holds; OUTSIDE beyond the bounds of EC-3.1."""
    g = grid_size(rec)
    if row < 0 or col < 0 or row >= g or col >= g:
        return OUTSIDE
    if rec.area[row, col] >= 0:
        return AREA
    if rec.cab[row, col] >= 0:
        return CABALLERO
    return EMPTY


@njit(cache=True)
def side_terrain(rec, card, d):
    """EC-3.6: terrain on side d of an area card on the map."""
    return D.ROT_EDGE[D.CARD_TYPE[card], rec.card_rot[card], d]


@njit(cache=True)
def side_node(rec, card, d):
    """The piece node on side d of an area card on the map (EC-3.6)."""
    return card * 3 + D.ROT_PIECE[D.CARD_TYPE[card], rec.card_rot[card], d]


@njit(cache=True)
def neighbour_card(rec, row, col, d):
    """The area card next to (row, col) in direction d, or -1 (EC-3.2)."""
    r, c = row + D.DY[d], col + D.DX[d]
    if kind_at(rec, r, c) != AREA:
        return -1
    return rec.area[r, c]


@njit(cache=True)
def contact(rec, row, col, d):
    """EC-3.14: terrain (-1 for no contact) and piece node a card at (row, col) touches on side d."""
    a = neighbour_card(rec, row, col, d)
    if a < 0:
        return -1, -1
    opp = (d + 2) % 4
    return side_terrain(rec, a, opp), side_node(rec, a, opp)


@njit(cache=True)
def land_contacts(rec, row, col):
    """|Lambda| of a card at (row, col) (EC-3.14)."""
    n = 0
    for d in range(4):
        t, _ = contact(rec, row, col, d)
        if t == D.LAND:
            n += 1
    return n


@njit(cache=True)
def land_top(rec, row, col, o):
    """The highest number a card with orientation o at (row, col) shows toward land, 0
    without a land contact (EC-3.15, EC-3.19)."""
    h = 0
    for d in range(4):
        t, _ = contact(rec, row, col, d)
        if t == D.LAND and D.NUM[o, d] > h:
            h = D.NUM[o, d]
    return h


@njit(cache=True)
def held(rec, p, k):
    """EC-3.19 h(K): the highest land-facing number, 1 without a land contact."""
    cell = rec.cab_cell[p, k]
    g = grid_size(rec)
    h = land_top(rec, cell // g, cell % g, rec.cab_orient[p, k])
    return h if h > 0 else 1


@njit(cache=True)
def breaks_one_land(rec, sides, regions):
    """EC-6.3.5, EC-6.5.1, EC-GAP-5: a card without a Grande with ``sides`` land contacts
    on ``regions`` distinct land regions breaks the one-land rule: two land sides
    (one_land_rule "sides", the default) or, with the flag one_land_regions, land on
    two regions (two sides on one region are allowed)."""
    return sides >= 2 and (regions >= 2 or rec.one_land_regions == 0)


@njit(cache=True)
def land_count(rec, root, row, col):
    """(land contacts, distinct land regions) of a card at (row, col) (EC-3.14)."""
    sides, regions, first = 0, 0, -1
    for d in range(4):
        t, node = contact(rec, row, col, d)
        if t != D.LAND:
            continue
        sides += 1
        if regions == 0:
            first, regions = root[node], 1
        elif regions == 1 and root[node] != first:
            regions = 2  # two is all the rule asks
    return sides, regions


@njit(cache=True)
def blocked_cell(rec, root, row, col):
    """``breaks_one_land`` for a card at (row, col), given the regions ``root``."""
    sides, regions = land_count(rec, root, row, col)
    return breaks_one_land(rec, sides, regions)


@njit(cache=True)
def breaks_one_land_now(rec, row, col):
    """``breaks_one_land`` on the board as it stands; the regions are built only when the
    reading needs them (two land sides under one_land_rule "regions")."""
    sides = land_contacts(rec, row, col)
    if sides < 2 or rec.one_land_regions == 0:
        return sides >= 2
    root = np.empty(NODES, np.int64)
    find_regions(rec, root)
    return blocked_cell(rec, root, row, col)


@njit(cache=True)
def find_root(parent, i):
    """The root of i in a union-find forest, halving the path on the way."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


@njit(cache=True)
def find_regions(rec, root):
    """EC-3.10: ``root[node]`` = the region (a node id) of every piece on the map, -1 elsewhere."""
    g = grid_size(rec)
    for i in range(NODES):
        root[i] = i
    for a in range(NC):
        cell = rec.card_cell[a]
        if cell < 0:
            continue
        row, col = cell // g, cell % g
        for d in range(2):  # N and E: every shared edge once
            b = neighbour_card(rec, row, col, d)
            if b >= 0:
                x = find_root(root, side_node(rec, a, d))
                y = find_root(root, side_node(rec, b, (d + 2) % 4))
                if x != y:
                    root[max(x, y)] = min(x, y)
    for a in range(NC):
        on = rec.card_cell[a] >= 0
        for piece in range(3):  # a piece off the map is its own root: no branch to leave it out
            i = a * 3 + piece
            r = find_root(root, i)
            root[i] = r if on & (D.TYPE_HAS_PIECE[D.CARD_TYPE[a], piece] != 0) else -1


@njit(cache=True)
def region_values(rec, root, value):
    """EC-3.11 (EC-GAP-16): distinct cards of each region plus its gold (land) or fish (sea).
    A piece a card lacks (root -1) adds 0 to node 0, not a branch per piece."""
    value[:] = 0
    for a in range(NC):
        if rec.card_cell[a] < 0:
            continue
        r0, r1, r2 = root[a * 3], root[a * 3 + 1], root[a * 3 + 2]
        value[max(r0, 0)] += (r0 >= 0) * (1 + D.CARD_GOLD[a])
        value[max(r1, 0)] += (r1 >= 0) * (1 + D.CARD_FISH[a])
        # both sea pieces of one card in one region: the card counts once
        value[max(r2, 0)] += (r2 >= 0) & (r2 != r1)


@njit(cache=True)
def card_contributions(rec, root, p, k, regs, vals):
    """EC-3.15 c(K, R) of card k of seat p: the land regions it touches and the highest
    number it shows each (a Grande card may touch several); returns how many."""
    g = grid_size(rec)
    cell = rec.cab_cell[p, k]
    row, col = cell // g, cell % g
    n = 0
    for d in range(4):
        t, node = contact(rec, row, col, d)
        if t != D.LAND:
            continue
        r, v = root[node], D.NUM[rec.cab_orient[p, k], d]
        found = False
        for j in range(n):
            if regs[j] == r:
                found = True
                if v > vals[j]:
                    vals[j] = v
        if not found:
            regs[n] = r
            vals[n] = v
            n += 1
    return n


@njit(cache=True)
def strengths(rec, root, strength):
    """EC-3.15 str(p, R) for every region node R and seat p (``strength`` (NODES, P))."""
    strength[:, :] = 0
    regs = np.empty(4, np.int64)
    vals = np.empty(4, np.int64)
    for p in range(rec.num_players):
        for k in range(rec.map_cards):
            if rec.cab_cell[p, k] < 0:
                continue
            n = card_contributions(rec, root, p, k, regs, vals)
            for j in range(n):
                strength[regs[j], p] += vals[j]


@njit(cache=True)
def closed_regions(rec, root, closed):
    """EC-3.12: 1 for a region none of whose sides faces an empty cell or the bounds; with
    the flag closed_no_caballero (EC-GAP-23) an empty cell where a caballero card would
    break the one-land rule (EC-6.3.5, read by one_land_rule, EC-GAP-5) does not keep it open.
    Branch-free over the neighbours (whether a side faces an empty cell is not predictable)."""
    g = grid_size(rec)
    area, cab = rec.area, rec.cab
    for i in range(NODES):
        closed[i] = root[i] == i
    for a in range(NC):
        cell = rec.card_cell[a]
        if cell < 0:
            continue
        row, col = cell // g, cell % g
        for d in range(4):
            r, c = row + D.DY[d], col + D.DX[d]
            inside = (r >= 0) & (c >= 0) & (r < g) & (c < g)
            rr, cc = (r, c) if inside else (0, 0)
            empty = inside & (area[rr, cc] < 0) & (cab[rr, cc] < 0)
            opens = (not inside) | empty
            if rec.closed_no_caballero and empty:
                opens = not blocked_cell(rec, root, r, c)
            closed[root[side_node(rec, a, d)]] &= not opens


@njit(cache=True)
def card_at(rec, row, col):
    """(seat, k) of the caballero card at a cell, or (-1, -1)."""
    if kind_at(rec, row, col) != CABALLERO:
        return -1, -1
    v = rec.cab[row, col]
    return v // MAXM, v % MAXM


@njit(cache=True)
def is_player(rec, p):
    return 0 <= p < rec.num_players and p < P
