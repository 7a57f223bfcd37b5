"""The step and mask kernels: dispatch by the pending decision (state.D_*) and the
action family (spaces.FAM_*); every rule lives in the modules they call."""

import numpy as np
from numba import njit

from ..data import board
from ..data.components import INTERIM_SCORING_SKIP_VP, NUM_ROUNDS
from ..spaces import (
    A_BUY_HAND, A_BUY_PLAN, A_CAREER_PICK, A_CHOICE, A_COMBAT_ACTION, A_COMBAT_BOOST,
    A_COMBAT_NATION, A_COMBAT_PILE, A_COUNT, A_DELIVER, A_DONE, A_DRAW, CA_END,
    FAM_COMBAT_ACTION, FAM_COMBAT_BOOST, FAM_COMBAT_NATION, FAM_COMBAT_PILE, MAIN_ASSIST,
    A_EXPLORE_TO, A_FREE_CAREER, A_FREE_FIG2CP, A_FREE_PLAN, A_INVEST, A_LOCATION, A_MAIN, A_NATION,
    A_PAY_CARD, A_REMOVE_DISC, A_SAIL_TO, A_SETUP_DISCARD, A_SETUP_PLAN, A_SYNERGY, A_TAKE_2VP,
    A_VILLAGE, ACTION_FAMILY, ACTION_PARAM, FAM_BUY_HAND, FAM_BUY_PLAN, FAM_CAREER_PICK, FAM_CHOICE,
    FAM_COUNT, FAM_DELIVER, FAM_DONE, FAM_DRAW, FAM_EXPLORE_TO, FAM_FREE_CAREER, FAM_FREE_FIG2CP,
    FAM_FREE_PLAN, FAM_INVEST, FAM_LOCATION, FAM_MAIN, FAM_NATION, FAM_PAY_CARD, FAM_REMOVE_DISC,
    FAM_SAIL_TO, FAM_SETUP_DISCARD, FAM_SETUP_PLAN, FAM_SYNERGY, FAM_TAKE_2VP, FAM_VILLAGE,
    MAIN_CITY, MAIN_NONE, MAIN_QUEST, MAIN_VILLAGE, NUM_SAIL_TARGETS,
)
from ..state import (
    D_BUY, D_CAREER, D_CAREER_ONLY, D_CHOICE, D_COMBAT, D_COMBAT_NATION, D_COMBAT_PILE, D_COUNT,
    D_DELIVER, D_DRAW, D_EXPLORE, D_LOCATION, D_MAIN, D_NATION, D_PAY_CARD, D_REMOVE_DISC, D_SAIL, D_SETUP_DISCARD, D_SETUP_PLAN, D_SYNERGY,
    D_VILLAGE, F_CARD, F_EXPLORE, H_MAX, NE, NL, NU, PH_ACTIONS,
)
from .buying import (
    apply_card_count, apply_card_location, apply_card_nation, apply_card_synergy,
    buy_from_hand, buy_from_plan, can_buy, can_invest, card_nation_legal, empty_village, invest,
)
from .assistants import apply_extra_sail, assistant_legal, main_open, start_assistant
from .careers import career_option_legal, complete_goal, fig2cp, fig2cp_legal, free_plan, free_plan_legal
from .combat import (
    apply_boost, apply_combat_action, apply_nation, apply_pile, boost_legal, combat_action_legal,
    nation_legal, pile_legal,
)
from .common import can_remove_disc, deck_available, pop, top
from .discs import apply_remove_disc
from .explore import apply_explore_to, apply_explorer_quest, apply_red_barrier, destinations
from .flow import (
    advance, after_score_choice, apply_draw, can_draw_display, end_phase_b, next_scorer, start_game,
)
from .programs import (
    apply_pay_card, apply_prog_choice, apply_prog_nation, optional_pay_pending, pay_card_legal,
    prog_choice_count, prog_choice_legal, prog_nation_legal,
)
from .quests import claim_quest, quest_available, quests_at
from .sailing import MAX_MP, can_sail_to, sail
from .setup import apply_career_pick, apply_setup_card
from .setup import init_one as _init_one
from .village import (
    apply_deliver, apply_village_option, deliverable, main_city_legal, start_city_action,
    start_village_batch, village_main_count, village_option_legal,
)

