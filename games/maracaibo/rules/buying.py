"""Buying project cards (MA-14), their income (MA-15.1, MA-19), immediate effects
(MA-15.3) and synergies (MA-15.4); investing in prestige buildings (MA-16).

A purchase pays D, CP and figures at once, puts the card into the personal display,
places the assistant, then pushes an Frame.CARD frame (income, synergy, brown effects in
printed order) under an Frame.PAY frame for herb payments (paid first)."""

import numpy as np
from numba import njit

from ..data import prestige, projects
from ..data.codes import CROWN, HERB, NONE, NUM_NATIONS, NUM_SYMBOLS, NUM_SYNERGIES
from ..data.components import PRESTIGE_FIRST_INVESTOR_VP
from ..spaces import A_BUY_HAND, A_BUY_PLAN, A_COUNT, A_INVEST, A_LOCATION, A_SYNERGY, Family
from ..state import Decision, Frame, NC, NL, QS_CARD, W_BOUGHT
from .assistants import num_assistants
from .cards import hand_take
from .combat import gain_cp, num_tokens
from .discs import push_remove
from .effects import family_total, num_synergies, permanent_items
from .frames import pop, push, top
from .income import add_d_income, add_vp_income
from .nobility import (
    any_empty_village,
    empty_village,
    gain_influence,
    markers_on_board,
    next_noble_level,
    place_marker,
    supply_left,
)
from .player import gain_figures, gain_vp
from .quests import compasses, item_payment, num_quests_done

# families that need a decision when bought (handled by card_frame)


@njit(cache=True)
def price(rec, p, base):
    """MA-14.3 / MA-16.3: cost minus all PD discounts, not below 0."""
    return max(0, base - family_total(rec, p, projects.F_PD))


@njit(cache=True)
def requirements_met(c, hand, on_board, cp, figures, waived):
    """MA-14.4: the requirements of card c besides its price, met by a player with the
    cards ``hand`` (ids, negative entries ignored; c itself never pays for itself),
    ``cp`` CP and ``figures`` personal figures, while ``on_board[n]`` markers of nation n
    lie on the board (MA-9.7). An item payment is reduced by ``waived[item]`` cards (the
    player's PI cards, MA-15.2). A pure query: the engine and the bots fill in what they know."""
    needed = 0
    for j in range(projects.CARD_REQ_COUNT[c]):
        kind, a0, a1 = projects.CARD_REQ_KIND[c, j], projects.CARD_REQ_A0[c, j], projects.CARD_REQ_A1[c, j]
        if kind == projects.REQ_ASSISTANT or kind == projects.REQ_FIGURE_ON_CARD:
            needed += 1
        elif kind == projects.REQ_RETURN_FIGURES:
            needed += a0
        elif kind == projects.REQ_PAY_ITEMS:
            have = 0
            for h in hand:
                if h >= 0 and h != c and projects.CARD_SYMBOL[h] == a0:
                    have += 1
            if have < max(0, a1 - waived[a0]):
                return False
        elif kind == projects.REQ_NATION_MARKERS:
            if on_board[a0] < a1:
                return False
        elif kind == projects.REQ_PAY_CP:
            if cp < a0:
                return False
    return figures >= needed


@njit(cache=True)
def nation_markers_on_board(rec):
    """Markers of each nation on the board (MA-9.7)."""
    out = np.zeros(NUM_NATIONS, dtype=np.int64)
    for n in range(NUM_NATIONS):
        out[n] = markers_on_board(rec, n)
    return out


@njit(cache=True)
def permanent_item_counts(rec, p):
    """p's PI cards per item symbol: what each item payment is reduced by (MA-15.2)."""
    out = np.zeros(NUM_SYMBOLS, dtype=np.int64)
    for s in range(NUM_SYMBOLS):
        out[s] = permanent_items(rec, p, s)
    return out


@njit(cache=True)
def can_buy(rec, p, c):
    """MA-14.3 / MA-14.4: D and every requirement; the card never pays for itself."""
    return can_buy_given(rec, p, c, nation_markers_on_board(rec), permanent_item_counts(rec, p))


