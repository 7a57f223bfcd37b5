"""games/core/codes.py: codes numbered in order, named, documented, usable in kernels."""

import numpy as np
from numba import njit

from games.core import Layout
from games.core.codes import Codes


class Phase(Codes):
    SETUP = "setup"
    SAIL = "MA-5: sail"
    OVER = "game over"


RECORD = np.dtype([("phase", np.int8), ("count", np.int64)])


@njit
def _advance(rec, seen):
    if rec.phase == Phase.SAIL:
        rec.phase = Phase.OVER
        seen[Phase.SAIL] += 1
    return rec.phase == Phase.OVER


def test_codes_are_numbered_in_order_with_names_and_meanings():
    assert [int(p) for p in Phase] == [0, 1, 2]
    assert Phase.names() == ("SETUP", "SAIL", "OVER")
    assert Phase.SAIL.doc == "MA-5: sail"
    assert Phase.name_of(2) == "OVER" and Phase.name_of(9) == "?9"
    assert "| 1 | `SAIL` | MA-5: sail |" in Phase.table()


def test_kernels_read_codes_as_integers():
    state = np.zeros(1, RECORD)
    state[0]["phase"] = Phase.SAIL
    seen = np.zeros(len(Phase), np.int64)
    assert _advance(state[0], seen)
    assert state[0]["phase"] == Phase.OVER and seen.tolist() == [0, 1, 0]


def test_family_codes_follow_the_layout():
    lay = Layout()
    lay.add("play", 3, "play a card")
    lay.add("pass", 1, "pass")
    Family = lay.family_codes()
    assert Family.PLAY == 0 and Family.PASS == 1 and Family.PASS.doc == "pass"
    family, param = lay.family_of()
    assert family.tolist() == [0, 0, 0, 1] and param.tolist() == [0, 1, 2, 0]
