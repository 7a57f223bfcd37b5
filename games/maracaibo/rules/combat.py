"""Combat (MA-8), over 400 lines as its four decision families and the end of a combat share one frame.

The Frame.COMBAT frame, its four decision families (pile, nation, boost, combat action)
and the end of a combat.

A combat is pushed by the program step COMBAT (city 9 / 17, space 20, quest rewards;
GAP-50). Stages (stk_pc of the frame): 0 the PCB bonus (MA-8.1); 1 choose a pile
(skipped when both are empty, MA-8.2); 2 choose the nation (GAP-21: if none is
affordable the combat ends at once); 3 boosts and combat actions until END (MA-8.5 -
MA-8.7). What the combat has done so far is in the record's ``cb_*`` fields; combats
never nest (no combat action starts another one), and nothing is pushed above the
frame, so it is the top frame whenever a combat decision is pending.
"""

from numba import njit

from ..data import actions, combat, legacy, projects, ship
from ..data.codes import HOUSE, S_GAIN_D, S_GAIN_FIGURES, S_GAIN_VP
from ..data.components import CP_MAX
from ..spaces import (
    A_COMBAT_ACTION,
    A_COMBAT_BOOST,
    A_COMBAT_NATION,
    A_COMBAT_PILE,
    A_LEGACY_ANNEX,
    A_LEGACY_COMBAT,
    CA_CARD,
    CA_END,
    CA_FLAG,
    CA_VILLAGE,
    Family,
)
from ..state import Decision, Frame
from .assistants import assistants_at
from .effects import FX_SUM_A1, card_effects, family_total, nth_card_effect
from .frames import pop, push, top
from .locations import flag_reward, has_flag, is_village
from .legacy import apply_legacy_combat, legacy_combat_legal, new_city_open, plagued
from .nobility import gain_influence, markers_on_board, place_marker, supply_left
from .player import gain_coins, gain_figures, gain_vp

ST_PCB, ST_PILE, ST_NATION, ST_FIGHT = 0, 1, 2, 3
ANNEX_INFLUENCE = 1  # CA2 / CA3: +1 influence of the fighting nation (MA-8.6)
CA4_INFLUENCE = 1  # CIV: +1 influence and +x VP


# ----- start and end ----------------------------------------------------------------
@njit(cache=True)
def _reset(rec):
    rec.cb_token = -1
    rec.cb_nation = -1
    rec.cb_v = 0
    rec.cb_used = 0
    rec.cb_cards = 0


@njit(cache=True)
def push_combat(rec):
    """A full combat MA-8.1 - MA-8.7 (GAP-50)."""
    _reset(rec)
    push(rec, Frame.COMBAT, 0, 0, 0, 0)


@njit(cache=True)
def end_combat(rec):
    """MA-8.7: the revealed token goes face down onto the ship board; V is lost."""
    if rec.cb_token >= 0:
        rec.token_owner[rec.cb_token] = rec.current_player
    _reset(rec)
    pop(rec)


@njit(cache=True)
def piles_empty(rec):
    return rec.token_pile_len[0] == 0 and rec.token_pile_len[1] == 0


@njit(cache=True)
def combat_frame(rec):
    k = top(rec)
    p = rec.current_player
    stage = rec.stk_pc[k]
    if stage == ST_PCB:  # MA-8.1: before anything else
        gain_cp(rec, p, family_total(rec, p, projects.F_PCB))
        rec.stk_pc[k] = ST_PILE
        return Decision.NONE
    if stage == ST_PILE:
        if piles_empty(rec):  # MA-8.2: no token, every nation strength 3
            rec.stk_pc[k] = ST_NATION
            return Decision.NONE
        return Decision.COMBAT_PILE
    if stage == ST_NATION:
        for a in range(3):
            if nation_legal(rec, p, a):
                return Decision.COMBAT_NATION
        end_combat(rec)  # GAP-21: no affordable nation (impossible with D5)
        return Decision.NONE
    return Decision.COMBAT


# ----- MA-8.2: the pile ----------------------------------------------------------------
@njit(cache=True)
def pile_legal(rec, i):
    return rec.token_pile_len[i] > 0


@njit(cache=True)
def mask_pile(rec, p, out):
    """Decision.COMBAT_PILE (MA-8.2): a pile with tokens."""
    for i in range(2):
        if pile_legal(rec, i):
            out[A_COMBAT_PILE + i] = True


