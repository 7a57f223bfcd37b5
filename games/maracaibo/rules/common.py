"""Small helpers every rule module uses: gains, income, counts over bought cards,
hand and deck handling, the pending-frame stack. All work on one record."""

from numba import njit

from ...core import rng
from ..data import board, projects, ship, tracks
from ..data.components import CP_MAX, DISPLAY_SLOTS, HAND_LIMIT, HAND_LIMIT_WITH_U2
from ..state import D_NONE, NC, NL, NU, QS_DONE, STACK, W_BOUGHT, W_DECK, W_DISCARD, W_DISPLAY, W_HAND

CARD_COMPASSES = projects.CARD_COMPASSES
CARD_FX_FAMILY, CARD_FX_A0, CARD_FX_A1, CARD_FX_COUNT = (
    projects.CARD_FX_FAMILY, projects.CARD_FX_A0, projects.CARD_FX_A1, projects.CARD_FX_COUNT)
CARD_SYMBOL = projects.CARD_SYMBOL
CARD_ASSISTANT_LOC = projects.CARD_ASSISTANT_LOC
NOBILITY_LEVEL = tracks.NOBILITY_LEVEL
INFLUENCE_MAX = tracks.INFLUENCE_MAX
SCORINGS_LEFT_BEFORE_INCOME = tracks.SCORINGS_LEFT_BEFORE_INCOME
UPGRADE_UNLOCK, UPGRADE_UNLOCK_ARG = ship.UPGRADE_UNLOCK, ship.UPGRADE_UNLOCK_ARG
U2, U3 = ship.U2, ship.U3
LOC_HAS_MARKET = board.LOC_HAS_MARKET
MARKET_SLOTS_BY_PLAYERS = board.MARKET_SLOTS_BY_PLAYERS


# ----- simple gains (MA-8.8, MA-9.2, MA-19) ---------------------------------------------
@njit(cache=True)
def gain_vp(rec, p, x):
    rec.vp[p] += x


@njit(cache=True)
def gain_coins(rec, p, x):
    rec.coins[p] += x


@njit(cache=True)
def gain_cp(rec, p, x):
    """MA-8.8: CP beyond 8 are lost."""
    rec.cp[p] = min(CP_MAX, rec.cp[p] + x)


@njit(cache=True)
def gain_figures(rec, p, n):
    """Figures from the general supply, as far as available (MA-15.3 XF2)."""
    k = min(n, rec.fig_general[p])
    rec.fig_general[p] -= k
    rec.fig_personal[p] += k


@njit(cache=True)
def gain_influence(rec, p, nation, n):
    """MA-9.2: each point one space right; on 12 each further point is 2 VP."""
    for _ in range(n):
        if rec.influence[p, nation] < INFLUENCE_MAX:
            rec.influence[p, nation] += 1
        else:
            rec.vp[p] += tracks.INFLUENCE_OVERFLOW_VP


@njit(cache=True)
def scorings_left(rec):
    """Income payments still to come, this round's included if unpaid (MA-19.4, GAP-47)."""
    left = SCORINGS_LEFT_BEFORE_INCOME[rec.round_no]
    if rec.income_paid:
        left -= 1
    return left


@njit(cache=True)
def add_vp_income(rec, p, x):
    """MA-19.4: reaching 20 pays 20 VP per scoring still to come, marker back by 20."""
    v = rec.vp_income[p] + x
    while v >= tracks.VP_INCOME_MAX:
        v -= tracks.VP_INCOME_MAX
        rec.vp[p] += tracks.VP_INCOME_OVERFLOW_VP * scorings_left(rec)
    rec.vp_income[p] = v


@njit(cache=True)
def add_d_income(rec, p, x):
    """MA-19.3: beyond 34 the excess goes to VP income."""
    d = rec.d_income[p] + x
    if d > tracks.DOUBLOON_INCOME_MAX:
        extra = d - tracks.DOUBLOON_INCOME_MAX
        rec.d_income[p] = tracks.DOUBLOON_INCOME_MAX
        add_vp_income(rec, p, extra)
    else:
        rec.d_income[p] = d


# ----- counts over a player's things ----------------------------------------------------
FX_NUMBER, FX_SUM_A0, FX_SUM_A1 = 0, 1, 2  # what card_effects adds up


