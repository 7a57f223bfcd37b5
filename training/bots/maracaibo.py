"""``heuristic`` for Maracaibo: "the explorer-diplomat", a one-decision value maximiser.

Every legal action is scored in victory-point equivalents computed from the acting
seat's observation alone (decoded with the offsets of ``spaces.OBS``, which the
constructor checks against the game's ``obs_layout``), and the best one is played.
Resources are converted at rates that change over the game (the named weights in
``PARAMS``): a doubloon is worth about 0.8 VP early, less in round 4, less again when
the purse is full, and nothing at the final purchase; VP income counts once per
scoring still to come, doubloon income once per interim scoring plus its final-track
VP; an influence point is worth the nobility it adds (interpolated between the red
bands) times the nation's expected value, plus the majority bonus; a marker is worth
the rise of its nation's value times the bot's nobility there minus its rivals'; a
disc is worth a share of the ship upgrade it works towards; an explorer step is worth
its share of the END bonus plus the reward where it lands and the barriers crossed.

What a person sees it do:

- setup: plans the opening card with the best value for its price, discards the
  three weakest, keeps the career whose goals its style meets (influence, explorer,
  upgrades, combat);
- Phase A: plans the rest of the round as a small DP over the route ahead: the value
  of the best main action at each stop, for as many turns as the rival nearest to the
  round's end leaves it. So it skips weak stops, stops at the explore cities (2, 11),
  combat cities (9, 17), villages where a purchase is ready, quests it can pay for and
  its own assistants, and hurries when a rival is about to end the round;
- Phase B: delivers its least useful good for a disc (U3, U5/U6 VP, U4 money, U11,
  U12 first), explores at every chance (barriers, END first), completes quests it can
  pay for, buys income cards early and VP cards late, plans expensive cards it cannot
  pay yet, invests in prestige when rich, takes career goals at the high tier and at
  the low tier only when the high one is out of reach;
- combat: picks the nation where token strength, bonus and its own influence give the
  best plan of combat actions (influence, annexing a flag for its nation, card
  actions), then boosts with CP (figures only when the plan pays for them);
- every other choice (nation, disc, synergy, U11, CX7 / CX8 / CX9, space 20, extra
  sail, payments, display cards) takes the option with the best immediate value; at
  a scoring it buys when a card is worth more than the 2 VP alternative.

Ties are broken by a fixed per-seed preference over actions, so the bot is a pure
function of (observation, mask) and never reads hidden state. Two things the
observation does not tell it: which of two payable quest tiles at one location is
quest slot 0 (no placement order) and which card an own assistant slot holds when two
of its assistants share a location; it values such slots at the mean of the tiles /
cards there. Measured (300 games per player count, CLI arena): 100% wins against
random with 2, 3 and 4 players (about 150 VP against 25).
"""

import numpy as np
from numba import njit

from games.maracaibo.data import actions as DA
from games.maracaibo.data import board as DB
from games.maracaibo.data import careers as DK
from games.maracaibo.data import codes as C
from games.maracaibo.data import combat as DC
from games.maracaibo.data import explorer as DE
from games.maracaibo.data import prestige as DP
from games.maracaibo.data import projects as PJ
from games.maracaibo.data import quests as DQ
from games.maracaibo.data import ship as DS
from games.maracaibo.data import tracks as DT
from games.maracaibo.spaces import (
    A_BUY_HAND, A_BUY_PLAN, A_CAREER_PICK, A_CHOICE, A_COMBAT_ACTION, A_COMBAT_BOOST, A_COMBAT_NATION,
    A_COMBAT_PILE, A_COUNT, A_DELIVER, A_DONE, A_DRAW, A_EXPLORE_TO, A_FREE_CAREER, A_FREE_FIG2CP,
    A_FREE_PLAN, A_INVEST, A_LOCATION, A_MAIN, A_NATION, A_PAY_CARD, A_REMOVE_DISC, A_SAIL_TO,
    A_SETUP_DISCARD, A_SETUP_PLAN, A_SYNERGY, A_TAKE_2VP, A_VILLAGE, CA_CARD, CA_END, CA_FLAG, CA_VILLAGE,
    MAIN_ASSIST, MAIN_CITY, MAIN_NONE, MAIN_QUEST, MAIN_VILLAGE, NUM_ACTIONS, NUM_CARD_FAMILIES,
    NUM_PROGRAMS, NUM_STEP_CODES, OBS, PROGRAM_BASE, VO_A, VO_B, VO_STOP, VO_U8, VO_U9,
    VO_U10, VO_VBK, VO_VG2, VO_VMD, VO_VMV, VO_XQC,
)
from games.maracaibo.state import (
    D_BUY, D_CAREER, D_CAREER_ONLY, D_CHOICE, D_COMBAT, D_COMBAT_NATION, D_COMBAT_PILE, D_COUNT, D_DELIVER,
    D_DRAW, D_EXPLORE, D_LOCATION, D_MAIN, D_NATION, D_PAY_CARD, D_REMOVE_DISC, D_SAIL, D_SETUP_DISCARD,
    D_SETUP_PLAN, D_SYNERGY, D_VILLAGE, F_CARD, F_EXPLORE, F_PROG, F_QUEST, H_MAX, NC, NE, NL, NQ, NU,
    NUM_DECISIONS, NUM_FRAME_KINDS, PH_SCORE_CHOICE,
)

from .base import Bot

# ----- observation offsets (the game's obs_layout; seats relative, 0 = the bot) ----------
O = OBS.offset
O_SEAT, O_ROUND, O_ACTIVE = O("seat_exists"), O("round"), O("active")
O_DECISION, O_PHASE, O_TURN, O_OWN_ASST = O("decision"), O("phase"), O("turn_context"), O("own_assistants_here")
O_CB_TOKEN, O_CB = O("combat_token"), O("combat")
O_FKIND, O_FPROG, O_FSTEP, O_FFX, O_FDETAIL = (
    O("frame_kind"), O("frame_program"), O("frame_step"), O("frame_effect"), O("frame_detail"))
O_VP, O_COINS, O_CP, O_DINC, O_VINC = O("vp"), O("coins"), O("cp"), O("d_income"), O("vp_income")
O_INF, O_SHIP, O_EXP, O_CROSSED, O_END = O("influence"), O("ship"), O("explorer"), O("crossed"), O("end_rank")
O_DISCS, O_FIGS, O_GOALS, O_SYN, O_COUNTS = O("discs"), O("figures"), O("goals"), O("synergy"), O("counts")
O_ASST, O_INVESTED, O_BOUGHT, O_PLANNING = O("assistants"), O("invested"), O("bought"), O("planning")
O_HAND, O_PICK, O_CDEALT, O_CKEPT = O("my_hand"), O("my_setup_pick"), O("my_career_dealt"), O("my_career_kept")
O_DISPLAY, O_MARKERS, O_MFREE, O_TILES, O_MTILE = (
    O("display"), O("markers"), O("market_free"), O("city_tiles"), O("maracaibo_tile"))
O_QAT, O_QEXP, O_SUPPLY, O_PRESTIGE, O_PILES = (
    O("quests_at"), O("quests_explorer"), O("supply"), O("prestige"), O("token_piles"))
O_BFIRST, O_ENDN = O("barrier_first"), O("end_arrivals")
NP_SEATS = 4
NPB = DP.NUM_PRESTIGE
NK = DK.NUM_CAREERS
NSYN = C.NUM_SYNERGIES
NT = DC.NUM_COMBAT_TOKENS

# ----- component data the scoring reads (frozen into the kernels) ----------------------------
CARD_COST, CARD_END_VP, CARD_SYMBOL, CARD_SYNERGY = PJ.CARD_COST, PJ.CARD_END_VP, PJ.CARD_SYMBOL, PJ.CARD_SYNERGY
REQ_KIND, REQ_A0, REQ_A1, REQ_COUNT = PJ.CARD_REQ_KIND, PJ.CARD_REQ_A0, PJ.CARD_REQ_A1, PJ.CARD_REQ_COUNT
FX_FAMILY, FX_A0, FX_A1, FX_COUNT = PJ.CARD_FX_FAMILY, PJ.CARD_FX_A0, PJ.CARD_FX_A1, PJ.CARD_FX_COUNT
CARD_ASSISTANT_LOC, CARD_ASSISTANT_ACTION = PJ.CARD_ASSISTANT_LOC, PJ.CARD_ASSISTANT_ACTION
CARD_COMPASSES = PJ.CARD_COMPASSES
LOC_NUM, LOC_KIND, LOC_CITY_ACTION, LOC_MARKET_GOOD = DB.LOC_NUM, DB.LOC_KIND, DB.LOC_CITY_ACTION, DB.LOC_MARKET_GOOD
LOC_HAS_FLAG, LOC_FLAG_CODE, LOC_FLAG_AMOUNT = DB.LOC_HAS_FLAG, DB.LOC_FLAG_CODE, DB.LOC_FLAG_AMOUNT
LOC_HAS_MARKET = DB.LOC_HAS_MARKET
TILE_SLOTS, TILE_ACTION, TILE_GOOD = DB.TILE_SLOTS, DB.TILE_ACTION, DB.TILE_GOOD
MARACAIBO, MARACAIBO_TILE = DB.MARACAIBO, DB.MARACAIBO_TILE
SAIL_STEPS = DB.SAIL_STEPS
LOC_20, LOC_21A, LOC_21B, LOC_22 = DB.LOC_20, DB.LOC_21A, DB.LOC_21B, DB.LOC_22
VILLAGE, CITY, RETURN = DB.VILLAGE, DB.CITY, DB.RETURN
CITY_PROG_CODE, CITY_PROG_A0, CITY_PROG_A1, CITY_PROG_LEN = (
    DA.CITY_PROG_CODE, DA.CITY_PROG_A0, DA.CITY_PROG_A1, DA.CITY_PROG_LEN)
AS_PROG_CODE, AS_PROG_A0, AS_PROG_A1, AS_PROG_LEN = DA.AS_PROG_CODE, DA.AS_PROG_A0, DA.AS_PROG_A1, DA.AS_PROG_LEN
CITY_COMBAT, CITY_HOME20, CITY_CX8 = DA.CITY_COMBAT, DA.CITY_HOME20, DA.CITY_CX8
BY_MP, BY_MP_U1 = DA.VILLAGE_ACTIONS_BY_MP, DA.VILLAGE_ACTIONS_BY_MP_U1
COMBAT_COST = DA.COMBAT_ACTION_COST
UPG_UNLOCK, UPG_UNLOCK_ARG = DS.UPGRADE_UNLOCK, DS.UPGRADE_UNLOCK_ARG
UNLOCK_AFTER, UNLOCK_OTHERS = DS.UNLOCK_AFTER, DS.UNLOCK_OTHERS
U1, U2, U3, U7, U8, U9, U10, U11 = DS.U1, DS.U2, DS.U3, DS.U7, DS.U8, DS.U9, DS.U10, DS.U11
EXP_SUCC, EXP_NUM_SUCC, EXP_QUEST_SLOT = DE.EXP_SUCC, DE.EXP_NUM_SUCC, DE.EXP_QUEST_SLOT
EXP_BARRIER_AFTER, EXP_REWARD_CODE, EXP_REWARD_AMOUNT = DE.EXP_BARRIER_AFTER, DE.EXP_REWARD_CODE, DE.EXP_REWARD_AMOUNT
EXP_STEP_NUMBER, EXP_DIST, EXP_END = DE.EXP_STEP_NUMBER, DE.EXP_DIST_TO_END, DE.EXP_END
BARRIER_FIRST_VP, BARRIER_LATER_VP, BARRIER_INFLUENCE = (
    DE.BARRIER_FIRST_VP, DE.BARRIER_LATER_VP, DE.BARRIER_INFLUENCE)