@njit(cache=True)
def apply_pile(rec, p, fam, i):
    """Reveal the top token of pile i (RANDOM: the piles were shuffled at setup)."""
    n = rec.token_pile_len[i] - 1
    rec.cb_token = rec.token_pile[i, n]
    rec.token_pile[i, n] = -1
    rec.token_pile_len[i] = n
    rec.stk_pc[top(rec)] = ST_NATION


# ----- MA-8.3 / MA-8.4: the nation ----------------------------------------------------------
@njit(cache=True)
def nation_cost(rec, a):
    t = rec.cb_token
    if t >= 0 and combat.TOKEN_BONUS[t, a] == combat.PAY_D:
        return combat.TOKEN_BONUS_AMOUNT[t, a]
    return 0


@njit(cache=True)
def nation_legal(rec, p, a):
    """GAP-21: a nation whose D cost cannot be paid cannot be chosen."""
    return rec.coins[p] >= nation_cost(rec, a)


@njit(cache=True)
def modifier(rec, a, kind):
    """MA-8.4: MOST-2 / FEWEST+3 only for strictly the most / fewest markers on the
    board (MA-9.7); never on a tie."""
    if kind == combat.NO_MODIFIER:
        return 0
    mine = markers_on_board(rec, a)
    for b in range(3):
        if b != a:
            other = markers_on_board(rec, b)
            if kind == combat.MOST_MINUS_2 and mine <= other:
                return 0
            if kind == combat.FEWEST_PLUS_3 and mine >= other:
                return 0
    return combat.MODIFIER_VALUE[kind]


@njit(cache=True)
def pnc_cp(rec, p, a):
    """MA-8.3: each PNC card naming the nation gives its CP."""
    return card_effects(rec, p, projects.F_PNC, a, FX_SUM_A1)


@njit(cache=True)
def mask_combat_nation(rec, p, out):
    """Decision.COMBAT_NATION (MA-8.3): a nation whose cost p can pay."""
    for a in range(3):
        if nation_legal(rec, p, a):
            out[A_COMBAT_NATION + a] = True


@njit(cache=True)
def apply_combat_nation(rec, p, fam, a):
    """The token's entry for ``a`` (pay / gain), PNC, then V (GAP-46: never below 0)."""
    t = rec.cb_token
    if t >= 0:
        kind, amount = combat.TOKEN_BONUS[t, a], combat.TOKEN_BONUS_AMOUNT[t, a]
        if kind == combat.PAY_D:
            rec.coins[p] -= amount
        elif kind == combat.GAIN_D:
            gain_coins(rec, p, amount)
        elif kind == combat.GAIN_VP:
            gain_vp(rec, p, amount)
        elif kind == combat.GAIN_INFLUENCE:
            gain_influence(rec, p, a, amount)
        elif kind == combat.GAIN_FIGURE:
            gain_figures(rec, p, amount)
        v = combat.TOKEN_STRENGTH[t, a] + modifier(rec, a, combat.TOKEN_MODIFIER[t])
    else:
        v = combat.STRENGTH_WHEN_EXHAUSTED
    gain_cp(rec, p, pnc_cp(rec, p, a))
    rec.cb_nation = a
    rec.cb_v = max(0, v)
    rec.stk_pc[top(rec)] = ST_FIGHT


# ----- MA-8.5: boosting --------------------------------------------------------------------
@njit(cache=True)
def boost_legal(rec, p, i):
    """0: pay 1 CP from the track; 1: return 1 figure from the personal supply."""
    return rec.cp[p] > 0 if i == 0 else rec.fig_personal[p] > 0


@njit(cache=True)
def apply_boost(rec, i):
    p = rec.current_player
    if i == 0:
        rec.cp[p] -= 1
    else:
        rec.fig_personal[p] -= 1
        rec.fig_general[p] += 1
    rec.cb_v += actions.BOOST_PER_CP_OR_FIGURE


# ----- MA-8.6: combat actions ----------------------------------------------------------------
@njit(cache=True)
def combat_card(rec, p, inst):
    """(card, effect index) of p's inst-th CIV / CD3 combat action, by card id (MA-28.2)."""
    return nth_card_effect(rec, p, projects.F_CIV, projects.F_CD3, inst)


@njit(cache=True)
def annex_cost(rec, ca, loc):
    """CA2 at a flag (4 empty / 6 expel), CA3 at a village (2 / 5, GAP-54); -1 if the
    target is not allowed (MA-8.6, MA-9.8, GAP-45)."""
    nation = rec.cb_nation
    if rec.marker_at[loc] == nation or supply_left(rec, nation) <= 0 or plagued(rec, loc):  # MA-26.4 L3
        return -1
    if ca == actions.CA2 and not has_flag(rec, loc):  # MA-26.4 L1: also Puerto Cabezas' new flag
        return -1
    if ca == actions.CA3 and not is_village(rec, loc):
        return -1
    return actions.COMBAT_ACTION_COST[ca, 0] if rec.marker_at[loc] < 0 else actions.COMBAT_ACTION_COST[ca, 1]