@njit(cache=True)
def card_effects(rec, p, family, arg, what):
    """Over the effects of ``family`` on p's bought cards whose a0 is ``arg`` (any a0 if
    ``arg`` < 0): their number (FX_NUMBER) or the sum of their a0 / a1."""
    total = 0
    for c in range(NC):
        if rec.card_where[c] == W_BOUGHT + p:
            for j in range(CARD_FX_COUNT[c]):
                if CARD_FX_FAMILY[c, j] == family and (arg < 0 or CARD_FX_A0[c, j] == arg):
                    if what == FX_NUMBER:
                        total += 1
                    elif what == FX_SUM_A0:
                        total += CARD_FX_A0[c, j]
                    else:
                        total += CARD_FX_A1[c, j]
    return total


@njit(cache=True)
def family_total(rec, p, family):
    """Sum of a0 over the effects of ``family`` on p's bought cards (PD, PCB, PEX...)."""
    return card_effects(rec, p, family, -1, FX_SUM_A0)


@njit(cache=True)
def family_count(rec, p, family):
    """Number of p's bought cards with an effect of ``family``."""
    return card_effects(rec, p, family, -1, FX_NUMBER)


@njit(cache=True)
def permanent_items(rec, p, item):
    """PI(item) cards of p: each reduces a payment of that item by one (MA-15.2)."""
    return card_effects(rec, p, projects.F_PI, item, FX_NUMBER)


@njit(cache=True)
def nth_card_effect(rec, p, family, other, inst):
    """(card, effect index) of p's inst-th bought-card effect of ``family`` or ``other``,
    ordered by card id (MA-28.2 card instances); (-1, -1) if there is none."""
    k = 0
    for c in range(NC):
        if rec.card_where[c] == W_BOUGHT + p:
            for j in range(CARD_FX_COUNT[c]):
                if CARD_FX_FAMILY[c, j] == family or CARD_FX_FAMILY[c, j] == other:
                    if k == inst:
                        return c, j
                    k += 1
    return -1, -1


@njit(cache=True)
def compasses(rec, p):
    """1 printed on the ship board + PCO cards (MA-12.2)."""
    total = 1
    for c in range(NC):
        if rec.card_where[c] == W_BOUGHT + p:
            total += CARD_COMPASSES[c]
    return total


@njit(cache=True)
def num_upgrades(rec, p):
    """MA-17.4: completed positions."""
    n = 0
    for u in range(NU):
        if rec.discs[p, u] == 0:
            n += 1
    return n


@njit(cache=True)
def can_remove_disc(rec, p, u):
    """MA-17.2 / MA-17.3: the position has a disc and its unlock condition is met."""
    return disc_removable(rec.discs[p], u)


@njit(cache=True)
def disc_removable(discs, u):
    """MA-17.2 / MA-17.3 on one ship board's discs per position (any number type, e.g. the
    ``discs`` row of an observation): position u has a disc and its unlock condition is met."""
    if discs[u] == 0:
        return False
    kind = UPGRADE_UNLOCK[u]
    if kind == ship.UNLOCK_AFTER:
        return discs[UPGRADE_UNLOCK_ARG[u]] == 0
    if kind == ship.UNLOCK_OTHERS:
        done = 0  # completed positions (MA-17.4); u itself is not complete
        for x in range(NU):
            if discs[x] == 0:
                done += 1
        return done >= UPGRADE_UNLOCK_ARG[u]
    return True


@njit(cache=True)
def any_disc_removable(rec, p):
    for u in range(NU):
        if can_remove_disc(rec, p, u):
            return True
    return False


@njit(cache=True)
def num_assistants(rec, p):
    """MA-13.4: figures on board locations only."""
    n = 0
    for j in range(8):
        if rec.assistants[p, j] >= 0:
            n += 1
    return n


@njit(cache=True)
def assistants_at(rec, p, loc):
    n = 0
    for j in range(8):
        c = rec.assistants[p, j]
        if c >= 0 and CARD_ASSISTANT_LOC[c] == loc:
            n += 1
    return n


@njit(cache=True)
def num_tokens(rec, p):
    n = 0
    for t in range(rec.token_owner.shape[0]):
        if rec.token_owner[t] == p:
            n += 1
    return n


@njit(cache=True)
def num_quests_done(rec, p):
    n = 0
    for q in range(rec.quest_state.shape[0]):
        if rec.quest_state[q] == QS_DONE and rec.quest_arg[q] == p:
            n += 1
    return n


@njit(cache=True)
def num_synergies(rec, p):
    n = 0
    for s in range(rec.synergy.shape[1]):
        n += rec.synergy[p, s]
    return n