@njit(cache=True)
def can_buy_given(rec, p, c, on_board, waived):
    """``can_buy`` with the markers on the board and p's PI counts found by the caller
    (``mask_purchases`` finds them once for all its cards)."""
    if rec.coins[p] < price(rec, p, projects.CARD_COST[c]):
        return False
    return requirements_met(c, rec.hand[p, : rec.hand_len[p]], on_board, rec.cp[p], rec.fig_personal[p], waived)


@njit(cache=True)
def buy(rec, p, c):
    """Pay and take the card (the caller removed it from hand / planning)."""
    rec.coins[p] -= price(rec, p, projects.CARD_COST[c])
    rec.card_where[c] = W_BOUGHT + p
    herbs = 0
    for j in range(projects.CARD_REQ_COUNT[c]):
        kind, a0, a1 = projects.CARD_REQ_KIND[c, j], projects.CARD_REQ_A0[c, j], projects.CARD_REQ_A1[c, j]
        if kind == projects.REQ_ASSISTANT:  # MA-13.1
            rec.fig_personal[p] -= 1
            for s in range(8):
                if rec.assistants[p, s] < 0:
                    rec.assistants[p, s] = c
                    break
        elif kind == projects.REQ_FIGURE_ON_CARD:
            rec.fig_personal[p] -= 1
            rec.card_figs[c] += 1
        elif kind == projects.REQ_RETURN_FIGURES:
            rec.fig_personal[p] -= a0
            rec.fig_general[p] += a0
        elif kind == projects.REQ_PAY_ITEMS:
            herbs = item_payment(rec, p, a0, a1)
        elif kind == projects.REQ_PAY_CP:
            rec.cp[p] -= a0
    push(rec, Frame.CARD, 0, c, NONE, 0)
    if herbs > 0:
        push(rec, Frame.PAY, 0, 0, HERB, herbs)


@njit(cache=True)
def buy_from_hand(rec, p, i):
    buy(rec, p, hand_take(rec, p, i))


@njit(cache=True)
def buy_from_plan(rec, p, s):
    c = rec.planning[p, s]
    rec.planning[p, s] = -1
    buy(rec, p, c)


@njit(cache=True)
def mask_purchases(rec, p, out):
    """VA-C in a village batch, option a of scoring step 1: BUY_HAND, BUY_PLAN, INVEST
    (MA-14.3, MA-16)."""
    on_board, waived = nation_markers_on_board(rec), permanent_item_counts(rec, p)
    for i in range(rec.hand_len[p]):
        if can_buy_given(rec, p, rec.hand[p, i], on_board, waived):
            out[A_BUY_HAND + i] = True
    for s in range(3):
        if rec.planning[p, s] >= 0 and can_buy_given(rec, p, rec.planning[p, s], on_board, waived):
            out[A_BUY_PLAN + s] = True
    for s in range(4):
        if can_invest(rec, p, s):
            out[A_INVEST + s] = True


@njit(cache=True)
def buy_or_invest(rec, p, fam, param):
    """BUY_HAND(i), BUY_PLAN(slot) or INVEST(space) (the caller counts the action)."""
    if fam == Family.BUY_HAND:
        buy_from_hand(rec, p, param)
    elif fam == Family.BUY_PLAN:
        buy_from_plan(rec, p, param)
    else:
        invest(rec, p, param)


# ----- income and synergies (MA-15.1, MA-15.4) ---------------------------------------------
@njit(cache=True)
def _conditional_income(rec, p, c, syn):
    for j in range(projects.CARD_FX_COUNT[c]):
        if projects.CARD_FX_A0[c, j] == syn:
            if projects.CARD_FX_FAMILY[c, j] == projects.F_IDS:
                add_d_income(rec, p, projects.CARD_FX_A1[c, j])
            elif projects.CARD_FX_FAMILY[c, j] == projects.F_IVS:
                add_vp_income(rec, p, projects.CARD_FX_A1[c, j])


@njit(cache=True)
def gain_synergy(rec, p, syn):
    """A synergy you lack: take it and apply the conditional income it unlocks on
    all your cards (MA-15.1)."""
    if rec.synergy[p, syn]:
        return
    rec.synergy[p, syn] = 1
    for c in range(NC):
        if rec.card_where[c] == W_BOUGHT + p:
            _conditional_income(rec, p, c, syn)