LOC_KIND, VILLAGE = board.LOC_KIND, board.VILLAGE
NUM_VILLAGE_OPTIONS = 21


@njit(cache=True)
def init_one(rec, seed, config):
    _init_one(rec, seed, config)
    advance(rec)


# ----- masks ------------------------------------------------------------------------
@njit(cache=True)
def _mask_free(rec, p, out, plan, career, fig):
    """Free actions (MA-6.3, MA-18.5, GAP-23)."""
    if plan:
        for i in range(H_MAX):
            if free_plan_legal(rec, p, i):
                out[A_FREE_PLAN + i] = True
    if career:
        for g in range(3):
            for tier in range(2):
                if career_option_legal(rec, p, g, tier):
                    out[A_FREE_CAREER + 2 * g + tier] = True
    if fig and fig2cp_legal(rec, p):
        out[A_FREE_FIG2CP] = True


@njit(cache=True)
def _mask_purchases(rec, p, out):
    """VA-C / scoring 1a: BUY_HAND, BUY_PLAN, INVEST (MA-14.3, MA-16)."""
    for i in range(rec.hand_len[p]):
        if can_buy(rec, p, rec.hand[p, i]):
            out[A_BUY_HAND + i] = True
    for s in range(3):
        if rec.planning[p, s] >= 0 and can_buy(rec, p, rec.planning[p, s]):
            out[A_BUY_PLAN + s] = True
    for s in range(4):
        if can_invest(rec, p, s):
            out[A_INVEST + s] = True


@njit(cache=True)
def _mask_main(rec, p, out):
    """MA-6.2: main actions available at the ship's location (MA-13.6: also the extra
    main action after an AS04 / AS14 sail)."""
    if main_open(rec):
        loc = rec.ship[p]
        if main_city_legal(rec, p):
            out[A_MAIN + MAIN_CITY] = True
        if LOC_KIND[loc] == VILLAGE:
            out[A_MAIN + MAIN_VILLAGE] = True
        qs = np.full(4, -1, dtype=np.int64)
        n = min(quests_at(rec, loc, qs), 4)
        for j in range(n):
            if quest_available(rec, p, qs[j]):
                out[A_MAIN + MAIN_QUEST + j] = True
        for j in range(8):
            if assistant_legal(rec, p, j):
                out[A_MAIN + MAIN_ASSIST + j] = True
        out[A_MAIN + MAIN_NONE] = True
    _mask_free(rec, p, out, True, True, True)
    out[A_DONE] = True


