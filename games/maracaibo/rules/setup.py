"""Setup (MA-3) and the opening decisions MA-3.12 (cards) and MA-3.13 (career)."""

import numpy as np
from numba import njit

from ...core import rng
from ..data import board, careers, explorer, prestige, projects, quest_cards
from ..data.components import (
    A_CARDS_DEALT,
    B_CARDS_IN_DECK,
    CAREER_CARDS_DEALT,
    CP_START,
    DISCS_PER_POSITION,
    FIGURES_ON_CAREER_CARD,
    FIGURES_PER_PLAYER,
    FIGURES_PERSONAL_AT_START,
    START_DOUBLOONS_BY_SEAT,
)
from ..data.tracks import DOUBLOON_INCOME_START, VP_INCOME_START
from ..spaces import A_CAREER_PICK, A_SETUP_DISCARD, A_SETUP_PLAN, Family
from ..state import (
    Decision,
    H_MAX,
    NC,
    NQ,
    NT,
    NU,
    Phase,
    QS_EXPLORER,
    QS_PILE,
    W_BOX,
    W_DECK,
    W_DISCARD,
    W_PLAN,
)
from .c_cards import C_DECK, in_game
from .cards import hand_add, refill_display
from .legacy import plague_setup, purchase_setup
from .story_tiles import place_quest_from_pile, story_setup

NUM_TILES = len(board.CITY_TILES)
SETUP_MARKER_NATION = np.array([r[0] for r in board.SETUP_MARKERS_2P], dtype=np.int64)
SETUP_MARKER_LOC = np.array([board.LOC_INDEX[r[1]] for r in board.SETUP_MARKERS_2P], dtype=np.int64)


@njit(cache=True)
def place_scheduled_quests(rec, when):
    """The game's quest card, 75, 76 or 77 (MA-3.11, MA-21.7, D13, D16): its tiles for
    ``when`` in schedule order."""
    for i in range(quest_cards.SCHEDULE_WHEN.shape[0]):
        if (
            quest_cards.SCHEDULE_CARD[i] == rec.opt_quest_card
            and quest_cards.SCHEDULE_WHEN[i] == when
            and rec.num_players >= quest_cards.SCHEDULE_MIN_PLAYERS[i]
        ):
            place_quest_from_pile(rec, quest_cards.SCHEDULE_LOC[i])


@njit(cache=True)
def _setup_board(rec):
    n = rec.num_players
    # MA-3.1: 25 tokens shuffled, dealt alternately into piles of 13 and 12
    order = np.arange(NT)
    rng.shuffle(rec.rng, order, 0, NT)
    rec.token_pile[:, :] = -1
    rec.token_pile_len[:] = 0
    for i in range(NT):
        k = i % 2
        rec.token_pile[k, rec.token_pile_len[k]] = order[i]
        rec.token_pile_len[k] += 1
    rec.token_owner[:] = -1
    rec.cb_token = -1  # no combat in progress (MA-8)
    rec.cb_nation = -1
    # MA-3.2: face-up quest pile; the top 3 go to QA, QB, QC
    rec.quest_state[:] = QS_PILE
    rec.quest_arg[:] = -1
    rec.quest_order[:] = -1
    for q in range(NQ):
        rec.quest_pile[q] = q
    rng.shuffle(rec.rng, rec.quest_pile, 0, NQ)
    rec.quest_pile_len = NQ
    for slot in range(3):
        rec.quest_pile_len -= 1
        q = rec.quest_pile[rec.quest_pile_len]
        rec.quest_pile[rec.quest_pile_len] = -1
        rec.quest_state[q] = QS_EXPLORER
        rec.quest_arg[q] = slot
    # MA-3.3: city tiles
    rec.tile_at[:] = -1
    if n <= 2:
        rec.tile_at[board.MARACAIBO] = board.MARACAIBO_TILE
    tset = board.TILE_SET_FOR_PLAYERS[n]
    chosen = np.empty(4, dtype=np.int64)
    others = np.empty(NUM_TILES, dtype=np.int64)
    m = 0
    k = 0
    for t in range(NUM_TILES):
        if board.TILE_SET[t] == tset:
            if board.TILE_HELM[t]:
                chosen[m] = t
                m += 1
            else:
                others[k] = t
                k += 1
    rng.shuffle(rec.rng, others, 0, k)
    for j in range(4 - m):
        chosen[m + j] = others[j]
    rng.shuffle(rec.rng, chosen, 0, 4)
    for j in range(4):
        rec.tile_at[board.TILE_SLOTS[j]] = chosen[j]
    # MA-3.6: prestige buildings, I face up
    order8 = np.arange(prestige.NUM_PRESTIGE)
    rng.shuffle(rec.rng, order8, 0, prestige.NUM_PRESTIGE)
    for j in range(4):
        rec.prestige[j] = order8[j]
    rec.prestige_revealed = 1
    # MA-3.7 / MA-3.8: markers
    rec.marker_at[:] = -1
    rec.markers_taken[:] = 0
    rec.market[:] = 0
    if n == 2:
        for j in range(SETUP_MARKER_NATION.shape[0]):
            rec.marker_at[SETUP_MARKER_LOC[j]] = SETUP_MARKER_NATION[j]
            rec.markers_taken[SETUP_MARKER_NATION[j]] += 1


