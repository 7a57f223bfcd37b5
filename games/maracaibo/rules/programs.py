"""The pending-frame machine: effect programs (codes.py) and the frames that hold
decisions in progress (state.Frame). ``frame_step`` does the automatic work of the top
frame and returns Decision.NONE to be called again, or the decision the frame waits for.

Program steps (Frame.PROG and the rewards of Frame.QUEST) run in order; a PAY step that is
declined or impossible ends the program (MA-13.5); CHOOSE_ONE k performs one of the
next k steps (pushed as a one-step program)."""

from numba import njit

from ..data import actions, codes, legacy, projects, ship
from ..data.codes import NUM_GOODS
from ..spaces import A_CHOICE, A_DONE, A_NATION, A_PAY_CARD, Family
from ..state import Decision, Frame, H_MAX, Source
from .assistants import num_assistants
from .buying import apply_card_nation, card_frame, card_nation_legal
from .cards import discard_from_hand, hand_count_symbol
from .combat import combat_frame, gain_cp, num_tokens, push_combat
from .discs import push_remove, remove_frame
from .explore import apply_explorer_quest, apply_red_barrier, explore_frame, push_explore
from .frames import count_frame, pop, push, top
from .locations import is_village
from .nobility import gain_influence, next_noble_level, place_marker, supply_left
from .player import gain_coins, gain_figures, gain_vp
from .quests import compasses, quest_step
from .sailing import can_extra_sail
from .village import deliver_frame, village_frame


@njit(cache=True)
def prog_step(src, ident, pc, x, y):
    """(code, a0, a1) of step ``pc`` of a program, code NONE past its end."""
    if src == Source.CITY:  # the catalogue, then the new cities (MA-26.4 L4 / L7)
        if pc < legacy.CITY_PROG_LEN[ident]:
            return legacy.CITY_PROG_CODE[ident, pc], legacy.CITY_PROG_A0[ident, pc], legacy.CITY_PROG_A1[ident, pc]
    elif src == Source.VILLAGE:
        if pc < actions.VO_PROG_LEN[ident]:
            return actions.VO_PROG_CODE[ident, pc], actions.VO_PROG_A0[ident, pc], actions.VO_PROG_A1[ident, pc]
    elif src == Source.ASSIST:
        if pc < actions.AS_PROG_LEN[ident]:
            return actions.AS_PROG_CODE[ident, pc], actions.AS_PROG_A0[ident, pc], actions.AS_PROG_A1[ident, pc]
    elif src == Source.UPGRADE:
        if pc < ship.UPG_PROG_LEN[ident]:
            return ship.UPG_PROG_CODE[ident, pc], ship.UPG_PROG_A0[ident, pc], ship.UPG_PROG_A1[ident, pc]
    elif src == Source.SINGLE:
        if pc == 0:
            return x, y, 0
    return codes.NONE, 0, 0


@njit(cache=True)
def frame_prog_step(rec, k, pc):
    """Step ``pc`` of the Frame.PROG or Frame.QUEST frame k."""
    if rec.stk_kind[k] == Frame.QUEST:
        return quest_step(rec, rec.current_player, rec.stk_id[k], pc, compasses(rec, rec.current_player))
    return prog_step(rec.stk_src[k], rec.stk_id[k], pc, rec.stk_x[k], rec.stk_y[k])


@njit(cache=True)
def frame_step_at(rec, k):
    """(code, a0, a1) a program or quest-reward frame k of the stack waits at (MA-29.1a,
    read by the observation and the renderer); a single-step program shows its one step
    even once it has run (it may be a parent); code NONE otherwise."""
    kind = rec.stk_kind[k]
    if kind == Frame.PROG and rec.stk_src[k] == Source.SINGLE:
        return rec.stk_x[k], rec.stk_y[k], 0
    if kind == Frame.PROG or kind == Frame.QUEST:
        return frame_prog_step(rec, k, rec.stk_pc[k])
    return codes.NONE, 0, 0


@njit(cache=True)
def some_good(rec, p, n):
    for g in range(NUM_GOODS):
        if hand_count_symbol(rec, p, g) >= n:
            return True
    return False