@njit(cache=True)
def _mask_frames(rec, p, d, out):
    """Decisions of pending frames."""
    kind = rec.stk_kind[top(rec)]
    if d == D_DELIVER:
        for i in range(H_MAX):
            if deliverable(rec, p, i):
                out[A_DELIVER + i] = True
        out[A_DELIVER + H_MAX] = True
    elif d == D_REMOVE_DISC:
        for u in range(NU):
            if can_remove_disc(rec, p, u):
                out[A_REMOVE_DISC + u] = True
    elif d == D_VILLAGE:
        for o in range(NUM_VILLAGE_OPTIONS):
            if village_option_legal(rec, p, o):
                out[A_VILLAGE + o] = True
        _mask_purchases(rec, p, out)
    elif d == D_PAY_CARD:
        for i in range(H_MAX):
            if pay_card_legal(rec, i):
                out[A_PAY_CARD + i] = True
        if optional_pay_pending(rec):
            out[A_DONE] = True
    elif d == D_EXPLORE:
        dest = np.zeros(NE, dtype=np.bool_)
        destinations(rec, p, rec.stk_x[top(rec)], dest)
        for s in range(NE):
            if dest[s]:
                out[A_EXPLORE_TO + s] = True
    elif d == D_NATION:
        for a in range(3):
            if kind == F_CARD:
                ok = card_nation_legal(rec, a)
            elif kind == F_EXPLORE:
                ok = True
            else:
                ok = prog_nation_legal(rec, a)
            if ok:
                out[A_NATION + a] = True
    elif d == D_LOCATION:
        for loc in range(1, NL):
            if empty_village(rec, loc):
                out[A_LOCATION + loc - 1] = True
    elif d == D_CHOICE:
        n = 2 if kind == F_EXPLORE else prog_choice_count(rec)
        for i in range(n):
            if kind == F_EXPLORE or prog_choice_legal(rec, i):
                out[A_CHOICE + i] = True
    elif d == D_SYNERGY:
        for s in range(5):
            if not rec.synergy[p, s]:
                out[A_SYNERGY + s] = True
    elif d == D_COUNT:
        for n in range(min(rec.fig_personal[p], 8) + 1):
            out[A_COUNT + n] = True
    elif d == D_COMBAT_PILE:
        for i in range(2):
            if pile_legal(rec, i):
                out[A_COMBAT_PILE + i] = True
    elif d == D_COMBAT_NATION:
        for a in range(3):
            if nation_legal(rec, p, a):
                out[A_COMBAT_NATION + a] = True
    elif d == D_COMBAT:  # MA-8.5, MA-8.6
        for i in range(2):
            if boost_legal(rec, p, i):
                out[A_COMBAT_BOOST + i] = True
        for a in range(CA_END + 1):
            if combat_action_legal(rec, p, a):
                out[A_COMBAT_ACTION + a] = True


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
    elif d == D_SAIL:  # Phase A, or the extra sail of MA-13.6 (max MP in the frame)
        max_mp = MAX_MP if rec.stk_len == 0 else rec.stk_y[top(rec)]
        for i in range(NUM_SAIL_TARGETS):
            if can_sail_to(rec, i + 1, max_mp):
                out[A_SAIL_TO + i] = True
        # GAP-23: F-PLAN / careers only at the extra sail of MA-13.6 (Phase B), not in Phase A
        own_b = rec.phase == PH_ACTIONS
        _mask_free(rec, p, out, own_b, own_b, True)
    elif d == D_MAIN:
        _mask_main(rec, p, out)
    elif d == D_DRAW:
        if deck_available(rec):
            out[A_DRAW] = True
        for s in range(4):
            if can_draw_display(rec, p, s):
                out[A_DRAW + 1 + s] = True
        _mask_free(rec, p, out, False, False, True)  # PFC at any own decision (GAP-23)
    elif d == D_BUY:
        out[A_TAKE_2VP] = True
        _mask_purchases(rec, p, out)
        # MA-22.2 / MA-18.5: career goals before the final choice; PFC any time (GAP-23)
        _mask_free(rec, p, out, False, rec.round_no == NUM_ROUNDS, True)
    elif d == D_CAREER_ONLY:
        _mask_free(rec, p, out, False, True, True)
        out[A_DONE] = True
    else:
        _mask_frames(rec, p, d, out)
        # GAP-23 / MA-6.3: F-PLAN and career goals at every decision of the own Phase B
        # (between village / combat actions, the combat pile and nation choices, inside
        # payments and other programs); PFC at every decision of its owner. F-PLAN keeps
        # the cards a mandatory payment still needs (careers.free_plan_legal); a declinable
        # payment the hand can no longer make is skipped (programs.exec_step) or masked
        # (prog_choice_legal). MA-18.5 / MA-22.2: no career goals while a scoring-step
        # purchase resolves (only before / after the choice: D_BUY, D_CAREER_ONLY).
        own_b = rec.phase == PH_ACTIONS
        _mask_free(rec, p, out, own_b, own_b, True)