@njit(cache=True)
def combat_action_cost(rec, p, a):
    """The strength (V) COMBAT_ACTION(a) costs now (MA-8.6): CA1 +1 / +2 influence 2 / 5,
    CA2 / CA3 by their target (annex_cost), CA4 / CA5 by p's card; 0 for END; -1 where
    there is nothing to pay for (a target not allowed, no such card)."""
    if a == CA_END:
        return 0
    if a < CA_FLAG:
        return actions.COMBAT_ACTION_COST[actions.CA1, a]
    if a < CA_VILLAGE:
        return annex_cost(rec, actions.CA2, a - CA_FLAG + 1)
    if a < CA_CARD:
        return annex_cost(rec, actions.CA3, a - CA_VILLAGE + 1)
    c, j = combat_card(rec, p, a - CA_CARD)
    if c < 0:
        return -1
    ca = actions.CA4 if projects.CARD_FX_FAMILY[c, j] == projects.F_CIV else actions.CA5
    return actions.COMBAT_ACTION_COST[ca, 0]


@njit(cache=True)
def combat_action_legal(rec, p, a):
    """COMBAT_ACTION(a): each kind once per combat, V >= its cost (MA-8.6)."""
    if a == CA_END:
        return True
    cost = combat_action_cost(rec, p, a)
    if cost < 0 or cost > rec.cb_v:
        return False
    if a < CA_FLAG:
        return (rec.cb_used & (1 << actions.CA1)) == 0
    if a < CA_VILLAGE:
        return (rec.cb_used & (1 << actions.CA2)) == 0
    if a < CA_CARD:  # CA3 needs the U7 upgrade
        return rec.discs[p, ship.U7] == 0 and (rec.cb_used & (1 << actions.CA3)) == 0
    return (rec.cb_cards & (1 << (a - CA_CARD))) == 0


@njit(cache=True)
def _claim(rec, p, expel):
    """What every annex gives besides the marker: an expelled marker leaves the game and
    pays PXV; +1 influence of the fighting nation (MA-8.6, MA-9.6)."""
    if expel:
        gain_vp(rec, p, family_total(rec, p, projects.F_PXV))
    gain_influence(rec, p, rec.cb_nation, ANNEX_INFLUENCE)


@njit(cache=True)
def _annex(rec, p, loc):
    """Expel and place the fighting nation's leftmost supply marker at ``loc``."""
    expel = rec.marker_at[loc] >= 0
    rec.marker_at[loc] = -1
    _claim(rec, p, expel)
    place_marker(rec, rec.cb_nation, loc)


@njit(cache=True)
def _flag_reward(rec, p, loc):
    code, amount = flag_reward(rec, loc)
    _gain_reward(rec, p, code, amount)


@njit(cache=True)
def _gain_reward(rec, p, code, amount):
    if code == S_GAIN_D:
        gain_coins(rec, p, amount)
    elif code == S_GAIN_VP:
        gain_vp(rec, p, amount)
    elif code == S_GAIN_FIGURES:
        gain_figures(rec, p, amount)


@njit(cache=True)
def apply_combat_action(rec, a):
    p = rec.current_player
    if a == CA_END:
        end_combat(rec)
        return
    rec.cb_v -= combat_action_cost(rec, p, a)  # before the action changes its target
    nation = rec.cb_nation
    if a < CA_FLAG:
        rec.cb_used |= 1 << actions.CA1
        gain_influence(rec, p, nation, actions.CA1_INFLUENCE[a])
    elif a < CA_VILLAGE:
        loc = a - CA_FLAG + 1
        rec.cb_used |= 1 << actions.CA2
        _annex(rec, p, loc)
        _flag_reward(rec, p, loc)
    elif a < CA_CARD:
        loc = a - CA_VILLAGE + 1
        rec.cb_used |= 1 << actions.CA3
        _annex(rec, p, loc)
        others = 0
        for q in range(rec.num_players):
            if q != p:
                others += assistants_at(rec, q, loc)
        gain_coins(
            rec,
            p,
            actions.CA3_D_PER_OWN_ASSISTANT * assistants_at(rec, p, loc) + actions.CA3_D_PER_OTHER_ASSISTANT * others,
        )
    else:
        inst = a - CA_CARD
        c, j = combat_card(rec, p, inst)
        rec.cb_cards |= 1 << inst
        if projects.CARD_FX_FAMILY[c, j] == projects.F_CIV:  # CA4: +1 influence, +x VP
            gain_influence(rec, p, nation, CA4_INFLUENCE)
            gain_vp(rec, p, projects.CARD_FX_A0[c, j])
        else:  # CA5 (CD3): +3 D, +2 VP more with HOUSE
            gain_coins(rec, p, projects.CARD_FX_A0[c, j])
            if rec.synergy[p, HOUSE]:
                gain_vp(rec, p, projects.CARD_FX_A1[c, j])


