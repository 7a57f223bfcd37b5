"""Jean, the automated solo opponent (MA-24), and the solo kernels.

Jean is part of the environment: after every human action, ``step_solo`` runs Jean
until the human has a decision again (her turns, her skipped scoring step 1, her
part of the opening), so ``current_player`` is always 0 or -1. Her choices follow
MA-24.5 - MA-24.14 without randomness except the solo deck (MA-24.4). What she does at
her stop (her quest tile, city step and card actions) is in ``actions.py``.
"""

import numpy as np
from numba import njit

from ...core import rng
from ..data import board, explorer
from ..data.components import FIGURES_ON_CAREER_CARD, START_DOUBLOONS_BY_SEAT
from ..data.jean import (
    JEAN_CARD_BRANCH,
    JEAN_CARD_DISPLAY_SLOT,
    JEAN_CARD_EXPANSION,
    JEAN_CARD_LETTER,
    JEAN_CARD_MOVE,
    JEAN_INCOME_BY_REMOVED,
    JEAN_INCOME_VP_PER_CARD,
    JEAN_LEAD_MIN,
    JEAN_LEAD_VP,
    JEAN_LEVEL_COUNTS,
    JEAN_TRACK_DISCS,
    JEAN_UPGRADES_BY_REMOVED,
    JEAN_VP_PER_QUEST,
)
from ..observe import observe_one
from ..rules.cards import refill_display
from ..rules.discs import num_upgrades
from ..rules.engine import mask_one, step_one
from ..rules.flow import advance, finish_turn, next_scorer, start_game
from ..data import legacy
from ..data.legacy import PURCHASE_DISCS_JEAN
from ..rules.legacy import new_city_open, purchase_setup
from ..rules.locations import quest_city
from ..rules.quests import num_quests_done, quests_at, tiles_per_location
from ..rules.sailing import arrival_cards
from ..rules.setup import init_record, place_quest_from_pile, resolve_opening_cards
from ..state import NL, Phase, W_DECK
from .actions import jean_actions, jean_city_step, jean_take_quest
from .spaces import (
    JEAN_CARDS,
    JEAN_DECK,
    JEAN_DISCS_REMOVED,
    JEAN_INCOME,
    JEAN_UPGRADES,
    O_JEAN,
    O_JEAN_CARD,
    O_JEAN_DISCARD,
)
from .state import HUMAN, JEAN, NJ


# ----- setup (MA-24.1 - MA-24.4) ---------------------------------------------------------------
@njit(cache=True)
def _jean_deck(rec):
    """MA-24.4: the level's cards (random within each letter, GAP-15), shuffled."""
    n = 0
    pool = np.empty(NJ, dtype=np.int64)
    for letter in range(3):
        k = 0
        for c in range(NJ):
            if JEAN_CARD_LETTER[c] == letter and (JEAN_CARD_EXPANSION[c] == 0 or rec.opt_jean_expansion):
                pool[k] = c
                k += 1
        rng.shuffle(rec.rng, pool, 0, k)
        for j in range(JEAN_LEVEL_COUNTS[rec.jean_level, letter]):
            rec.jean_deck[n] = pool[j]
            n += 1
    rng.shuffle(rec.rng, rec.jean_deck, 0, n)
    rec.jean_deck_len = n


