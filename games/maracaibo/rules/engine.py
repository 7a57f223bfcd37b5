"""The step and mask kernels: dispatch by the pending decision (state.D_*) and the
action family (spaces.FAM_*); every rule lives in the modules they call."""

from numba import njit

from ..data.components import NUM_ROUNDS
from ..spaces import (
    A_CAREER_PICK, A_DONE, A_DRAW, A_FREE_CAREER, A_FREE_FIG2CP, A_FREE_PLAN, A_MAIN, A_SAIL_TO,
    A_SETUP_DISCARD, A_SETUP_PLAN, A_TAKE_2VP, ACTION_FAMILY, ACTION_PARAM, FAM_CAREER_PICK,
    FAM_DONE, FAM_DRAW, FAM_FREE_CAREER, FAM_FREE_FIG2CP, FAM_FREE_PLAN, FAM_MAIN, FAM_SAIL_TO,
    FAM_SETUP_DISCARD, FAM_SETUP_PLAN, FAM_TAKE_2VP, MAIN_NONE, NUM_SAIL_TARGETS,
)
from ..data.components import INTERIM_SCORING_SKIP_VP
from ..state import (
    D_BUY, D_CAREER, D_CAREER_ONLY, D_DRAW, D_MAIN, D_SAIL, D_SETUP_DISCARD, D_SETUP_PLAN,
    H_MAX, PH_ACTIONS, PH_SCORE_CAREER,
)
from .careers import (
    career_option_legal, complete_goal, fig2cp, fig2cp_legal, free_plan, free_plan_legal,
)
from .flow import (
    advance, after_score_choice, apply_draw, can_draw_display, end_phase_b, next_scorer,
    start_game,
)
from .common import deck_available
from .sailing import MAX_MP, can_sail_to, sail
from .setup import apply_career_pick, apply_setup_card
from .scoring import rank_one, scores_one  # noqa: F401  (re-exported kernels)
from .setup import init_one as _init_one


@njit(cache=True)
def init_one(rec, seed, config):
    _init_one(rec, seed, config)
    advance(rec)


# ----- free actions (MA-6.3, GAP-23) ---------------------------------------------------
@njit(cache=True)
def _mask_free(rec, p, out, plan, fig):
    if plan:
        for i in range(H_MAX):
            if free_plan_legal(rec, p, i):
                out[A_FREE_PLAN + i] = True
    for g in range(3):
        for tier in range(2):
            if career_option_legal(rec, p, g, tier):
                out[A_FREE_CAREER + 2 * g + tier] = True
    if fig and fig2cp_legal(rec, p):
        out[A_FREE_FIG2CP] = True


@njit(cache=True)
def _apply_free(rec, p, fam, param):
    if fam == FAM_FREE_PLAN:
        free_plan(rec, p, param)
    elif fam == FAM_FREE_CAREER:
        complete_goal(rec, p, param // 2, param % 2)
    else:
        fig2cp(rec, p)


@njit(cache=True)
def mask_one(rec, out):
    p = rec.current_player
    d = rec.decision
    if d == D_SETUP_PLAN or d == D_SETUP_DISCARD:
        base = A_SETUP_PLAN if d == D_SETUP_PLAN else A_SETUP_DISCARD
        for i in range(rec.hand_len[p]):
            if rec.setup_pick[p, i] == 0:
                out[base + i] = True
    elif d == D_CAREER:
        out[A_CAREER_PICK] = True
        out[A_CAREER_PICK + 1] = True
    elif d == D_SAIL:
        for i in range(NUM_SAIL_TARGETS):
            if can_sail_to(rec, i + 1, MAX_MP):
                out[A_SAIL_TO + i] = True
    elif d == D_MAIN:
        if not rec.main_done:
            out[A_MAIN + MAIN_NONE] = True
        _mask_free(rec, p, out, True, True)
        out[A_DONE] = True
    elif d == D_DRAW:
        if deck_available(rec):
            out[A_DRAW] = True
        for s in range(4):
            if can_draw_display(rec, p, s):
                out[A_DRAW + 1 + s] = True
    elif d == D_BUY:
        out[A_TAKE_2VP] = True
        if rec.round_no == NUM_ROUNDS:
            _mask_free(rec, p, out, False, False)  # MA-22.2 / MA-18.5: career goals
    elif d == D_CAREER_ONLY:
        _mask_free(rec, p, out, False, False)
        out[A_DONE] = True


@njit(cache=True)
def step_one(rec, action):
    p = rec.current_player
    rec.last_actor = p
    rec.last_action = action
    fam = ACTION_FAMILY[action]
    param = ACTION_PARAM[action]
    if fam == FAM_SETUP_PLAN or fam == FAM_SETUP_DISCARD:
        apply_setup_card(rec, p, param, fam == FAM_SETUP_PLAN)
    elif fam == FAM_CAREER_PICK:
        if apply_career_pick(rec, p, param):
            start_game(rec)
    elif fam == FAM_SAIL_TO:
        sail(rec, param + 1)
        rec.phase = PH_ACTIONS
    elif fam == FAM_MAIN:
        if param == MAIN_NONE:
            rec.main_done = 1
    elif fam == FAM_DRAW:
        apply_draw(rec, p, param)
    elif fam == FAM_TAKE_2VP:
        rec.vp[p] += INTERIM_SCORING_SKIP_VP
        after_score_choice(rec, False)
    elif fam == FAM_FREE_PLAN or fam == FAM_FREE_CAREER or fam == FAM_FREE_FIG2CP:
        _apply_free(rec, p, fam, param)
    elif fam == FAM_DONE:
        if rec.phase == PH_SCORE_CAREER:
            next_scorer(rec)
        elif rec.decision == D_MAIN:
            end_phase_b(rec)
    advance(rec)
