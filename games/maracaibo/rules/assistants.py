"""Assistant actions (MA-13.2, MA-13.5, MA-13.6): which own assistants may act, the
assistant main action, the extra sail of AS04 / AS14 with its extra main action, and
the 2 VP for assistants present on arrival but not used (MA-13.3(b), MA-13.6).

Assistant slot j = index into ``assistants[p]`` (placement order); the bit masks
``asst_present`` / ``asst_used`` / ``asst_scored`` are over these slots.
"""

from numba import njit

from ..data import board, projects
from ..data.components import UNUSED_ASSISTANT_VP
from ..state import F_PROG, NL, SRC_ASSIST
from .common import CARD_ASSISTANT_LOC, gain_vp, push, top
from .sailing import can_sail_to, sail

CARD_ASSISTANT_ACTION = projects.CARD_ASSISTANT_ACTION
LOC_21A, LOC_21B, LOC_22 = board.LOC_21A, board.LOC_21B, board.LOC_22


@njit(cache=True)
def main_open(rec):
    """MA-6.1 / MA-13.6: the turn's main action, or an extra one after AS04 / AS14, is open."""
    return rec.main_done == 0 or rec.extra_main != 0


@njit(cache=True)
def assistant_legal(rec, p, j):
    """MA-13.2: own assistant in slot j stands at the ship's location, was there on
    arrival, and has not acted this turn."""
    c = rec.assistants[p, j]
    bit = 1 << j
    return (main_open(rec) and c >= 0 and CARD_ASSISTANT_LOC[c] == rec.ship[p]
            and (rec.asst_present & bit) != 0 and (rec.asst_used & bit) == 0
            and CARD_ASSISTANT_ACTION[c] >= 0)


@njit(cache=True)
def start_assistant(rec, p, j):
    """MAIN_ACTION ASSISTANT j: the card's blue program (MA-13.5)."""
    rec.asst_used |= 1 << j
    push(rec, F_PROG, SRC_ASSIST, CARD_ASSISTANT_ACTION[rec.assistants[p, j]], 0, 0)


@njit(cache=True)
def score_unused_present(rec, p):
    """MA-13.3(b) / MA-13.6: 2 VP per assistant present on arrival, not used and not
    yet scored this turn."""
    for j in range(8):
        bit = 1 << j
        if (rec.asst_present & bit) and not (rec.asst_used & bit) and not (rec.asst_scored & bit):
            gain_vp(rec, p, UNUSED_ASSISTANT_VP)
            rec.asst_scored |= bit


@njit(cache=True)
def can_extra_sail(rec, max_mp):
    """Some location is 1..max_mp steps ahead by the MA-5 rules."""
    for dest in range(1, NL):
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
    rec.extra_main = 0 if (dest == LOC_21A or dest == LOC_21B or dest == LOC_22) else 1
