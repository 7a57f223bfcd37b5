"""What one seat may see (MA-29), as a flat float32 vector laid out by spaces.OBS.

Seats are relative to the observer (0 = observer). Never included (MA-29.3): deck
order, the unused B cards, face-down prestige buildings, combat-token piles, the
quest pile below its top tile, other players' hands, dealt career cards and opening
choices of others before everyone has chosen (GAP-28).
"""

import numpy as np
from numba import njit

from .data import board, codes, legacy, projects, tracks
from .data.codes import NUM_NATIONS, NUM_SYNERGIES
from .rules.locations import has_market
from .rules.nobility import markers_on_board
from .rules.programs import frame_step_at
from .rules.scoring import nation_values
from .rules.village import market_slots
from .observe_story import observe_story
from .spaces import NUM_CARD_FAMILIES, NUM_PROGRAMS, NUM_SOURCES, NUM_STEP_CODES, OBS, PROGRAM_BASE
from .state import (
    NUM_BASE_DECISIONS,
    BOX_DISCS,
    Frame,
    H_MAX,
    NC,
    NC_AB,
    NCC,
    NE,
    NL,
    NLT,
    NQ,
    NST,
    NT,
    NU,
    NUM_FRAME_KINDS,
    P,
    Phase,
    QS_BOARD,
    QS_DONE,
    QS_EXPLORER,
    Source,
    W_BOUGHT,
    W_DISCARD,
)

NUM_TILE_KINDS = 13


def _o(name):
    return OBS.offset(name)