@njit(cache=True)
def _setup_cards(rec):
    """MA-3.4: deal 8 A cards each; deck = other A + 40 random B; display 4. GAP-63: the
    game's C cards (``c_in_game``) join the A cards, after them, so the deals draw from A
    and C together; the other C cards stay in the box."""
    n = rec.num_players
    a_cards = np.empty(NC, dtype=np.int64)
    b_cards = np.empty(NC, dtype=np.int64)
    na = 0
    nb = 0
    for c in range(NC):
        rec.card_where[c] = W_BOX
        deck = projects.CARD_DECK[c]
        if deck == projects.A or (deck == C_DECK and in_game(rec, c)):
            a_cards[na] = c
            na += 1
        elif deck == projects.B:
            b_cards[nb] = c
            nb += 1
    rng.shuffle(rec.rng, a_cards, 0, na)
    rng.shuffle(rec.rng, b_cards, 0, nb)
    rec.hand[:, :] = -1
    rec.hand_len[:] = 0
    rec.planning[:, :] = -1
    i = 0
    for p in range(n):
        for _ in range(A_CARDS_DEALT):
            hand_add(rec, p, a_cards[i])
            i += 1
    rec.deck[:] = -1
    d = 0
    for j in range(i, na):
        rec.deck[d] = a_cards[j]
        d += 1
    for j in range(B_CARDS_IN_DECK):
        rec.deck[d] = b_cards[j]
        d += 1
    for j in range(d):
        rec.card_where[rec.deck[j]] = W_DECK
    rng.shuffle(rec.rng, rec.deck, 0, d)
    rec.deck_len = d
    rec.display[:] = -1
    refill_display(rec)


@njit(cache=True)
def init_record(rec, seed, config):
    """config = [num_players, prestige_open, leftover_doubloon_vp,
    round4_unreached_assistant_vp, legacy tile mask, quest card index, C card mask, story,
    story card mask] (MA-25, MA-26.4, D16, GAP-63, MA-26.1): ``options.OPTION_FIELDS``'s order."""
    rng.seed_stream(rec.rng, seed)
    n = config[0]
    rec.num_players = n
    rec.opt_prestige_open = config[1]
    rec.opt_leftover_vp = config[2]
    rec.opt_round4_assistants = config[3]
    rec.opt_legacy = config[4]
    rec.opt_quest_card = config[5]
    rec.opt_c_cards = config[6]
    rec.c_in_game = config[6]  # GAP-63: story cards read during the game add more (rules/c_cards.py)
    rec.opt_legacy_setup = config[4]
    rec.opt_story = config[7]  # MA-26.1
    rec.opt_story_cards = config[8]
    rec.story_reader[:] = -1
    rec.story_tile_loc[:] = -1
    rec.story_tile_card[:] = -1
    rec.story_tile_owner[:] = -1
    rec.story_vote_card = -1
    rec.story_votes[:] = -1
    rec.legacy_markers[:] = -1  # MA-26.4: L6 / L9 marker spaces start empty
    rec.legacy_city[:] = -1  # MA-26.4 L4 / L7: no ship at a new city
    rec.legacy_city_marker[:] = -1  # and no marker on its flag
    _setup_board(rec)
    plague_setup(rec)  # MA-26.4 L3
    purchase_setup(rec, 0)  # MA-26.4 L10-L17
    if rec.opt_prestige_open:  # MA-25.1: all four face up; MA-21.6 then reveals nothing
        rec.prestige_revealed = 4
    _setup_cards(rec)
    # MA-3.9, MA-3.10: player boards, figures, careers
    careers_order = np.arange(careers.NUM_CAREERS)
    rng.shuffle(rec.rng, careers_order, 0, careers.NUM_CAREERS)
    rec.career[:] = -1
    rec.career_dealt[:, :] = -1
    rec.assistants[:, :] = -1
    rec.end_rank[:] = -1
    rec.ship[:] = board.HAVANA
    rec.explorer[:] = explorer.EXP_START
    for p in range(n):
        rec.cp[p] = CP_START
        rec.d_income[p] = DOUBLOON_INCOME_START
        rec.vp_income[p] = VP_INCOME_START
        for u in range(NU):
            rec.discs[p, u] = DISCS_PER_POSITION
        rec.fig_personal[p] = FIGURES_PERSONAL_AT_START
        rec.fig_general[p] = FIGURES_PER_PLAYER - FIGURES_PERSONAL_AT_START
        for j in range(CAREER_CARDS_DEALT):
            rec.career_dealt[p, j] = careers_order[p * CAREER_CARDS_DEALT + j]
    # MA-3.10a: random start player (GAP-29); 8, 9, 10, 11 D clockwise from it
    rec.start_player = rng.randint(rec.rng, n)
    for j in range(n):
        rec.coins[(rec.start_player + j) % n] = START_DOUBLOONS_BY_SEAT[j]
    # MA-3.11: the quest card's setup quests; a story game's cards in play instead (MA-26.1)
    rec.quest_counter = 0
    if rec.opt_story:
        story_setup(rec)
    else:
        place_scheduled_quests(rec, board.SETUP)
    rec.round_no = 0
    rec.round_starter = rec.start_player
    rec.round_trigger = -1
    rec.last_trigger = -1
    rec.phase = Phase.SETUP_CARDS
    rec.setup_seat = 0
    rec.current_player = rec.start_player
    rec.last_actor = -1
    rec.last_action = -1