@njit(cache=True)
def init_solo(rec, seed, config):
    """config = [level, expansion cards] + the base game's options in its config order
    (``options.OPTION_FIELDS``). A 2-player setup (MA-24.1) with seat 1 as Jean."""
    base = np.empty(config.shape[0] - 1, dtype=np.int64)  # the base game's config
    base[0] = 2
    base[1:] = config[2:]
    init_record(rec, seed, base)
    # Jean has no project cards: her 8 dealt A cards and the display go back into the
    # deck, which is reshuffled, and the display is dealt again (MA-3.4 with one hand)
    for i in range(rec.hand_len[JEAN]):
        c = rec.hand[JEAN, i]
        rec.deck[rec.deck_len] = c
        rec.deck_len += 1
        rec.card_where[c] = W_DECK
        rec.hand[JEAN, i] = -1
    rec.hand_len[JEAN] = 0
    for s in range(4):
        c = rec.display[s]
        if c >= 0:
            rec.deck[rec.deck_len] = c
            rec.deck_len += 1
            rec.card_where[c] = W_DECK
            rec.display[s] = -1
    rng.shuffle(rec.rng, rec.deck, 0, rec.deck_len)
    refill_display(rec)
    # no figures, D, CP, incomes, ship board or career (MA-24.1)
    rec.cp[JEAN] = 0
    rec.coins[JEAN] = 0
    rec.d_income[JEAN] = 0
    rec.vp_income[JEAN] = 0
    rec.discs[JEAN, :] = 0
    rec.fig_personal[JEAN] = 0
    rec.fig_general[JEAN] = 0
    rec.career_dealt[JEAN, :] = -1
    # MA-24.3: the human starts with 8 D
    rec.start_player = HUMAN
    rec.round_starter = HUMAN
    rec.current_player = HUMAN
    rec.coins[HUMAN] = START_DOUBLOONS_BY_SEAT[0]
    # the solo deck (MA-24.4) and the solo board (MA-24.2)
    rec.jean_level = config[0]
    purchase_setup(rec, PURCHASE_DISCS_JEAN)  # MA-26.7: one more box disc on L10-L17
    rec.opt_jean_expansion = config[1]
    rec.jean_deck[:] = -1
    rec.jean_discard[:] = -1
    rec.jean_discard_len = 0
    rec.jean_card = -1
    rec.jean_removed = 0
    rec.jean_cards = 0
    rec.jean_bonus[:] = 0
    _jean_deck(rec)
    advance(rec)


# ----- her turn (MA-24.5 - MA-24.9) ----------------------------------------------------------
@njit(cache=True)
def draw_jean_card(rec):
    """MA-24.4: the top card; an empty deck is the reshuffled discard pile (RANDOM)."""
    if rec.jean_deck_len == 0:
        for i in range(rec.jean_discard_len):
            rec.jean_deck[i] = rec.jean_discard[i]
            rec.jean_discard[i] = -1
        rec.jean_deck_len = rec.jean_discard_len
        rec.jean_discard_len = 0
        rng.shuffle(rec.rng, rec.jean_deck, 0, rec.jean_deck_len)
    rec.jean_deck_len -= 1
    card = rec.jean_deck[rec.jean_deck_len]
    rec.jean_deck[rec.jean_deck_len] = -1
    return card


@njit(cache=True)
def discard_jean_card(rec, card):
    rec.jean_discard[rec.jean_discard_len] = card
    rec.jean_discard_len += 1


@njit(cache=True)
def counts_for_jean(loc, tiles):
    """MA-24.6 / GAP-42: cities (incl. 20-22) and locations holding >= 1 quest tile
    (``tiles`` of them) count; a pure query the heuristic bot also calls."""
    return board.LOC_KIND[loc] == board.CITY or board.LOC_KIND[loc] == board.RETURN or tiles > 0


@njit(cache=True)
def counted_location(rec, loc):
    """MA-24.6 / GAP-42: ``counts_for_jean`` with the tiles lying at ``loc``."""
    buf = np.full(1, -1, dtype=np.int64)
    return counts_for_jean(loc, quests_at(rec, loc, buf))


@njit(cache=True)
def destination_from(loc, round_no, tiles, move, branch):
    """MA-24.6: the location ``move`` counted locations ahead of ``loc`` by ``branch`` at
    forks (``tiles[l]``: quest tiles lying at location l); never past a must-stop
    location (from 20 and 21b exactly one location). A pure query: the engine's
    ``jean_destination`` and the heuristic bot's forecast of her next stop."""
    bit = 1 << (round_no - 1)
    counted = 0
    while True:
        nxt = -1
        n_open = 0
        for j in range(board.NUM_SUCC[loc]):
            if board.SUCC_ROUND_MASK[loc, j] & bit:
                n_open += 1
        for j in range(board.NUM_SUCC[loc]):
            if board.SUCC_ROUND_MASK[loc, j] & bit:
                if n_open == 1 or board.SUCC_BRANCH[loc, j] == branch:
                    nxt = board.SUCC[loc, j]
        if nxt < 0:
            return loc
        loc = nxt
        if counts_for_jean(loc, tiles[loc]):
            counted += 1
        if counted >= move or board.LOC_MUST_STOP[loc]:
            return loc


@njit(cache=True)
def jean_destination(rec, move, branch):
    """MA-24.6: where the card takes her (``destination_from`` on the record's tiles)."""
    tiles = np.empty(board.NUM_LOCATIONS, dtype=np.int64)
    tiles_per_location(rec, tiles)
    return destination_from(rec.ship[JEAN], rec.round_no, tiles, move, branch)