END_ARRIVAL_VP = DE.END_ARRIVAL_VP
# step number of the space each barrier is crossed after (green, blue, red)
BARRIER_STEP = np.array([EXP_STEP_NUMBER[np.flatnonzero(EXP_BARRIER_AFTER == b)[0]] for b in range(3)],
                        dtype=np.int64)
Q_COST_KIND, Q_COST_A0, Q_COST_A1, Q_COST_COUNT = (
    DQ.QUEST_COST_KIND, DQ.QUEST_COST_A0, DQ.QUEST_COST_A1, DQ.QUEST_COST_COUNT)
Q_PC_CODE, Q_PC_AMOUNT = DQ.QUEST_PER_COMPASS_CODE, DQ.QUEST_PER_COMPASS_AMOUNT
Q_RW_CODE, Q_RW_A0, Q_RW_A1, Q_RW_COUNT = (
    DQ.QUEST_REWARD_CODE, DQ.QUEST_REWARD_A0, DQ.QUEST_REWARD_A1, DQ.QUEST_REWARD_COUNT)
QUEST_BONUS_VP = DQ.QUEST_BONUS_VP
TOKEN_STRENGTH, TOKEN_BONUS, TOKEN_BONUS_AMOUNT, TOKEN_MODIFIER = (
    DC.TOKEN_STRENGTH, DC.TOKEN_BONUS, DC.TOKEN_BONUS_AMOUNT, DC.TOKEN_MODIFIER)
MODIFIER_VALUE = DC.MODIFIER_VALUE
NOBILITY_LEVEL, NEXT_NOBLE = DT.NOBILITY_LEVEL, DT.NEXT_NOBLE_POSITION
SUPPLY_VALUE_AFTER_TAKEN = DT.SUPPLY_VALUE_AFTER_TAKEN
FINAL_D_VP = DT.DOUBLOON_INCOME_FINAL_VP
PRESTIGE_COST, PRESTIGE_SCORING, PRESTIGE_VP_PER_UNIT, PRESTIGE_VP_CAP = (
    DP.PRESTIGE_COST, DP.PRESTIGE_SCORING, DP.PRESTIGE_VP_PER_UNIT, DP.PRESTIGE_VP_CAP)
GOAL_TYPE, LOW_T, LOW_D = DK.CAREER_GOAL_TYPE, DK.CAREER_LOW_THRESHOLD, DK.CAREER_LOW_D
HIGH_T, HIGH_D, HIGH_VP = DK.CAREER_HIGH_THRESHOLD, DK.CAREER_HIGH_D, DK.CAREER_HIGH_VP


def _continuous_level():
    """Nobility level interpolated linearly between the red bands (MA-9.3)."""
    bands = [0] + list(DT.NOBILITY_BANDS)
    return np.interp(np.arange(DT.INFLUENCE_MAX + 1), bands, np.arange(len(bands))).astype(np.float64)


def _smooth_supply_value():
    """A nation's value after k markers left its supply, interpolated between emptied spaces."""
    ks = np.concatenate([[0], np.cumsum(DT.SUPPLY_CAPACITY)])
    vals = SUPPLY_VALUE_AFTER_TAKEN[ks]
    return np.interp(np.arange(DT.MARKERS_PER_NATION + 2), ks, vals).astype(np.float64)


SMOOTH_LEVEL = _continuous_level()
SMOOTH_SUPPLY = _smooth_supply_value()

# ----- the weights: names and defaults (one float vector, so tuning never recompiles) ---------
PARAMS = (
    ("d_value", 0.8, "VP per doubloon in rounds 1-2"),
    ("d_value_late", 0.3, "VP per doubloon in round 4 (0 at the final purchase)"),
    ("cp_value", 0.45, "VP per combat point below the cap of 8"),
    ("figure_value", 1.6, "VP per figure in the personal supply"),
    ("good_card", 0.9, "keep value of a good card in hand (deliveries, quests)"),
    ("item_card", 0.6, "keep value of an item card in hand (quests, herbs)"),
    ("deck_card", 0.9, "expected keep value of the top card of the deck"),
    ("keep_buy", 0.6, "share of a card's purchase value kept while it is in hand"),
    ("mp_cost", 0.1, "VP cost per MP sailed (beyond the stops the route plan gives up)"),
    ("explore_step", 1.0, "VP per explorer step towards END"),
    ("nation_growth", 1.2, "expected growth of a nation's value over a whole game"),
    ("smooth_level", 0.7, "weight of the interpolated nobility level (rest: exact bands)"),
    ("majority", 0.6, "probability weight of the 3 VP influence majority"),
    ("rival_level", 0.5, "weight of rivals' nobility when a marker raises a nation's value"),
    ("upgrade_half", 0.7, "share of an upgrade's value for its first disc"),
    ("assistant_round", 2.6, "VP per remaining round of an assistant card"),
    ("combat_base_v", 3.8, "expected combat value V of an unrevealed token"),
    ("token_value", 0.6, "VP per combat token on the ship board (careers, CX7, PB6)"),
    ("synergy_token", 1.0, "VP of a synergy token beyond the income it unlocks"),
    ("synergy_later", 0.3, "chance weight of a conditional income whose synergy is missing"),
    ("extra_sail", 2.5, "VP of the extra sail and main action of AS04 / AS14"),
    ("plan_min", 2.0, "purchase value above which a hand card is planned"),
    ("quest_tile", 0.7, "VP per quest tile beyond its rewards (careers, Palace)"),
    ("rival_speed", 4.0, "MP per turn expected of rivals (when will the round end?)"),
    ("future", 0.85, "discount of the stops planned for later turns of the round"),
    ("rich", 12.0, "doubloons above which each further doubloon is worth less"),
    ("rich_scale", 24.0, "doubloons above the pivot that halve the value of a doubloon"),
    ("low_goal_wait", 1.6, "weight of the high tier still within reach when the low tier is offered"),
)
PARAM_NAMES = tuple(p[0] for p in PARAMS)
DEFAULT_PARAMS = np.array([p[1] for p in PARAMS], dtype=np.float64)
(W_D, W_D_LATE, W_CP, W_FIG, W_GOOD, W_ITEM, W_DECK, W_KEEP_BUY, W_MP, W_EXP_STEP, W_NV_GROWTH,
 W_SMOOTH, W_MAJ, W_RIVAL, W_HALF, W_ASST, W_CB_V, W_TOKEN, W_SYN, W_SYN_LATER, W_EXTRA_SAIL,
 W_PLAN, W_QTILE, W_RIVAL_SPEED, W_FUTURE, W_RICH, W_RICH_SCALE, W_LOW_WAIT) = range(len(PARAMS))

# Upgrade values in VP (MA-17.3); U4 / U11 doubloons are added with the doubloon value.
UPGRADE_VP = np.array([2.5, 2.0, 3.5, 0.0, 3.0, 6.0, 1.0, 1.5, 1.0, 1.5, 5.0, 10.0])
UPGRADE_D = np.array([0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 2, 0], dtype=np.float64)
# Career preference per goal type (G_COMBAT, QUESTS, INF1, INF2, UPG, EXPL, SYN, ASSIST)
CAREER_PREF = np.array([1.0, 0.7, 1.5, 1.0, 1.2, 1.5, 0.3, 0.6])
NEG = -1.0e9

# ----- the row context (derived once per decision) ----------------------------------------------
(C_ROUND, C_VD, C_VCP, C_CP, C_COINS, C_FIGP, C_FIGG, C_HL, C_COMPASS, C_NASST, C_NTOK, C_NQUEST,
 C_NUPG, C_PD, C_PEX, C_SL, C_IL, C_SHIP, C_MP, C_DINC, C_NP, C_EXPPOS, C_NSYN, C_DECISION, C_PHASE,
 C_VREP, C_BUY1, C_BUY2, C_PRICE1, C_PRICE2, C_COMBAT, C_DISC, C_HLIMIT, C_FINAL,
 C_LAST_SAIL, C_EXTRA, C_RL, C_HAND) = range(38)
C_KEEP = C_HAND + H_MAX  # the hand's card ids (-1 = empty), then their keep values
C_SIZE = C_KEEP + H_MAX


@njit(cache=True)
def _argmax(obs, off, n):
    for i in range(n):
        if obs[off + i] > 0.5:
            return i
    return -1


@njit(cache=True)
def _decode(obs, hand, plan, mine, ctx, W):
    """Hand, planning area, own bought cards and the scalar context of one observation."""
    hl = 0
    for i in range(H_MAX):
        hand[i] = _argmax(obs, O_HAND + i * NC, NC)
        if hand[i] >= 0:
            hl += 1
    for s in range(3):
        plan[s] = _argmax(obs, O_PLANNING + s * NC, NC)
    pd = 0.0
    pex = 0.0
    compass = 1.0
    for c in range(NC):
        mine[c] = obs[O_BOUGHT + c] > 0.5
        if mine[c]:
            compass += CARD_COMPASSES[c]
            for j in range(FX_COUNT[c]):
                if FX_FAMILY[c, j] == PJ.F_PD:
                    pd += FX_A0[c, j]
                elif FX_FAMILY[c, j] == PJ.F_PEX:
                    pex += FX_A0[c, j]
    r = _argmax(obs, O_ROUND, 4) + 1  # 0 during setup
    ctx[C_ROUND] = max(r, 1)
    rr = ctx[C_ROUND]
    ctx[C_DECISION] = _argmax(obs, O_DECISION, NUM_DECISIONS)
    ctx[C_PHASE] = _argmax(obs, O_PHASE, 9)
    ctx[C_FINAL] = 1.0 if (rr >= 4 and ctx[C_PHASE] >= PH_SCORE_CHOICE) else 0.0
    if ctx[C_FINAL] > 0:
        ctx[C_VD] = 0.02
    elif rr <= 2:
        ctx[C_VD] = W[W_D]
    elif rr == 3:
        ctx[C_VD] = 0.5 * (W[W_D] + W[W_D_LATE])
    else:
        ctx[C_VD] = W[W_D_LATE]
    # a full purse buys less per extra doubloon: the value falls once coins pass the pivot
    ctx[C_VD] /= 1.0 + max(0.0, obs[O_COINS] - W[W_RICH]) / W[W_RICH_SCALE]
    ctx[C_VCP] = W[W_CP] * (1.0 if rr < 4 else 0.6)
    ctx[C_CP] = obs[O_CP]
    ctx[C_COINS] = obs[O_COINS]
    ctx[C_FIGP] = obs[O_FIGS]
    ctx[C_FIGG] = obs[O_FIGS + 1]
    ctx[C_HL] = hl
    ctx[C_COMPASS] = compass
    ctx[C_NASST] = obs[O_FIGS + 3]
    ctx[C_NTOK] = obs[O_COUNTS + 3]
    ctx[C_NQUEST] = obs[O_COUNTS + 2]
    nupg = 0.0
    for u in range(NU):
        if obs[O_DISCS + u] < 0.5:
            nupg += 1
    ctx[C_NUPG] = nupg
    ctx[C_PD] = pd
    ctx[C_PEX] = pex
    ctx[C_SL] = 5 - rr  # VP-income payments still to come (MA-19.4)
    # rounds of play still to come (the current one unless it is being scored)
    ctx[C_RL] = (4.0 - rr) if ctx[C_PHASE] >= PH_SCORE_CHOICE else (5.0 - rr)
    ctx[C_IL] = max(0.0, 4 - rr)  # doubloon-income payments still to come
    ctx[C_SHIP] = _argmax(obs, O_SHIP, NL)
    ctx[C_MP] = obs[O_TURN]
    ctx[C_LAST_SAIL] = obs[O_TURN + 1]
    ctx[C_EXTRA] = obs[O_TURN + 3]
    ctx[C_DINC] = obs[O_DINC]
    n = 0
    for s in range(NP_SEATS):
        if obs[O_SEAT + s] > 0.5:
            n += 1
    ctx[C_NP] = n
    ctx[C_EXPPOS] = _argmax(obs, O_EXP, NE)
    nsyn = 0.0
    for s in range(NSYN):
        nsyn += obs[O_SYN + s]
    ctx[C_NSYN] = nsyn
    ctx[C_HLIMIT] = 6.0 if obs[O_DISCS + U2] < 0.5 else 4.0
    for i in range(H_MAX):
        ctx[C_HAND + i] = hand[i]
        if hand[i] >= 0:  # first pass; _finish_context adds the purchase value
            ctx[C_KEEP + i] = W[W_GOOD] if CARD_SYMBOL[hand[i]] < C.NUM_GOODS else W[W_ITEM]


