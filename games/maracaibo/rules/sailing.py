"""Phase A: sailing (MA-5) and its arrival triggers (MA-5.9, MA-5.10, MA-7.4)."""

import numpy as np
from numba import njit

from ..data import actions, board, projects
from ..data.components import UNUSED_ASSISTANT_VP
from ..state import NC, W_BOUGHT
from .common import CARD_ASSISTANT_LOC, assistants_at, gain_coins, gain_vp

SAIL_STEPS = board.SAIL_STEPS
LOC_NUM = board.LOC_NUM
MAX_MP = board.MAX_MP_PER_TURN
LOC_21A, LOC_21B, LOC_22 = board.LOC_21A, board.LOC_21B, board.LOC_22
FINAL_SPACE_BY_ROUND = board.FINAL_SPACE_BY_ROUND
CARD_FX_FAMILY, CARD_FX_A0, CARD_FX_COUNT = projects.CARD_FX_FAMILY, projects.CARD_FX_A0, projects.CARD_FX_COUNT
F_PAV, F_PAD = projects.F_PAV, projects.F_PAD
# MA-7.4: the one-step programs HOME-21 (+3 VP) and HOME-22 (+5 VP)
HOME_VP_21 = int(actions.CITY_PROG_A0[actions.CITY_HOME21, 0])
HOME_VP_22 = int(actions.CITY_PROG_A0[actions.CITY_HOME22, 0])


def _open_in_round():
    """open[r - 1, loc]: an arrow of round r leads to loc (MA-5.6: 21a in rounds 1-3,
    21b and 22 in round 4 only)."""
    out = np.zeros((4, board.NUM_LOCATIONS), dtype=np.bool_)
    for e in range(len(board.EDGE_TO)):
        for r in range(4):
            if board.EDGE_ROUND_MASK[e] & (1 << r):
                out[r, board.EDGE_TO[e]] = True
    return out


OPEN_IN_ROUND = _open_in_round()


@njit(cache=True)
def ahead_on_route(round_no, origin, loc):
    """loc lies ahead of ``origin`` on round ``round_no``'s route: numbered higher
    (MA-0.4; at a fork both branches count, as in MA-5.10) and reached by an arrow open
    that round (MA-5.6). A pure query for planners; a hop there may still pass a
    must-stop space (``can_sail_to``)."""
    return LOC_NUM[loc] > LOC_NUM[origin] and OPEN_IN_ROUND[round_no - 1, loc]


@njit(cache=True)
def sail_steps(rec, dest):
    """Steps from the current player's ship to ``dest`` this round, -1 if not reachable."""
    return SAIL_STEPS[rec.round_no - 1, rec.ship[rec.current_player], dest]


@njit(cache=True)
def can_sail_to(rec, dest, max_mp):
    """MA-5.1 / MA-5.8: 1..max_mp steps along a path not passing a must-stop space."""
    s = sail_steps(rec, dest)
    return 1 <= s <= max_mp


@njit(cache=True)
def arrival_cards(rec, loc):
    """MA-5.9: a ship ends at ``loc``: each PAV / PAD card of every player with an
    assistant there triggers once."""
    for q in range(rec.num_players):
        if assistants_at(rec, q, loc) == 0:
            continue
        for c in range(NC):
            if rec.card_where[c] == W_BOUGHT + q:
                for j in range(CARD_FX_COUNT[c]):
                    if CARD_FX_FAMILY[c, j] == F_PAV:
                        gain_vp(rec, q, CARD_FX_A0[c, j])
                    elif CARD_FX_FAMILY[c, j] == F_PAD:
                        gain_coins(rec, q, CARD_FX_A0[c, j])


@njit(cache=True)
def _passing_assistants(rec, p, origin, dest):
    """MA-5.10: 2 VP per own assistant numbered strictly between start and end."""
    lo = LOC_NUM[origin]
    hi = LOC_NUM[dest]
    for j in range(8):
        c = rec.assistants[p, j]
        if c >= 0:
            n = LOC_NUM[CARD_ASSISTANT_LOC[c]]
            if lo < n < hi:
                gain_vp(rec, p, UNUSED_ASSISTANT_VP)


@njit(cache=True)
def mark_present_assistants(rec, p):
    """MA-13.2: own assistants at the ship's location on arrival."""
    bits = 0
    for j in range(8):
        c = rec.assistants[p, j]
        if c >= 0 and CARD_ASSISTANT_LOC[c] == rec.ship[p]:
            bits |= 1 << j
    rec.asst_present = bits


@njit(cache=True)
def sail(rec, dest):
    """Move the current player's ship; returns the MP spent."""
    p = rec.current_player
    origin = rec.ship[p]
    steps = sail_steps(rec, dest)
    rec.ship[p] = dest
    rec.mp_spent += steps
    rec.last_sail_mp = steps
    _passing_assistants(rec, p, origin, dest)
    arrival_cards(rec, dest)
    mark_present_assistants(rec, p)
    # MA-7.4 / GAP-27: the homeward VP are the main action, applied on arrival
    if dest == LOC_21A or dest == LOC_21B:
        gain_vp(rec, p, HOME_VP_21)
        rec.main_done = 1
    elif dest == LOC_22:
        gain_vp(rec, p, HOME_VP_22)
        rec.main_done = 1
    # MA-1.2 / MA-4.2: the round's final space ends the round after Phase C
    if dest == FINAL_SPACE_BY_ROUND[rec.round_no]:
        rec.round_trigger = p
    return steps
