"""Buying project cards (MA-14), their income (MA-15.1, MA-19), immediate effects
(MA-15.3) and synergies (MA-15.4); investing in prestige buildings (MA-16).

A purchase pays D, CP and figures at once, puts the card into the personal display,
places the assistant, then pushes an F_CARD frame (income, synergy, brown effects in
printed order) under an F_PAY frame for herb payments (paid first)."""

import numpy as np
from numba import njit

from ..data import board, prestige, projects, tracks
from ..data.codes import CROWN, HERB, NONE, NUM_NATIONS, NUM_SYMBOLS, NUM_SYNERGIES
from ..data.components import PRESTIGE_FIRST_INVESTOR_VP
from ..state import (
    D_COUNT, D_LOCATION, D_NATION, D_NONE, D_SYNERGY, F_CARD, F_PAY, NC, NL, QS_CARD, W_BOUGHT,
)
from .common import (
    add_d_income, add_vp_income, compasses, family_total, gain_cp, gain_figures, gain_influence,
    gain_vp, hand_take, markers_on_board, num_assistants, num_quests_done, num_synergies, num_tokens,
    permanent_items, pop, push, supply_left, top,
)
from .discs import push_remove
from .quests import item_payment

CARD_COST, CARD_SYNERGY, CARD_SYMBOL = projects.CARD_COST, projects.CARD_SYNERGY, projects.CARD_SYMBOL
REQ_KIND, REQ_A0, REQ_A1, REQ_COUNT = (
    projects.CARD_REQ_KIND, projects.CARD_REQ_A0, projects.CARD_REQ_A1, projects.CARD_REQ_COUNT)
FX_FAMILY, FX_A0, FX_A1, FX_COUNT = (
    projects.CARD_FX_FAMILY, projects.CARD_FX_A0, projects.CARD_FX_A1, projects.CARD_FX_COUNT)
NEXT_NOBLE_POSITION = tracks.NEXT_NOBLE_POSITION
LOC_KIND = board.LOC_KIND
VILLAGE = board.VILLAGE
PRESTIGE_COST = prestige.PRESTIGE_COST
# families that need a decision when bought (handled by card_frame)
F_XI1, F_XSA, F_XVM, F_XVN, F_XFC = projects.F_XI1, projects.F_XSA, projects.F_XVM, projects.F_XVN, projects.F_XFC


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
    for j in range(REQ_COUNT[c]):
        kind, a0, a1 = REQ_KIND[c, j], REQ_A0[c, j], REQ_A1[c, j]
        if kind == projects.REQ_ASSISTANT or kind == projects.REQ_FIGURE_ON_CARD:
            needed += 1
        elif kind == projects.REQ_RETURN_FIGURES:
            needed += a0
        elif kind == projects.REQ_PAY_ITEMS:
            have = 0
            for h in hand:
                if h >= 0 and h != c and CARD_SYMBOL[h] == a0:
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
    if rec.coins[p] < price(rec, p, CARD_COST[c]):
        return False
    return requirements_met(c, rec.hand[p, :rec.hand_len[p]], nation_markers_on_board(rec), rec.cp[p],
                            rec.fig_personal[p], permanent_item_counts(rec, p))


@njit(cache=True)
def buy(rec, p, c):
    """Pay and take the card (the caller removed it from hand / planning)."""
    rec.coins[p] -= price(rec, p, CARD_COST[c])
    rec.card_where[c] = W_BOUGHT + p
    herbs = 0
    for j in range(REQ_COUNT[c]):
        kind, a0, a1 = REQ_KIND[c, j], REQ_A0[c, j], REQ_A1[c, j]
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
    push(rec, F_CARD, 0, c, NONE, 0)
    if herbs > 0:
        push(rec, F_PAY, 0, 0, HERB, herbs)


@njit(cache=True)
def buy_from_hand(rec, p, i):
    buy(rec, p, hand_take(rec, p, i))


@njit(cache=True)
def buy_from_plan(rec, p, s):
    c = rec.planning[p, s]
    rec.planning[p, s] = -1
    buy(rec, p, c)


# ----- income and synergies (MA-15.1, MA-15.4) ---------------------------------------------
@njit(cache=True)
def _conditional_income(rec, p, c, syn):
    for j in range(FX_COUNT[c]):
        if FX_A0[c, j] == syn:
            if FX_FAMILY[c, j] == projects.F_IDS:
                add_d_income(rec, p, FX_A1[c, j])
            elif FX_FAMILY[c, j] == projects.F_IVS:
                add_vp_income(rec, p, FX_A1[c, j])


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
    for j in range(FX_COUNT[c]):
        fam, a0, a1 = FX_FAMILY[c, j], FX_A0[c, j], FX_A1[c, j]
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
def empty_village(rec, loc):
    return LOC_KIND[loc] == VILLAGE and rec.marker_at[loc] < 0


@njit(cache=True)
def any_empty_village(rec):
    for loc in range(NL):
        if empty_village(rec, loc):
            return True
    return False


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
    elif fam == F_XI1 or fam == F_XSA or fam == F_XVM or fam == F_XVN or fam == F_XFC:
        return False
    return True  # income, permanent and assistant panels: nothing now


