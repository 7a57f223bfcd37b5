"""Assistant actions (MA-13.2, MA-13.5, MA-13.6): which own assistants may act, the
assistant main action and the 2 VP for assistants present on arrival but not used
(MA-13.3(b), MA-13.6). The extra sail of AS04 / AS14 with its extra main action is a
sail (rules/sailing.py).

Assistant slot j = index into ``assistants[p]`` (placement order); the bit masks
``asst_present`` / ``asst_used`` / ``asst_scored`` are over these slots.
"""

from numba import njit

from ..data import projects
from ..data.components import UNUSED_ASSISTANT_VP
from ..state import Frame, Source
from .frames import push
from .player import gain_vp


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
    return (
        main_open(rec)
        and c >= 0
        and projects.CARD_ASSISTANT_LOC[c] == rec.ship[p]
        and (rec.asst_present & bit) != 0
        and (rec.asst_used & bit) == 0
        and projects.CARD_ASSISTANT_ACTION[c] >= 0
    )


@njit(cache=True)
def start_assistant(rec, p, j):
    """MAIN_ACTION ASSISTANT j: the card's blue program (MA-13.5)."""
    rec.asst_used |= 1 << j
    push(rec, Frame.PROG, Source.ASSIST, projects.CARD_ASSISTANT_ACTION[rec.assistants[p, j]], 0, 0)


@njit(cache=True)
def score_unused_present(rec, p):
    """MA-13.3(b) / MA-13.6: 2 VP per assistant present on arrival, not used and not
    yet scored this turn."""
    for j in range(8):
        bit = 1 << j
        if (rec.asst_present & bit) and not (rec.asst_used & bit) and not (rec.asst_scored & bit):
            gain_vp(rec, p, UNUSED_ASSISTANT_VP)
            rec.asst_scored |= bit


# ----- assistants on the board (MA-13.4) ---------------------------------------------------
@njit(cache=True)
def num_assistants(rec, p):
    """MA-13.4: figures on board locations only."""
    n = 0
    for j in range(8):
        if rec.assistants[p, j] >= 0:
            n += 1
    return n


@njit(cache=True)
def assistants_at(rec, p, loc):
    """p's assistants standing at ``loc`` (MA-5.9, MA-8.6 CA3)."""
    n = 0
    for j in range(8):
        c = rec.assistants[p, j]
        if c >= 0 and projects.CARD_ASSISTANT_LOC[c] == loc:
            n += 1
    return n