O_NP, O_SEAT, O_ROUND, O_ACTIVE, O_STARTER, O_TRIGGER = (
    _o("num_players"),
    _o("seat_exists"),
    _o("round"),
    _o("active"),
    _o("round_starter"),
    _o("last_trigger"),
)
O_DECISION, O_PHASE, O_OWN_ASST = _o("decision"), _o("phase"), _o("own_assistants_here")
O_VP, O_COINS, O_CP, O_DINC, O_VINC = _o("vp"), _o("coins"), _o("cp"), _o("d_income"), _o("vp_income")
O_INF, O_NOB, O_SHIP, O_EXP, O_CROSSED, O_END = (
    _o("influence"),
    _o("nobility"),
    _o("ship"),
    _o("explorer"),
    _o("crossed"),
    _o("end_rank"),
)
O_DISCS, O_FIGS, O_CAREER, O_GOALS, O_SYN, O_COUNTS = (
    _o("discs"),
    _o("figures"),
    _o("career"),
    _o("goals"),
    _o("synergy"),
    _o("counts"),
)
O_ASST, O_INVESTED, O_BOUGHT, O_PLANNING = _o("assistants"), _o("invested"), _o("bought"), _o("planning")
O_HAND, O_PICK, O_CDEALT, O_CKEPT = _o("my_hand"), _o("my_setup_pick"), _o("my_career_dealt"), _o("my_career_kept")
O_DISPLAY, O_DISCARD, O_DECK = _o("display"), _o("discard"), _o("deck_size")
# GAP-63: the C cards' twins of the card segments (spaces.py)
O_CBOUGHT, O_CPLANNING, O_CHAND = _o("c_cards_bought"), _o("c_cards_planning"), _o("c_cards_my_hand")
O_CDISPLAY, O_CDISCARD, O_CIN = _o("c_cards_display"), _o("c_cards_discard"), _o("c_cards_in_game")
O_MARKERS, O_MARKET, O_MFREE, O_TILES, O_MTILE = (
    _o("markers"),
    _o("market"),
    _o("market_free"),
    _o("city_tiles"),
    _o("maracaibo_tile"),
)
O_QAT, O_QEXP, O_QPILE, O_SUPPLY, O_PRESTIGE = (
    _o("quests_at"),
    _o("quests_explorer"),
    _o("quest_pile"),
    _o("supply"),
    _o("prestige"),
)
O_PILES, O_BFIRST, O_ENDN, O_TOKENS = _o("token_piles"), _o("barrier_first"), _o("end_arrivals"), _o("tokens_owned")
O_CB_TOKEN = _o("combat_token")
O_QCARD = _o("quest_card")
O_LT, O_LDISCS, O_LMARKERS, O_LBOUGHT, O_LSHIP, O_LCMARKERS = (
    _o("legacy_tiles"),
    _o("legacy_discs"),
    _o("legacy_markers"),
    _o("legacy_bought"),
    _o("legacy_ship"),
    _o("legacy_city_markers"),
)
O_FKIND, O_FSRC, O_FPROG, O_FQUEST, O_FSTEP, O_FFX = (
    _o("frame_kind"),
    _o("frame_source"),
    _o("frame_program"),
    _o("frame_quest"),
    _o("frame_step"),
    _o("frame_effect"),
)
O_FDETAIL, O_FSYM, O_FNATION, O_STACK = (
    _o("frame_detail"),
    _o("frame_symbol"),
    _o("frame_nation"),
    _o("stack_programs"),
)
# entries of segments with named fields, as compile-time constants (spaces.OBS names them)
TURN_MP_SPENT, TURN_LAST_SAIL_MP, TURN_MAIN_DONE, TURN_EXTRA_MAIN = (
    OBS.index("turn_context", f) for f in ("mp_spent", "last_sail_mp", "main_done", "extra_main")
)
TURN_VILLAGE_LEFT, TURN_PAYMENTS_LEFT, TURN_REMOVALS_LEFT, TURN_STACK_DEPTH = (
    OBS.index("turn_context", f) for f in ("village_actions_left", "payments_left", "disc_removals_left", "stack_depth")
)
CB_PILES_EMPTY = OBS.index("combat_token", "piles_empty")
CB_NATION, CB_V, CB_ACTIONS_USED, CB_CARDS_USED = (
    OBS.index("combat", f) for f in ("nation", "v", "actions_used", "cards_used")
)
FD_STAGE, FD_A0, FD_A1, FD_COUNT = (OBS.index("frame_detail", f) for f in ("stage", "a0", "a1", "count"))
FSYM_ANY_GOOD = OBS.index("frame_symbol", "any_good")
QPILE_SIZE = OBS.index("quest_pile", "size")
# per-row fields: segment offset + row * stride + field
ASST_STRIDE, ASST_PRESENT, ASST_USED = (
    OBS["own_assistants_here"].stride,
    OBS.field("own_assistants_here", "present"),
    OBS.field("own_assistants_here", "used"),
)
PICK_STRIDE, PICK_PLAN = OBS["my_setup_pick"].stride, OBS.field("my_setup_pick", "plan")
FIG_STRIDE, FIG_PERSONAL, FIG_GENERAL, FIG_CAREER, FIG_ASSISTANTS = (
    OBS["figures"].stride,
    *(OBS.field("figures", f) for f in ("personal", "general", "career", "assistants")),
)
COUNT_STRIDE, COUNT_HAND, COUNT_COMPASSES, COUNT_QUESTS, COUNT_TOKENS = (
    OBS["counts"].stride,
    *(OBS.field("counts", f) for f in ("hand", "compasses", "quests", "tokens")),
)
SUPPLY_STRIDE, SUPPLY_TAKEN, SUPPLY_ON_BOARD, SUPPLY_VALUE = (
    OBS["supply"].stride,
    *(OBS.field("supply", f) for f in ("taken", "on_board", "value")),
)


@njit(cache=True)
def _card(out, o_ab, o_c, row, card):
    """``card`` in ``row`` of a card segment: the A/B cards' segment or its C twin (GAP-63)."""
    if card < NC_AB:
        out[o_ab + row * NC_AB + card] = 1.0
    else:
        out[o_c + row * NCC + card - NC_AB] = 1.0


