"""Quests (MA-12): where tiles lie, affordability, paying and claiming a tile."""

from numba import njit

from ..data import projects, quests
from ..data.codes import NONE
from ..state import Frame, NC, NQ, QS_BOARD, QS_DONE, W_BOUGHT
from .cards import hand_count_symbol
from .effects import permanent_items
from .frames import push
from .player import gain_vp


@njit(cache=True)
def quests_at(rec, loc, out):
    """Tiles next to ``loc`` in placement order (MA-12.1); returns how many."""
    k = 0
    for order in range(rec.quest_counter):
        for q in range(NQ):
            if rec.quest_state[q] == QS_BOARD and rec.quest_arg[q] == loc and rec.quest_order[q] == order:
                if k < out.shape[0]:
                    out[k] = q
                k += 1
    return k


@njit(cache=True)
def tiles_per_location(rec, out):
    """``out[loc]``: the quest tiles lying next to each location (MA-12.1)."""
    out[:] = 0
    for q in range(NQ):
        if rec.quest_state[q] == QS_BOARD:
            out[rec.quest_arg[q]] += 1


@njit(cache=True)
def item_payment(rec, p, item, n):
    """Cards of ``item`` to discard: n minus the PI(item) cards (MA-11.6, MA-15.2)."""
    return max(0, n - permanent_items(rec, p, item))


@njit(cache=True)
def costs_payable(rec, p, kinds, a0s, a1s, n):
    """Every one of the ``n`` costs (QC_* rows) can be paid now (MA-12.2 / MA-12.3, MA-26.3)."""
    for j in range(n):
        kind, a0, a1 = kinds[j], a0s[j], a1s[j]
        if kind == quests.QC_GOODS:
            if hand_count_symbol(rec, p, a0) < a1:
                return False
        elif kind == quests.QC_ITEMS:
            if hand_count_symbol(rec, p, a0) < item_payment(rec, p, a0, a1):
                return False
        elif kind == quests.QC_FIGURES:
            if rec.fig_personal[p] < a0:
                return False
        elif kind == quests.QC_CP:
            if rec.cp[p] < a0:
                return False
        elif kind == quests.QC_D:
            if rec.coins[p] < a0:
                return False
        elif kind == quests.QC_MIN_MP:
            if rec.mp_spent < a0:
                return False
    return True


@njit(cache=True)
def quest_available(rec, p, q):
    """A quest can be completed now: every cost can be paid (MA-12.2 / MA-12.3)."""
    n = quests.QUEST_COST_COUNT[q]
    return costs_payable(rec, p, quests.QUEST_COST_KIND[q], quests.QUEST_COST_A0[q], quests.QUEST_COST_A1[q], n)


@njit(cache=True)
def pay_costs(rec, p, kinds, a0s, a1s, n):
    """Pay ``n`` costs (QC_* rows): hand cards through Frame.PAY frames (paid first, on top
    of whatever the caller pushed before), the rest at once (MA-12.2, MA-26.3)."""
    for j in range(n):
        kind, a0, a1 = kinds[j], a0s[j], a1s[j]
        if kind == quests.QC_GOODS:
            push(rec, Frame.PAY, 0, 0, a0, a1)
        elif kind == quests.QC_ITEMS:
            m = item_payment(rec, p, a0, a1)
            if m > 0:
                push(rec, Frame.PAY, 0, 0, a0, m)
        elif kind == quests.QC_FIGURES:
            rec.fig_personal[p] -= a0
            rec.fig_general[p] += a0
        elif kind == quests.QC_CP:
            rec.cp[p] -= a0
        elif kind == quests.QC_D:
            rec.coins[p] -= a0


@njit(cache=True)
def quest_bonus(rec, p):
    """MA-12.4: the VP for p's quest tiles now on the ship board (story tiles count, GAP-61)."""
    gain_vp(rec, p, quests.QUEST_BONUS_VP[min(num_quests_done(rec, p), NQ)])


@njit(cache=True)
def claim_quest(rec, p, q):
    """MA-12.2: pay the costs, take the tile (MA-12.4 bonus), then gain the rewards:
    an Frame.QUEST frame, under Frame.PAY frames for card costs (paid first)."""
    rec.quest_state[q] = QS_DONE
    rec.quest_arg[q] = p
    rec.quest_order[q] = -1
    quest_bonus(rec, p)
    push(rec, Frame.QUEST, 0, q, 0, 0)
    n = quests.QUEST_COST_COUNT[q]
    pay_costs(rec, p, quests.QUEST_COST_KIND[q], quests.QUEST_COST_A0[q], quests.QUEST_COST_A1[q], n)


@njit(cache=True)
def quest_step(rec, p, q, pc, compasses):
    """Step pc of the rewards: 0 = the per-compass part (once per compass), then fixed."""
    if pc == 0:
        return quests.QUEST_PER_COMPASS_CODE[q], quests.QUEST_PER_COMPASS_AMOUNT[q] * compasses, 0
    j = pc - 1
    if j < quests.QUEST_REWARD_COUNT[q]:
        return quests.QUEST_REWARD_CODE[q, j], quests.QUEST_REWARD_A0[q, j], quests.QUEST_REWARD_A1[q, j]
    return NONE, 0, 0


# ----- compasses and completed quests (MA-12.2, MA-12.4) -----------------------------------
@njit(cache=True)
def compasses(rec, p):
    """1 printed on the ship board + PCO cards (MA-12.2)."""
    total = 1
    for c in range(NC):
        if rec.card_where[c] == W_BOUGHT + p:
            total += projects.CARD_COMPASSES[c]
    return total


@njit(cache=True)
def num_quests_done(rec, p):
    """MA-12.4: quest tiles on p's ship board, story tiles taken included (GAP-61)."""
    n = 0
    for q in range(rec.quest_state.shape[0]):
        if rec.quest_state[q] == QS_DONE and rec.quest_arg[q] == p:
            n += 1
    for k in range(rec.story_tile_owner.shape[0]):
        if rec.story_tile_owner[k] == p:
            n += 1
    return n