# ----- elementary values ------------------------------------------------------------------------
@njit(cache=True)
def _cp_gain(ctx, x):
    return (min(8.0, ctx[C_CP] + x) - ctx[C_CP]) * ctx[C_VCP]


@njit(cache=True)
def _fig_gain(ctx, W, x):
    return min(x, ctx[C_FIGG]) * W[W_FIG]


@njit(cache=True)
def _d_income_value(ctx, x):
    inc = int(ctx[C_DINC])
    final = FINAL_D_VP[min(34, inc + int(x))] - FINAL_D_VP[min(34, inc)]
    return x * ctx[C_VD] * ctx[C_IL] + final


@njit(cache=True)
def _nation_value(obs, ctx, W, a):
    """Expected final value of nation a: its value now plus expected growth."""
    return obs[O_SUPPLY + a * 3 + 2] + W[W_NV_GROWTH] * (5.0 - ctx[C_ROUND]) / 4.0


@njit(cache=True)
def _level_gain(W, inf, k):
    new = min(12, inf + k)
    exact = NOBILITY_LEVEL[new] - NOBILITY_LEVEL[inf]
    smooth = SMOOTH_LEVEL[new] - SMOOTH_LEVEL[inf]
    return W[W_SMOOTH] * smooth + (1.0 - W[W_SMOOTH]) * exact


@njit(cache=True)
def _inf_value(obs, ctx, W, a, k):
    """VP of k influence in nation a: nobility x expected nation value, majority, overflow."""
    inf = int(obs[O_INF + a] + 0.5)
    v = _level_gain(W, inf, k) * _nation_value(obs, ctx, W, a) + 2.0 * max(0, inf + k - 12)
    best_other = 0.0
    for s in range(1, NP_SEATS):
        if obs[O_SEAT + s] > 0.5:
            best_other = max(best_other, obs[O_INF + s * 3 + a])
    if inf <= best_other < inf + k:
        v += 3.0 * W[W_MAJ]
    elif inf < best_other == inf + k:
        v += 1.5 * W[W_MAJ]
    return v


@njit(cache=True)
def _best_inf(obs, ctx, W, k):
    best = 0.0
    for a in range(3):
        best = max(best, _inf_value(obs, ctx, W, a, k))
    return best


@njit(cache=True)
def _next_noble(obs, ctx, W, a):
    inf = int(obs[O_INF + a] + 0.5)
    return _inf_value(obs, ctx, W, a, NEXT_NOBLE[inf] - inf) if inf < 12 else 0.0


@njit(cache=True)
def _marker_value(obs, W, a):
    """VP of one more marker of nation a on the board: the nation's value rises for
    everybody with nobility there, so rivals' levels count against it."""
    taken = int(obs[O_SUPPLY + a * 3] + 0.5)
    if taken >= 13:
        return 0.0
    dv = SMOOTH_SUPPLY[taken + 1] - SMOOTH_SUPPLY[taken]
    mine = SMOOTH_LEVEL[int(obs[O_INF + a] + 0.5)]
    rival = 0.0
    for s in range(1, NP_SEATS):
        if obs[O_SEAT + s] > 0.5:
            rival = max(rival, SMOOTH_LEVEL[int(obs[O_INF + s * 3 + a] + 0.5)])
    return dv * (mine + 0.5 - W[W_RIVAL] * rival)


@njit(cache=True)
def _can_remove(obs, u):
    if obs[O_DISCS + u] < 0.5:
        return False
    kind = UPG_UNLOCK[u]
    if kind == UNLOCK_AFTER:
        return obs[O_DISCS + UPG_UNLOCK_ARG[u]] < 0.5
    if kind == UNLOCK_OTHERS:
        done = 0
        for x in range(NU):
            if obs[O_DISCS + x] < 0.5:
                done += 1
        return done >= UPG_UNLOCK_ARG[u]
    return True


@njit(cache=True)
def _disc_value(obs, ctx, W, u):
    """VP of removing one disc from position u (its upgrade, or a share of it)."""
    full = UPGRADE_VP[u] + UPGRADE_D[u] * ctx[C_VD] + 0.5  # +0.5: upgrade count (careers, Academy)
    if u == U1 or u == U2 or u == U7 or u == U8 or u == U9 or u == U10:  # permanent: worth less late
        full *= ctx[C_RL] / 4.0
    if u == U3:
        full = 3.0 + 0.5 * ctx[C_RL] / 4.0
    if obs[O_DISCS + u] > 1.5:
        return W[W_HALF] * full
    return full


@njit(cache=True)
def _best_disc(obs, ctx, W):
    best = 0.0
    for u in range(NU):
        if _can_remove(obs, u):
            best = max(best, _disc_value(obs, ctx, W, u))
    return best


# ----- cards ---------------------------------------------------------------------------------
@njit(cache=True)
def _price(ctx, c):
    return max(0.0, CARD_COST[c] - ctx[C_PD])


@njit(cache=True)
def _synergy_unlock(obs, ctx, W, mine, s):
    """VP of gaining synergy s: conditional income on own cards plus the token itself."""
    if obs[O_SYN + s] > 0.5:
        return 0.0
    v = W[W_SYN]
    for c in range(NC):
        if mine[c]:
            for j in range(FX_COUNT[c]):
                if FX_A0[c, j] == s:
                    if FX_FAMILY[c, j] == PJ.F_IDS:
                        v += _d_income_value(ctx, FX_A1[c, j])
                    elif FX_FAMILY[c, j] == PJ.F_IVS:
                        v += FX_A1[c, j] * ctx[C_SL]
    return v


@njit(cache=True)
def _best_synergy(obs, ctx, W, mine):
    best = 0.0
    for s in range(NSYN):
        best = max(best, _synergy_unlock(obs, ctx, W, mine, s))
    return best


@njit(cache=True)
def _best_marker(obs, W):
    best = 0.0
    for a in range(3):
        if obs[O_SUPPLY + a * 3] < 12.5:
            best = max(best, _marker_value(obs, W, a))
    return best


@njit(cache=True)
def _assistant_program_value(obs, ctx, W, mine, act):
    return _program(obs, ctx, W, mine, AS_PROG_CODE[act], AS_PROG_A0[act], AS_PROG_A1[act], AS_PROG_LEN[act], 0)


@njit(cache=True)
def _card_value(obs, ctx, W, mine, c):
    """VP of owning card c from now on (before its price): end VP, income, effects,
    synergy, minus what its requirements cost besides doubloons."""
    sl = ctx[C_SL]
    rounds_left = ctx[C_RL]
    v = float(CARD_END_VP[c])
    syn = CARD_SYNERGY[c]
    gains_syn = syn >= 0 and obs[O_SYN + syn] < 0.5
    for j in range(FX_COUNT[c]):
        fam, a0, a1 = FX_FAMILY[c, j], FX_A0[c, j], FX_A1[c, j]
        if fam == PJ.F_ID:
            v += _d_income_value(ctx, a0)
        elif fam == PJ.F_IV:
            v += a0 * sl
        elif fam == PJ.F_IDS or fam == PJ.F_IVS:
            base = _d_income_value(ctx, a1) if fam == PJ.F_IDS else a1 * sl
            have = obs[O_SYN + a0] > 0.5 or (gains_syn and syn == a0)
            v += base if have else W[W_SYN_LATER] * base
        elif fam == PJ.F_PI:
            v += 0.6
        elif fam == PJ.F_PD:
            v += a0 * ctx[C_VD] * (1.5 * rounds_left)
        elif fam == PJ.F_PCB or fam == PJ.F_PNC:
            v += 0.4 * rounds_left
        elif fam == PJ.F_PCO:
            v += 0.8 * rounds_left
        elif fam == PJ.F_PEX:
            v += W[W_EXP_STEP] * 1.2 * rounds_left
        elif fam == PJ.F_PAV:
            v += a0 * 0.5 * (ctx[C_NASST] + 1) * rounds_left
        elif fam == PJ.F_PAD:
            v += a0 * ctx[C_VD] * 0.5 * (ctx[C_NASST] + 1) * rounds_left
        elif fam == PJ.F_CIV:
            v += 0.6 * (a0 + 0.5 * _best_inf(obs, ctx, W, 1)) * rounds_left
        elif fam == PJ.F_CD3:
            v += 0.5 * rounds_left
        elif fam == PJ.F_XI2:
            v += _inf_value(obs, ctx, W, a0, a1)
        elif fam == PJ.F_XI1:
            v += _best_inf(obs, ctx, W, a0)
        elif fam == PJ.F_XCP:
            v += _cp_gain(ctx, a0)
        elif fam == PJ.F_XDS:
            v += a0 * ctx[C_DISC]
        elif fam == PJ.F_XF2:
            v += _fig_gain(ctx, W, a0)
        elif fam == PJ.F_XSA:
            v += _best_synergy(obs, ctx, W, mine)
        elif fam == PJ.F_XVM:
            v += _best_marker(obs, W)
        elif fam == PJ.F_XVN:
            best = 0.0
            for a in range(3):
                best = max(best, _next_noble(obs, ctx, W, a) + _marker_value(obs, W, a))
            v += best
        elif fam == PJ.F_XQC:
            v += 1.5
        elif fam == PJ.F_XVT:
            v += a0 * ctx[C_NTOK]
        elif fam == PJ.F_XVA:
            v += a0 * ctx[C_NASST]
        elif fam == PJ.F_XVQ:
            v += a0 * ctx[C_NQUEST]
        elif fam == PJ.F_XVC:
            v += a0 * ctx[C_COMPASS]
        elif fam == PJ.F_XVS:
            v += a0 * (ctx[C_NSYN] + (1 if gains_syn else 0))
        elif fam == PJ.F_XV3:
            k = 0
            for a in range(3):
                if obs[O_INF + a] >= a1:
                    k += 1
            v += a0 * k
        elif fam == PJ.F_XFC:
            per = _d_income_value(ctx, a0) - W[W_FIG]
            if per > 0:
                v += per * max(0.0, ctx[C_FIGP] - 1)
        elif fam == PJ.F_AS:
            loc = CARD_ASSISTANT_LOC[c]
            if ctx[C_PHASE] >= PH_SCORE_CHOICE:
                uses = rounds_left
            else:  # this round only if the ship has not passed the assistant's location yet
                uses = rounds_left - 1 + (1.0 if LOC_NUM[loc] > LOC_NUM[int(ctx[C_SHIP])] else 0.0)
            act = max(2.0, _assistant_program_value(obs, ctx, W, mine, a0))
            v += uses * min(act, W[W_ASST])
        else:  # VMV, VMD, VBK, VG2, PST, PFC, PXV: small conveniences
            v += 0.4 * rounds_left / 4.0
    if gains_syn:
        v += _synergy_unlock(obs, ctx, W, mine, syn)
    for j in range(REQ_COUNT[c]):
        kind, a0 = REQ_KIND[c, j], REQ_A0[c, j]
        if kind == PJ.REQ_ASSISTANT or kind == PJ.REQ_FIGURE_ON_CARD:
            v -= W[W_FIG]
        elif kind == PJ.REQ_RETURN_FIGURES:
            v -= a0 * W[W_FIG]
        elif kind == PJ.REQ_PAY_ITEMS:
            v -= REQ_A1[c, j] * W[W_ITEM]
        elif kind == PJ.REQ_PAY_CP:
            v -= a0 * ctx[C_VCP]
    return v


