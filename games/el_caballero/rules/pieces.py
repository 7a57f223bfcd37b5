"""Ships, castillos, returns and moves (EC-6.6 to EC-6.9)."""

from numba import njit

from .. import data as D
from .area import card_leaves
from .geometry import contact, grid_size, held
from .supply import pay


@njit(cache=True)
def on_map(rec, p, k):
    return k < rec.map_cards and rec.cab_cell[p, k] >= 0


@njit(cache=True)
def free_slot(rec, p, k, d):
    """EC-3.16, EC-GAP-21: an own card's side facing a sea side, without a ship."""
    if not on_map(rec, p, k) or rec.ship[p, k, d]:
        return False
    g = grid_size(rec)
    cell = rec.cab_cell[p, k]
    t, _ = contact(rec, cell // g, cell % g, d)
    return t == D.SEA


@njit(cache=True)
def can_buy_ship(rec, p, k, d):
    """EC-6.6.1: cost 2, at most 2 a turn, a ship in the supply, a free own slot."""
    return (
        rec.ships_bought < D.PER_TURN
        and rec.supply_ships > 0
        and rec.court[p] >= D.SHIP_COST
        and free_slot(rec, p, k, d)
    )


@njit(cache=True)
def buy_ship(rec, p, k, d):
    pay(rec, p, D.SHIP_COST)
    rec.supply_ships -= 1
    rec.ship[p, k, d] = 1
    rec.ships_bought += 1


@njit(cache=True)
def can_build_castillo(rec, p, k):
    """EC-6.7.1: cost 1, at most 2 a turn, one in the supply, an own card without one."""
    return (
        rec.castillos_built < D.PER_TURN
        and rec.supply_castillos > 0
        and rec.court[p] >= D.CASTILLO_COST
        and on_map(rec, p, k)
        and rec.castillo[p, k] == 0
    )


@njit(cache=True)
def build_castillo(rec, p, k):
    pay(rec, p, D.CASTILLO_COST)
    rec.supply_castillos -= 1
    rec.castillo[p, k] = 1
    rec.castillos_built += 1


@njit(cache=True)
def can_return_card(rec, p, k):
    """EC-6.8.1, EC-10.7 (c): an own card on the map not carrying the Grande."""
    return on_map(rec, p, k) and rec.grande[p] != k


@njit(cache=True)
def return_card(rec, p, k):
    """EC-6.8.2: h(K) to the court only with a castillo; ships always to the reserve (EC-GAP-20)."""
    card_leaves(rec, p, k, held(rec, p, k), 1)


@njit(cache=True)
def can_return_ship(rec, p, k, d):
    return on_map(rec, p, k) and rec.ship[p, k, d] == 1


@njit(cache=True)
def return_ship(rec, p, k, d):
    """EC-6.8.1: free, to the ship reserve."""
    rec.ship[p, k, d] = 0
    rec.ship_reserve[p] += 1


@njit(cache=True)
def can_move_ship(rec, p, src, dst):
    """EC-6.9.1: cost 1, from the reserve (src 0) or slot src - 1 = 4k + d, to a free slot."""
    if rec.court[p] < D.MOVE_COST or src - 1 == dst:
        return False
    if src == 0:
        if rec.ship_reserve[p] <= 0:
            return False
    elif not can_return_ship(rec, p, (src - 1) // 4, (src - 1) % 4):
        return False
    return free_slot(rec, p, dst // 4, dst % 4)


@njit(cache=True)
def move_ship(rec, p, src, dst):
    pay(rec, p, D.MOVE_COST)
    if src == 0:
        rec.ship_reserve[p] -= 1
    else:
        rec.ship[p, (src - 1) // 4, (src - 1) % 4] = 0
    rec.ship[p, dst // 4, dst % 4] = 1


@njit(cache=True)
def can_move_castillo(rec, p, k, k2):
    """EC-6.9.2: cost 1, from an own card to another own card without one."""
    return (
        rec.court[p] >= D.MOVE_COST
        and k != k2
        and on_map(rec, p, k)
        and rec.castillo[p, k] == 1
        and on_map(rec, p, k2)
        and rec.castillo[p, k2] == 0
    )


@njit(cache=True)
def move_castillo(rec, p, k, k2):
    pay(rec, p, D.MOVE_COST)
    rec.castillo[p, k] = 0
    rec.castillo[p, k2] = 1