# ----- CA2 at the new cities L4 / L7 (MA-26.4 "usable and annexable") ------------------------
@njit(cache=True)
def new_city_annex_cost(rec, p, c):
    """CA2 at new city ``c`` (GAP-57): 4 V empty, 6 V expelling, like any flag (MA-8.6), once the
    explorer of ``p`` reached the city's space (MA-26.4); -1 if not allowed (the fighting
    nation holds it, its supply is empty, MA-9.8)."""
    nation = rec.cb_nation
    if nation < 0 or not new_city_open(rec, p, c) or rec.legacy_city_marker[c] == nation:
        return -1
    if supply_left(rec, nation) <= 0:
        return -1
    return actions.COMBAT_ACTION_COST[actions.CA2, 0 if rec.legacy_city_marker[c] < 0 else 1]


@njit(cache=True)
def new_city_annex_legal(rec, p, c):
    """LEGACY_ANNEX(c): CA2 not yet used in this combat (it shares CA2's once, MA-8.6), V
    pays its cost."""
    cost = new_city_annex_cost(rec, p, c)
    return 0 <= cost <= rec.cb_v and (rec.cb_used & (1 << actions.CA2)) == 0


@njit(cache=True)
def apply_new_city_annex(rec, p, c):
    """MA-26.4 / MA-8.6: the fighting nation's marker onto the new city's flag (expelling
    one there), +1 influence, the city's flag reward (data/legacy.py, PLACEHOLDER)."""
    rec.cb_v -= new_city_annex_cost(rec, p, c)
    rec.cb_used |= 1 << actions.CA2
    _claim(rec, p, rec.legacy_city_marker[c] >= 0)
    rec.legacy_city_marker[c] = rec.cb_nation
    rec.markers_taken[rec.cb_nation] += 1
    _gain_reward(rec, p, legacy.NEW_CITY_FLAG_CODE[c], legacy.NEW_CITY_FLAG_AMOUNT[c])


# ----- the decision Decision.COMBAT: boosts and combat actions until END ---------------------------
@njit(cache=True)
def mask_fight(rec, p, out):
    """Decision.COMBAT (MA-8.5, MA-8.6)."""
    for i in range(2):
        if boost_legal(rec, p, i):
            out[A_COMBAT_BOOST + i] = True
    for a in range(CA_END + 1):
        if combat_action_legal(rec, p, a):
            out[A_COMBAT_ACTION + a] = True
    if rec.opt_legacy != 0:  # MA-26.4 L6 / L9, CA2 at L4 / L7
        for k in range(2):
            if legacy_combat_legal(rec, p, k):
                out[A_LEGACY_COMBAT + k] = True
        for c in range(legacy.NUM_NEW_CITIES):
            if new_city_annex_legal(rec, p, c):
                out[A_LEGACY_ANNEX + c] = True


@njit(cache=True)
def apply_fight(rec, p, fam, param):
    """COMBAT_BOOST(param), COMBAT_ACTION(param), LEGACY_COMBAT(param) or
    LEGACY_ANNEX(param) (MA-26.4)."""
    if fam == Family.COMBAT_BOOST:
        apply_boost(rec, param)
    elif fam == Family.LEGACY_COMBAT:
        apply_legacy_combat(rec, p, param)
    elif fam == Family.LEGACY_ANNEX:
        apply_new_city_annex(rec, p, param)
    else:
        apply_combat_action(rec, param)


# ----- the combat track (MA-8.8) and combat tokens (MA-8.7) --------------------------------
@njit(cache=True)
def gain_cp(rec, p, x):
    """MA-8.8: CP beyond 8 are lost."""
    rec.cp[p] = min(CP_MAX, rec.cp[p] + x)


@njit(cache=True)
def num_tokens(rec, p):
    """MA-8.7: combat tokens face down on p's ship board."""
    n = 0
    for t in range(rec.token_owner.shape[0]):
        if rec.token_owner[t] == p:
            n += 1
    return n