@njit(cache=True)
def annex_nation_exists(rec, p):
    loc = rec.ship[p]
    if not is_village(rec, loc) or rec.marker_at[loc] >= 0 or rec.legacy_city[p] >= 0:
        return False
    for a in range(3):
        if supply_left(rec, a) > 0:
            return True
    return False


@njit(cache=True)
def can_pay_cp(rec, p, a0, a1):
    """S_PAY_CP: a0 CP, or with a1 = PAY_FIGURES a0 figures of the personal supply (MA-26.4 L4)."""
    return rec.fig_personal[p] >= a0 if a1 == codes.PAY_FIGURES else rec.cp[p] >= a0


@njit(cache=True)
def exec_step(rec, k, code, a0, a1):
    """Run one step of frame k; returns the decision it waits for or Decision.NONE (done)."""
    p = rec.current_player
    if code == codes.S_GAIN_D:
        gain_coins(rec, p, a0)
    elif code == codes.S_GAIN_VP:
        gain_vp(rec, p, a0)
    elif code == codes.S_GAIN_CP:
        gain_cp(rec, p, a0)
    elif code == codes.S_GAIN_FIGURES:
        gain_figures(rec, p, a0)
    elif code == codes.S_INFLUENCE_NATION:
        gain_influence(rec, p, a0, a1)
    elif code == codes.S_GAIN_D_AND_VP:
        gain_coins(rec, p, a0)
        gain_vp(rec, p, a0)
    elif code == codes.S_VP_PER_ASSISTANT:
        gain_vp(rec, p, a0 * num_assistants(rec, p))
    elif code == codes.S_VP_PER_COMBAT_TOKEN:
        gain_vp(rec, p, a0 * num_tokens(rec, p))
    elif code == codes.S_REMOVE_DISCS:
        rec.stk_pc[k] += 1
        push_remove(rec, a0)
        return Decision.NONE
    elif code == codes.S_EXPLORE:
        rec.stk_pc[k] += 1
        push_explore(rec, a0)
        return Decision.NONE
    elif code == codes.S_COMBAT:  # MA-8 (GAP-50)
        rec.stk_pc[k] += 1
        push_combat(rec)
        return Decision.NONE
    elif code == codes.S_EXTRA_SAIL:  # MA-13.6: yes / no, then a sail of 1..a0 MP
        if rec.stk_y[k] > 0:
            return Decision.SAIL
        if can_extra_sail(rec, a0):
            return Decision.CHOICE
    elif code == codes.S_VILLAGE_ACTIONS or code == codes.S_VILLAGE_ACTIONS_PER_COMPASS:
        rec.stk_pc[k] += 1
        push(rec, Frame.VILLAGE, 0, 0, a0 if code == codes.S_VILLAGE_ACTIONS else compasses(rec, p), 0)
        return Decision.NONE
    elif code == codes.S_INFLUENCE_ANY or code == codes.S_NEXT_NOBLE_LEVEL or code == codes.S_CHOOSE_ONE:
        return Decision.NATION if code != codes.S_CHOOSE_ONE else Decision.CHOICE
    elif code == codes.S_ANNEX_THIS_VILLAGE:
        if annex_nation_exists(rec, p):
            return Decision.NATION
    elif code == codes.S_PAY_CP or code == codes.S_PAY_WHOLE_HAND or code == codes.S_PAY_SAME_GOODS:
        can = (
            (code == codes.S_PAY_CP and can_pay_cp(rec, p, a0, a1))
            or (code == codes.S_PAY_WHOLE_HAND and rec.hand_len[p] > 0)
            or (code == codes.S_PAY_SAME_GOODS and some_good(rec, p, a0))
        )
        if not can:
            pop(rec)  # MA-13.5: what the payment pays for is skipped
            return Decision.NONE
        return Decision.PAY_CARD if code == codes.S_PAY_SAME_GOODS else Decision.CHOICE
    else:
        raise ValueError("maracaibo: program step not implemented")
    rec.stk_pc[k] += 1
    return Decision.NONE


@njit(cache=True)
def _prog_frame(rec):
    k = top(rec)
    code, a0, a1 = frame_prog_step(rec, k, rec.stk_pc[k])
    if code == codes.NONE:
        pop(rec)
        return Decision.NONE
    return exec_step(rec, k, code, a0, a1)