@njit(cache=True)
def _combat(rec, out):
    """MA-29.1a: the combat in progress (top frame Frame.COMBAT), public."""
    k = rec.stk_len - 1
    if k < 0 or rec.stk_kind[k] != Frame.COMBAT:
        return
    if rec.cb_token >= 0:
        out[O_CB_TOKEN + rec.cb_token] = 1.0
    elif rec.stk_pc[k] >= 2:  # past the pile decision without a token: piles empty
        out[CB_PILES_EMPTY] = 1.0
    if rec.cb_nation >= 0:
        out[CB_NATION + rec.cb_nation] = 1.0
    out[CB_V] = rec.cb_v
    for b in range(3):
        out[CB_ACTIONS_USED + b] = (rec.cb_used >> b) & 1
    for i in range(8):
        out[CB_CARDS_USED + i] = (rec.cb_cards >> i) & 1


@njit(cache=True)
def card_effect_at(rec, k):
    """(family, a0, a1) of the purchase effect an Frame.CARD frame k resolves, family NONE
    before the first effect or past the last."""
    c = rec.stk_id[k]
    j = rec.stk_pc[k] - 1
    if rec.stk_kind[k] == Frame.CARD and 0 <= j < projects.CARD_FX_COUNT[c]:
        return projects.CARD_FX_FAMILY[c, j], projects.CARD_FX_A0[c, j], projects.CARD_FX_A1[c, j]
    return codes.NONE, 0, 0


@njit(cache=True)
def _catalogued(src, ident):
    """A program of the frame_program catalogue: not a one-step program, nor a new city's
    action (MA-26.4 L4 / L7: legacy_ship and the step segments show that one)."""
    return src != Source.SINGLE and not (src == Source.CITY and ident >= legacy.NUM_CITY_ACTIONS)


@njit(cache=True)
def _frame_row(rec, k, row, out):
    """MA-29.1a: what frame k is (row 0 = the top frame, 1 = the one below it)."""
    kind = rec.stk_kind[k]
    out[O_FKIND + row * NUM_FRAME_KINDS + kind] = 1.0
    if kind == Frame.PROG:
        src = rec.stk_src[k]
        out[O_FSRC + row * NUM_SOURCES + src] = 1.0
        if _catalogued(src, rec.stk_id[k]):
            out[O_FPROG + row * NUM_PROGRAMS + PROGRAM_BASE[src] + rec.stk_id[k]] = 1.0
    elif kind == Frame.QUEST:
        out[O_FQUEST + row * NQ + rec.stk_id[k]] = 1.0
    code, _, _ = frame_step_at(rec, k)
    if code >= 0:
        out[O_FSTEP + row * NUM_STEP_CODES + code] = 1.0
    fam, _, _ = card_effect_at(rec, k)
    if fam >= 0:
        out[O_FFX + row * NUM_CARD_FAMILIES + fam] = 1.0


@njit(cache=True)
def _pending(rec, out):
    """MA-29.1a: the pending sub-decision (the top frames, their step and numbers) and
    every program / quest on the stack."""
    n = rec.stk_len
    if n == 0:
        return
    k = n - 1
    _frame_row(rec, k, 0, out)
    if k > 0:
        _frame_row(rec, k - 1, 1, out)
    kind = rec.stk_kind[k]
    code, a0, a1 = frame_step_at(rec, k)
    if kind == Frame.CARD:
        _, a0, a1 = card_effect_at(rec, k)
        if rec.stk_x[k] >= 0:
            out[O_FNATION + rec.stk_x[k]] = 1.0
    count = 0
    if kind == Frame.EXPLORE or kind == Frame.REMOVE or kind == Frame.VILLAGE:
        count = rec.stk_x[k]
    elif kind == Frame.PAY:
        count = rec.stk_y[k]
        out[(O_FSYM + rec.stk_x[k]) if rec.stk_x[k] >= 0 else FSYM_ANY_GOOD] = 1.0
    elif kind == Frame.PROG and rec.stk_src[k] == Source.ASSIST and code == codes.S_EXTRA_SAIL:
        count = rec.stk_y[k]
    if code == codes.S_PAY_SAME_GOODS:
        out[FSYM_ANY_GOOD] = 1.0
    out[FD_STAGE] = rec.stk_pc[k]
    out[FD_A0] = a0
    out[FD_A1] = a1
    out[FD_COUNT] = count
    for j in range(n):
        if rec.stk_kind[j] == Frame.PROG and _catalogued(rec.stk_src[j], rec.stk_id[j]):
            out[O_STACK + PROGRAM_BASE[rec.stk_src[j]] + rec.stk_id[j]] = 1.0
        elif rec.stk_kind[j] == Frame.QUEST:
            out[O_STACK + NUM_PROGRAMS + rec.stk_id[j]] = 1.0


