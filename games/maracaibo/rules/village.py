"""Village actions (MA-11): the batch frame Frame.VILLAGE (stk_x = actions left), its
options (MA-11.3, card-granted VMV / VMD / VBK / VG2 / XQC included) and the city
action with delivery (MA-7)."""

from numba import njit

from ..data import actions, board, legacy, projects, ship
from ..data.codes import BOOK, MAP, S_GAIN_D, S_GAIN_D_AND_VP, S_GAIN_VP
from ..spaces import (
    A_DELIVER,
    A_VILLAGE,
    Family,
    NUM_VILLAGE_OPTIONS,
    VO_A,
    VO_B,
    VO_STOP,
    VO_U10,
    VO_U8,
    VO_U9,
    VO_VBK,
    VO_VG2,
    VO_VMD,
    VO_VMV,
    VO_XQC,
)
from ..state import Decision, Frame, H_MAX, NL, NQ, QS_CARD, Source
from .buying import buy_or_invest, mask_purchases
from .cards import discard_from_hand, hand_count_symbol
from .combat import gain_cp
from .discs import any_disc_removable, push_remove
from .effects import nth_card_effect
from .explore import push_explore
from .frames import count_frame, pop, push, top
from .nobility import gain_influence, place_marker, supply_left
from .player import gain_coins
from .quests import claim_quest, item_payment, quest_available
from .legacy import at_new_city, plagued
from .locations import has_market, is_village, quest_city
from .story_tiles import place_quest_from_pile
from .sailing import sail_steps


# ----- card instances (MA-28.2: ordered by card id among the bought cards) ----------------
@njit(cache=True)
def card_instance(rec, p, family, inst):
    """Card id of p's inst-th bought card with ``family``, -1 if none; also its effect index."""
    return nth_card_effect(rec, p, family, family, inst)


@njit(cache=True)
def quest_on_card(rec, c):
    for q in range(NQ):
        if rec.quest_state[q] == QS_CARD and rec.quest_arg[q] == c:
            return q
    return -1


@njit(cache=True)
def _items_ok(rec, p, item, n):
    """n cards of ``item`` can be paid (PI cards reduce it, MA-15.2); and how many to pay."""
    m = item_payment(rec, p, item, n)
    return hand_count_symbol(rec, p, item) >= m, m


# ----- the batch ----------------------------------------------------------------------
@njit(cache=True)
def village_main_count(rec, p, mp):
    """MA-11.2 (and GAP-30 with the MP of an extra sail)."""
    return village_actions(mp, rec.discs[p, ship.U1] == 0)


@njit(cache=True)
def village_main_actions(rec, p):
    """MA-11.2 / GAP-30: village actions of the village main action now: by the MP sailed
    this turn, after an extra sail (MA-13.6) by that sail's MP."""
    return village_main_count(rec, p, rec.last_sail_mp if rec.extra_main != 0 else rec.mp_spent)


@njit(cache=True)
def village_actions_after_sail(rec, p, dest):
    """The village actions (MA-11.2) the village main action at ``dest`` would give after
    p sails there now: a Phase A sail counts the turn's MP, an extra sail (MA-13.6) its
    own (GAP-30); 0 where ``dest`` is no village."""
    if dest >= NL or not is_village(rec, dest):  # a new city (MA-26.4 L4 / L7, L1) is no village
        return 0
    steps = sail_steps(rec, dest)
    return village_main_count(rec, p, steps if rec.stk_len > 0 else rec.mp_spent + steps)


@njit(cache=True)
def village_actions(mp, u1_done):
    """MA-11.2: village actions after sailing ``mp`` (1-7, clamped), more with upgrade U1."""
    mp = min(max(mp, 1), 7)
    return actions.VILLAGE_ACTIONS_BY_MP_U1[mp] if u1_done else actions.VILLAGE_ACTIONS_BY_MP[mp]


@njit(cache=True)
def village_frame(rec):
    return count_frame(rec, rec.stk_x[top(rec)], Decision.VILLAGE)


@njit(cache=True)
def village_option_legal(rec, p, o):
    """VILLAGE_OPTION legality (MA-11.3); VA-C is BUY_HAND / BUY_PLAN / INVEST."""
    if o == VO_A or o == VO_B or o == VO_STOP:
        return True
    if o == VO_U8:
        return rec.discs[p, ship.U8] == 0
    if VO_U9 <= o < VO_U10:
        return rec.discs[p, ship.U9] == 0 and hand_count_symbol(rec, p, o - VO_U9) >= 3
    if VO_U10 <= o < VO_VG2:
        loc = rec.ship[p]
        return (
            rec.discs[p, ship.U10] == 0
            and is_village(rec, loc)
            and not at_new_city(rec, p)
            and rec.marker_at[loc] < 0
            and supply_left(rec, o - VO_U10) > 0
        )
    if VO_VG2 <= o < VO_VMV:
        c, _ = card_instance(rec, p, projects.F_VG2, 0)
        return c >= 0 and hand_count_symbol(rec, p, o - VO_VG2) >= 2
    if o == VO_VMV or o == VO_VMD:
        c, _ = card_instance(rec, p, projects.F_VMV if o == VO_VMV else projects.F_VMD, 0)
        ok, _ = _items_ok(rec, p, MAP, 2)
        return c >= 0 and ok
    if VO_VBK <= o < VO_XQC:
        c, _ = card_instance(rec, p, projects.F_VBK, o - VO_VBK)
        ok, _ = _items_ok(rec, p, BOOK, 2)
        return c >= 0 and ok
    c, _ = card_instance(rec, p, projects.F_XQC, o - VO_XQC)
    if c < 0:
        return False
    q = quest_on_card(rec, c)
    return q >= 0 and quest_available(rec, p, q)