@njit(cache=True)
def _pay_frame(rec):
    return count_frame(rec, rec.stk_y[top(rec)], Decision.PAY_CARD)


@njit(cache=True)
def frame_step(rec):
    kind = rec.stk_kind[top(rec)]
    if kind == Frame.PROG or kind == Frame.QUEST:
        return _prog_frame(rec)
    if kind == Frame.VILLAGE:
        return village_frame(rec)
    if kind == Frame.PAY:
        return _pay_frame(rec)
    if kind == Frame.REMOVE:
        return remove_frame(rec)
    if kind == Frame.DELIVER:
        return deliver_frame(rec)
    if kind == Frame.EXPLORE:
        return explore_frame(rec)
    if kind == Frame.CARD:
        return card_frame(rec)
    if kind == Frame.COMBAT:
        return combat_frame(rec)
    raise ValueError("maracaibo: frame kind not implemented")


# ----- decisions under a program frame ----------------------------------------------------
@njit(cache=True)
def current_step(rec):
    k = top(rec)
    return frame_prog_step(rec, k, rec.stk_pc[k])


@njit(cache=True)
def prog_choice_count(rec):
    code, a0, _ = current_step(rec)
    return a0 if code == codes.S_CHOOSE_ONE else 2


@njit(cache=True)
def prog_choice_legal(rec, i):
    """CHOICE(i) under a program: "pay" (1) of a PAY step only while it can be paid (free
    actions at this decision, GAP-23, may have planned the hand away: CX7's discard needs
    >= 1 card, GAP-49); "decline" (0) and every other choice always."""
    code, a0, a1 = current_step(rec)
    p = rec.current_player
    if i == 1 and code == codes.S_PAY_WHOLE_HAND:
        return rec.hand_len[p] > 0
    if i == 1 and code == codes.S_PAY_CP:
        return can_pay_cp(rec, p, a0, a1)
    return True


@njit(cache=True)
def prog_nation_legal(rec, nation):
    code, _, _ = current_step(rec)
    if code == codes.S_ANNEX_THIS_VILLAGE:
        return supply_left(rec, nation) > 0
    return True


@njit(cache=True)
def apply_prog_nation(rec, nation):
    k = top(rec)
    p = rec.current_player
    code, a0, _ = current_step(rec)
    if code == codes.S_INFLUENCE_ANY:
        gain_influence(rec, p, nation, a0)
    elif code == codes.S_NEXT_NOBLE_LEVEL:
        next_noble_level(rec, p, nation)
    else:  # ANNEX_THIS_VILLAGE (VA-U10 program)
        place_marker(rec, nation, rec.ship[p])
        gain_influence(rec, p, nation, a0)
    rec.stk_pc[k] += 1


@njit(cache=True)
def apply_prog_choice(rec, i):
    """CHOICE(i) under a program: CHOOSE_ONE option i, EXTRA_SAIL (0 no, 1 yes), or a PAY
    step (0 decline, 1 pay)."""
    k = top(rec)
    p = rec.current_player
    pc = rec.stk_pc[k]
    code, a0, a1 = current_step(rec)
    if code == codes.S_CHOOSE_ONE:
        c2, b0, _ = frame_prog_step(rec, k, pc + 1 + i)
        rec.stk_pc[k] = pc + 1 + a0
        push(rec, Frame.PROG, Source.SINGLE, 0, c2, b0)
    elif code == codes.S_EXTRA_SAIL:  # MA-13.6: 1 = sail (max MP kept in stk_y), 0 = no
        if i == 1:
            rec.stk_y[k] = a0
        else:
            rec.stk_pc[k] = pc + 1
    elif i == 0:
        pop(rec)  # declined
    elif code == codes.S_PAY_CP and a1 == codes.PAY_FIGURES:  # MA-26.4 L4: back to the general supply
        rec.fig_personal[p] -= a0
        rec.fig_general[p] += a0
        rec.stk_pc[k] = pc + 1
    elif code == codes.S_PAY_CP:
        rec.cp[p] -= a0
        rec.stk_pc[k] = pc + 1
    else:  # PAY_WHOLE_HAND
        for _ in range(rec.hand_len[p]):
            discard_from_hand(rec, p, 0)
        rec.stk_pc[k] = pc + 1