@njit(cache=True)
def _frames(rec, out):
    village = 0
    pay = 0
    remove = 0
    for k in range(rec.stk_len):
        if rec.stk_kind[k] == Frame.VILLAGE:
            village = rec.stk_x[k]
        elif rec.stk_kind[k] == Frame.PAY:
            pay = rec.stk_y[k]
        elif rec.stk_kind[k] == Frame.REMOVE:
            remove = rec.stk_x[k]
    out[TURN_VILLAGE_LEFT] = village
    out[TURN_PAYMENTS_LEFT] = pay
    out[TURN_REMOVALS_LEFT] = remove
    out[TURN_STACK_DEPTH] = rec.stk_len


@njit(cache=True)
def _player(rec, q, r, out, revealed_careers):
    out[O_VP + r] = rec.vp[q]
    out[O_COINS + r] = rec.coins[q]
    out[O_CP + r] = rec.cp[q]
    out[O_DINC + r] = rec.d_income[q]
    out[O_VINC + r] = rec.vp_income[q]
    for a in range(NUM_NATIONS):
        out[O_INF + r * NUM_NATIONS + a] = rec.influence[q, a]
        out[O_NOB + r * NUM_NATIONS + a] = tracks.NOBILITY_LEVEL[rec.influence[q, a]]
    out[O_SHIP + r * NL + rec.ship[q]] = 1.0
    out[O_EXP + r * NE + rec.explorer[q]] = 1.0
    for b in range(3):
        out[O_CROSSED + r * 3 + b] = rec.crossed[q, b]
    if rec.end_rank[q] >= 0:
        out[O_END + r * 4 + rec.end_rank[q]] = 1.0
    for u in range(NU):
        out[O_DISCS + r * NU + u] = rec.discs[q, u]
    goals_open = 0
    if rec.career[q] >= 0 and revealed_careers:
        out[O_CAREER + r * 8 + rec.career[q]] = 1.0
    for g in range(3):
        if rec.goal_done[q, g] > 0:
            out[O_GOALS + r * 6 + g * 2 + rec.goal_done[q, g] - 1] = 1.0
        elif revealed_careers:
            goals_open += 1
    n_asst = 0
    for j in range(8):
        c = rec.assistants[q, j]
        if c >= 0:
            n_asst += 1
            out[O_ASST + r * NL + projects.CARD_ASSISTANT_LOC[c]] += 1.0
    figs = O_FIGS + r * FIG_STRIDE
    out[figs + FIG_PERSONAL] = rec.fig_personal[q]
    out[figs + FIG_GENERAL] = rec.fig_general[q]
    out[figs + FIG_CAREER] = goals_open
    out[figs + FIG_ASSISTANTS] = n_asst
    for s in range(NUM_SYNERGIES):
        out[O_SYN + r * NUM_SYNERGIES + s] = rec.synergy[q, s]
    counts = O_COUNTS + r * COUNT_STRIDE
    out[counts + COUNT_HAND] = rec.hand_len[q]
    # the other counts are summed in the passes over cards, quests and tokens (_counted)
    out[counts + COUNT_COMPASSES] = 1  # MA-12.2: the one printed on the ship board
    for s in range(4):
        out[O_INVESTED + r * 4 + s] = rec.invested[q, s]
        if s < 3 and rec.planning[q, s] >= 0:
            _card(out, O_PLANNING, O_CPLANNING, r * 3 + s, rec.planning[q, s])