@njit(cache=True)
def _open_new_city_after(rec, loc):
    """The new city lying after ``loc`` that Jean may sail to (MA-26.7: her explorer reached
    its space), -1 if none."""
    if rec.opt_legacy == 0:
        return -1
    for k in range(legacy.NUM_NEW_CITIES):
        if legacy.NEW_CITY_FROM[k] == loc and new_city_open(rec, JEAN, k):
            return k
    return -1


@njit(cache=True)
def jean_target(rec, move, branch):
    """MA-24.6 with the new cities (MA-26.4 L4 / L7, MA-26.7): where the card takes her, a
    sail target (a location, or NL + k for new city k). Once her explorer reached its space
    a new city lies on her route between its two locations and counts like any city;
    from a new city she continues to the location after it. Without an open new city this
    is ``jean_destination``."""
    at = rec.legacy_city[JEAN]
    if at < 0 and rec.opt_legacy == 0:
        return jean_destination(rec, move, branch)
    tiles = np.empty(board.NUM_LOCATIONS, dtype=np.int64)
    tiles_per_location(rec, tiles)
    bit = 1 << (rec.round_no - 1)
    loc = rec.ship[JEAN]
    counted = 0
    skip_city = at >= 0  # she leaves the new city she lies at towards its next location
    while True:
        k = -1 if skip_city else _open_new_city_after(rec, loc)
        skip_city = False
        if k >= 0:
            counted += 1  # a new city counts as a city (MA-24.6)
            if counted >= move:
                return NL + k
            nxt = legacy.NEW_CITY_TO[k]
        else:
            nxt = -1  # one arrow, as destination_from
            n_open = 0
            for j in range(board.NUM_SUCC[loc]):
                if board.SUCC_ROUND_MASK[loc, j] & bit:
                    n_open += 1
            for j in range(board.NUM_SUCC[loc]):
                if board.SUCC_ROUND_MASK[loc, j] & bit and (n_open == 1 or board.SUCC_BRANCH[loc, j] == branch):
                    nxt = board.SUCC[loc, j]
            if nxt < 0:
                return loc
        loc = nxt
        if counts_for_jean(loc, tiles[loc]) or quest_city(rec, loc):  # MA-26.4 L1: a city
            counted += 1
        if counted >= move or board.LOC_MUST_STOP[loc]:
            return loc


@njit(cache=True)
def jean_turn(rec):
    """MA-24.5: draw, move, quest or city step and card actions, discard."""
    card = draw_jean_card(rec)
    rec.jean_card = card
    target = jean_target(rec, JEAN_CARD_MOVE[card], JEAN_CARD_BRANCH[card])
    if target >= NL:  # MA-26.7: at a new city (no market, quest or assistant there)
        rec.ship[JEAN] = legacy.NEW_CITY_FROM[target - NL]
        rec.legacy_city[JEAN] = target - NL
        jean_city_step(rec, -1, JEAN_CARD_DISPLAY_SLOT[card])
        jean_actions(rec, card)
        discard_jean_card(rec, card)
        return
    loc = target
    rec.ship[JEAN] = loc
    rec.legacy_city[JEAN] = -1
    arrival_cards(rec, loc)  # MA-5.9 / GAP-35: the human's PAV / PAD
    if loc == board.FINAL_SPACE_BY_ROUND[rec.round_no]:
        rec.round_trigger = JEAN  # MA-24.16
    qs = np.full(1, -1, dtype=np.int64)
    if quests_at(rec, loc, qs) > 0:  # MA-24.7: the earliest-placed tile; her turn ends
        jean_take_quest(rec, qs[0])
        if quest_city(rec, loc):  # MA-26.4 L1: the quest slot is refilled
            place_quest_from_pile(rec, loc)
    else:
        jean_city_step(rec, loc, JEAN_CARD_DISPLAY_SLOT[card])
        jean_actions(rec, card)
    discard_jean_card(rec, card)


# ----- scoring (MA-24.13, MA-24.14) -------------------------------------------------------
@njit(cache=True)
def jean_income(rec):
    """MA-24.13: the highest revealed value of her solo track + 1 VP per project card."""
    return JEAN_INCOME_BY_REMOVED[rec.jean_removed] + JEAN_INCOME_VP_PER_CARD * rec.jean_cards