@njit(cache=True)
def pay_card_legal(rec, i):
    """PAY_CARD(i): under Frame.PAY a card of its symbol; as the first card of "pay n same
    goods" any good the hand holds n times (MA-13.5)."""
    k = top(rec)
    p = rec.current_player
    if i >= rec.hand_len[p]:
        return False
    sym = projects.CARD_SYMBOL[rec.hand[p, i]]
    if rec.stk_kind[k] == Frame.PAY:
        return sym == rec.stk_x[k]
    _, a0, _ = current_step(rec)
    return sym < NUM_GOODS and hand_count_symbol(rec, p, sym) >= a0


@njit(cache=True)
def apply_pay_card(rec, i):
    k = top(rec)
    p = rec.current_player
    if rec.stk_kind[k] == Frame.PAY:
        discard_from_hand(rec, p, i)
        rec.stk_y[k] -= 1
        return
    _, a0, _ = current_step(rec)
    sym = projects.CARD_SYMBOL[rec.hand[p, i]]
    discard_from_hand(rec, p, i)
    rec.stk_pc[k] += 1
    if a0 > 1:
        push(rec, Frame.PAY, 0, 0, sym, a0 - 1)


@njit(cache=True)
def optional_pay_pending(rec):
    """DONE declines "pay n same goods" of a program (MA-13.5)."""
    k = top(rec)
    if rec.stk_kind[k] != Frame.PROG and rec.stk_kind[k] != Frame.QUEST:
        return False
    code, _, _ = current_step(rec)
    return code == codes.S_PAY_SAME_GOODS


# ----- the decisions of pending frames whose answer depends on the frame ------------------------
@njit(cache=True)
def mask_pay_card(rec, p, out):
    """Decision.PAY_CARD: a card the payment takes; DONE declines "pay n same goods" (MA-13.5)."""
    for i in range(H_MAX):
        if pay_card_legal(rec, i):
            out[A_PAY_CARD + i] = True
    if optional_pay_pending(rec):
        out[A_DONE] = True


@njit(cache=True)
def apply_pay(rec, p, fam, param):
    """PAY_CARD(i), or DONE: the optional payment declined, its program ends (MA-13.5)."""
    if fam == Family.PAY_CARD:
        apply_pay_card(rec, param)
    else:
        pop(rec)


@njit(cache=True)
def mask_nation(rec, p, out):
    """Decision.NATION, asked by a card purchase (XI1 / XVM / XVN, MA-15.3), the red barrier
    (MA-10.6, any nation) or a program step (INFLUENCE_ANY, NEXT_NOBLE_LEVEL, ANNEX)."""
    kind = rec.stk_kind[top(rec)]
    for a in range(3):
        if kind == Frame.CARD:
            ok = card_nation_legal(rec, a)
        elif kind == Frame.EXPLORE:
            ok = True
        else:
            ok = prog_nation_legal(rec, a)
        if ok:
            out[A_NATION + a] = True


@njit(cache=True)
def apply_nation(rec, p, fam, nation):
    """CHOOSE_NATION(nation) for the frame that asked (as mask_nation)."""
    kind = rec.stk_kind[top(rec)]
    if kind == Frame.CARD:
        apply_card_nation(rec, nation)
    elif kind == Frame.EXPLORE:
        apply_red_barrier(rec, nation)
    else:
        apply_prog_nation(rec, nation)


@njit(cache=True)
def mask_choice(rec, p, out):
    """Decision.CHOICE, asked by a quest on the explorer's space (MA-10.5: 0 leave, 1 complete)
    or a program step (CHOOSE_ONE, EXTRA_SAIL, PAY_CP, PAY_WHOLE_HAND)."""
    kind = rec.stk_kind[top(rec)]
    n = 2 if kind == Frame.EXPLORE else prog_choice_count(rec)
    for i in range(n):
        if kind == Frame.EXPLORE or prog_choice_legal(rec, i):
            out[A_CHOICE + i] = True


@njit(cache=True)
def apply_choice(rec, p, fam, i):
    """CHOICE(i) for the frame that asked (as mask_choice)."""
    if rec.stk_kind[top(rec)] == Frame.EXPLORE:
        apply_explorer_quest(rec, i == 1)
    else:
        apply_prog_choice(rec, i)