@njit(cache=True)
def _counted(out, r, field, amount):
    """``amount`` more in seat ``r``'s ``counts`` entry ``field`` (zero until then): the
    compasses (MA-12.2, quests.compasses), quests done (MA-12.4, quests.num_quests_done)
    and tokens (MA-8.7, combat.num_tokens), each summed in the one pass over the cards,
    quests or tokens that the view makes anyway instead of a pass per seat."""
    out[O_COUNTS + r * COUNT_STRIDE + field] += amount


@njit(cache=True)
def observe_one(rec, player, out):
    n = rec.num_players
    out[O_NP + n - 2] = 1.0
    if rec.round_no > 0:
        out[O_ROUND + rec.round_no - 1] = 1.0
    if rec.current_player >= 0:
        out[O_ACTIVE + (rec.current_player - player) % n] = 1.0
    out[O_STARTER + (rec.round_starter - player) % n] = 1.0
    if rec.last_trigger >= 0:
        out[O_TRIGGER + (rec.last_trigger - player) % n] = 1.0
    if rec.decision < NUM_BASE_DECISIONS:  # the story decisions: observe_story
        out[O_DECISION + rec.decision] = 1.0
    out[O_PHASE + rec.phase] = 1.0
    out[TURN_MP_SPENT] = rec.mp_spent
    out[TURN_LAST_SAIL_MP] = rec.last_sail_mp
    out[TURN_MAIN_DONE] = rec.main_done
    out[TURN_EXTRA_MAIN] = rec.extra_main
    _frames(rec, out)
    _combat(rec, out)
    _pending(rec, out)
    if rec.current_player == player:
        for j in range(8):
            out[O_OWN_ASST + j * ASST_STRIDE + ASST_PRESENT] = (rec.asst_present >> j) & 1
            out[O_OWN_ASST + j * ASST_STRIDE + ASST_USED] = (rec.asst_used >> j) & 1
    revealed_careers = rec.phase >= Phase.SAIL
    for q in range(n):
        r = (q - player) % n
        out[O_SEAT + r] = 1.0
        _player(rec, q, r, out, revealed_careers)
    # cards
    for c in range(NC):
        w = rec.card_where[c]
        if w >= W_BOUGHT:
            r = (w - W_BOUGHT - player) % n
            _card(out, O_BOUGHT, O_CBOUGHT, r, c)
            _counted(out, r, COUNT_COMPASSES, projects.CARD_COMPASSES[c])
        elif w == W_DISCARD:
            _card(out, O_DISCARD, O_CDISCARD, 0, c)
    for i in range(rec.hand_len[player]):
        _card(out, O_HAND, O_CHAND, i, rec.hand[player, i])
    for i in range(H_MAX):
        if rec.setup_pick[player, i] > 0:
            out[O_PICK + i * PICK_STRIDE + PICK_PLAN + rec.setup_pick[player, i] - 1] = 1.0  # 1 plan, 2 discard
    for j in range(2):
        if rec.career_dealt[player, j] >= 0:
            out[O_CDEALT + j * 8 + rec.career_dealt[player, j]] = 1.0
    if rec.career[player] >= 0:
        out[O_CKEPT + rec.career[player]] = 1.0
    for s in range(4):
        if rec.display[s] >= 0:
            _card(out, O_DISPLAY, O_CDISPLAY, s, rec.display[s])
    out[O_DECK] = rec.deck_len
    for i in range(NCC):
        out[O_CIN + i] = (rec.c_in_game >> i) & 1
    # board
    slots = market_slots(rec)
    for loc in range(NL):
        if rec.marker_at[loc] >= 0:
            out[O_MARKERS + loc * NUM_NATIONS + rec.marker_at[loc]] = 1.0
        out[O_MARKET + loc] = rec.market[loc]
        if has_market(rec, loc):  # MA-26.4 L1: Puerto Cabezas' market too
            out[O_MFREE + loc] = slots - rec.market[loc]
    for j in range(4):
        t = rec.tile_at[board.TILE_SLOTS[j]]
        if t >= 0:
            out[O_TILES + j * NUM_TILE_KINDS + t] = 1.0
    out[O_MTILE] = rec.tile_at[board.MARACAIBO] >= 0
    for q in range(NQ):
        st = rec.quest_state[q]
        if st == QS_BOARD:
            out[O_QAT + rec.quest_arg[q] * NQ + q] = 1.0
        elif st == QS_EXPLORER:
            out[O_QEXP + rec.quest_arg[q] * NQ + q] = 1.0
        elif st == QS_DONE:
            _counted(out, (rec.quest_arg[q] - player) % n, COUNT_QUESTS, 1)
    for k in range(NST):  # GAP-61: a story tile taken counts as a quest done
        if rec.story_tile_owner[k] >= 0:
            _counted(out, (rec.story_tile_owner[k] - player) % n, COUNT_QUESTS, 1)
    for t in range(NT):
        if rec.token_owner[t] >= 0:
            r = (rec.token_owner[t] - player) % n
            out[O_TOKENS + r * NT + t] = 1.0
            _counted(out, r, COUNT_TOKENS, 1)
    if rec.quest_pile_len > 0:
        out[O_QPILE + rec.quest_pile[rec.quest_pile_len - 1]] = 1.0
    out[QPILE_SIZE] = rec.quest_pile_len
    values = np.zeros(NUM_NATIONS, dtype=np.int64)
    nation_values(rec, values)
    for a in range(NUM_NATIONS):
        supply = O_SUPPLY + a * SUPPLY_STRIDE
        out[supply + SUPPLY_TAKEN] = rec.markers_taken[a]
        out[supply + SUPPLY_ON_BOARD] = markers_on_board(rec, a)
        out[supply + SUPPLY_VALUE] = values[a]
    for s in range(rec.prestige_revealed):
        out[O_PRESTIGE + s * 8 + rec.prestige[s]] = 1.0
    out[O_PILES] = rec.token_pile_len[0]
    out[O_PILES + 1] = rec.token_pile_len[1]
    for b in range(3):
        out[O_BFIRST + b] = rec.barrier_first[b]
    out[O_ENDN] = rec.end_arrivals
    out[O_QCARD + rec.opt_quest_card] = 1.0  # MA-26.1, D16
    if rec.opt_legacy != 0:
        _legacy(rec, player, out)
    if rec.opt_story:
        observe_story(rec, player, out)