@njit(cache=True)
def _single(rec, code, a0):
    push(rec, Frame.PROG, Source.SINGLE, 0, code, a0)


@njit(cache=True)
def apply_village_option(rec, o):
    """One village action; "last" options end the batch (MA-11.4). Payments go on top
    of the rewards so they resolve first."""
    k = top(rec)
    p = rec.current_player
    rec.stk_x[k] -= 1
    if o == VO_STOP:  # MA-11.5
        rec.stk_x[k] = 0
    elif o == VO_A:
        n = rec.hand_len[p]
        for _ in range(n):
            discard_from_hand(rec, p, 0)
        if n > 0:
            gain_coins(rec, p, actions.VO_PROG_A0[actions.VA_A, 1])
    elif o == VO_B:
        gain_coins(rec, p, actions.VO_PROG_A0[actions.VA_B, 0])
    elif o == VO_U8:
        gain_cp(rec, p, actions.VO_PROG_A0[actions.VA_U8, 0])
        gain_coins(rec, p, actions.VO_PROG_A0[actions.VA_U8, 1])
    elif VO_U9 <= o < VO_U10:
        push(rec, Frame.PROG, Source.VILLAGE, actions.VA_U9, 0, 0)
        rec.stk_pc[top(rec)] = 1  # after the payment step
        push(rec, Frame.PAY, 0, 0, o - VO_U9, actions.VO_PROG_A0[actions.VA_U9, 0])
    elif VO_U10 <= o < VO_VG2:
        nation = o - VO_U10
        place_marker(rec, nation, rec.ship[p])
        gain_influence(rec, p, nation, actions.VO_PROG_A0[actions.VA_U10, 0])
        gain_coins(rec, p, actions.VO_PROG_A0[actions.VA_U10, 1])
    elif VO_VG2 <= o < VO_VMV:
        c, j = card_instance(rec, p, projects.F_VG2, 0)
        _single(rec, S_GAIN_D, projects.CARD_FX_A0[c, j])
        push(rec, Frame.PAY, 0, 0, o - VO_VG2, 2)
    elif o == VO_VMV or o == VO_VMD:
        rec.stk_x[k] = 0
        c, j = card_instance(rec, p, projects.F_VMV if o == VO_VMV else projects.F_VMD, 0)
        push_explore(rec, projects.CARD_FX_A1[c, j])
        _single(rec, S_GAIN_VP if o == VO_VMV else S_GAIN_D, projects.CARD_FX_A0[c, j])
        _, n = _items_ok(rec, p, MAP, 2)
        if n > 0:
            push(rec, Frame.PAY, 0, 0, MAP, n)
    elif VO_VBK <= o < VO_XQC:
        rec.stk_x[k] = 0
        c, j = card_instance(rec, p, projects.F_VBK, o - VO_VBK)
        _single(rec, S_GAIN_D_AND_VP, projects.CARD_FX_A0[c, j])
        _, n = _items_ok(rec, p, BOOK, 2)
        if n > 0:
            push(rec, Frame.PAY, 0, 0, BOOK, n)
    else:  # XQC: complete the quest on that card once (GAP-52)
        rec.stk_x[k] = 0
        c, _ = card_instance(rec, p, projects.F_XQC, o - VO_XQC)
        claim_quest(rec, p, quest_on_card(rec, c))


# ----- city actions and delivery (MA-7) ----------------------------------------------------
@njit(cache=True)
def city_action_at(rec, loc):
    """The printed action or the city tile's (MA-3.3, D1, D3); -1 at villages and under
    the plague (MA-26.4 L3)."""
    if plagued(rec, loc):
        return -1
    if rec.tile_at[loc] >= 0:
        return board.TILE_ACTION[rec.tile_at[loc]]
    if board.LOC_KIND[loc] == board.CITY or board.LOC_KIND[loc] == board.RETURN:
        return board.LOC_CITY_ACTION[loc]
    return -1


@njit(cache=True)
def market_good_at(rec, loc):
    if quest_city(rec, loc):  # MA-26.4 L1 (PLACEHOLDER good)
        return legacy.QUEST_CITY_GOOD
    if rec.tile_at[loc] >= 0:
        return board.TILE_GOOD[rec.tile_at[loc]]
    return board.LOC_MARKET_GOOD[loc]


