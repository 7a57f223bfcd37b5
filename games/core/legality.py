"""The one legality check of a batch of actions against their masks.

``Game.step``, the SB3 VecEnv, the opponent-policy check and batched bot play all
ask the same two questions: is this an integer array of one action per row, and is
each action in range and marked legal in its row's mask. Vectorised: a few numpy
calls per batch, no Python per row.
"""

import numpy as np

from .errors import IllegalActionError


def action_array(actions, rows, who):
    """``actions`` as int64 ``(rows,)``: an integer dtype (no floats, NaN or bools) and
    exactly that shape (a ``(B, 1)`` array is not silently reshaped)."""
    arr = np.asarray(actions)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{who}: actions must be integers, got dtype {arr.dtype}")
    if arr.shape != (rows,):
        raise ValueError(f"{who}: actions must have shape ({rows},), got {arr.shape}")
    return arr.astype(np.int64, copy=False)


def illegal_rows(masks, actions):
    """Indices of the rows whose action is out of range or not legal in ``masks`` (bool (B, A))."""
    legal = (actions >= 0) & (actions < masks.shape[1])
    legal[legal] = masks[np.flatnonzero(legal), actions[legal]]
    return np.flatnonzero(~legal)


def check_legal(masks, actions, live=None):
    """Raise ``IllegalActionError`` naming every bad row (among ``live`` rows if given),
    its action and its legal set; else return nothing."""
    bad = illegal_rows(masks, actions)
    if live is not None:
        bad = bad[live[bad]]
    if bad.size:
        raise IllegalActionError(bad.tolist(), actions[bad].tolist(), [np.flatnonzero(masks[b]).tolist() for b in bad])