@njit(cache=True)
def _buy_net(obs, ctx, W, mine, c):
    return _card_value(obs, ctx, W, mine, c) - _price(ctx, c) * ctx[C_VD]


@njit(cache=True)
def _keep_value(obs, ctx, W, mine, c):
    """What a hand card is worth kept: as a good / item, or as a later purchase."""
    use = W[W_GOOD] if CARD_SYMBOL[c] < C.NUM_GOODS else W[W_ITEM]
    return max(use, W[W_KEEP_BUY] * _buy_net(obs, ctx, W, mine, c))


@njit(cache=True)
def _prestige_quantity(obs, ctx, kind):
    if kind == DP.PS_BARRIERS_CROSSED:
        return obs[O_CROSSED] + obs[O_CROSSED + 1] + obs[O_CROSSED + 2] + 0.5 * max(0.0, ctx[C_RL] - 1.0)
    if kind == DP.PS_QUEST_TILES:
        return ctx[C_NQUEST] + 0.7 * max(0.0, ctx[C_RL] - 1.0)
    if kind == DP.PS_ASSISTANTS:
        return ctx[C_NASST] + 0.5 * max(0.0, ctx[C_RL] - 1.0)
    if kind == DP.PS_CP_AND_PERSONAL_FIGURES:
        return ctx[C_CP] + ctx[C_FIGP] - 1
    if kind == DP.PS_SYNERGIES:
        return ctx[C_NSYN] + 1 + 0.5 * max(0.0, ctx[C_RL] - 1.0)
    if kind == DP.PS_COMBAT_TOKENS:
        return ctx[C_NTOK] + 0.8 * max(0.0, ctx[C_RL] - 1.0)
    if kind == DP.PS_SHIP_UPGRADES:
        return ctx[C_NUPG] + 1.0 * max(0.0, ctx[C_RL] - 1.0)
    return FINAL_D_VP[int(min(34.0, ctx[C_DINC]))]


@njit(cache=True)
def _invest_net(obs, ctx, W, mine, s):
    """VP of investing in the building on prestige space s, minus price and figure."""
    b = _argmax(obs, O_PRESTIGE + s * NPB, NPB)
    if b < 0:
        return NEG
    v = PRESTIGE_VP_PER_UNIT[b] * _prestige_quantity(obs, ctx, PRESTIGE_SCORING[b])
    if PRESTIGE_VP_CAP[b] >= 0:
        v = min(v, PRESTIGE_VP_CAP[b])
    first = True
    for r in range(NP_SEATS):
        if obs[O_INVESTED + r * 4 + s] > 0.5:
            first = False
    if first:
        v += 2.0
    v += _synergy_unlock(obs, ctx, W, mine, C.CROWN)
    return v - W[W_FIG] - max(0.0, PRESTIGE_COST[b] - ctx[C_PD]) * ctx[C_VD]


# ----- programs: city actions, assistant actions, upgrades, rewards ------------------------------
@njit(cache=True)
def _village_value(ctx, n):
    """n village actions: the best purchases that fit the money, the rest at the repeat value."""
    if n <= 0:
        return 0.0
    rep = ctx[C_VREP]
    best = n * rep
    if ctx[C_BUY1] > rep:
        best = max(best, ctx[C_BUY1] + (n - 1) * rep)
        if n >= 2 and ctx[C_BUY2] > rep and ctx[C_PRICE1] + ctx[C_PRICE2] <= ctx[C_COINS]:
            best = max(best, ctx[C_BUY1] + ctx[C_BUY2] + (n - 2) * rep)
    return best


@njit(cache=True)
def _counted_steps(obs, best):
    """Fewest counted explorer steps from the bot's explorer to every space (MA-10.3)."""
    for s in range(NE):
        best[s] = 1000
    start = _argmax(obs, O_EXP, NE)
    best[start] = 0
    for i in range(start, NE):
        if best[i] >= 1000:
            continue
        for j in range(EXP_NUM_SUCC[i]):
            t = EXP_SUCC[i, j]
            step = 1 if _countable(obs, t) else 0
            if best[i] + step < best[t]:
                best[t] = best[i] + step


@njit(cache=True)
def _countable(obs, s):
    if s == EXP_END:
        return True
    for r in range(1, NP_SEATS):
        if obs[O_EXP + r * NE + s] > 0.5:
            return False
    slot = EXP_QUEST_SLOT[s]
    if slot >= 0:
        return _explorer_quest(obs, slot) >= 0
    return True


@njit(cache=True)
def _explorer_quest(obs, slot):
    return _argmax(obs, O_QEXP + slot * NQ, NQ)


@njit(cache=True)
def _reward_value(obs, ctx, W, code, a0):
    """A one-step reward that needs no program context (explorer / flag rewards)."""
    if code == C.S_GAIN_D:
        return a0 * ctx[C_VD]
    if code == C.S_GAIN_VP:
        return float(a0)
    if code == C.S_GAIN_CP:
        return _cp_gain(ctx, a0)
    if code == C.S_GAIN_FIGURES:
        return _fig_gain(ctx, W, a0)
    if code == C.S_INFLUENCE_ANY:
        return _best_inf(obs, ctx, W, a0)
    if code == C.S_REMOVE_DISCS:
        return a0 * ctx[C_DISC]
    if code == C.S_GAIN_D_AND_VP:
        return a0 * ctx[C_VD] + a0
    return 0.0


@njit(cache=True)
def _explore_dest_value(obs, ctx, W, mine, s):
    """Moving the explorer to space s: its reward, barriers crossed, progress, END, quest."""
    cur = int(ctx[C_EXPPOS])
    v = W[W_EXP_STEP] * (EXP_DIST[cur] - EXP_DIST[s])
    v += _reward_value(obs, ctx, W, EXP_REWARD_CODE[s], EXP_REWARD_AMOUNT[s])
    for b in range(3):
        if obs[O_CROSSED + b] < 0.5 and EXP_STEP_NUMBER[cur] <= BARRIER_STEP[b] < EXP_STEP_NUMBER[s]:
            if BARRIER_INFLUENCE[b] > 0:
                v += _best_inf(obs, ctx, W, BARRIER_INFLUENCE[b])
            else:
                v += BARRIER_FIRST_VP[b] if obs[O_BFIRST + b] < 0.5 else BARRIER_LATER_VP[b]
    if s == EXP_END:
        v += END_ARRIVAL_VP[min(3, int(obs[O_ENDN] + 0.5))] + _village_value(ctx, 1)
    slot = EXP_QUEST_SLOT[s]
    if slot >= 0:
        q = _explorer_quest(obs, slot)
        if q >= 0:
            v += max(0.0, _explorer_quest_value(obs, ctx, W, q))
    return v


@njit(cache=True)
def _explore_value(obs, ctx, W, mine, k):
    """The best destination within k counted steps (MA-10.2); 0 once at END."""
    if obs[O_END] + obs[O_END + 1] + obs[O_END + 2] + obs[O_END + 3] > 0.5:
        return 0.0
    best = np.empty(NE, dtype=np.int64)
    _counted_steps(obs, best)
    out = 0.0
    for s in range(NE):
        if 1 <= best[s] <= k and _countable(obs, s):
            out = max(out, _explore_dest_value(obs, ctx, W, mine, s))
    return out


@njit(cache=True)
def _step_value(obs, ctx, W, mine, code, a0, a1):
    if code == C.S_INFLUENCE_NATION:
        return _inf_value(obs, ctx, W, a0, a1)
    if code == C.S_EXPLORE:
        return _explore_value(obs, ctx, W, mine, a0 + int(ctx[C_PEX]))
    if code == C.S_COMBAT:
        return ctx[C_COMBAT]
    if code == C.S_VILLAGE_ACTIONS:
        return _village_value(ctx, a0)
    if code == C.S_VILLAGE_ACTIONS_PER_COMPASS:
        return _village_value(ctx, int(ctx[C_COMPASS]))
    if code == C.S_EXTRA_SAIL:
        return W[W_EXTRA_SAIL]
    if code == C.S_VP_PER_ASSISTANT:
        return a0 * ctx[C_NASST]
    if code == C.S_VP_PER_COMBAT_TOKEN:
        return a0 * ctx[C_NTOK]
    if code == C.S_NEXT_NOBLE_LEVEL:
        best = 0.0
        for a in range(3):
            best = max(best, _next_noble(obs, ctx, W, a))
        return best
    if code == C.S_BUY_OR_INVEST:
        return max(0.0, ctx[C_BUY1])
    if code == C.S_ANNEX_THIS_VILLAGE:
        best = 0.0
        for a in range(3):
            best = max(best, _marker_value(obs, W, a) + _inf_value(obs, ctx, W, a, a0))
        return best
    return _reward_value(obs, ctx, W, code, a0)


@njit(cache=True)
def _same_goods_cost(ctx, g, n):
    """Keep value of the n cheapest hand cards showing symbol g (1e9 if fewer)."""
    vals = np.full(H_MAX, 1.0e9)
    k = 0
    for i in range(H_MAX):
        c = int(ctx[C_HAND + i])
        if c >= 0 and CARD_SYMBOL[c] == g:
            vals[k] = ctx[C_KEEP + i]
            k += 1
    if k < n:
        return 1.0e9
    vals.sort()
    total = 0.0
    for i in range(n):
        total += vals[i]
    return total


@njit(cache=True)
def _hand_cycle_cost(ctx, W):
    """Discarding the whole hand: what the cards were worth beyond a fresh draw."""
    cost = 0.0
    for i in range(H_MAX):
        if ctx[C_HAND + i] >= 0:
            cost += ctx[C_KEEP + i] - W[W_DECK]
    return max(0.0, cost)


