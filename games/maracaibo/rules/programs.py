"""The pending-frame machine: effect programs (codes.py) and the frames that hold
decisions in progress (state.F_*). ``frame_step`` does the automatic work of the top
frame and returns D_NONE to be called again, or the decision the frame waits for."""

from numba import njit

from ..data import actions, codes, ship
from ..state import D_NONE, F_PROG, SRC_ASSIST, SRC_CITY, SRC_SINGLE, SRC_UPGRADE, SRC_VILLAGE
from .common import gain_coins, gain_cp, gain_figures, gain_influence, gain_vp, pop, top

NONE = codes.NONE
S_GAIN_D, S_GAIN_VP, S_GAIN_CP, S_GAIN_FIGURES = codes.S_GAIN_D, codes.S_GAIN_VP, codes.S_GAIN_CP, codes.S_GAIN_FIGURES
S_INFLUENCE_NATION, S_GAIN_D_AND_VP = codes.S_INFLUENCE_NATION, codes.S_GAIN_D_AND_VP


@njit(cache=True)
def prog_step(src, ident, pc, x, y):
    """(code, a0, a1) of step ``pc`` of a program, code NONE past its end."""
    if src == SRC_CITY:
        if pc < actions.CITY_PROG_LEN[ident]:
            return actions.CITY_PROG_CODE[ident, pc], actions.CITY_PROG_A0[ident, pc], actions.CITY_PROG_A1[ident, pc]
    elif src == SRC_VILLAGE:
        if pc < actions.VO_PROG_LEN[ident]:
            return actions.VO_PROG_CODE[ident, pc], actions.VO_PROG_A0[ident, pc], actions.VO_PROG_A1[ident, pc]
    elif src == SRC_ASSIST:
        if pc < actions.AS_PROG_LEN[ident]:
            return actions.AS_PROG_CODE[ident, pc], actions.AS_PROG_A0[ident, pc], actions.AS_PROG_A1[ident, pc]
    elif src == SRC_UPGRADE:
        if pc < ship.UPG_PROG_LEN[ident]:
            return ship.UPG_PROG_CODE[ident, pc], ship.UPG_PROG_A0[ident, pc], ship.UPG_PROG_A1[ident, pc]
    elif src == SRC_SINGLE:
        if pc == 0:
            return x, y, 0
    return NONE, 0, 0


@njit(cache=True)
def auto_step(rec, p, code, a0, a1):
    """Apply a step that needs no decision; False if the step needs one."""
    if code == S_GAIN_D:
        gain_coins(rec, p, a0)
    elif code == S_GAIN_VP:
        gain_vp(rec, p, a0)
    elif code == S_GAIN_CP:
        gain_cp(rec, p, a0)
    elif code == S_GAIN_FIGURES:
        gain_figures(rec, p, a0)
    elif code == S_INFLUENCE_NATION:
        gain_influence(rec, p, a0, a1)
    elif code == S_GAIN_D_AND_VP:
        gain_coins(rec, p, a0)
        gain_vp(rec, p, a0)
    else:
        return False
    return True


@njit(cache=True)
def _prog_frame(rec):
    k = top(rec)
    p = rec.current_player
    code, a0, a1 = prog_step(rec.stk_src[k], rec.stk_id[k], rec.stk_pc[k], rec.stk_x[k], rec.stk_y[k])
    if code == NONE:
        pop(rec)
        return D_NONE
    if auto_step(rec, p, code, a0, a1):
        rec.stk_pc[k] += 1
        return D_NONE
    raise ValueError("maracaibo: program step not implemented")


@njit(cache=True)
def frame_step(rec):
    kind = rec.stk_kind[top(rec)]
    if kind == F_PROG:
        return _prog_frame(rec)
    raise ValueError("maracaibo: frame kind not implemented")