@njit(cache=True)
def markers_on_board(rec, nation):
    """MA-9.7."""
    n = 0
    for loc in range(NL):
        if rec.marker_at[loc] == nation:
            n += 1
    return n


@njit(cache=True)
def supply_left(rec, nation):
    return 13 - rec.markers_taken[nation]


@njit(cache=True)
def market_slots(rec):
    return MARKET_SLOTS_BY_PLAYERS[rec.num_players]


# ----- hand, deck, display (MA-20) ---------------------------------------------------------
@njit(cache=True)
def hand_limit(rec, p):
    return HAND_LIMIT_WITH_U2 if rec.discs[p, U2] == 0 else HAND_LIMIT


@njit(cache=True)
def display_cost(rec, p):
    """MA-20.1: 1 D per display card, free with U3."""
    return 0 if rec.discs[p, U3] == 0 else 1


@njit(cache=True)
def hand_add(rec, p, card):
    rec.hand[p, rec.hand_len[p]] = card
    rec.hand_len[p] += 1
    rec.card_where[card] = W_HAND + p


@njit(cache=True)
def hand_take(rec, p, i):
    """Remove and return the card at hand index i (later cards shift left)."""
    card = rec.hand[p, i]
    n = rec.hand_len[p]
    for j in range(i, n - 1):
        rec.hand[p, j] = rec.hand[p, j + 1]
    rec.hand[p, n - 1] = -1
    rec.hand_len[p] = n - 1
    return card


@njit(cache=True)
def discard_card(rec, card):
    rec.card_where[card] = W_DISCARD


@njit(cache=True)
def discard_from_hand(rec, p, i):
    discard_card(rec, hand_take(rec, p, i))


@njit(cache=True)
def reshuffle_discard(rec):
    """MA-20.2: the discard pile becomes the new deck (RANDOM)."""
    n = 0
    for c in range(NC):
        if rec.card_where[c] == W_DISCARD:
            rec.deck[n] = c
            rec.card_where[c] = W_DECK
            n += 1
    rng.shuffle(rec.rng, rec.deck, 0, n)
    rec.deck_len = n


@njit(cache=True)
def deck_available(rec):
    if rec.deck_len > 0:
        return True
    for c in range(NC):
        if rec.card_where[c] == W_DISCARD:
            return True
    return False


@njit(cache=True)
def draw_top(rec):
    """Top card of the deck (reshuffling the discard pile if needed), -1 if none (GAP-20)."""
    if rec.deck_len == 0:
        reshuffle_discard(rec)
        if rec.deck_len == 0:
            return -1
    rec.deck_len -= 1
    card = rec.deck[rec.deck_len]
    rec.deck[rec.deck_len] = -1
    return card


@njit(cache=True)
def refill_display(rec):
    """MA-20.3 / GAP-26: empty slots filled left to right from the deck."""
    for s in range(DISPLAY_SLOTS):
        if rec.display[s] < 0:
            card = draw_top(rec)
            if card < 0:
                return
            rec.display[s] = card
            rec.card_where[card] = W_DISPLAY


@njit(cache=True)
def hand_count_symbol(rec, p, symbol):
    n = 0
    for i in range(rec.hand_len[p]):
        if CARD_SYMBOL[rec.hand[p, i]] == symbol:
            n += 1
    return n


# ----- the frame stack -----------------------------------------------------------------
@njit(cache=True)
def push(rec, kind, src, ident, x, y):
    k = rec.stk_len
    if k >= STACK:
        raise ValueError("maracaibo: frame stack overflow")
    rec.stk_kind[k] = kind
    rec.stk_src[k] = src
    rec.stk_id[k] = ident
    rec.stk_pc[k] = 0
    rec.stk_x[k] = x
    rec.stk_y[k] = y
    rec.stk_len = k + 1


@njit(cache=True)
def pop(rec):
    k = rec.stk_len - 1
    rec.stk_kind[k] = 0
    rec.stk_src[k] = 0
    rec.stk_id[k] = 0
    rec.stk_pc[k] = 0
    rec.stk_x[k] = 0
    rec.stk_y[k] = 0
    rec.stk_len = k


@njit(cache=True)
def top(rec):
    return rec.stk_len - 1


@njit(cache=True)
def count_frame(rec, left, d):
    """A frame waiting for decision ``d`` while ``left`` > 0 (actions, cards to pay...);
    popped once nothing is left."""
    if left <= 0:
        pop(rec)
        return D_NONE
    return d