@njit(cache=True)
def _program(obs, ctx, W, mine, codes, a0s, a1s, n, start):
    """Value of an effect program from step ``start``: a payment gates the rest (taken
    only when the rest is worth it), CHOOSE_ONE takes the best option."""
    pre = 0.0
    rest = 0.0
    paying = False
    payable = True
    cost = 0.0
    i = start
    while i < n:
        code, a0, a1 = codes[i], a0s[i], a1s[i]
        v = 0.0
        if code == C.S_CHOOSE_ONE:
            best = NEG
            for j in range(a0):
                best = max(best, _step_value(obs, ctx, W, mine, codes[i + 1 + j], a0s[i + 1 + j], a1s[i + 1 + j]))
            v = best
            i += 1 + a0
        elif code == C.S_PAY_CP:
            paying = True
            payable = ctx[C_CP] >= a0
            cost = a0 * ctx[C_VCP]
            i += 1
            continue
        elif code == C.S_PAY_WHOLE_HAND:
            paying = True
            payable = ctx[C_HL] > 0
            cost = _hand_cycle_cost(ctx, W)
            i += 1
            continue
        elif code == C.S_PAY_SAME_GOODS:
            paying = True
            cost = 1.0e9
            for g in range(C.NUM_GOODS):
                cost = min(cost, _same_goods_cost(ctx, g, a0))
            payable = cost < 1.0e8
            i += 1
            continue
        else:
            v = _step_value(obs, ctx, W, mine, code, a0, a1)
            i += 1
        if paying:
            rest += v
        else:
            pre += v
    if paying:
        if payable and rest > cost:
            pre += rest - cost
    return pre


@njit(cache=True)
def _city_action_at(obs, loc):
    for j in range(4):
        if TILE_SLOTS[j] == loc:
            t = _argmax(obs, O_TILES + j * 13, 13)
            if t >= 0:
                return TILE_ACTION[t], TILE_GOOD[t]
    if loc == MARACAIBO and obs[O_MTILE] > 0.5:
        return TILE_ACTION[MARACAIBO_TILE], TILE_GOOD[MARACAIBO_TILE]
    if LOC_KIND[loc] == CITY or LOC_KIND[loc] == RETURN:
        return LOC_CITY_ACTION[loc], LOC_MARKET_GOOD[loc]
    return -1, -1


@njit(cache=True)
def _city_value(obs, ctx, W, mine, loc):
    """Delivery (one good for a disc) plus the city's program."""
    act, good = _city_action_at(obs, loc)
    if act < 0:
        return NEG
    v = _program(obs, ctx, W, mine, CITY_PROG_CODE[act], CITY_PROG_A0[act], CITY_PROG_A1[act],
                 CITY_PROG_LEN[act], 0)
    if LOC_HAS_MARKET[loc] and obs[O_MFREE + loc] > 0.5 and good >= 0 and ctx[C_DISC] > 0:
        best = 0.0
        for i in range(H_MAX):
            c = int(ctx[C_HAND + i])
            if c >= 0 and CARD_SYMBOL[c] == good:
                best = max(best, ctx[C_DISC] - _keep_value(obs, ctx, W, mine, c))
        v += best
    return v


@njit(cache=True)
def _quest_cost(obs, ctx, W, mine, q, mp):
    """What completing quest q costs now in VP; NEG if it cannot be paid (MA-12.3)."""
    cost = 0.0
    for j in range(Q_COST_COUNT[q]):
        kind, a0, a1 = Q_COST_KIND[q, j], Q_COST_A0[q, j], Q_COST_A1[q, j]
        if kind == DQ.QC_GOODS or kind == DQ.QC_ITEMS:
            need = a1
            if kind == DQ.QC_ITEMS:
                for c in range(NC):
                    if mine[c]:
                        for e in range(FX_COUNT[c]):
                            if FX_FAMILY[c, e] == PJ.F_PI and FX_A0[c, e] == a0:
                                need -= 1
            if need > 0:
                paid = _same_goods_cost(ctx, a0, need)
                if paid > 1.0e8:
                    return NEG
                cost += paid
        elif kind == DQ.QC_FIGURES:
            if ctx[C_FIGP] < a0:
                return NEG
            cost += a0 * W[W_FIG]
        elif kind == DQ.QC_CP:
            if ctx[C_CP] < a0:
                return NEG
            cost += a0 * ctx[C_VCP]
        elif kind == DQ.QC_D:
            if ctx[C_COINS] < a0:
                return NEG
            cost += a0 * ctx[C_VD]
        elif kind == DQ.QC_MIN_MP:
            if mp < a0:
                return NEG
    return -cost


@njit(cache=True)
def _quest_bonus(ctx, W):
    return QUEST_BONUS_VP[min(NQ - 1, int(ctx[C_NQUEST]) + 1)] + W[W_QTILE]


@njit(cache=True)
def _quest_value(obs, ctx, W, mine, q, mp):
    """Rewards minus costs of completing board quest q now; NEG if it cannot be paid."""
    cost = _quest_cost(obs, ctx, W, mine, q, mp)
    if cost <= NEG:
        return NEG
    v = _step_value(obs, ctx, W, mine, Q_PC_CODE[q], int(Q_PC_AMOUNT[q] * ctx[C_COMPASS]), 0)
    for j in range(Q_RW_COUNT[q]):
        v += _step_value(obs, ctx, W, mine, Q_RW_CODE[q, j], Q_RW_A0[q, j], Q_RW_A1[q, j])
    return v + _quest_bonus(ctx, W) + cost


@njit(cache=True)
def _explorer_quest_value(obs, ctx, W, q):
    """The same for a quest on the explorer track, with explore rewards at a flat rate
    (its value is needed while valuing explorer moves)."""
    cost = _quest_cost(obs, ctx, W, np.zeros(NC, dtype=np.bool_), q, ctx[C_MP])
    if cost <= NEG:
        return NEG
    v = 0.0
    for j in range(-1, Q_RW_COUNT[q]):
        code = Q_PC_CODE[q] if j < 0 else Q_RW_CODE[q, j]
        a0 = int(Q_PC_AMOUNT[q] * ctx[C_COMPASS]) if j < 0 else Q_RW_A0[q, j]
        if code == C.S_EXPLORE:
            v += 0.8 * W[W_EXP_STEP] * (a0 + ctx[C_PEX])
        elif code == C.S_COMBAT:
            v += ctx[C_COMBAT]
        elif code == C.S_INFLUENCE_NATION:
            v += _inf_value(obs, ctx, W, a0, Q_RW_A1[q, j])
        else:
            v += _reward_value(obs, ctx, W, code, a0)
    return v + _quest_bonus(ctx, W) + cost


@njit(cache=True)
def _quests_here_value(obs, ctx, W, mine, loc, mp):
    """Mean value of the payable quests at loc (the observation gives no placement
    order, so a quest slot cannot be told apart when two tiles are payable)."""
    total = 0.0
    k = 0
    for q in range(NQ):
        if obs[O_QAT + loc * NQ + q] > 0.5:
            v = _quest_value(obs, ctx, W, mine, q, mp)
            if v > NEG:
                total += v
                k += 1
    return total / k if k > 0 else NEG


@njit(cache=True)
def _assistants_here_value(obs, ctx, W, mine, loc):
    """Mean value of own assistant actions at loc (slots are not tied to cards in the
    observation), and how many own assistant cards stand there."""
    total = 0.0
    k = 0
    for c in range(NC):
        if mine[c] and CARD_ASSISTANT_LOC[c] == loc and CARD_ASSISTANT_ACTION[c] >= 0:
            total += _assistant_program_value(obs, ctx, W, mine, CARD_ASSISTANT_ACTION[c])
            k += 1
    return (total / k if k > 0 else NEG), k


@njit(cache=True)
def _village_count(obs, mp):
    m = min(max(int(mp), 1), 7)
    return BY_MP_U1[m] if obs[O_DISCS + U1] < 0.5 else BY_MP[m]


@njit(cache=True)
def _location_value(obs, ctx, W, mine, loc, mp):
    """Best main action at loc after sailing mp (for Phase A and extra sails)."""
    if loc == LOC_21A or loc == LOC_21B:
        return 3.0
    if loc == LOC_22:
        return 5.0
    best = 0.0
    best = max(best, _city_value(obs, ctx, W, mine, loc))
    if LOC_KIND[loc] == VILLAGE:
        best = max(best, _village_value(ctx, _village_count(obs, mp)))
    best = max(best, _quests_here_value(obs, ctx, W, mine, loc, ctx[C_MP] + mp))
    asst, k = _assistants_here_value(obs, ctx, W, mine, loc)
    if k > 0:  # an unused assistant scores 2 VP anyway (MA-13.3)
        best = max(best + 2.0 * k, asst + 2.0 * (k - 1))
    return best


@njit(cache=True)
def _ahead(rr, ship, loc):
    """loc lies ahead of the ship on this round's route (MA-5.6)."""
    if LOC_NUM[loc] <= LOC_NUM[ship]:
        return False
    if loc == LOC_21A:
        return rr < 4
    if loc == LOC_21B or loc == LOC_22:
        return rr == 4
    return True


@njit(cache=True)
def _stop_values(obs, ctx, W, mine, ship, rr, stop):
    """stop[loc, mp]: the best main action at every location ahead, reached by a hop of mp."""
    stop[:, :] = NEG
    for loc in range(1, NL):
        if not _ahead(rr, ship, loc):
            continue
        if loc == LOC_21A or loc == LOC_21B or loc == LOC_22:
            stop[loc, :] = 3.0 if loc != LOC_22 else 5.0
            continue
        city = _city_value(obs, ctx, W, mine, loc)
        q_short = _quests_here_value(obs, ctx, W, mine, loc, ctx[C_MP] + 1)
        q_long = _quests_here_value(obs, ctx, W, mine, loc, ctx[C_MP] + 7)
        asst, k = _assistants_here_value(obs, ctx, W, mine, loc)
        for m in range(1, 8):
            best = max(0.0, city)
            if LOC_KIND[loc] == VILLAGE:
                best = max(best, _village_value(ctx, _village_count(obs, m)))
            best = max(best, q_long if ctx[C_MP] + m >= 4 else q_short)
            if k > 0:  # an unused assistant scores 2 VP anyway (MA-13.3)
                best = max(best + 2.0 * k, asst + 2.0 * (k - 1))
            stop[loc, m] = best


@njit(cache=True)
def _turns_left(obs, ctx, W):
    """Turns the bot still gets this round, this one included: until the rival closest
    to the round's last space gets there at its usual speed (MA-1.2)."""
    rr = int(ctx[C_ROUND])
    turns = 20.0
    for s in range(1, NP_SEATS):
        if obs[O_SEAT + s] < 0.5:
            continue
        loc = _argmax(obs, O_SHIP + s * NL, NL)
        if rr < 4:
            tail = 1.0  # 20 -> 21a
        else:
            tail = 2.0 if loc != LOC_21B else 1.0  # 20 -> 21b -> 22
        if loc == LOC_20 or loc == LOC_21B:
            k = tail
        else:
            d = SAIL_STEPS[rr - 1, loc, LOC_20]
            k = np.ceil(max(d, 1) / W[W_RIVAL_SPEED]) + tail
        turns = min(turns, k)
    return max(1, int(turns))