@njit(cache=True)
def _legacy(rec, player, out):
    """MA-26.4: the tiles in play, discs on the purchase tiles, markers on L6 / L9, ships at
    the new cities L4 / L7 (whose ``ship`` entry shows the location before the new city) and
    the markers on their flags."""
    n = rec.num_players
    for t in range(NLT):
        out[O_LT + t] = (rec.opt_legacy >> t) & 1
    for i in range(legacy.NUM_PURCHASE_TILES):
        t = legacy.PURCHASE_TILES[i]
        for q in range(n):
            out[O_LDISCS + i * (P + 1) + (q - player) % n] = rec.legacy_discs[t, q]
        out[O_LDISCS + i * (P + 1) + P] = rec.legacy_discs[t, BOX_DISCS]
    for s in range(legacy.NUM_MARKER_SPACES):
        if rec.legacy_markers[s] >= 0:
            out[O_LMARKERS + s * NUM_NATIONS + rec.legacy_markers[s]] = 1.0
    out[O_LBOUGHT] = rec.legacy_bought
    for q in range(n):  # MA-26.4 L4 / L7, by relative seat
        if rec.legacy_city[q] >= 0:
            out[O_LSHIP + ((q - player) % n) * legacy.NUM_NEW_CITIES + rec.legacy_city[q]] = 1.0
    for c in range(legacy.NUM_NEW_CITIES):
        if rec.legacy_city_marker[c] >= 0:
            out[O_LCMARKERS + c * NUM_NATIONS + rec.legacy_city_marker[c]] = 1.0