@njit(cache=True)
def _card_income(rec, p, c):
    """The card's income before its own synergy symbol is gained (so nothing counts twice)."""
    for j in range(projects.CARD_FX_COUNT[c]):
        fam, a0, a1 = projects.CARD_FX_FAMILY[c, j], projects.CARD_FX_A0[c, j], projects.CARD_FX_A1[c, j]
        if fam == projects.F_ID:
            add_d_income(rec, p, a0)
        elif fam == projects.F_IV:
            add_vp_income(rec, p, a0)
        elif (fam == projects.F_IDS or fam == projects.F_IVS) and rec.synergy[p, a0]:
            if fam == projects.F_IDS:
                add_d_income(rec, p, a1)
            else:
                add_vp_income(rec, p, a1)


# ----- immediate effects (MA-15.3) -------------------------------------------------------
@njit(cache=True)
def _auto_effect(rec, p, c, fam, a0, a1):
    """Immediate effects without a decision; False if it needs one."""
    if fam == projects.F_XI2:
        gain_influence(rec, p, a0, a1)
    elif fam == projects.F_XCP:
        gain_cp(rec, p, a0)
    elif fam == projects.F_XDS:
        push_remove(rec, a0)
    elif fam == projects.F_XF2:
        gain_figures(rec, p, a0)
    elif fam == projects.F_XQC:  # GAP-52: the top tile of the pile onto this card
        if rec.quest_pile_len > 0:
            rec.quest_pile_len -= 1
            q = rec.quest_pile[rec.quest_pile_len]
            rec.quest_pile[rec.quest_pile_len] = -1
            rec.quest_state[q] = QS_CARD
            rec.quest_arg[q] = c
    elif fam == projects.F_XVT:
        gain_vp(rec, p, a0 * num_tokens(rec, p))
    elif fam == projects.F_XVA:
        gain_vp(rec, p, a0 * num_assistants(rec, p))
    elif fam == projects.F_XVQ:
        gain_vp(rec, p, a0 * num_quests_done(rec, p))
    elif fam == projects.F_XVC:
        gain_vp(rec, p, a0 * compasses(rec, p))
    elif fam == projects.F_XVS:
        gain_vp(rec, p, a0 * num_synergies(rec, p))
    elif fam == projects.F_XV3:
        k = 0
        for a in range(3):
            if rec.influence[p, a] >= a1:
                k += 1
        gain_vp(rec, p, a0 * k)
    elif (
        fam == projects.F_XI1
        or fam == projects.F_XSA
        or fam == projects.F_XVM
        or fam == projects.F_XVN
        or fam == projects.F_XFC
    ):
        return False
    return True  # income, permanent and assistant panels: nothing now


@njit(cache=True)
def card_frame(rec):
    """Frame.CARD: pc 0 = income + synergy symbol; pc 1+j = effect j (MA-14.3 order)."""
    k = top(rec)
    p = rec.current_player
    c = rec.stk_id[k]
    pc = rec.stk_pc[k]
    if pc == 0:
        _card_income(rec, p, c)
        if projects.CARD_SYNERGY[c] != NONE:
            gain_synergy(rec, p, projects.CARD_SYNERGY[c])
        rec.stk_pc[k] = 1
        return Decision.NONE
    j = pc - 1
    if j >= projects.CARD_FX_COUNT[c]:
        pop(rec)
        return Decision.NONE
    fam, a0, a1 = projects.CARD_FX_FAMILY[c, j], projects.CARD_FX_A0[c, j], projects.CARD_FX_A1[c, j]
    if _auto_effect(rec, p, c, fam, a0, a1):
        rec.stk_pc[k] = pc + 1
        return Decision.NONE
    if fam == projects.F_XSA:
        if num_synergies(rec, p) == NUM_SYNERGIES:
            rec.stk_pc[k] = pc + 1
            return Decision.NONE
        return Decision.SYNERGY
    if fam == projects.F_XFC:
        return Decision.COUNT
    if fam == projects.F_XVM:
        if rec.stk_x[k] == NONE:
            if not any_empty_village(rec):
                rec.stk_pc[k] = pc + 1  # nothing if no village is empty (MA-15.3)
                return Decision.NONE
            return Decision.NATION
        return Decision.LOCATION
    if fam == projects.F_XVN:
        if rec.stk_x[k] == NONE:
            return Decision.NATION
        return Decision.LOCATION
    return Decision.NATION  # XI1