# ----- MA-3.12 / MA-3.13 decisions (asked in seat order, hidden until all chose, GAP-28) ---
@njit(cache=True)
def _picks(rec, p, pick):
    """Dealt cards p chose to plan (pick 1) or to discard (pick 2)."""
    k = 0
    for i in range(H_MAX):
        if rec.setup_pick[p, i] == pick:
            k += 1
    return k


@njit(cache=True)
def setup_plan_picked(rec, p):
    return _picks(rec, p, 1) > 0


@njit(cache=True)
def resolve_opening_cards(rec):
    """All chose: plan card to slot 1, 3 discards to the pile, 4 kept in hand (MA-3.12)."""
    for p in range(rec.num_players):
        kept = np.full(H_MAX, -1, dtype=np.int64)
        k = 0
        for i in range(rec.hand_len[p]):
            c = rec.hand[p, i]
            pick = rec.setup_pick[p, i]
            if pick == 1:
                rec.planning[p, 0] = c
                rec.card_where[c] = W_PLAN + p
            elif pick == 2:
                rec.card_where[c] = W_DISCARD
            else:
                kept[k] = c
                k += 1
            rec.setup_pick[p, i] = 0
        rec.hand[p, :] = -1
        rec.hand_len[p] = 0
        for i in range(k):
            hand_add(rec, p, kept[i])


@njit(cache=True)
def mask_setup_card(rec, p, out):
    """Decision.SETUP_PLAN / Decision.SETUP_DISCARD (MA-3.12): any dealt card not yet picked."""
    base = A_SETUP_PLAN if rec.decision == Decision.SETUP_PLAN else A_SETUP_DISCARD
    for i in range(rec.hand_len[p]):
        if rec.setup_pick[p, i] == 0:
            out[base + i] = True


@njit(cache=True)
def apply_setup_card(rec, p, fam, i):
    """SETUP_PLAN / SETUP_DISCARD; after the last seat's third discard all resolve."""
    plan = fam == Family.SETUP_PLAN
    rec.setup_pick[p, i] = 1 if plan else 2
    if _picks(rec, p, 2) < 3:
        return
    rec.setup_seat += 1
    n = rec.num_players
    if rec.setup_seat < n:
        rec.current_player = (rec.start_player + rec.setup_seat) % n
        return
    resolve_opening_cards(rec)
    rec.phase = Phase.SETUP_CARDS + 1  # Phase.SETUP_CAREER
    rec.setup_seat = 0
    rec.current_player = rec.start_player


@njit(cache=True)
def mask_career_pick(rec, p, out):
    """Decision.CAREER (MA-3.13): either dealt career card."""
    out[A_CAREER_PICK] = True
    out[A_CAREER_PICK + 1] = True


@njit(cache=True)
def apply_career_pick(rec, p, fam, k):
    """MA-3.13: keep one; when all chose, 3 figures go onto the goals; round 1 begins."""
    rec.career[p] = rec.career_dealt[p, k]
    rec.setup_seat += 1
    n = rec.num_players
    if rec.setup_seat < n:
        rec.current_player = (rec.start_player + rec.setup_seat) % n
        return False
    for q in range(n):
        rec.fig_general[q] -= FIGURES_ON_CAREER_CARD
    rec.setup_seat = 0
    return True  # the caller starts round 1
