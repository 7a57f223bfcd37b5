"""The stack of pending frames (state.Frame): the work in progress of one player's
successive atomic decisions (MA-28.1). A frame is pushed by the rule that starts the
work and popped when it is done; rules/programs.py runs the top frame."""

from numba import njit

from ..state import Decision, STACK


@njit(cache=True)
def push(rec, kind, src, ident, x, y):
    """A new top frame (kind, source, id, x, y) at program counter 0."""
    k = rec.stk_len
    if k >= STACK:
        raise ValueError("maracaibo: frame stack overflow")
    rec.stk_kind[k] = kind
    rec.stk_src[k] = src
    rec.stk_id[k] = ident
    rec.stk_pc[k] = 0
    rec.stk_x[k] = x
    rec.stk_y[k] = y
    rec.stk_len = k + 1


@njit(cache=True)
def pop(rec):
    """Remove the top frame (its fields back to 0)."""
    k = rec.stk_len - 1
    rec.stk_kind[k] = 0
    rec.stk_src[k] = 0
    rec.stk_id[k] = 0
    rec.stk_pc[k] = 0
    rec.stk_x[k] = 0
    rec.stk_y[k] = 0
    rec.stk_len = k


@njit(cache=True)
def top(rec):
    """Index of the top frame (-1 with no frame pending)."""
    return rec.stk_len - 1


@njit(cache=True)
def count_frame(rec, left, d):
    """A frame waiting for decision ``d`` while ``left`` > 0 (actions, cards to pay...);
    popped once nothing is left."""
    if left <= 0:
        pop(rec)
        return Decision.NONE
    return d
