"""Influence, nobility and ownership markers (MA-9): influence gains and their cap
(MA-9.2), the next noble level (MA-9.4), the supply rows (MA-9.5), markers on the board
(MA-9.7) and placing one (MA-9.8)."""

from numba import njit

from ..data import tracks
from ..state import NL
from .locations import is_village


@njit(cache=True)
def gain_influence(rec, p, nation, n):
    """MA-9.2: each point one space right; on 12 each further point is 2 VP."""
    for _ in range(n):
        if rec.influence[p, nation] < tracks.INFLUENCE_MAX:
            rec.influence[p, nation] += 1
        else:
            rec.vp[p] += tracks.INFLUENCE_OVERFLOW_VP


@njit(cache=True)
def next_noble_level(rec, p, nation):
    """MA-9.4: to the next band; counts as influence gained; nothing from 12 (GAP-37)."""
    from_pos = rec.influence[p, nation]
    gain_influence(rec, p, nation, tracks.NEXT_NOBLE_POSITION[from_pos] - from_pos)


@njit(cache=True)
def supply_left(rec, nation):
    """MA-9.5: markers of ``nation`` still in its supply row."""
    return 13 - rec.markers_taken[nation]


@njit(cache=True)
def markers_on_board(rec, nation):
    """MA-9.7: markers at locations; MA-26.5: and on legacy tiles (L6, L9) and on the
    new cities' flags (L4, L7)."""
    n = 0
    for loc in range(NL):
        if rec.marker_at[loc] == nation:
            n += 1
    for s in range(rec.legacy_markers.shape[0]):
        if rec.legacy_markers[s] == nation:
            n += 1
    for c in range(rec.legacy_city_marker.shape[0]):
        if rec.legacy_city_marker[c] == nation:
            n += 1
    return n


@njit(cache=True)
def place_marker(rec, nation, loc):
    """The leftmost supply marker of ``nation`` onto ``loc`` (MA-3.7, MA-9.8)."""
    if supply_left(rec, nation) > 0:
        rec.marker_at[loc] = nation
        rec.markers_taken[nation] += 1


@njit(cache=True)
def empty_village(rec, loc):
    """A village without an ownership marker (MA-9.6; the XVM / XVN targets, MA-15.3)."""
    return is_village(rec, loc) and rec.marker_at[loc] < 0


@njit(cache=True)
def any_empty_village(rec):
    for loc in range(NL):
        if empty_village(rec, loc):
            return True
    return False