@njit(cache=True)
def city_action_here(rec, p):
    """The city action at the ship of ``p``: ``city_action_at``, or at a new city its program
    (MA-26.4 L4 / L7, data/legacy.py NEW_CITY_ACTION)."""
    if at_new_city(rec, p):
        return legacy.NEW_CITY_ACTION[rec.legacy_city[p]]
    return city_action_at(rec, rec.ship[p])


@njit(cache=True)
def deliverable(rec, p, i):
    """MA-7.2: hand card i shows the market's good and a market slot is free; a new city
    takes its good without slots (MA-26.4 L4 / L7: "deliver one good")."""
    if i >= rec.hand_len[p] or not any_disc_removable(rec, p):
        return False
    if at_new_city(rec, p):
        return projects.CARD_SYMBOL[rec.hand[p, i]] == legacy.NEW_CITY_GOOD[rec.legacy_city[p]]
    loc = rec.ship[p]
    return (
        has_market(rec, loc)
        and rec.market[loc] < market_slots(rec)
        and projects.CARD_SYMBOL[rec.hand[p, i]] == market_good_at(rec, loc)
    )


@njit(cache=True)
def can_deliver(rec, p):
    for i in range(rec.hand_len[p]):
        if deliverable(rec, p, i):
            return True
    return False


@njit(cache=True)
def main_city_legal(rec, p):
    """MA-7: a city action here; MA-26.4 L1: at Puerto Cabezas the city action without a
    quest is the delivery alone, so it needs a good to deliver."""
    if not at_new_city(rec, p) and quest_city(rec, rec.ship[p]):
        return can_deliver(rec, p)
    return city_action_here(rec, p) >= 0


@njit(cache=True)
def start_city_action(rec, p):
    """MA-7.1: delivery first (if possible), then the city's program; MA-26.4 L1: the
    delivery alone (``start_quest_city_action`` adds the quest)."""
    if not at_new_city(rec, p) and quest_city(rec, rec.ship[p]):
        if can_deliver(rec, p):
            push(rec, Frame.DELIVER, 0, 0, 0, 0)
        return
    push(rec, Frame.PROG, Source.CITY, city_action_here(rec, p), 0, 0)
    if can_deliver(rec, p):
        push(rec, Frame.DELIVER, 0, 0, 0, 0)


@njit(cache=True)
def start_quest_city_action(rec, p, q):
    """MA-26.4 L1: Puerto Cabezas' city action with its quest: the quest ``q`` there is
    completed (MA-12.2: costs first) and the slot refilled from the quest pile (GAP-38:
    nothing if it is empty); then one good may be delivered if a market slot is free.
    The delivery comes last so that it never takes a card the quest's payment needs."""
    if can_deliver(rec, p):
        push(rec, Frame.DELIVER, 0, 0, 0, 0)
    claim_quest(rec, p, q)
    place_quest_from_pile(rec, rec.ship[p])


@njit(cache=True)
def deliver_frame(rec):
    return Decision.DELIVER


@njit(cache=True)
def mask_deliver(rec, p, out):
    """Decision.DELIVER (MA-7.2): a hand card of the market's good, or skip."""
    for i in range(H_MAX):
        if deliverable(rec, p, i):
            out[A_DELIVER + i] = True
    out[A_DELIVER + H_MAX] = True


@njit(cache=True)
def apply_deliver(rec, p, fam, i):
    """DELIVER(i): discard the card, one disc to the market (MA-7.2, GAP-51); 8 = skip."""
    pop(rec)
    if i < 8:
        discard_from_hand(rec, p, i)
        if not at_new_city(rec, p):  # a new city has no market slots (MA-26.4)
            rec.market[rec.ship[p]] += 1
        push_remove(rec, 1)


@njit(cache=True)
def start_village_batch(rec, n):
    push(rec, Frame.VILLAGE, 0, 0, n, 0)


# ----- the decision Decision.VILLAGE ---------------------------------------------------------------
@njit(cache=True)
def mask_village(rec, p, out):
    """Decision.VILLAGE (MA-11.3): a village option, or VA-C: a purchase or an investment."""
    for o in range(NUM_VILLAGE_OPTIONS):
        if village_option_legal(rec, p, o):
            out[A_VILLAGE + o] = True
    mask_purchases(rec, p, out)


@njit(cache=True)
def apply_village(rec, p, fam, param):
    """VILLAGE_OPTION(param), or VA-C (BUY_HAND / BUY_PLAN / INVEST), one action each."""
    if fam == Family.VILLAGE_OPTION:
        apply_village_option(rec, param)
    else:
        rec.stk_x[top(rec)] -= 1
        buy_or_invest(rec, p, fam, param)


# ----- market slots (MA-7.2) ---------------------------------------------------------------
@njit(cache=True)
def market_slots(rec):
    """MA-7.2: market slots per city by player count."""
    return board.MARKET_SLOTS_BY_PLAYERS[rec.num_players]