@njit(cache=True)
def _sail_values(obs, ctx, W, mine, mask, values):
    """SAIL_TO: the stop now plus the best stops the turns left allow afterwards
    (a small DP over the route ahead), so good stops are not skipped needlessly and the
    bot hurries when a rival is about to end the round."""
    ship = int(ctx[C_SHIP])
    rr = int(ctx[C_ROUND])
    stop = np.empty((NL, 8))
    _stop_values(obs, ctx, W, mine, ship, rr, stop)
    final = LOC_22 if rr == 4 else LOC_21A
    turns = _turns_left(obs, ctx, W)
    future = np.zeros(NL)  # best value of the remaining turns from each location
    nxt = np.zeros(NL)
    for t in range(1, turns):
        for loc in range(NL):
            nxt[loc] = 0.0
            if loc != ship and not _ahead(rr, ship, loc):
                continue
            if loc == final:
                continue
            best = 0.0
            for dest in range(1, NL):
                m = SAIL_STEPS[rr - 1, loc, dest]
                if 1 <= m <= 7 and stop[dest, m] > NEG:
                    best = max(best, stop[dest, m] + W[W_FUTURE] * future[dest])
            nxt[loc] = best
        future[:] = nxt
    for i in range(NL - 1):
        a = A_SAIL_TO + i
        if mask[a]:
            dest = i + 1
            mp = SAIL_STEPS[rr - 1, ship, dest]
            v = stop[dest, mp] if stop[dest, mp] > NEG else 0.0
            v += W[W_FUTURE] * future[dest] - W[W_MP] * mp
            for c in range(NC):  # own assistants passed score 2 VP (MA-5.10)
                if mine[c] and CARD_ASSISTANT_LOC[c] >= 0:
                    n = LOC_NUM[CARD_ASSISTANT_LOC[c]]
                    if LOC_NUM[ship] < n < LOC_NUM[dest]:
                        v += 2.0
            values[a] = v


# ----- combat --------------------------------------------------------------------------------
@njit(cache=True)
def _combat_cards(mine, kinds, vals):
    """CIV / CD3 card instances ordered by card id (MA-28.2): kind 0 CIV, 1 CD3, and a0."""
    k = 0
    for c in range(NC):
        if mine[c]:
            for j in range(FX_COUNT[c]):
                if FX_FAMILY[c, j] == PJ.F_CIV or FX_FAMILY[c, j] == PJ.F_CD3:
                    if k < 8:
                        kinds[k] = 0 if FX_FAMILY[c, j] == PJ.F_CIV else 1
                        vals[k] = FX_A0[c, j]
                    k += 1
    return min(k, 8)


@njit(cache=True)
def _marker_at(obs, loc):
    return _argmax(obs, O_MARKERS + loc * 3, 3)


@njit(cache=True)
def _combat_plan(obs, ctx, W, mine, a, v, used, cards_used, cp, figs, out):
    """Best set of combat actions for nation a with value v (boosting with CP, then
    figures): returns its VP and writes the next action (a COMBAT_ACTION parameter,
    -1 boost by CP, -2 boost by figure, CA_END) into out[0]."""
    supply = 13 - obs[O_SUPPLY + a * 3]
    inf1 = _inf_value(obs, ctx, W, a, 1)
    # CA2: best flag target
    ca2_v, ca2_c, ca2_loc, ca2_key = NEG, 0, -1, NEG
    if (used & 2) == 0 and supply > 0:
        for loc in range(1, NL):
            if LOC_HAS_FLAG[loc]:
                m = _marker_at(obs, loc)
                if m == a:
                    continue
                cost = COMBAT_COST[DA.CA2, 0] if m < 0 else COMBAT_COST[DA.CA2, 1]
                val = inf1 + _marker_value(obs, W, a) + _reward_value(obs, ctx, W, LOC_FLAG_CODE[loc],
                                                                       LOC_FLAG_AMOUNT[loc])
                if m >= 0:
                    val += 0.5  # the rival nation loses a marker
                if val - 0.3 * cost > ca2_key:  # cheaper targets first, at equal value
                    ca2_v, ca2_c, ca2_loc, ca2_key = val, cost, loc, val - 0.3 * cost
    # CA3 (U7): best village target
    ca3_v, ca3_c, ca3_loc, ca3_key = NEG, 0, -1, NEG
    if (used & 4) == 0 and supply > 0 and obs[O_DISCS + U7] < 0.5:
        for loc in range(1, NL):
            if LOC_KIND[loc] == VILLAGE:
                m = _marker_at(obs, loc)
                if m == a:
                    continue
                cost = COMBAT_COST[DA.CA3, 0] if m < 0 else COMBAT_COST[DA.CA3, 1]
                d = 3.0 * obs[O_ASST + loc]
                for r in range(1, NP_SEATS):
                    d += obs[O_ASST + r * NL + loc]
                val = inf1 + _marker_value(obs, W, a) + d * ctx[C_VD]
                if val - 0.3 * cost > ca3_key:
                    ca3_v, ca3_c, ca3_loc, ca3_key = val, cost, loc, val - 0.3 * cost
    kinds = np.zeros(8, dtype=np.int64)
    avals = np.zeros(8, dtype=np.int64)
    ncards = _combat_cards(mine, kinds, avals)
    best_v, best_first, best_boost = 0.0, CA_END, 0
    ca1_opts = 3 if (used & 1) == 0 else 1
    for o1 in range(ca1_opts):
        for o2 in range(2 if ca2_loc >= 0 else 1):
            for o3 in range(2 if ca3_loc >= 0 else 1):
                cost = 0
                val = 0.0
                first, first_cost = CA_END, -1
                if o1 > 0:
                    cost += COMBAT_COST[DA.CA1, o1 - 1]
                    val += _inf_value(obs, ctx, W, a, o1)
                    if COMBAT_COST[DA.CA1, o1 - 1] > first_cost:
                        first, first_cost = o1 - 1, COMBAT_COST[DA.CA1, o1 - 1]
                if o2 > 0:
                    cost += ca2_c
                    val += ca2_v
                    if ca2_c > first_cost:
                        first, first_cost = CA_FLAG + ca2_loc - 1, ca2_c
                if o3 > 0:
                    cost += ca3_c
                    val += ca3_v
                    if ca3_c > first_cost:
                        first, first_cost = CA_VILLAGE + ca3_loc - 1, ca3_c
                # card actions: add each if it pays for its boost
                for i in range(ncards):
                    if (cards_used >> i) & 1:
                        continue
                    c_cost = COMBAT_COST[DA.CA4, 0] if kinds[i] == 0 else COMBAT_COST[DA.CA5, 0]
                    c_val = (inf1 + avals[i]) if kinds[i] == 0 else (
                        avals[i] * ctx[C_VD] + (2.0 if obs[O_SYN + C.HOUSE] > 0.5 else 0.0))
                    extra = max(0, cost + c_cost - v) - max(0, cost - v)
                    if c_val > extra * ctx[C_VCP] + 0.1:
                        cost += c_cost
                        val += c_val
                        if c_cost > first_cost:
                            first, first_cost = CA_CARD + i, c_cost
                boost = max(0, cost - v)
                if boost > cp + figs:
                    continue
                bcp = min(boost, cp)
                val -= bcp * ctx[C_VCP] * 1.2 + (boost - bcp) * W[W_FIG]
                if val > best_v:
                    best_v, best_first, best_boost = val, first, boost
    if best_boost > 0:
        out[0] = -1 if cp > 0 else -2
    else:
        out[0] = best_first
    return best_v


@njit(cache=True)
def _nation_option(obs, ctx, W, mine, a, out):
    """Choosing nation a for the revealed token: bonus / cost, V, then the best plan."""
    t = _argmax(obs, O_CB_TOKEN, NT)
    cp = ctx[C_CP]
    bonus = 0.0
    if t >= 0:
        kind, amount = TOKEN_BONUS[t, a], TOKEN_BONUS_AMOUNT[t, a]
        if kind == DC.PAY_D:
            bonus -= amount * ctx[C_VD]
        elif kind == DC.GAIN_D:
            bonus += amount * ctx[C_VD]
        elif kind == DC.GAIN_VP:
            bonus += amount
        elif kind == DC.GAIN_INFLUENCE:
            bonus += _inf_value(obs, ctx, W, a, amount)
        elif kind == DC.GAIN_FIGURE:
            bonus += _fig_gain(ctx, W, amount)
        v = TOKEN_STRENGTH[t, a]
        mod = TOKEN_MODIFIER[t]
        if mod != DC.NO_MODIFIER:
            mineb = obs[O_SUPPLY + a * 3 + 1]
            ok = True
            for b in range(3):
                if b != a:
                    other = obs[O_SUPPLY + b * 3 + 1]
                    if (mod == DC.MOST_MINUS_2 and mineb <= other) or (mod == DC.FEWEST_PLUS_3 and mineb >= other):
                        ok = False
            if ok:
                v += MODIFIER_VALUE[mod]
        v = max(0, v)
    else:
        v = DC.STRENGTH_WHEN_EXHAUSTED
    for c in range(NC):  # PNC cards of this nation
        if mine[c]:
            for j in range(FX_COUNT[c]):
                if FX_FAMILY[c, j] == PJ.F_PNC and FX_A0[c, j] == a:
                    cp = min(8.0, cp + FX_A1[c, j])
    return bonus + _combat_plan(obs, ctx, W, mine, a, v, 0, 0, int(cp), int(ctx[C_FIGP]), out)


@njit(cache=True)
def _combat_estimate(obs, ctx, W, mine):
    """Expected VP of a full combat before the token is known."""
    out = np.zeros(1, dtype=np.int64)
    best = 0.0
    v = int(W[W_CB_V] + 0.5)
    for a in range(3):
        best = max(best, _combat_plan(obs, ctx, W, mine, a, v, 0, 0, int(ctx[C_CP]), 0, out))
    return best + W[W_TOKEN] + 0.3


# ----- the context that depends on values ---------------------------------------------------------
@njit(cache=True)
def _finish_context(obs, ctx, W, mine, hand, plan):
    ctx[C_DISC] = _best_disc(obs, ctx, W)
    # village actions: the repeatable option and the best two purchases
    rep = ctx[C_VD]
    if obs[O_DISCS + U8] < 0.5:
        rep = max(rep, ctx[C_VD] + _cp_gain(ctx, 1))
    ctx[C_VREP] = rep
    for i in range(H_MAX):
        if hand[i] >= 0:
            ctx[C_KEEP + i] = _keep_value(obs, ctx, W, mine, hand[i])
    b1, b2, p1, p2 = NEG, NEG, 0.0, 0.0
    for k in range(H_MAX + 3 + 4):
        if k < H_MAX:
            c = hand[k]
        elif k < H_MAX + 3:
            c = plan[k - H_MAX]
        else:
            c = -2
        if c == -1:
            continue
        if c >= 0:
            price = _price(ctx, c)
            if price > ctx[C_COINS] or not _affordable_reqs(obs, ctx, c, hand):
                continue
            v = _buy_net(obs, ctx, W, mine, c)
        else:
            s = k - H_MAX - 3
            if obs[O_INVESTED + s] > 0.5 or ctx[C_FIGP] < 1:
                continue
            b = _argmax(obs, O_PRESTIGE + s * NPB, NPB)
            if b < 0:
                continue
            price = max(0.0, PRESTIGE_COST[b] - ctx[C_PD])
            if price > ctx[C_COINS]:
                continue
            v = _invest_net(obs, ctx, W, mine, s)
        if v > b1:
            b2, p2 = b1, p1
            b1, p1 = v, price
        elif v > b2:
            b2, p2 = v, price
    ctx[C_BUY1], ctx[C_BUY2], ctx[C_PRICE1], ctx[C_PRICE2] = b1, b2, p1, p2
    ctx[C_COMBAT] = _combat_estimate(obs, ctx, W, mine)