@njit(cache=True)
def jean_upgrades(rec):
    """MA-24.14: the ship upgrades her solo track counts (the discs removed from it)."""
    return JEAN_UPGRADES_BY_REMOVED[rec.jean_removed]


@njit(cache=True)
def lead_bonus(category, lead):
    for k in range(JEAN_LEAD_MIN.shape[1]):
        if lead >= JEAN_LEAD_MIN[category, k]:
            return JEAN_LEAD_VP[category, k]
    return 0


@njit(cache=True)
def jean_end_bonuses(rec):
    """MA-24.14 (after final scoring)."""
    nq = num_quests_done(rec, JEAN)
    rec.jean_bonus[0] = JEAN_VP_PER_QUEST * nq
    rec.jean_bonus[1] = lead_bonus(0, nq - num_quests_done(rec, HUMAN))
    rec.jean_bonus[2] = lead_bonus(1, jean_upgrades(rec) - num_upgrades(rec, HUMAN))
    to_end = explorer.EXP_DIST_TO_END
    rec.jean_bonus[3] = lead_bonus(2, to_end[rec.explorer[HUMAN]] - to_end[rec.explorer[JEAN]])
    for k in range(4):
        rec.vp[JEAN] += rec.jean_bonus[k]


# ----- the kernels -----------------------------------------------------------------------
@njit(cache=True)
def run_jean(rec, round_before):
    """Everything Jean does until the human decides again (or the game ends).

    Interim step 2 (MA-21.3, MA-24.13): her income is added as soon as a round has
    ended, before anything of the next round; the round can end in the human's step
    (Jean triggered, the human chose last) or in her own skip of step 1 below (the human
    triggered), after which round 2-4 may start with her turn (MA-21.9)."""
    r = round_before
    while True:
        if r >= 1 and rec.round_no > r:
            rec.vp[JEAN] += jean_income(rec)
        r = rec.round_no
        if rec.terminated or rec.current_player != JEAN:
            break
        ph = rec.phase
        if ph == Phase.SETUP_CARDS:  # she has no opening cards (MA-24.1): all resolve now
            resolve_opening_cards(rec)
            rec.phase = Phase.SETUP_CAREER
            rec.setup_seat = 0
            rec.current_player = HUMAN
        elif ph == Phase.SETUP_CAREER:  # and no career card: round 1 begins (MA-3.13)
            rec.fig_general[HUMAN] -= FIGURES_ON_CAREER_CARD
            rec.setup_seat = 0
            start_game(rec)
        elif ph == Phase.SAIL:
            jean_turn(rec)
            finish_turn(rec)
        elif ph == Phase.SCORING_CHOICE:  # MA-24.13: she skips step 1
            next_scorer(rec)
        else:
            break
        advance(rec)
    if rec.terminated:  # final step 2 income and the end bonuses (MA-24.13, MA-24.14)
        rec.vp[JEAN] += jean_income(rec)
        jean_end_bonuses(rec)


@njit(cache=True)
def step_solo(rec, action):
    r = rec.round_no
    step_one(rec, action)
    run_jean(rec, r)


@njit(cache=True)
def mask_solo(rec, out):
    mask_one(rec, out)


@njit(cache=True)
def observe_solo(rec, player, out):
    observe_one(rec, player, out)
    out[O_JEAN + rec.jean_level - 1] = 1.0
    out[JEAN_DISCS_REMOVED] = rec.jean_removed / JEAN_TRACK_DISCS
    out[JEAN_INCOME] = JEAN_INCOME_BY_REMOVED[rec.jean_removed] / 38.0
    out[JEAN_UPGRADES] = jean_upgrades(rec) / 11.0
    out[JEAN_CARDS] = rec.jean_cards / 10.0
    out[JEAN_DECK] = rec.jean_deck_len / 10.0
    if rec.jean_card >= 0:
        out[O_JEAN_CARD + rec.jean_card] = 1.0
    for i in range(rec.jean_discard_len):
        out[O_JEAN_DISCARD + rec.jean_discard[i]] = 1.0


@njit(cache=True)
def scores_solo(rec, out):
    out[0] = rec.vp[HUMAN]


@njit(cache=True)
def rank_solo(rec, out):
    """MA-23.3 / GAP-34: rank 0 when the human has at least Jean's VP (a tie is a draw)."""
    out[0] = 0 if rec.vp[HUMAN] >= rec.vp[JEAN] else 1


@njit(cache=True)
def jean_score(rec):
    return rec.vp[JEAN]
