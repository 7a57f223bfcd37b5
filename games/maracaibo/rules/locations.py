"""What a route location is now (MA-0.4, D1), where a legacy tile changes it: MA-26.4 L1
makes the village Puerto Cabezas a city with a market, a flag and a quest slot. With
no tile in play every query is the board's table (data/board.py)."""

from numba import njit

from ..data import board, legacy


@njit(cache=True)
def quest_city(rec, loc):
    """MA-26.4 L1: ``loc`` is Puerto Cabezas and L1 lies on it."""
    return loc == legacy.QUEST_CITY_LOCATION and (rec.opt_legacy >> legacy.QUEST_CITY_TILE) & 1 == 1


@njit(cache=True)
def is_village(rec, loc):
    """A village (village actions MA-11, VA-U10, CA3); L1 turns Puerto Cabezas into a city."""
    return board.LOC_KIND[loc] == board.VILLAGE and not quest_city(rec, loc)


@njit(cache=True)
def has_market(rec, loc):
    """A market (MA-7.2): the board's, or L1's (good QUEST_CITY_GOOD, PLACEHOLDER)."""
    return board.LOC_HAS_MARKET[loc] != 0 or quest_city(rec, loc)


@njit(cache=True)
def has_flag(rec, loc):
    """A flag (CA2, MA-8.6): the board's, or L1's new flag (an existing marker there is now
    on the flag: the same ``marker_at`` entry)."""
    return board.LOC_HAS_FLAG[loc] != 0 or quest_city(rec, loc)


@njit(cache=True)
def flag_reward(rec, loc):
    """(code, amount) of the flag reward at ``loc`` (GAP-5; L1's is PLACEHOLDER)."""
    if quest_city(rec, loc):
        return legacy.QUEST_CITY_FLAG_CODE, legacy.QUEST_CITY_FLAG_AMOUNT
    return board.LOC_FLAG_CODE[loc], board.LOC_FLAG_AMOUNT[loc]
