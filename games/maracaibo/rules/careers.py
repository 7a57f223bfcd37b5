"""Career goals (MA-18) and the other free actions F-PLAN, F-FIG2CP (MA-6.3)."""

from numba import njit

from ..data import careers, projects
from ..data.codes import NUM_NATIONS
from ..data.components import NUM_ROUNDS
from ..spaces import A_FREE_CAREER, A_FREE_FIG2CP, A_FREE_PLAN, Family
from ..state import Decision, Frame, H_MAX, Phase, W_PLAN
from .assistants import num_assistants
from .cards import hand_count_symbol, hand_take
from .combat import gain_cp, num_tokens
from .discs import num_upgrades
from .effects import family_count, num_synergies
from .player import gain_coins, gain_vp
from .quests import num_quests_done

PFC_CP = int(projects.PFC[1])  # MA-6.3


@njit(cache=True)
def goal_met(rec, p, gtype, threshold):
    """MA-18.3."""
    if gtype == careers.G_COMBAT:
        return num_tokens(rec, p) >= threshold
    if gtype == careers.G_QUESTS:
        return num_quests_done(rec, p) >= threshold
    if gtype == careers.G_INF1 or gtype == careers.G_INF2:
        k = 0
        for a in range(NUM_NATIONS):
            if rec.influence[p, a] >= threshold:
                k += 1
        return k >= (1 if gtype == careers.G_INF1 else 2)
    if gtype == careers.G_UPG:
        return num_upgrades(rec, p) >= threshold
    if gtype == careers.G_EXPL:
        return rec.crossed[p, threshold] != 0
    if gtype == careers.G_SYN:
        return num_synergies(rec, p) >= threshold
    return num_assistants(rec, p) >= threshold  # G_ASSIST


@njit(cache=True)
def career_option_legal(rec, p, g, tier):
    """FREE_CAREER(g, tier): goal open and its threshold met (MA-18.2)."""
    k = rec.career[p]
    if k < 0 or rec.goal_done[p, g] != 0:
        return False
    t = careers.CAREER_HIGH_THRESHOLD[k, g] if tier else careers.CAREER_LOW_THRESHOLD[k, g]
    return goal_met(rec, p, careers.CAREER_GOAL_TYPE[k, g], t)


@njit(cache=True)
def any_career_option(rec, p):
    for g in range(3):
        for tier in range(2):
            if career_option_legal(rec, p, g, tier):
                return True
    return False


@njit(cache=True)
def complete_goal(rec, p, g, tier):
    """MA-18.2: D (and VP at the high tier), the goal's figure to the personal supply;
    MA-18.4: all three done -> +2 D +2 VP."""
    k = rec.career[p]
    if tier:
        gain_coins(rec, p, careers.CAREER_HIGH_D[k, g])
        gain_vp(rec, p, careers.CAREER_HIGH_VP[k, g])
    else:
        gain_coins(rec, p, careers.CAREER_LOW_D[k, g])
    rec.goal_done[p, g] = 1 + tier
    rec.fig_personal[p] += 1
    if rec.goal_done[p, 0] and rec.goal_done[p, 1] and rec.goal_done[p, 2]:
        gain_coins(rec, p, careers.CAREER_ALL_DONE_D)
        gain_vp(rec, p, careers.CAREER_ALL_DONE_VP)


@njit(cache=True)
def pay_reserved(rec, symbol):
    """Hand cards of ``symbol`` the pending Frame.PAY frames must still discard (quest costs
    MA-12.2, herbs MA-14.3, the rest of "pay n same goods" MA-13.5, VA-U9 / VG2 / VMV /
    VMD / VBK): payments whose rewards are already committed, so they cannot be declined."""
    n = 0
    for k in range(rec.stk_len):
        if rec.stk_kind[k] == Frame.PAY and rec.stk_x[k] == symbol:
            n += rec.stk_y[k]
    return n