# ----- step -------------------------------------------------------------------------
@njit(cache=True)
def _apply_free(rec, p, fam, param):
    if fam == FAM_FREE_PLAN:
        free_plan(rec, p, param)
    elif fam == FAM_FREE_CAREER:
        complete_goal(rec, p, param // 2, param % 2)
    else:
        fig2cp(rec, p)


@njit(cache=True)
def _apply_main(rec, p, param):
    extra = rec.extra_main != 0  # MA-13.6: the extra main action after AS04 / AS14
    if extra:
        rec.extra_main = 0
    rec.main_done = 1
    if param == MAIN_NONE:
        return
    if param == MAIN_CITY:
        start_city_action(rec, p)
    elif param == MAIN_VILLAGE:  # GAP-30: after an extra sail, that sail's MP count
        start_village_batch(rec, village_main_count(rec, p, rec.last_sail_mp if extra else rec.mp_spent))
    elif param >= MAIN_ASSIST:  # MA-13.2
        start_assistant(rec, p, param - MAIN_ASSIST)
    else:  # a quest at this location (MA-12.2)
        qs = np.full(4, -1, dtype=np.int64)
        quests_at(rec, rec.ship[p], qs)
        claim_quest(rec, p, qs[param - MAIN_QUEST])


@njit(cache=True)
def _apply_purchase(rec, p, fam, param):
    """VA-C inside a village batch, or option a of scoring step 1."""
    if rec.decision == D_VILLAGE:
        rec.stk_x[top(rec)] -= 1
    else:
        after_score_choice(rec, True)
    if fam == FAM_BUY_HAND:
        buy_from_hand(rec, p, param)
    elif fam == FAM_BUY_PLAN:
        buy_from_plan(rec, p, param)
    else:
        invest(rec, p, param)


@njit(cache=True)
def _apply_frame_choice(rec, fam, param):
    kind = rec.stk_kind[top(rec)]
    if fam == FAM_NATION:
        if kind == F_CARD:
            apply_card_nation(rec, param)
        elif kind == F_EXPLORE:
            apply_red_barrier(rec, param)
        else:
            apply_prog_nation(rec, param)
    elif fam == FAM_CHOICE:
        if kind == F_EXPLORE:
            apply_explorer_quest(rec, param == 1)
        else:
            apply_prog_choice(rec, param)
    elif fam == FAM_LOCATION:
        apply_card_location(rec, param + 1)
    elif fam == FAM_SYNERGY:
        apply_card_synergy(rec, param)
    elif fam == FAM_COUNT:
        apply_card_count(rec, param)
    elif fam == FAM_PAY_CARD:
        apply_pay_card(rec, param)
    elif fam == FAM_EXPLORE_TO:
        apply_explore_to(rec, param)
    elif fam == FAM_REMOVE_DISC:
        apply_remove_disc(rec, param)
    elif fam == FAM_DELIVER:
        apply_deliver(rec, param)
    elif fam == FAM_VILLAGE:
        apply_village_option(rec, param)
    elif fam == FAM_COMBAT_PILE:
        apply_pile(rec, param)
    elif fam == FAM_COMBAT_NATION:
        apply_nation(rec, param)
    elif fam == FAM_COMBAT_BOOST:
        apply_boost(rec, param)
    elif fam == FAM_COMBAT_ACTION:
        apply_combat_action(rec, param)


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
        if rec.stk_len > 0:  # MA-13.6: the extra sail of an assistant program
            apply_extra_sail(rec, param + 1)
        else:
            sail(rec, param + 1)
            rec.phase = PH_ACTIONS
    elif fam == FAM_MAIN:
        _apply_main(rec, p, param)
    elif fam == FAM_DRAW:
        apply_draw(rec, p, param)
    elif fam == FAM_TAKE_2VP:
        rec.vp[p] += INTERIM_SCORING_SKIP_VP
        after_score_choice(rec, False)
    elif fam == FAM_BUY_HAND or fam == FAM_BUY_PLAN or fam == FAM_INVEST:
        _apply_purchase(rec, p, fam, param)
    elif fam == FAM_FREE_PLAN or fam == FAM_FREE_CAREER or fam == FAM_FREE_FIG2CP:
        _apply_free(rec, p, fam, param)
    elif fam == FAM_DONE:
        d = rec.decision
        if d == D_MAIN:
            end_phase_b(rec)
        elif d == D_PAY_CARD:
            pop(rec)  # declined an optional "pay n same goods" (MA-13.5)
        else:  # D_CAREER_ONLY
            next_scorer(rec)
    else:
        _apply_frame_choice(rec, fam, param)
    advance(rec)