@njit(cache=True)
def _affordable_reqs(obs, ctx, c, hand):
    figs = 0
    for j in range(REQ_COUNT[c]):
        kind, a0, a1 = REQ_KIND[c, j], REQ_A0[c, j], REQ_A1[c, j]
        if kind == PJ.REQ_ASSISTANT or kind == PJ.REQ_FIGURE_ON_CARD:
            figs += 1
        elif kind == PJ.REQ_RETURN_FIGURES:
            figs += a0
        elif kind == PJ.REQ_PAY_ITEMS:
            k = 0
            for i in range(H_MAX):
                if hand[i] >= 0 and hand[i] != c and CARD_SYMBOL[hand[i]] == a0:
                    k += 1
            if k < a1:
                return False
        elif kind == PJ.REQ_NATION_MARKERS:
            if obs[O_SUPPLY + a0 * 3 + 1] < a1:
                return False
        elif kind == PJ.REQ_PAY_CP:
            if ctx[C_CP] < a0:
                return False
    return ctx[C_FIGP] >= figs


# ----- decisions ------------------------------------------------------------------------------------
@njit(cache=True)
def _goal_progress(obs, ctx, gtype):
    """How far the bot is on a career goal type (MA-18.3), in the goal's own units."""
    if gtype == DK.G_COMBAT:
        return ctx[C_NTOK]
    if gtype == DK.G_QUESTS:
        return ctx[C_NQUEST]
    if gtype == DK.G_INF1 or gtype == DK.G_INF2:
        x, y, z = obs[O_INF], obs[O_INF + 1], obs[O_INF + 2]
        hi = max(x, max(y, z))
        if gtype == DK.G_INF1:
            return hi
        return x + y + z - hi - min(x, min(y, z))  # the second highest
    if gtype == DK.G_UPG:
        return ctx[C_NUPG]
    if gtype == DK.G_EXPL:
        return obs[O_CROSSED + C.BLUE]  # the high tier is the blue barrier
    if gtype == DK.G_SYN:
        return ctx[C_NSYN]
    return ctx[C_NASST]


@njit(cache=True)
def _career_goal_value(obs, ctx, W, g, tier, final):
    """Completing goal g now: D, the figure, VP at the high tier, the all-done bonus; the
    low tier gives up the high tier's VP as far as it is still within reach."""
    k = _argmax(obs, O_CKEPT, NK)
    if k < 0:
        return NEG
    v = W[W_FIG]
    done = 0
    for x in range(3):
        if obs[O_GOALS + x * 2] + obs[O_GOALS + x * 2 + 1] > 0.5:
            done += 1
    if done == 2:
        v += 2.0 + 2.0 * ctx[C_VD]
    if tier == 1:
        return v + HIGH_D[k, g] * ctx[C_VD] + HIGH_VP[k, g] + 1.0
    v += LOW_D[k, g] * ctx[C_VD]
    if final:
        return v
    gtype = GOAL_TYPE[k, g]
    if gtype == DK.G_EXPL:
        gap = 1.0 - _goal_progress(obs, ctx, gtype)
        time = 2.0 * max(0.0, ctx[C_RL] - 1.0) + 1.0  # explorer steps come in bursts
    else:
        gap = HIGH_T[k, g] - _goal_progress(obs, ctx, gtype)
        time = 1.5 * max(0.0, ctx[C_RL] - 1.0) + 0.7
    reach = min(1.0, max(0.0, 1.0 - gap / time))
    return v - W[W_LOW_WAIT] * reach * (HIGH_VP[k, g] + 0.5) - 0.3


@njit(cache=True)
def _top_frame(obs):
    return _argmax(obs, O_FKIND, NUM_FRAME_KINDS)


@njit(cache=True)
def _top_step(obs):
    return _argmax(obs, O_FSTEP, NUM_STEP_CODES)


@njit(cache=True)
def _score_actions(obs, mask, W, values):
    """values[a] for every legal action a (NEG elsewhere)."""
    hand = np.full(H_MAX, -1, dtype=np.int64)
    plan = np.full(3, -1, dtype=np.int64)
    mine = np.zeros(NC, dtype=np.bool_)
    ctx = np.zeros(C_SIZE)
    _decode(obs, hand, plan, mine, ctx, W)
    _finish_context(obs, ctx, W, mine, hand, plan)
    d = int(ctx[C_DECISION])
    final = ctx[C_FINAL] > 0
    for a in range(NUM_ACTIONS):
        values[a] = NEG
    out = np.zeros(1, dtype=np.int64)

    # free actions, wherever they are legal
    for g in range(3):
        for tier in range(2):
            a = A_FREE_CAREER + 2 * g + tier
            if mask[a]:
                values[a] = _career_goal_value(obs, ctx, W, g, tier, final or d == D_CAREER_ONLY)
                if values[a] > 0:
                    values[a] += 100.0  # free: take it before anything else
    if mask[A_FREE_FIG2CP]:
        values[A_FREE_FIG2CP] = -1.0
    if d == D_MAIN:
        best_plan, best_i = W[W_PLAN], -1
        for i in range(H_MAX):
            if mask[A_FREE_PLAN + i] and hand[i] >= 0:
                c = hand[i]
                v = _buy_net(obs, ctx, W, mine, c)
                if _price(ctx, c) > ctx[C_COINS] and v > best_plan:
                    best_plan, best_i = v, i
        if best_i >= 0:
            values[A_FREE_PLAN + best_i] = 50.0
    for i in range(H_MAX):
        a = A_FREE_PLAN + i
        if mask[a] and values[a] == NEG:
            values[a] = -5.0

    if d == D_SETUP_PLAN:
        for i in range(H_MAX):
            if mask[A_SETUP_PLAN + i] and hand[i] >= 0:
                values[A_SETUP_PLAN + i] = _buy_net(obs, ctx, W, mine, hand[i])
    elif d == D_SETUP_DISCARD:
        for i in range(H_MAX):
            if mask[A_SETUP_DISCARD + i] and hand[i] >= 0:
                values[A_SETUP_DISCARD + i] = -_keep_value(obs, ctx, W, mine, hand[i])
    elif d == D_CAREER:
        for j in range(2):
            k = _argmax(obs, O_CDEALT + j * NK, NK)
            v = 0.0
            if k >= 0:
                for g in range(3):
                    v += CAREER_PREF[GOAL_TYPE[k, g]]
            values[A_CAREER_PICK + j] = v
    elif d == D_SAIL:
        _sail_values(obs, ctx, W, mine, mask, values)
    elif d == D_MAIN:
        loc = int(ctx[C_SHIP])
        mp = ctx[C_LAST_SAIL] if ctx[C_EXTRA] > 0.5 else ctx[C_MP]
        if mask[A_MAIN + MAIN_CITY]:
            values[A_MAIN + MAIN_CITY] = _city_value(obs, ctx, W, mine, loc)
        if mask[A_MAIN + MAIN_VILLAGE]:
            values[A_MAIN + MAIN_VILLAGE] = _village_value(ctx, _village_count(obs, mp))
        qv = _quests_here_value(obs, ctx, W, mine, loc, ctx[C_MP])
        for j in range(4):
            if mask[A_MAIN + MAIN_QUEST + j]:
                values[A_MAIN + MAIN_QUEST + j] = qv
        av, _ = _assistants_here_value(obs, ctx, W, mine, loc)
        for j in range(8):
            if mask[A_MAIN + MAIN_ASSIST + j]:
                values[A_MAIN + MAIN_ASSIST + j] = av - 2.0
        if mask[A_MAIN + MAIN_NONE]:
            values[A_MAIN + MAIN_NONE] = -0.5
        values[A_DONE] = 0.0 if obs[O_TURN + 2] > 0.5 and ctx[C_EXTRA] < 0.5 else -0.4
    elif d == D_DELIVER:
        values[A_DELIVER + H_MAX] = 0.0
        for i in range(H_MAX):
            if mask[A_DELIVER + i] and hand[i] >= 0:
                values[A_DELIVER + i] = ctx[C_DISC] - _keep_value(obs, ctx, W, mine, hand[i])
    elif d == D_REMOVE_DISC:
        for u in range(NU):
            if mask[A_REMOVE_DISC + u]:
                values[A_REMOVE_DISC + u] = _disc_value(obs, ctx, W, u)
    elif d == D_VILLAGE or d == D_BUY:
        for i in range(H_MAX):
            if mask[A_BUY_HAND + i] and hand[i] >= 0:
                values[A_BUY_HAND + i] = _buy_net(obs, ctx, W, mine, hand[i])
        for s in range(3):
            if mask[A_BUY_PLAN + s] and plan[s] >= 0:
                values[A_BUY_PLAN + s] = _buy_net(obs, ctx, W, mine, plan[s])
        for s in range(4):
            if mask[A_INVEST + s]:
                values[A_INVEST + s] = _invest_net(obs, ctx, W, mine, s)
        if d == D_BUY:
            values[A_TAKE_2VP] = 2.0
            if not final:  # the refill after buying (GAP-25) brings one more card
                for a in range(A_BUY_HAND, A_INVEST + 4):
                    if values[a] > NEG:
                        values[a] += 0.3
        else:
            _village_options(obs, ctx, W, mine, mask, values)
    elif d == D_PAY_CARD:
        for i in range(H_MAX):
            if mask[A_PAY_CARD + i] and hand[i] >= 0:
                values[A_PAY_CARD + i] = -_keep_value(obs, ctx, W, mine, hand[i])
        if mask[A_DONE]:
            values[A_DONE] = -20.0
    elif d == D_COMBAT_PILE:
        for i in range(2):
            if mask[A_COMBAT_PILE + i]:
                values[A_COMBAT_PILE + i] = obs[O_PILES + i]
    elif d == D_COMBAT_NATION:
        for a in range(3):
            if mask[A_COMBAT_NATION + a]:
                values[A_COMBAT_NATION + a] = _nation_option(obs, ctx, W, mine, a, out)
    elif d == D_COMBAT:
        a = _argmax(obs, O_CB, 3)
        v = int(obs[O_CB + 3] + 0.5)
        used = 0
        for b in range(3):
            if obs[O_CB + 4 + b] > 0.5:
                used |= 1 << b
        cards_used = 0
        for i in range(8):
            if obs[O_CB + 7 + i] > 0.5:
                cards_used |= 1 << i
        if a >= 0:
            _combat_plan(obs, ctx, W, mine, a, v, used, cards_used, int(ctx[C_CP]), int(ctx[C_FIGP]), out)
            nxt = out[0]
        else:
            nxt = CA_END
        if nxt == -1 and mask[A_COMBAT_BOOST]:
            values[A_COMBAT_BOOST] = 1.0
        elif nxt == -2 and mask[A_COMBAT_BOOST + 1]:
            values[A_COMBAT_BOOST + 1] = 1.0
        elif nxt >= 0 and mask[A_COMBAT_ACTION + nxt]:
            values[A_COMBAT_ACTION + nxt] = 1.0
        values[A_COMBAT_ACTION + CA_END] = 0.0
        for b in range(2):
            if mask[A_COMBAT_BOOST + b] and values[A_COMBAT_BOOST + b] == NEG:
                values[A_COMBAT_BOOST + b] = -1.0
        for x in range(CA_END):
            if mask[A_COMBAT_ACTION + x] and values[A_COMBAT_ACTION + x] == NEG:
                values[A_COMBAT_ACTION + x] = -0.5
    elif d == D_EXPLORE:
        for s in range(NE):
            if mask[A_EXPLORE_TO + s]:
                values[A_EXPLORE_TO + s] = _explore_dest_value(obs, ctx, W, mine, s)
    elif d == D_NATION:
        kind = _top_frame(obs)
        code = _top_step(obs)
        amount = int(obs[O_FDETAIL + 1] + 0.5)
        for a in range(3):
            if not mask[A_NATION + a]:
                continue
            if kind == F_EXPLORE:  # red barrier (MA-10.6)
                v = _inf_value(obs, ctx, W, a, BARRIER_INFLUENCE[2])
            elif kind == F_CARD:
                fam = _argmax(obs, O_FFX, NUM_CARD_FAMILIES)
                if fam == PJ.F_XVN:
                    v = _next_noble(obs, ctx, W, a) + _marker_value(obs, W, a)
                elif fam == PJ.F_XVM:
                    v = _marker_value(obs, W, a)
                else:
                    v = _inf_value(obs, ctx, W, a, max(1, amount))
            elif code == C.S_NEXT_NOBLE_LEVEL:
                v = _next_noble(obs, ctx, W, a)
            elif code == C.S_ANNEX_THIS_VILLAGE:
                v = _marker_value(obs, W, a) + _inf_value(obs, ctx, W, a, max(1, amount))
            else:
                v = _inf_value(obs, ctx, W, a, max(1, amount))
            values[A_NATION + a] = v
    elif d == D_LOCATION:
        for i in range(NL - 1):
            if mask[A_LOCATION + i]:
                values[A_LOCATION + i] = -0.01 * i
    elif d == D_DRAW:
        if mask[A_DRAW]:
            values[A_DRAW] = W[W_DECK]
        cost = 0.0 if obs[O_DISCS + U3] < 0.5 else 1.0
        for s in range(4):
            if mask[A_DRAW + 1 + s]:
                c = _argmax(obs, O_DISPLAY + s * NC, NC)
                if c >= 0:
                    values[A_DRAW + 1 + s] = _keep_value(obs, ctx, W, mine, c) - cost * ctx[C_VD]
    elif d == D_CHOICE:
        _choice(obs, ctx, W, mine, mask, values)
    elif d == D_SYNERGY:
        for s in range(NSYN):
            if mask[A_SYNERGY + s]:
                values[A_SYNERGY + s] = _synergy_unlock(obs, ctx, W, mine, s)
    elif d == D_COUNT:
        per = _d_income_value(ctx, 2) - W[W_FIG]
        for n in range(9):
            if mask[A_COUNT + n]:
                values[A_COUNT + n] = per * n if n < ctx[C_FIGP] else per * n - 1.0
    elif d == D_CAREER_ONLY:
        values[A_DONE] = 0.0
    for a in range(NUM_ACTIONS):  # anything legal the rules above did not score
        if mask[a] and values[a] == NEG:
            values[a] = -10.0


