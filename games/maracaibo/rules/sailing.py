"""Phase A: sailing (MA-5) and its arrival triggers (MA-5.9, MA-5.10, MA-7.4); the
extra sail of the assistant actions AS04 / AS14 (MA-13.6). Legacy tiles change the MP of
a sail, add arrival effects and the new cities L4 / L7 (rules/legacy.py, MA-26.4): a sail
*target* is a location index, or NL + k for new city k (action family legacy_sail)."""

import numpy as np
from numba import njit

from ..data import actions, board, projects
from ..data.components import UNUSED_ASSISTANT_VP
from ..data import legacy
from ..spaces import A_LEGACY_SAIL, A_SAIL_TO, Family, NUM_SAIL_TARGETS
from ..state import NC, NL, Phase, W_BOUGHT
from .assistants import assistants_at, score_unused_present
from .frames import top
from .legacy import arrive, pay_toll, sail_target_mp
from .player import gain_coins, gain_vp

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
    return board.LOC_NUM[loc] > board.LOC_NUM[origin] and OPEN_IN_ROUND[round_no - 1, loc]


@njit(cache=True)
def sail_steps(rec, dest):
    """MP from the current player's ship to the sail target ``dest`` this round, -1 if not
    reachable: one per step, more on legacy route tiles and to / from a new city (MA-5.1,
    MA-26.4)."""
    return sail_target_mp(rec, rec.current_player, dest)


@njit(cache=True)
def can_sail_to(rec, dest, max_mp):
    """MA-5.1 / MA-5.8: 1..max_mp MP along a path not passing a must-stop space."""
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
                for j in range(projects.CARD_FX_COUNT[c]):
                    if projects.CARD_FX_FAMILY[c, j] == projects.F_PAV:
                        gain_vp(rec, q, projects.CARD_FX_A0[c, j])
                    elif projects.CARD_FX_FAMILY[c, j] == projects.F_PAD:
                        gain_coins(rec, q, projects.CARD_FX_A0[c, j])


@njit(cache=True)
def _passing_assistants(rec, p, origin, dest):
    """MA-5.10: 2 VP per own assistant numbered strictly between start and end."""
    lo = board.LOC_NUM[origin]
    hi = board.LOC_NUM[dest]
    for j in range(8):
        c = rec.assistants[p, j]
        if c >= 0:
            n = board.LOC_NUM[projects.CARD_ASSISTANT_LOC[c]]
            if lo < n < hi:
                gain_vp(rec, p, UNUSED_ASSISTANT_VP)


@njit(cache=True)
def mark_present_assistants(rec, p):
    """MA-13.2: own assistants at the ship's location on arrival."""
    bits = 0
    for j in range(8):
        c = rec.assistants[p, j]
        if c >= 0 and projects.CARD_ASSISTANT_LOC[c] == rec.ship[p]:
            bits |= 1 << j
    rec.asst_present = bits


@njit(cache=True)
def _sail_to_new_city(rec, p, k):
    """MA-26.4 L4 / L7: the ship stands on NEW_CITY_FROM[k] marked as at new city k; it
    passed the assistants before NEW_CITY_TO[k] (MA-5.10). Nothing stands at a new city, so
    no arrival card (MA-5.9) or present assistant (MA-13.2) triggers."""
    origin = rec.ship[p]
    rec.ship[p] = legacy.NEW_CITY_FROM[k]
    rec.legacy_city[p] = k
    _passing_assistants(rec, p, origin, legacy.NEW_CITY_TO[k])
    rec.asst_present = 0
    rec.legacy_bought = 0


@njit(cache=True)
def sail(rec, dest):
    """Move the current player's ship to the sail target ``dest``; returns the MP spent."""
    p = rec.current_player
    origin = rec.ship[p]
    steps = sail_steps(rec, dest)
    pay_toll(rec, p, dest)
    rec.mp_spent += steps
    rec.last_sail_mp = steps
    if dest >= NL:
        _sail_to_new_city(rec, p, dest - NL)
        return steps
    rec.ship[p] = dest
    rec.legacy_city[p] = -1
    _passing_assistants(rec, p, origin, dest)
    arrival_cards(rec, dest)
    mark_present_assistants(rec, p)
    arrive(rec, p, dest)
    # MA-7.4 / GAP-27: the homeward VP are the main action, applied on arrival
    if dest == board.LOC_21A or dest == board.LOC_21B:
        gain_vp(rec, p, HOME_VP_21)
        rec.main_done = 1
    elif dest == board.LOC_22:
        gain_vp(rec, p, HOME_VP_22)
        rec.main_done = 1
    # MA-1.2 / MA-4.2: the round's final space ends the round after Phase C
    if dest == board.FINAL_SPACE_BY_ROUND[rec.round_no]:
        rec.round_trigger = p
    return steps


@njit(cache=True)
def can_extra_sail(rec, max_mp):
    """Some location is 1..max_mp steps ahead by the MA-5 rules."""
    for dest in range(1, NL + (legacy.NUM_NEW_CITIES if rec.opt_legacy != 0 else 0)):
        if can_sail_to(rec, dest, max_mp):
            return True
    return False


@njit(cache=True)
def apply_extra_sail(rec, dest):
    """MA-13.6: unused assistants at the location left behind score now, the ship sails
    (MA-5.9 / MA-5.10 triggers, round end on 21a / 22), and one more main action is open
    there unless the homeward VP of 21a / 21b / 22 are that action (MA-7.4)."""
    p = rec.current_player
    k = top(rec)
    score_unused_present(rec, p)
    sail(rec, dest)
    rec.stk_y[k] = 0
    rec.stk_pc[k] += 1
    rec.extra_main = 0 if (dest == board.LOC_21A or dest == board.LOC_21B or dest == board.LOC_22) else 1


# ----- the decision Decision.SAIL ------------------------------------------------------------------
@njit(cache=True)
def mask_sail(rec, p, out):
    """Decision.SAIL: Phase A (MA-5), or the extra sail of MA-13.6 (its max MP in the frame)."""
    max_mp = board.MAX_MP_PER_TURN if rec.stk_len == 0 else rec.stk_y[top(rec)]
    for i in range(NUM_SAIL_TARGETS):
        if can_sail_to(rec, i + 1, max_mp):
            out[A_SAIL_TO + i] = True
    if rec.opt_legacy != 0:  # MA-26.4 L4 / L7
        for k in range(legacy.NUM_NEW_CITIES):
            if can_sail_to(rec, NL + k, max_mp):
                out[A_LEGACY_SAIL + k] = True


@njit(cache=True)
def apply_sail(rec, p, fam, param):
    """SAIL_TO(param): location param + 1; LEGACY_SAIL(param): new city param (MA-26.4);
    Phase B follows a Phase A sail."""
    dest = NL + param if fam == Family.LEGACY_SAIL else param + 1
    if rec.stk_len > 0:  # MA-13.6: the extra sail of an assistant program
        apply_extra_sail(rec, dest)
    else:
        sail(rec, dest)
        rec.phase = Phase.ACTIONS