@njit(cache=True)
def card_nation_legal(rec, nation):
    """CHOOSE_NATION under an Frame.CARD frame: XVM needs that nation's supply (MA-9.8)."""
    k = top(rec)
    c = rec.stk_id[k]
    fam = projects.CARD_FX_FAMILY[c, rec.stk_pc[k] - 1]
    if fam == projects.F_XVM:
        return supply_left(rec, nation) > 0
    return True


@njit(cache=True)
def _next_effect(rec, k):
    rec.stk_pc[k] += 1
    rec.stk_x[k] = NONE


@njit(cache=True)
def apply_card_nation(rec, nation):
    k = top(rec)
    p = rec.current_player
    c = rec.stk_id[k]
    j = rec.stk_pc[k] - 1
    fam = projects.CARD_FX_FAMILY[c, j]
    if fam == projects.F_XI1:
        gain_influence(rec, p, nation, projects.CARD_FX_A0[c, j])
        _next_effect(rec, k)
    elif fam == projects.F_XVM:
        rec.stk_x[k] = nation
    else:  # XVN: the marker part needs supply and an empty village (GAP-56)
        if supply_left(rec, nation) > 0 and any_empty_village(rec):
            rec.stk_x[k] = nation
        else:
            next_noble_level(rec, p, nation)
            _next_effect(rec, k)


@njit(cache=True)
def mask_card_location(rec, p, out):
    """Decision.LOCATION (XVM / XVN, MA-15.3): an empty village."""
    for loc in range(1, NL):
        if empty_village(rec, loc):
            out[A_LOCATION + loc - 1] = True


@njit(cache=True)
def apply_card_location(rec, p, fam, param):
    """CHOOSE_LOCATION(param): the chosen nation's marker onto location param + 1."""
    loc = param + 1
    k = top(rec)
    c = rec.stk_id[k]
    fx = projects.CARD_FX_FAMILY[c, rec.stk_pc[k] - 1]
    nation = rec.stk_x[k]
    place_marker(rec, nation, loc)
    if fx == projects.F_XVN:
        next_noble_level(rec, p, nation)
    _next_effect(rec, k)


@njit(cache=True)
def mask_card_synergy(rec, p, out):
    """Decision.SYNERGY (XSA, MA-15.3): a synergy p lacks."""
    for s in range(NUM_SYNERGIES):
        if not rec.synergy[p, s]:
            out[A_SYNERGY + s] = True


@njit(cache=True)
def apply_card_synergy(rec, p, fam, syn):
    k = top(rec)
    gain_synergy(rec, p, syn)
    _next_effect(rec, k)


@njit(cache=True)
def mask_card_count(rec, p, out):
    """Decision.COUNT (XFC, MA-15.3): 0 up to the personal figures (at most 8)."""
    for n in range(min(rec.fig_personal[p], 8) + 1):
        out[A_COUNT + n] = True


@njit(cache=True)
def apply_card_count(rec, p, fam, n):
    """XFC: n figures onto the card, +a0 doubloon income each (MA-15.3)."""
    k = top(rec)
    c = rec.stk_id[k]
    j = rec.stk_pc[k] - 1
    rec.fig_personal[p] -= n
    rec.card_figs[c] += n
    add_d_income(rec, p, n * projects.CARD_FX_A0[c, j])
    _next_effect(rec, k)


# ----- prestige (MA-16) -------------------------------------------------------------------
@njit(cache=True)
def can_invest(rec, p, s):
    """MA-16.1 / MA-16.3: revealed, not yet invested by p, a figure and the price."""
    if s >= rec.prestige_revealed or rec.invested[p, s]:
        return False
    return rec.fig_personal[p] > 0 and rec.coins[p] >= price(rec, p, prestige.PRESTIGE_COST[rec.prestige[s]])


@njit(cache=True)
def invest(rec, p, s):
    first = True
    for q in range(rec.num_players):
        if rec.invested[q, s]:
            first = False
    rec.coins[p] -= price(rec, p, prestige.PRESTIGE_COST[rec.prestige[s]])
    rec.fig_personal[p] -= 1
    rec.invested[p, s] = 1
    gain_synergy(rec, p, CROWN)
    if first:
        gain_vp(rec, p, PRESTIGE_FIRST_INVESTOR_VP)