@njit(cache=True)
def _village_options(obs, ctx, W, mine, mask, values):
    vd = ctx[C_VD]
    values[A_VILLAGE + VO_STOP] = 0.0
    if mask[A_VILLAGE + VO_B]:
        values[A_VILLAGE + VO_B] = vd
    if mask[A_VILLAGE + VO_A]:
        values[A_VILLAGE + VO_A] = (2.0 * vd if ctx[C_HL] > 0 else 0.0) - _hand_cycle_cost(ctx, W) - 0.3
    if mask[A_VILLAGE + VO_U8]:
        values[A_VILLAGE + VO_U8] = vd + _cp_gain(ctx, 1)
    for g in range(3):
        if mask[A_VILLAGE + VO_U9 + g]:
            values[A_VILLAGE + VO_U9 + g] = 2.0 * vd + 2.0 - _same_goods_cost(ctx, g, 3)
        if mask[A_VILLAGE + VO_VG2 + g]:
            values[A_VILLAGE + VO_VG2 + g] = 4.0 * vd - _same_goods_cost(ctx, g, 2)
    for a in range(3):
        if mask[A_VILLAGE + VO_U10 + a]:
            values[A_VILLAGE + VO_U10 + a] = vd + _marker_value(obs, W, a) + _inf_value(obs, ctx, W, a, 1)
    items = 2.0 * W[W_ITEM]
    if mask[A_VILLAGE + VO_VMV]:
        values[A_VILLAGE + VO_VMV] = 2.0 + _explore_value(obs, ctx, W, mine, 2 + int(ctx[C_PEX])) - items
    if mask[A_VILLAGE + VO_VMD]:
        values[A_VILLAGE + VO_VMD] = 3.0 * vd + _explore_value(obs, ctx, W, mine, 2 + int(ctx[C_PEX])) - items
    for i in range(2):
        if mask[A_VILLAGE + VO_VBK + i]:
            values[A_VILLAGE + VO_VBK + i] = 3.0 * vd + 3.0 - items
    for i in range(4):
        if mask[A_VILLAGE + VO_XQC + i]:
            values[A_VILLAGE + VO_XQC + i] = 2.0
    # a "last" option ends the batch: keep it for when nothing better is left
    left = obs[O_FDETAIL + 3]
    if left > 1.5:
        for o in (VO_VMV, VO_VMD, VO_VBK, VO_VBK + 1, VO_XQC, VO_XQC + 1, VO_XQC + 2, VO_XQC + 3):
            if values[A_VILLAGE + o] > NEG:
                values[A_VILLAGE + o] -= (left - 1) * ctx[C_VREP]


@njit(cache=True)
def _choice(obs, ctx, W, mine, mask, values):
    """CHOICE under the top frame: explorer quest, CHOOSE_ONE, extra sail, payments."""
    kind = _top_frame(obs)
    code = _top_step(obs)
    for i in range(4):
        if mask[A_CHOICE + i]:
            values[A_CHOICE + i] = 0.0
    if kind == F_EXPLORE:  # MA-10.5: complete the quest where the explorer stopped?
        slot = EXP_QUEST_SLOT[int(ctx[C_EXPPOS])]
        q = _explorer_quest(obs, slot) if slot >= 0 else -1
        if q >= 0 and mask[A_CHOICE + 1]:
            values[A_CHOICE + 1] = _explorer_quest_value(obs, ctx, W, q)
        return
    if kind != F_PROG and kind != F_QUEST:
        return
    prog = _argmax(obs, O_FPROG, NUM_PROGRAMS)
    if code == C.S_CHOOSE_ONE:
        if prog >= 0 and prog < PROGRAM_BASE[1]:
            act = prog
            pc = 0
            for i in range(CITY_PROG_LEN[act]):
                if CITY_PROG_CODE[act, i] == C.S_CHOOSE_ONE:
                    pc = i
            for i in range(CITY_PROG_A0[act, pc]):
                if mask[A_CHOICE + i]:
                    values[A_CHOICE + i] = _step_value(obs, ctx, W, mine, CITY_PROG_CODE[act, pc + 1 + i],
                                                       CITY_PROG_A0[act, pc + 1 + i], CITY_PROG_A1[act, pc + 1 + i])
        elif prog >= PROGRAM_BASE[3]:
            u = prog - PROGRAM_BASE[3]
            for i in range(DS.UPG_PROG_A0[u, 0]):
                if mask[A_CHOICE + i]:
                    values[A_CHOICE + i] = _step_value(obs, ctx, W, mine, DS.UPG_PROG_CODE[u, 1 + i],
                                                       DS.UPG_PROG_A0[u, 1 + i], DS.UPG_PROG_A1[u, 1 + i])
    elif code == C.S_EXTRA_SAIL:
        values[A_CHOICE + 1] = W[W_EXTRA_SAIL] if mask[A_CHOICE + 1] else NEG
    elif code == C.S_PAY_CP or code == C.S_PAY_WHOLE_HAND:
        # pay (1) when what the payment unlocks is worth more than it costs
        if mask[A_CHOICE + 1] and prog >= 0:
            if prog < PROGRAM_BASE[1]:
                codes, a0s, a1s, n = CITY_PROG_CODE[prog], CITY_PROG_A0[prog], CITY_PROG_A1[prog], CITY_PROG_LEN[prog]
            else:
                act = prog - PROGRAM_BASE[2]
                codes, a0s, a1s, n = AS_PROG_CODE[act], AS_PROG_A0[act], AS_PROG_A1[act], AS_PROG_LEN[act]
            pc = int(obs[O_FDETAIL] + 0.5)
            rest = 0.0
            for i in range(pc + 1, n):
                rest += _step_value(obs, ctx, W, mine, codes[i], a0s[i], a1s[i])
            if code == C.S_PAY_CP:
                cost = a0s[pc] * ctx[C_VCP]
            else:
                cost = _hand_cycle_cost(ctx, W)
            values[A_CHOICE + 1] = rest - cost


@njit(cache=True)
def _choose_batch(obs, masks, W, pref, out):
    values = np.empty(NUM_ACTIONS)
    for r in range(obs.shape[0]):
        _score_actions(obs[r], masks[r], W, values)
        best, best_a = NEG * 10, -1
        for a in range(NUM_ACTIONS):
            if masks[r, a]:
                v = values[a] + pref[a]
                if best_a < 0 or v > best:
                    best, best_a = v, a
        out[r] = max(best_a, 0)  # 0 for a row without legal actions (a finished game)


class MaracaiboHeuristic(Bot):
    """The explorer-diplomat (see the module docstring); ``params`` overrides weights by name."""

    name = "heuristic"

    def __init__(self, game, seed=0, params=None):
        if game.obs_layout.size != OBS.size or any(
                game.obs_layout.offset(seg.name) != seg.start for seg in OBS):
            raise ValueError("maracaibo heuristic: the game's observation layout differs from spaces.OBS")
        self.game = game
        self.params = DEFAULT_PARAMS.copy()
        for key, value in (params or {}).items():
            if key not in PARAM_NAMES:
                raise ValueError(f"maracaibo heuristic: unknown weight {key!r}; known: {', '.join(PARAM_NAMES)}")
            self.params[PARAM_NAMES.index(key)] = float(value)
        self.seed(seed)

    def seed(self, seed):
        """Tie-break preferences: a fixed tiny value per action, so ties depend on the seed
        but the bot stays a pure function of (observation, mask)."""
        self._seed = int(seed)
        self._pref = np.random.default_rng(self._seed).random(NUM_ACTIONS) * 1e-6

    def scores(self, observations, action_masks):
        """The value of every action (NEG where illegal), for inspection and tests."""
        obs = np.ascontiguousarray(observations, dtype=np.float32)
        masks = np.ascontiguousarray(action_masks, dtype=np.bool_)
        values = np.empty(masks.shape, dtype=np.float64)
        for r in range(len(obs)):
            _score_actions(obs[r], masks[r], self.params, values[r])
        return values

    def __call__(self, observations, action_masks):
        obs = np.ascontiguousarray(observations, dtype=np.float32)
        masks = np.ascontiguousarray(action_masks, dtype=np.bool_)
        out = np.empty(len(obs), dtype=np.int64)
        if len(obs):
            _choose_batch(obs, masks, self.params, self._pref, out)
        return out