@njit(cache=True)
def card_frame(rec):
    """F_CARD: pc 0 = income + synergy symbol; pc 1+j = effect j (MA-14.3 order)."""
    k = top(rec)
    p = rec.current_player
    c = rec.stk_id[k]
    pc = rec.stk_pc[k]
    if pc == 0:
        _card_income(rec, p, c)
        if CARD_SYNERGY[c] != NONE:
            gain_synergy(rec, p, CARD_SYNERGY[c])
        rec.stk_pc[k] = 1
        return D_NONE
    j = pc - 1
    if j >= FX_COUNT[c]:
        pop(rec)
        return D_NONE
    fam, a0, a1 = FX_FAMILY[c, j], FX_A0[c, j], FX_A1[c, j]
    if _auto_effect(rec, p, c, fam, a0, a1):
        rec.stk_pc[k] = pc + 1
        return D_NONE
    if fam == F_XSA:
        if num_synergies(rec, p) == NUM_SYNERGIES:
            rec.stk_pc[k] = pc + 1
            return D_NONE
        return D_SYNERGY
    if fam == F_XFC:
        return D_COUNT
    if fam == F_XVM:
        if rec.stk_x[k] == NONE:
            if not any_empty_village(rec):
                rec.stk_pc[k] = pc + 1  # nothing if no village is empty (MA-15.3)
                return D_NONE
            return D_NATION
        return D_LOCATION
    if fam == F_XVN:
        if rec.stk_x[k] == NONE:
            return D_NATION
        return D_LOCATION
    return D_NATION  # XI1


@njit(cache=True)
def card_nation_legal(rec, nation):
    """CHOOSE_NATION under an F_CARD frame: XVM needs that nation's supply (MA-9.8)."""
    k = top(rec)
    c = rec.stk_id[k]
    fam = FX_FAMILY[c, rec.stk_pc[k] - 1]
    if fam == F_XVM:
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
    fam = FX_FAMILY[c, j]
    if fam == F_XI1:
        gain_influence(rec, p, nation, FX_A0[c, j])
        _next_effect(rec, k)
    elif fam == F_XVM:
        rec.stk_x[k] = nation
    else:  # XVN: the marker part needs supply and an empty village (GAP-56)
        if supply_left(rec, nation) > 0 and any_empty_village(rec):
            rec.stk_x[k] = nation
        else:
            next_noble_level(rec, p, nation)
            _next_effect(rec, k)


@njit(cache=True)
def place_marker(rec, nation, loc):
    """The leftmost supply marker of ``nation`` onto ``loc`` (MA-3.7, MA-9.8)."""
    if supply_left(rec, nation) > 0:
        rec.marker_at[loc] = nation
        rec.markers_taken[nation] += 1


@njit(cache=True)
def next_noble_level(rec, p, nation):
    """MA-9.4: to the next band; counts as influence gained; nothing from 12 (GAP-37)."""
    from_pos = rec.influence[p, nation]
    gain_influence(rec, p, nation, NEXT_NOBLE_POSITION[from_pos] - from_pos)


@njit(cache=True)
def apply_card_location(rec, loc):
    k = top(rec)
    p = rec.current_player
    c = rec.stk_id[k]
    fam = FX_FAMILY[c, rec.stk_pc[k] - 1]
    nation = rec.stk_x[k]
    place_marker(rec, nation, loc)
    if fam == F_XVN:
        next_noble_level(rec, p, nation)
    _next_effect(rec, k)


@njit(cache=True)
def apply_card_synergy(rec, syn):
    k = top(rec)
    gain_synergy(rec, rec.current_player, syn)
    _next_effect(rec, k)


@njit(cache=True)
def apply_card_count(rec, n):
    """XFC: n figures onto the card, +a0 doubloon income each (MA-15.3)."""
    k = top(rec)
    p = rec.current_player
    c = rec.stk_id[k]
    j = rec.stk_pc[k] - 1
    rec.fig_personal[p] -= n
    rec.card_figs[c] += n
    add_d_income(rec, p, n * FX_A0[c, j])
    _next_effect(rec, k)


# ----- prestige (MA-16) -------------------------------------------------------------------
@njit(cache=True)
def can_invest(rec, p, s):
    """MA-16.1 / MA-16.3: revealed, not yet invested by p, a figure and the price."""
    if s >= rec.prestige_revealed or rec.invested[p, s]:
        return False
    return rec.fig_personal[p] > 0 and rec.coins[p] >= price(rec, p, PRESTIGE_COST[rec.prestige[s]])


@njit(cache=True)
def invest(rec, p, s):
    first = True
    for q in range(rec.num_players):
        if rec.invested[q, s]:
            first = False
    rec.coins[p] -= price(rec, p, PRESTIGE_COST[rec.prestige[s]])
    rec.fig_personal[p] -= 1
    rec.invested[p, s] = 1
    gain_synergy(rec, p, CROWN)
    if first:
        gain_vp(rec, p, PRESTIGE_FIRST_INVESTOR_VP)