@njit(cache=True)
def free_plan_legal(rec, p, i):
    """F-PLAN (MA-6.3): a hand card to an empty planning slot. GAP-23 offers it inside
    pending payments too; a card a mandatory payment still needs (pay_reserved) cannot be
    planned, so the payment always stays payable (MA-6.4: planned cards are not goods)."""
    if i >= rec.hand_len[p] or not (rec.planning[p, 0] < 0 or rec.planning[p, 1] < 0 or rec.planning[p, 2] < 0):
        return False  # the cheap tests first: the slot count below costs passes over hand and stack
    sym = projects.CARD_SYMBOL[rec.hand[p, i]]
    return hand_count_symbol(rec, p, sym) > pay_reserved(rec, sym)


@njit(cache=True)
def free_plan(rec, p, i):
    card = hand_take(rec, p, i)
    for s in range(3):
        if rec.planning[p, s] < 0:
            rec.planning[p, s] = card
            rec.card_where[card] = W_PLAN + p
            return


@njit(cache=True)
def fig2cp_legal(rec, p):
    """F-FIG2CP: only with a PFC card and a figure in the personal supply."""
    return rec.fig_personal[p] > 0 and family_count(rec, p, projects.F_PFC) > 0


@njit(cache=True)
def fig2cp(rec, p):
    rec.fig_personal[p] -= 1
    rec.fig_general[p] += 1
    gain_cp(rec, p, PFC_CP)


# ----- the free actions at every decision (MA-6.3, MA-18.5, GAP-23) -------------------------
@njit(cache=True)
def mask_free(rec, p, d, out):
    """The free actions open at decision ``d``: none in the opening (MA-3.12 / MA-3.13);
    F-PLAN and career goals in Phase B and at every decision of the own Phase B (between
    village / combat actions, the combat pile and nation choices, inside payments and
    other programs; the extra sail of MA-13.6 included, Phase A not); PFC at every
    decision of its owner (GAP-23). F-PLAN keeps the cards a mandatory payment still needs
    (free_plan_legal); a declinable payment the hand can no longer make is skipped
    (programs.exec_step) or masked (prog_choice_legal). Scoring step 1 (MA-22.2 /
    MA-18.5): career goals before the final choice and after it (Decision.CAREER_GOALS), not
    while its purchase resolves; none in Phase C."""
    if d == Decision.SETUP_PLAN or d == Decision.SETUP_DISCARD or d == Decision.CAREER:
        return
    own_b = rec.phase == Phase.ACTIONS
    plan = own_b
    career = own_b
    if d == Decision.MAIN:
        plan = True
        career = True
    elif d == Decision.DRAW:
        plan = False
        career = False
    elif d == Decision.BUY:
        plan = False
        career = rec.round_no == NUM_ROUNDS
    elif d == Decision.CAREER_GOALS:
        plan = False
        career = True
    if plan:
        for i in range(H_MAX):
            if free_plan_legal(rec, p, i):
                out[A_FREE_PLAN + i] = True
    if career:
        for g in range(3):
            for tier in range(2):
                if career_option_legal(rec, p, g, tier):
                    out[A_FREE_CAREER + 2 * g + tier] = True
    if fig2cp_legal(rec, p):
        out[A_FREE_FIG2CP] = True


@njit(cache=True)
def is_free(fam):
    """The free-action families (answered at any decision that offers them)."""
    return fam == Family.FREE_PLAN or fam == Family.FREE_CAREER or fam == Family.FREE_FIG2CP


@njit(cache=True)
def apply_free(rec, p, fam, param):
    """FREE_PLAN(i), FREE_CAREER(2 goal + tier) or FREE_FIG2CP."""
    if fam == Family.FREE_PLAN:
        free_plan(rec, p, param)
    elif fam == Family.FREE_CAREER:
        complete_goal(rec, p, param // 2, param % 2)
    else:
        fig2cp(rec, p)
