"""``Maracaibo``: the Game interface over the Maracaibo kernels (non-story mode, card 75).

``check_maracaibo_position`` holds the consistency rules ``from_json`` applies to a
decoded record (shared with the solo game): every check is a small function whose
docstring cites the rule that makes the position impossible. The checks run from
the cheap structural ones to the one that runs the engine (``_check_settled``), so
the kernels only ever see records whose indices are in range.
"""

import functools

import numpy as np

from ..core import options as opt
from ..core.batch import Kernels
from ..core.errors import PositionError
from ..core.game import Game
from . import position_formats
from . import render as R
from .data import actions, board, careers, codes, combat, explorer, legacy, prestige, projects, quests, ship
from .data.components import FIGURES_PER_PLAYER, FIGURES_PERSONAL_AT_START, NUM_ROUNDS
from .hidden import redraw_maracaibo
from .observe import observe_one
from .rules import init_one, mask_one, rank_one, scores_one, step_one
from .rules.legacy import ESCORT_USED
from .spaces import ACTIONS, OBS
from .svg import draw as draw_svg
from .state import (
    BOX_DISCS, DTYPE, JEAN_FIELD_NAMES, Decision, Frame, H_MAX, NC, NE, NQ, NT, NU, NUM_DECISIONS, NUM_FRAME_KINDS,
    PILE_MAX, Phase, QS_BOARD, QS_CARD, QS_DONE, QS_EXPLORER, QS_PILE, STACK, Source, W_BOUGHT, W_DECK, W_DISPLAY,
    W_HAND, W_PLAN,
)

# Score bounds: far above what a game reaches (a strong real game ends near 200 VP,
# incomes are capped at 34 D / 19 VP per round), so a value beyond them is no position.
VP_MAX = 999
COINS_MAX = 999


OPTION_FIELDS = {  # MA-25 option -> record field
    "prestige_open": "opt_prestige_open",
    "leftover_doubloon_vp": "opt_leftover_vp",
    "round4_unreached_assistant_vp": "opt_round4_assistants",
}
SWITCHES = tuple(OPTION_FIELDS)  # the boolean options; OPTION_FIELDS also holds legacy_tiles
OPTION_FIELDS["legacy_tiles"] = "opt_legacy"  # MA-26.4: the tile set as a bit mask


def option_value(options, option):
    """The record value of an option (``OPTION_FIELDS``): a switch as 0/1, the tile set as its mask."""
    if option == "legacy_tiles":
        return legacy.tiles_mask(options[option])
    return int(options[option])


class Maracaibo(Game):
    """Maracaibo, 2-4 players, non-story game with story card 75 (MA-1.5).

    Options (MA-25, all off by default): ``prestige_open`` (MA-25.1: all 4 prestige
    buildings face up from the start), ``leftover_doubloon_vp`` (MA-25.2, GAP-18: 1 VP
    per 5 D left at final scoring), ``round4_unreached_assistant_vp`` (MA-25.3, GAP-19:
    MA-13.3(c) assistant VP also at the end of round 4). ``legacy_tiles`` (MA-26.4,
    default none): the legacy tiles in play, a tuple of ids such as ``("L2", "L6")``
    (``data.legacy.check_legacy_tiles``).
    """

    name = "maracaibo"
    dtype = DTYPE
    action_layout = ACTIONS
    obs_layout = OBS
    kernels = Kernels(init_one=init_one, step_one=step_one, mask_one=mask_one,
                      observe_one=observe_one, scores_one=scores_one, rank_one=rank_one)
    redraw_hidden = redraw_maracaibo  # MA-29.2, MA-29.3
    position_format = position_formats.FORMAT  # 2: the legacy tiles' fields (MA-26.4)
    position_migrations = position_formats.MIGRATIONS
    config_fields = ("num_players",) + tuple(OPTION_FIELDS.values())
    # MA-26.4: the kernels read the tile set from each record (rules/legacy.py in_play and
    # the ``opt_legacy != 0`` tests); the action and observation layouts hold every tile
    # whatever is in play (spaces.py), so rows of one batch may play different tile sets
    row_config_fields = ("opt_legacy",)

    def __init__(self, num_players=3, reward="win", prestige_open=False, leftover_doubloon_vp=False,
                 round4_unreached_assistant_vp=False, legacy_tiles=()):
        given = {"prestige_open": prestige_open, "leftover_doubloon_vp": leftover_doubloon_vp,
                 "round4_unreached_assistant_vp": round4_unreached_assistant_vp}
        super().__init__(num_players, reward, {
            **{k: opt.boolean(self.name, k, v) for k, v in given.items()},
            "legacy_tiles": legacy.check_legacy_tiles(self.name, legacy_tiles),
        })

    def config(self):
        return np.array([self.num_players] + [option_value(self.options, k) for k in OPTION_FIELDS], dtype=np.int64)

    # ----- positions ---------------------------------------------------------------
    def field_bounds(self):
        n = self.num_players
        nl = board.NUM_LOCATIONS
        return {
            "num_players": (n, n), "current_player": (-1, n - 1), "terminated": (0, 1),
            "turn": (0, NUM_ROUNDS * n * nl),
            "start_player": (0, n - 1), "round_no": (0, 4), "round_starter": (0, n - 1),
            "round_trigger": (-1, n - 1), "last_trigger": (-1, n - 1), "phase": (0, len(Phase) - 1),
            "decision": (0, NUM_DECISIONS - 1), "setup_seat": (0, n),
            "card_where": (0, W_BOUGHT + n - 1), "deck": (-1, NC - 1), "deck_len": (0, NC),
            "display": (-1, NC - 1), "hand": (-1, NC - 1), "hand_len": (0, H_MAX), "setup_pick": (0, 2),
            "planning": (-1, NC - 1), "card_figs": (0, FIGURES_PER_PLAYER),
            "vp": (0, VP_MAX), "coins": (0, COINS_MAX), "cp": (0, 8), "d_income": (0, 34), "vp_income": (0, 19),
            "influence": (0, 12), "ship": (0, nl - 1), "explorer": (0, explorer.NUM_EXPLORER_SPACES - 1),
            "crossed": (0, 1), "end_rank": (-1, 3), "discs": (0, 2), "fig_personal": (0, FIGURES_PER_PLAYER),
            "fig_general": (0, FIGURES_PER_PLAYER), "career_dealt": (-1, careers.NUM_CAREERS - 1),
            "career": (-1, careers.NUM_CAREERS - 1), "goal_done": (0, 2), "synergy": (0, 1),
            "assistants": (-1, NC - 1), "invested": (0, 1),
            "tile_at": (-1, len(board.CITY_TILES) - 1), "market": (0, 3), "marker_at": (-1, 2),
            "markers_taken": (0, 13), "quest_state": (0, QS_DONE), "quest_arg": (-1, NC - 1),
            "quest_order": (-1, NQ - 1), "quest_pile": (-1, NQ - 1), "quest_pile_len": (0, NQ),
            "quest_counter": (0, NQ), "token_pile": (-1, NT - 1), "token_pile_len": (0, PILE_MAX),
            "token_owner": (-1, n - 1), "prestige": (0, prestige.NUM_PRESTIGE - 1), "prestige_revealed": (1, 4),
            "barrier_first": (0, 1), "end_arrivals": (0, n),
            "mp_spent": (0, 20), "last_sail_mp": (0, 7), "main_done": (0, 1), "extra_main": (0, 1),
            "asst_present": (0, 255), "asst_used": (0, 255), "asst_scored": (0, 255), "income_paid": (0, 1),
            "score_done": (0, n), "score_bought": (0, 1),
            "opt_prestige_open": (0, 1), "opt_leftover_vp": (0, 1), "opt_round4_assistants": (0, 1),
            "opt_legacy": (0, legacy.ALL_TILES_MASK),
            "legacy_discs": (0, legacy.MAX_TILE_DISCS), "legacy_markers": (-1, 2), "legacy_bought": (0, 1),
            "legacy_city": (-1, legacy.NUM_NEW_CITIES - 1), "legacy_city_marker": (-1, 2),
            "cb_token": (-1, NT - 1), "cb_nation": (-1, 2), "cb_v": (0, 100), "cb_used": (0, 15),
            "cb_cards": (0, 255),
            "stk_len": (0, STACK), "stk_kind": (0, NUM_FRAME_KINDS - 1),
            "last_actor": (-1, n - 1), "last_action": (-1, self.num_actions - 1),
            **{name: (0, 0) for name in JEAN_FIELD_NAMES},  # Jean plays solo mode only (MA-24)
        }

    def check_position(self, rec):
        """Consistency rules: see ``check_maracaibo_position``."""
        check_maracaibo_position(rec, self.num_players, self.options)

    def _check_playable(self, state):
        """The engine must find the position at its decision (``check_settled``), with a legal action."""
        if not state["terminated"][0]:
            check_settled(state)
        super()._check_playable(state)

    # ----- text --------------------------------------------------------------------
    def doc_sections(self):
        """Generated blocks of docs/maracaibo.md beyond the layouts (tools/docs.py)."""
        return {"action_subranges": action_subranges_markdown(self.action_layout)}

    compile_minutes = 3  # the first game in a checkout compiles its kernels (doubloon play says so)

    def render(self, record, viewer=None, width=None):
        """The public board; ``viewer`` adds that seat's hand; ``width`` wraps it to that many columns."""
        return R.render(self.one_record(record), viewer, width=width)

    def draw_svg(self, record, player, theme):
        """The board as a picture (games/maracaibo/svg.py); ``player`` sees what ``observe`` shows."""
        return draw_svg(record, player, theme)

    def info(self, text):
        """What a card, token, tile, career, quest or ship position named ``text`` is (None if unknown)."""
        return R.info(text)


    def action_label(self, record, action):
        return R.action_label(self.one_record(record), self.check_action(action))


# ===== position checks (from_json) ==================================================================
# Per-seat fields and the value an unused seat holds (state.py: "seats >= num_players stay
# at their zero/empty values").
SEAT_FIELDS = {
    "hand": -1, "hand_len": 0, "setup_pick": 0, "planning": -1, "vp": 0, "coins": 0, "cp": 0, "d_income": 0,
    "vp_income": 0, "influence": 0, "ship": 0, "explorer": 0, "crossed": 0, "end_rank": -1, "discs": 0,
    "fig_personal": 0, "fig_general": 0, "career_dealt": -1, "career": -1, "goal_done": 0, "synergy": 0,
    "assistants": -1, "invested": 0, "legacy_city": -1,
}

# The decision each base phase waits for while no frame is pending (rules.flow.advance).
PHASE_DECISIONS = {
    Phase.SETUP_CARDS: (Decision.SETUP_PLAN, Decision.SETUP_DISCARD), Phase.SETUP_CAREER: (Decision.CAREER,),
    Phase.SAIL: (Decision.SAIL,), Phase.ACTIONS: (Decision.MAIN,), Phase.DRAW: (Decision.DRAW,),
    Phase.SCORING_CHOICE: (Decision.BUY,), Phase.SCORING_REFILL: (Decision.DRAW,),
    Phase.SCORING_CAREER: (Decision.CAREER_GOALS,), Phase.GAME_OVER: (Decision.NONE,),
}
# Phases in which frames can be pending: Phase B, and a scoring-step purchase (MA-21.2, MA-22.2).
FRAME_PHASES = (Phase.ACTIONS, Phase.SCORING_REFILL, Phase.SCORING_CAREER)
# The decisions a top frame of each kind can wait for (rules/programs.py frame_step).
FRAME_DECISIONS = {
    Frame.PROG: (Decision.NATION, Decision.CHOICE, Decision.PAY_CARD, Decision.SAIL),
    Frame.QUEST: (Decision.NATION, Decision.CHOICE, Decision.PAY_CARD),
    Frame.VILLAGE: (Decision.VILLAGE,), Frame.PAY: (Decision.PAY_CARD,), Frame.REMOVE: (Decision.REMOVE_DISC,),
    Frame.DELIVER: (Decision.DELIVER,), Frame.EXPLORE: (Decision.EXPLORE, Decision.NATION, Decision.CHOICE),
    Frame.CARD: (Decision.NATION, Decision.LOCATION, Decision.SYNERGY, Decision.COUNT),
    Frame.COMBAT: (Decision.COMBAT_PILE, Decision.COMBAT_NATION, Decision.COMBAT),
}
# Which frame can lie directly on which: (kind, program source or None) -> allowed children.
_PROG_CHILDREN = {Frame.REMOVE, Frame.EXPLORE, Frame.COMBAT, Frame.VILLAGE, (Frame.PROG, Source.SINGLE), Frame.PAY}
FRAME_CHILDREN = {
    # main action / scoring buy; a legacy purchase (MA-26.4 L10-L17): its reward steps and disc
    None: {(Frame.PROG, Source.CITY), (Frame.PROG, Source.ASSIST), Frame.VILLAGE, Frame.QUEST, Frame.CARD,
           (Frame.PROG, Source.SINGLE), Frame.REMOVE},
    Frame.PROG: _PROG_CHILDREN, Frame.QUEST: _PROG_CHILDREN,
    Frame.VILLAGE: {(Frame.PROG, Source.VILLAGE), (Frame.PROG, Source.SINGLE), Frame.PAY, Frame.EXPLORE, Frame.CARD,
                    Frame.QUEST},
    Frame.REMOVE: {(Frame.PROG, Source.UPGRADE)},
    Frame.EXPLORE: {(Frame.PROG, Source.SINGLE), Frame.QUEST, Frame.VILLAGE},
    Frame.CARD: {Frame.REMOVE, Frame.PAY}, Frame.PAY: {Frame.PAY},
    Frame.DELIVER: {Frame.QUEST}, Frame.COMBAT: set(),  # QUEST on DELIVER: L1 (_l1_delivery)
}
MAX_FRAMES = STACK - 4  # the deepest chain (state.STACK); room for the top frame's pushes
MAX_VILLAGE_ACTIONS = 8  # village batch size (MA-11.2 by MP, CX6 per compass, MA-10.7)
MAX_REMOVALS = 2 * NU
MAX_EXPLORE = NE
# steps exec_step runs (S_CHOOSE_ONE needs its options, S_BUY_OR_INVEST is VA-C, no program step)
_RUNNABLE = frozenset(range(codes.S_CHOOSE_ONE)) | {codes.S_ANNEX_THIS_VILLAGE}


def _program_tables():
    """source -> (code, a0, a1, len) of the catalogue programs (rules.programs.prog_step)."""
    return {
        Source.CITY: (legacy.CITY_PROG_CODE, legacy.CITY_PROG_A0, legacy.CITY_PROG_A1, legacy.CITY_PROG_LEN),
        Source.VILLAGE: (actions.VO_PROG_CODE, actions.VO_PROG_A0, actions.VO_PROG_A1, actions.VO_PROG_LEN),
        Source.ASSIST: (actions.AS_PROG_CODE, actions.AS_PROG_A0, actions.AS_PROG_A1, actions.AS_PROG_LEN),
        Source.UPGRADE: (ship.UPG_PROG_CODE, ship.UPG_PROG_A0, ship.UPG_PROG_A1, ship.UPG_PROG_LEN),
    }


def _step_positions(codes_row, a0_row, first, length):
    """Program counters a program passes through (CHOOSE_ONE k jumps over its k options)."""
    out, pc = set(), first
    while pc < length:
        out.add(pc)
        pc += 1 + (int(a0_row[pc]) if codes_row[pc] == codes.S_CHOOSE_ONE else 0)
    out.add(length)
    return out


@functools.cache
def _single_steps():
    """(code, a0) pairs a one-step program can hold: options of CHOOSE_ONE steps anywhere,
    explorer rewards (MA-10.4), legacy-tile rewards (MA-26.4) and the village options of
    cards (VG2, VMV, VMD, VBK)."""
    pairs = set()
    rows = []
    for code, a0, _, ln in _program_tables().values():
        rows += [(code[i], a0[i], int(ln[i])) for i in range(len(ln))]
    rows += [(quests.QUEST_REWARD_CODE[q], quests.QUEST_REWARD_A0[q], int(quests.QUEST_REWARD_COUNT[q]))
             for q in range(NQ)]
    for code, a0, ln in rows:
        for pc in range(ln):
            if code[pc] == codes.S_CHOOSE_ONE:
                pairs |= {(int(code[j]), int(a0[j])) for j in range(pc + 1, min(ln, pc + 1 + int(a0[pc])))}
    for d in range(NE):
        if explorer.EXP_REWARD_CODE[d] != codes.NONE:
            pairs.add((int(explorer.EXP_REWARD_CODE[d]), int(explorer.EXP_REWARD_AMOUNT[d])))
    for t in legacy.PURCHASE_TILES:  # MA-26.4 L10-L17 rewards
        pairs |= {(int(legacy.PURCHASE_CODE[t, j]), int(legacy.PURCHASE_A0[t, j]))
                  for j in range(int(legacy.PURCHASE_LEN[t]))}
    fam = projects.CARD_FX_FAMILY
    for c in range(NC):
        for j in range(int(projects.CARD_FX_COUNT[c])):
            a0 = int(projects.CARD_FX_A0[c, j])
            f = fam[c, j]
            if f == projects.F_VG2 or f == projects.F_VMD:
                pairs.add((codes.S_GAIN_D, a0))
            elif f == projects.F_VMV:
                pairs.add((codes.S_GAIN_VP, a0))
            elif f == projects.F_VBK:
                pairs.add((codes.S_GAIN_D_AND_VP, a0))
    return frozenset(p for p in pairs if p[0] in _RUNNABLE)


def check_maracaibo_position(rec, n, options, jean=None):
    """Every consistency rule of a decoded record with ``n`` seats; ``jean`` is the seat
    of the solo opponent (MA-24), who holds nothing of the human's (checked by the solo game)."""
    _check_options(rec, options)
    _check_legacy(rec, n)
    live = not rec["terminated"]
    if live != (rec["current_player"] >= 0) or live != (rec["phase"] != Phase.GAME_OVER):
        raise PositionError("current_player", "must be -1 exactly when the game is over (phase game over)")
    _check_unused_seats(rec, n)
    _check_rounds(rec, n)
    _check_cards(rec, n)
    _check_quests(rec, n)
    _check_tokens(rec)
    _check_components(rec)
    taken = rec["markers_taken"].astype(int)
    placed = np.concatenate([rec["marker_at"], rec["legacy_markers"], rec["legacy_city_marker"]])  # MA-26.5
    on_board = np.bincount(placed[placed >= 0], minlength=3)
    if np.any(on_board > taken):
        raise PositionError("marker_at", "more markers on the board than have left the supply")
    _check_figures(rec, [p for p in range(n) if p != jean])
    _check_stack(rec)
    _check_combat(rec)
    _check_decision(rec)


def _check_options(rec, options):
    """MA-25: the record's option fields are the game's options."""
    for option, field in OPTION_FIELDS.items():
        if int(rec[field]) != option_value(options, option):
            raise PositionError(field, f"is {int(rec[field])} but the game's option {option} is {options[option]!r}")
    if options["prestige_open"] and rec["prestige_revealed"] != 4:
        raise PositionError("prestige_revealed", "is 4 with prestige_open (MA-25.1)")


def _check_legacy(rec, n):
    """MA-26.4: only tiles in play hold anything: discs lie on purchase tiles (L10-L17) up
    to their disc spaces, from seats of the game or the box; markers lie on the spaces of
    L6 / L9 and on the flags of the new cities L4 / L7."""
    mask = int(rec["opt_legacy"])
    discs = rec["legacy_discs"]
    for t, tile in enumerate(legacy.LEGACY_TILE_IDS):
        here = int(discs[t].sum())
        if here and not (mask >> t & 1 and legacy.LEGACY_KIND[t] == legacy.PURCHASE):
            raise PositionError("legacy_discs", f"{tile} holds discs but is no purchase tile in play (MA-26.4)")
        if here > legacy.PURCHASE_SPACES[t]:
            raise PositionError("legacy_discs", f"{tile} holds {here} discs on {legacy.PURCHASE_SPACES[t]} spaces")
        if np.any(discs[t, n:BOX_DISCS] != 0):
            raise PositionError("legacy_discs", f"{tile} holds discs of a seat >= {n}")
    k = int(rec["stk_len"])
    pending = int(rec["stk_x"][:k][rec["stk_kind"][:k] == Frame.REMOVE].sum())  # the purchase's disc to move
    for q in range(n):
        owed = pending if q == rec["current_player"] else 0
        if discs[:, q].sum() > 2 * NU - rec["discs"][q].sum() + owed:
            raise PositionError("legacy_discs", f"player {q} has more discs on legacy tiles than left the ship board")
    owners = (legacy.ESCORT_TILE, legacy.ESCORT_TILE, legacy.GOLD_MINE_TILE)
    for s, t in enumerate(owners):
        if rec["legacy_markers"][s] >= 0 and not mask >> t & 1:
            raise PositionError("legacy_markers", f"a marker on {legacy.LEGACY_TILE_IDS[t]}, which is not in play")
    if rec["legacy_markers"][0] < 0 and rec["legacy_markers"][1] >= 0:
        raise PositionError("legacy_markers", "L6's second space fills after its first (MA-26.4)")
    escorted = int(rec["legacy_markers"][0]) == rec["cb_nation"] or int(rec["legacy_markers"][1]) == rec["cb_nation"]
    if int(rec["cb_used"]) & ESCORT_USED and not (rec["cb_nation"] >= 0 and escorted):
        raise PositionError("cb_used", "the escort was done in this combat, yet no marker of its nation is on L6")
    if mask == 0 and rec["legacy_bought"]:
        raise PositionError("legacy_bought", "no legacy tile is in play")
    for q in range(n):  # MA-26.4 L4 / L7: a ship at a new city
        c = int(rec["legacy_city"][q])
        if c < 0:
            continue
        tile = legacy.LEGACY_TILE_IDS[legacy.NEW_CITY_TILES[c]]
        if not mask >> int(legacy.NEW_CITY_TILES[c]) & 1:
            raise PositionError("legacy_city", f"player {q}'s ship is at the new city {tile}, which is not in play")
        if explorer.EXP_STEP_NUMBER[int(rec["explorer"][q])] < legacy.NEW_CITY_EXPLORER[c]:
            raise PositionError("legacy_city", f"player {q}'s ship is at {tile} but the explorer has not reached "
                                               f"space {int(legacy.NEW_CITY_EXPLORER[c])} (MA-26.4)")
        if int(rec["ship"][q]) != legacy.NEW_CITY_FROM[c]:
            raise PositionError("ship", f"player {q}'s ship at the new city {tile} stands on "
                                        f"{board.LOC_IDS[int(legacy.NEW_CITY_FROM[c])]} (data/legacy.py)")
    _check_new_city_markers(rec, n, mask)
    if mask >> legacy.PLAGUE_TILE & 1:
        c = legacy.PLAGUE_LOCATION
        for field, empty in (("tile_at", -1), ("marker_at", -1), ("market", 0)):
            if rec[field][c] != empty:
                raise PositionError(field, "the plague (L3) lies on Cartagena: no city tile, marker or "
                                           "market disc there (MA-26.4)")


def _check_new_city_markers(rec, n, mask):
    """MA-26.4 L4 / L7: a marker on a new city's flag means the city is in play and the
    explorer of whoever annexed it reached the city's space (explorers never move back)."""
    reached = max(int(explorer.EXP_STEP_NUMBER[int(rec["explorer"][q])]) for q in range(n))
    for c in range(legacy.NUM_NEW_CITIES):
        if rec["legacy_city_marker"][c] < 0:
            continue
        t = int(legacy.NEW_CITY_TILES[c])
        if not mask >> t & 1:
            raise PositionError("legacy_city_marker", f"a marker on the new city {legacy.LEGACY_TILE_IDS[t]}, "
                                                      "which is not in play")
        if reached < legacy.NEW_CITY_EXPLORER[c]:
            raise PositionError("legacy_city_marker", f"a marker on {legacy.LEGACY_TILE_IDS[t]}, but no explorer "
                                                      f"reached space {int(legacy.NEW_CITY_EXPLORER[c])} (MA-26.4)")


def _check_unused_seats(rec, n):
    """MA-2.3: a game of n players has n sets of player components; every per-seat entry
    of a seat >= n stays empty, and no card, quest or token belongs to such a seat."""
    for field, empty in SEAT_FIELDS.items():
        if np.any(rec[field][n:] != empty):
            raise PositionError(field, f"seats >= {n} must be empty ({empty}): a {n}-player game has no seat there")
    where = rec["card_where"]
    for base in (W_HAND, W_PLAN, W_BOUGHT):
        if np.any((where >= base + n) & (where < base + 4)):
            raise PositionError("card_where", f"a card belongs to a seat >= {n}")


def _check_rounds(rec, n):
    """MA-1.2 / MA-3.13: rounds 1-4 follow the setup; MA-5.1: every turn sails at least
    one location, so a round has at most n x 24 turns; MA-5.3 / MA-21.1: ships stand on
    the round's route, and the one on the round's last location ended the round."""
    phase, rnd = int(rec["phase"]), int(rec["round_no"])
    setup = phase in (Phase.SETUP_CARDS, Phase.SETUP_CAREER)
    if setup != (rnd == 0):
        raise PositionError("round_no", f"is {rnd} in phase {phase}: 0 exactly during setup (MA-3.12, MA-3.13)")
    if phase == Phase.GAME_OVER and rnd != NUM_ROUNDS:
        raise PositionError("round_no", f"the game ends after round {NUM_ROUNDS} (MA-23.1)")
    if rec["turn"] > max(rnd, 1) * n * board.NUM_LOCATIONS:
        raise PositionError("turn", f"{int(rec['turn'])} turns cannot have been played by round {rnd} (MA-5.1)")
    if setup:
        if np.any(rec["ship"] != 0) or rec["round_trigger"] != -1 or rec["last_trigger"] != -1:
            raise PositionError("ship", "during setup every ship is in Havana and no round has ended (MA-3.9)")
        return
    bit = 1 << (rnd - 1)
    reach, todo = {0}, [0]
    while todo:
        loc = todo.pop()
        for j in range(int(board.NUM_SUCC[loc])):
            nxt = int(board.SUCC[loc, j])
            if board.SUCC_ROUND_MASK[loc, j] & bit and nxt not in reach:
                reach.add(nxt)
                todo.append(nxt)
    final = int(board.FINAL_SPACE_BY_ROUND[rnd])
    for p in range(n):
        if int(rec["ship"][p]) not in reach:
            raise PositionError("ship", f"player {p}'s ship is off the route of round {rnd} (MA-5.3)")
    trigger = int(rec["round_trigger"])
    at_final = [p for p in range(n) if rec["ship"][p] == final]
    if phase != Phase.GAME_OVER and (trigger >= 0) != bool(at_final):
        raise PositionError("round_trigger", "is set exactly when a ship reached the round's last location (MA-21.1)")
    if phase != Phase.GAME_OVER and trigger >= 0 and trigger not in at_final:
        raise PositionError("round_trigger", "the player who ended the round stands on its last location (MA-21.1)")
    if phase in (Phase.SCORING_CHOICE, Phase.SCORING_REFILL, Phase.SCORING_CAREER) and trigger < 0:
        raise PositionError("round_trigger", "scoring follows a round end (MA-4.2)")
    if phase in (Phase.SCORING_CHOICE, Phase.SCORING_REFILL, Phase.SCORING_CAREER):
        if rec["score_done"] >= n or rec["current_player"] != (trigger + rec["score_done"]) % n:
            raise PositionError("score_done", "scoring step 1 goes clockwise from the triggering player (MA-21.2)")


def _check_cards(rec, n):
    """MA-3.4 / MA-14 / MA-20: each project card is in exactly one place."""
    where = rec["card_where"]
    deck_len = int(rec["deck_len"])
    deck = rec["deck"]
    if np.any(deck[deck_len:] != -1) or np.any(deck[:deck_len] < 0):
        raise PositionError("deck", f"the first {deck_len} entries must be cards and the rest -1")
    if sorted(deck[:deck_len].tolist()) != np.flatnonzero(where == W_DECK).tolist():
        raise PositionError("deck", "deck cards must be exactly those marked W_DECK")
    disp = rec["display"][rec["display"] >= 0]
    if sorted(disp.tolist()) != np.flatnonzero(where == W_DISPLAY).tolist():
        raise PositionError("display", "display cards must be exactly those marked W_DISPLAY")
    for p in range(4):
        hl = int(rec["hand_len"][p])
        hand = rec["hand"][p]
        if np.any(hand[hl:] != -1) or np.any(hand[:hl] < 0):
            raise PositionError("hand", f"player {p}: the first {hl} entries must be cards and the rest -1")
        if sorted(hand[:hl].tolist()) != np.flatnonzero(where == W_HAND + p).tolist():
            raise PositionError("hand", f"player {p}: hand cards must be exactly those marked in hand")
        plan = rec["planning"][p][rec["planning"][p] >= 0]
        if sorted(plan.tolist()) != np.flatnonzero(where == W_PLAN + p).tolist():
            raise PositionError("planning", f"player {p}: planning cards must match card_where")
        pick = rec["setup_pick"][p]
        if np.any(pick[hl:] != 0) or np.sum(pick == 1) > 1 or np.sum(pick == 2) > 3:
            raise PositionError("setup_pick", f"player {p}: one dealt card to plan, three to discard (MA-3.12)")
    if rec["phase"] > Phase.SETUP_CARDS and np.any(rec["setup_pick"] != 0):
        raise PositionError("setup_pick", "opening choices are resolved after MA-3.12")
    if np.any(rec["card_figs"][where < W_BOUGHT] != 0):
        raise PositionError("card_figs", "only bought cards can hold figures")


def _check_quests(rec, n):
    """MA-3.2 / MA-12: each quest tile is in one place; placement numbers (MA-29.1) are
    distinct and below the counter, which counts tiles that left the pile."""
    st, arg = rec["quest_state"], rec["quest_arg"]
    pile_len = int(rec["quest_pile_len"])
    pile = rec["quest_pile"]
    if np.any(pile[pile_len:] != -1) or np.any(pile[:pile_len] < 0):
        raise PositionError("quest_pile", f"the first {pile_len} entries must be tiles and the rest -1")
    if sorted(pile[:pile_len].tolist()) != np.flatnonzero(st == QS_PILE).tolist():
        raise PositionError("quest_pile", "pile tiles must be exactly those in state QS_PILE")
    for q in range(NQ):
        s, a = int(st[q]), int(arg[q])
        ok = {QS_PILE: a == -1, QS_BOARD: 1 <= a <= 19, QS_EXPLORER: 0 <= a <= 2,
              QS_CARD: 0 <= a < NC and rec["card_where"][a] >= W_BOUGHT, QS_DONE: 0 <= a < n}[s]
        if not ok:
            raise PositionError("quest_arg", f"quest {q}: argument {a} does not fit its state {s}")
    for slot in range(3):
        if np.sum((st == QS_EXPLORER) & (arg == slot)) > 1:
            raise PositionError("quest_state", f"two tiles on explorer quest space {slot}")
    order = rec["quest_order"]
    laid = st == QS_BOARD
    if np.any(order[~laid] != -1) or np.any(order[laid] < 0):
        raise PositionError("quest_order", "tiles lying on the board have a placement number, others -1")
    counter = int(rec["quest_counter"])
    if len(set(order[laid].tolist())) != int(laid.sum()) or np.any(order[laid] >= counter):
        raise PositionError("quest_order", "placement numbers are distinct and below quest_counter")
    if counter > NQ - pile_len:
        raise PositionError("quest_counter", f"{counter} tiles cannot have left a pile that still holds {pile_len}")


def _check_tokens(rec):
    """MA-3.1 / MA-8.7: each combat token is in a pile, revealed, or on one ship board."""
    seen = []
    for k in range(2):
        ln = int(rec["token_pile_len"][k])
        pile = rec["token_pile"][k]
        if np.any(pile[ln:] != -1) or np.any(pile[:ln] < 0):
            raise PositionError("token_pile", f"pile {k}: the first {ln} entries must be tokens, then -1")
        seen += pile[:ln].tolist()
    seen += np.flatnonzero(rec["token_owner"] >= 0).tolist()
    if rec["cb_token"] >= 0:  # revealed in the combat in progress (MA-8.2)
        seen.append(int(rec["cb_token"]))
    if sorted(seen) != list(range(combat.NUM_COMBAT_TOKENS)):
        raise PositionError("token_pile", "each combat token must be in a pile or on one ship board")


def _check_components(rec):
    """One of each component: MA-3.6 four different prestige buildings; MA-3.3 each city
    tile at one location; MA-3.10 / MA-3.13 no career card dealt or kept twice."""
    pb = rec["prestige"].tolist()
    if len(set(pb)) != len(pb):
        raise PositionError("prestige", "a prestige building lies on two spaces (MA-3.6)")
    tiles = rec["tile_at"][rec["tile_at"] >= 0].tolist()
    if len(set(tiles)) != len(tiles):
        raise PositionError("tile_at", "a city tile lies at two locations (MA-3.3)")
    dealt = rec["career_dealt"][rec["career_dealt"] >= 0].tolist()
    if len(set(dealt)) != len(dealt):
        raise PositionError("career_dealt", "a career card was dealt twice (MA-3.10)")
    kept = rec["career"][rec["career"] >= 0].tolist()
    if len(set(kept)) != len(kept):
        raise PositionError("career", "two players keep the same career card (MA-3.13)")


def _check_figures(rec, seats):
    """MA-2.3: 8 figures per player, in the supplies, on the career card, as assistants,
    on prestige spaces or on cards; during setup 2 personal and the rest general (MA-3.10)."""
    setup = rec["phase"] < Phase.SAIL
    for p in seats:
        if setup:
            if (rec["fig_personal"][p] != FIGURES_PERSONAL_AT_START
                    or rec["fig_general"][p] != FIGURES_PER_PLAYER - FIGURES_PERSONAL_AT_START):
                raise PositionError("fig_personal", f"player {p}: during setup {FIGURES_PERSONAL_AT_START} figures "
                                                    "are personal, the rest general (MA-3.10)")
            if (np.any(rec["goal_done"][p] != 0) or np.any(rec["assistants"][p] >= 0)
                    or np.any(rec["invested"][p] != 0)):
                raise PositionError("goal_done", f"player {p} has placed no figure before round 1 (MA-3.13)")
            continue
        figs = (int(rec["fig_personal"][p]) + int(rec["fig_general"][p])
                + int((rec["goal_done"][p] == 0).sum()) + int((rec["assistants"][p] >= 0).sum())
                + int(rec["invested"][p].sum())
                + int(rec["card_figs"][rec["card_where"] == W_BOUGHT + p].sum()))
        if figs != FIGURES_PER_PLAYER:
            raise PositionError("fig_personal", f"player {p} has {figs} figures, not {FIGURES_PER_PLAYER}")


def _l1_delivery(rec, p):
    """MA-26.4 L1: Puerto Cabezas' city action delivers with no program beneath, and its
    quest (with its payments) resolves on top of the delivery (rules.village)."""
    loc = legacy.QUEST_CITY_LOCATION
    return (int(rec["opt_legacy"]) >> legacy.QUEST_CITY_TILE & 1 == 1 and int(rec["ship"][p]) == loc
            and int(rec["legacy_city"][p]) < 0)


def _check_frame(rec, k, p):
    """One pending frame against the program it names (state.Frame, rules/programs.py):
    the source, catalogue entry, program counter and x / y arguments a frame of its kind
    can hold; raises naming the first field that does not fit."""
    kind, src, ident, pc = (int(rec[f][k]) for f in ("stk_kind", "stk_src", "stk_id", "stk_pc"))
    x, y = int(rec["stk_x"][k]), int(rec["stk_y"][k])

    def need(ok, field, what):
        if not ok:
            raise PositionError(field, f"frame {k} ({kind=}, {src=}, {ident=}, {pc=}, {x=}, {y=}): {what}")

    need(kind == Frame.PROG or src == 0, "stk_src", "only program frames have a source")
    if kind == Frame.PROG:
        need(0 <= src <= Source.SINGLE, "stk_src", "not a program source")
        if src == Source.SINGLE:
            need(ident == 0, "stk_id", "a one-step program names no catalogue entry")
            need(pc in (0, 1), "stk_pc", "a one-step program is at step 0 or done")
            need((x, y) in _single_steps(), "stk_x", "no program, reward or option has this step and amount")
            return
        code, a0, _, ln = _program_tables()[src]
        need(0 <= ident < len(ln) and ln[ident] > 0, "stk_id", "no such program in the catalogue")
        if src == Source.CITY and ident >= legacy.NUM_CITY_ACTIONS:  # MA-26.4 L4 / L7
            need(rec["legacy_city"][p] == ident - legacy.NUM_CITY_ACTIONS, "stk_id",
                 "a new city's action runs only at that new city")
        if src == Source.VILLAGE:  # only VA-U9 runs as a program, after its payment (MA-11.3)
            need(ident == actions.VA_U9 and pc >= 1, "stk_id", "the only village program frame is VA-U9's reward")
        need(pc in _step_positions(code[ident], a0[ident], 0, int(ln[ident])), "stk_pc", "not a step of the program")
        need(x == 0, "stk_x", "a catalogue program has no x argument")
        extra_sail = src == Source.ASSIST and pc < ln[ident] and code[ident, pc] == codes.S_EXTRA_SAIL
        need(y == 0 or (extra_sail and y == a0[ident, pc]), "stk_y",
             "only an extra sail (MA-13.6) keeps its max MP in y")
        return
    if kind == Frame.QUEST:
        need(0 <= ident < NQ, "stk_id", "no such quest")
        need(rec["quest_state"][ident] == QS_DONE and rec["quest_arg"][ident] == p, "stk_id",
             "the rewarded quest is on the acting player's ship board (MA-12.2)")
        n_rew = int(quests.QUEST_REWARD_COUNT[ident])
        need(pc == 0 or (pc - 1) in _step_positions(quests.QUEST_REWARD_CODE[ident], quests.QUEST_REWARD_A0[ident],
                                                     0, n_rew), "stk_pc", "not a step of the quest's rewards")
        need(x == 0 and y == 0, "stk_x", "a quest frame has no arguments")
        return
    if kind == Frame.CARD:
        need(0 <= ident < NC and rec["card_where"][ident] == W_BOUGHT + p, "stk_id",
             "the card whose effects resolve is in the buyer's display (MA-14.3)")
        nfx = int(projects.CARD_FX_COUNT[ident])
        need(0 <= pc <= nfx + 1, "stk_pc", "not an effect of the card")
        fam = projects.CARD_FX_FAMILY[ident, pc - 1] if 1 <= pc <= nfx else codes.NONE
        need(x == codes.NONE or (0 <= x <= 2 and fam in (projects.F_XVM, projects.F_XVN)), "stk_x",
             "a nation is chosen only for XVM / XVN (MA-15.3)")
        need(y == 0, "stk_y", "a purchase frame has no y argument")
        return
    if kind == Frame.EXPLORE:
        need(0 <= pc <= 5, "stk_pc", "not an explorer-move stage")
        if pc == 0:
            need(ident == -1, "stk_id", "the destination is set once the explorer moved")
        else:  # the explorer may move on later in nested rewards, not during the barriers
            need(0 <= ident < NE and (pc != 1 or ident == rec["explorer"][p]), "stk_id",
                 "the destination is the explorer's space (MA-10.2)")
        need(1 <= x <= MAX_EXPLORE, "stk_x", "explore X is at least 1 (MA-10.2)")
        need(0 <= y <= 7 and (pc == 1 or y == 0), "stk_y", "barrier bits are pending only at stage 1 (MA-10.6)")
        need(all(rec["crossed"][p, b] for b in range(3) if y & (1 << b)), "stk_y",
             "a pending barrier has been crossed (MA-10.6)")
        return
    need(ident == 0, "stk_id", "this frame kind names nothing")
    if kind == Frame.COMBAT:
        need(0 <= pc <= 3, "stk_pc", "not a combat stage (MA-8.1 - MA-8.6)")
        need(x == 0 and y == 0, "stk_x", "a combat keeps its state in the cb_* fields")
        return
    need(pc == 0, "stk_pc", "this frame kind has no program counter")
    if kind == Frame.VILLAGE:
        need(0 <= x <= MAX_VILLAGE_ACTIONS and y == 0, "stk_x", "village actions left (MA-11.2)")
    elif kind == Frame.PAY:
        need(0 <= x < codes.NUM_SYMBOLS, "stk_x", "not a card symbol")
        need(1 <= y <= H_MAX, "stk_y", "cards left to discard (at most a hand)")
    elif kind == Frame.REMOVE:
        need(0 <= x <= MAX_REMOVALS and y == 0, "stk_x", "discs left to remove (MA-17.2)")
    else:  # Frame.DELIVER
        need(x == 0 and y == 0, "stk_x", "a delivery frame has no arguments")


def _check_stack(rec):
    """The pending frames (rules/programs.py): each one a frame the engine builds, each on
    a frame that can start it (a main action, a program step, a village option, an upgrade,
    a purchase...), pending only in Phase B or a scoring purchase (MA-6, MA-21.2), and a
    mandatory payment (Frame.PAY: MA-12.2 quest costs, MA-13.5) payable from the hand."""
    k = int(rec["stk_len"])
    for field in ("stk_kind", "stk_src", "stk_id", "stk_pc", "stk_x", "stk_y"):
        if np.any(rec[field][k:] != 0):
            raise PositionError(field, "entries past stk_len must be 0")
    if k == 0:
        return
    if k > MAX_FRAMES:
        raise PositionError("stk_len", f"{k} pending frames: the programs never nest deeper than {MAX_FRAMES}")
    if rec["phase"] not in FRAME_PHASES:
        raise PositionError("stk_len", f"frames are pending only in Phase B or a scoring purchase, not in phase "
                                       f"{int(rec['phase'])}")
    p = int(rec["current_player"])
    parent = None
    for j in range(k):
        kind = int(rec["stk_kind"][j])
        if not 0 <= kind < NUM_FRAME_KINDS:
            raise PositionError("stk_kind", f"frame {j}: no frame kind {kind}")
        _check_frame(rec, j, p)
        here = (kind, int(rec["stk_src"][j])) if kind == Frame.PROG else kind
        l1 = j == 0 and kind == Frame.DELIVER and _l1_delivery(rec, p)
        if j == 1 and kind == Frame.DELIVER:
            ok = rec["stk_kind"][0] == Frame.PROG and rec["stk_src"][0] == Source.CITY and rec["stk_pc"][0] == 0
        else:
            ok = l1 or (here in FRAME_CHILDREN[parent] and kind != Frame.DELIVER)
        if not ok:
            raise PositionError("stk_kind", f"frame {j} (kind {kind}) cannot lie on frame kind {parent}")
        if kind in (Frame.DELIVER, Frame.COMBAT) and j != k - 1 and not l1:
            raise PositionError("stk_kind", f"frame {j} (kind {kind}) is resolved before anything else")
        parent = kind
    if rec["phase"] != Phase.ACTIONS and rec["stk_kind"][0] != Frame.CARD:
        raise PositionError("stk_kind", "in scoring only a purchase is pending (MA-21.2)")
    pays = [j for j in range(k) if rec["stk_kind"][j] == Frame.PAY]
    need = np.zeros(codes.NUM_SYMBOLS, dtype=int)
    for j in pays:
        need[rec["stk_x"][j]] += rec["stk_y"][j]
    hand = rec["hand"][p][: rec["hand_len"][p]]
    have = np.bincount(projects.CARD_SYMBOL[hand], minlength=codes.NUM_SYMBOLS)[: codes.NUM_SYMBOLS]
    if np.any(need > have):
        raise PositionError("stk_y", "a pending payment needs more cards of a symbol than the hand holds (MA-12.2)")
    quests_on = [int(rec["stk_id"][j]) for j in range(k) if rec["stk_kind"][j] == Frame.QUEST]
    cards_on = [int(rec["stk_id"][j]) for j in range(k) if rec["stk_kind"][j] == Frame.CARD]
    if len(set(quests_on)) != len(quests_on) or len(set(cards_on)) != len(cards_on):
        raise PositionError("stk_id", "a quest or a card resolves twice at once")


def _check_combat(rec):
    """MA-8: the combat state (cb_*) exists exactly while a combat frame is on top."""
    k = int(rec["stk_len"])
    kinds = rec["stk_kind"][:k].tolist()
    if Frame.COMBAT not in kinds:
        for field, rest in (("cb_token", -1), ("cb_nation", -1), ("cb_v", 0), ("cb_used", 0), ("cb_cards", 0)):
            if int(rec[field]) != rest:
                raise PositionError(field, f"must be {rest} when no combat is in progress")
        return
    if kinds.count(Frame.COMBAT) > 1 or kinds[-1] != Frame.COMBAT:
        raise PositionError("stk_kind", "a combat is the top frame and combats never nest (MA-8)")
    stage = int(rec["stk_pc"][k - 1])
    if (rec["cb_nation"] >= 0) != (stage >= 3):
        raise PositionError("cb_nation", "the fighting nation is set exactly in the last combat stage")
    if rec["cb_token"] >= 0 and stage < 2:
        raise PositionError("cb_token", "a token is revealed only after the pile decision")


def _check_decision(rec):
    """MA-28.1: ``decision`` is the one the base phase (MA-3 - MA-22) or the top pending
    frame waits for; ``_check_settled`` then asks the engine itself."""
    d, phase, k = int(rec["decision"]), int(rec["phase"]), int(rec["stk_len"])
    allowed = PHASE_DECISIONS[phase] if k == 0 else FRAME_DECISIONS[int(rec["stk_kind"][k - 1])]
    if d not in allowed:
        where = f"phase {phase}" if k == 0 else f"a frame of kind {int(rec['stk_kind'][k - 1])}"
        raise PositionError("decision",
            f"{d} is not a decision {where} waits for (allowed: {[int(x) for x in allowed]})")


@functools.cache
def _advance_loop():
    from numba import njit
    from numba.core import config

    from ..core.batch import as_python
    from .rules.flow import advance

    @njit
    def run(states):
        advance(states[0])

    return as_python(run) if config.DISABLE_JIT else run


def check_settled(state):
    """MA-28.1: a position lies at a decision: everything automatic has been resolved.
    The engine's ``advance`` (run on a copy) must find the same decision and change nothing."""
    probe = state.copy()
    _advance_loop()(probe)
    if probe[0] != state[0]:
        diff = [f for f in state.dtype.names if np.any(probe[0][f] != state[0][f])]
        raise PositionError(diff[0] if diff else "decision",
                            f"the position is not at a decision: the engine would still change {diff}")


def action_subranges(layout):
    """(family, first index, last index, meaning) for every part of the packed families
    (MA-28.3): which flat action ids mean what, from the offsets in spaces.py."""
    from . import spaces as S
    from .data import codes as C

    rows = []

    def part(family, lo, hi, meaning):
        start = layout[family].start
        rows.append((family, start + lo, start + hi, meaning))

    locs = board.LOC_IDS
    n_loc = S.NUM_SAIL_TARGETS
    for fam in ("sail_to", "choose_location"):
        part(fam, 0, 19, f"locations {locs[1]}..{locs[20]} (i = number - 1)")
        for i in range(20, n_loc):
            part(fam, i, i, f"location {locs[i + 1]}")
    part("main_action", S.MAIN_CITY, S.MAIN_CITY, "city action")
    part("main_action", S.MAIN_VILLAGE, S.MAIN_VILLAGE, "village actions")
    part("main_action", S.MAIN_QUEST, S.MAIN_ASSIST - 1, "quest tile 0-3 here, in placement order")
    part("main_action", S.MAIN_ASSIST, S.MAIN_NONE - 1, "own assistant slot 0-7 (`assistants` field)")
    part("main_action", S.MAIN_NONE, S.MAIN_NONE, "no main action")
    part("deliver", 0, 7, "hand card 0-7")
    part("deliver", 8, 8, "skip the delivery")
    part("remove_disc", 0, 11, "ship positions U1..U12")
    vo = [(S.VO_A, S.VO_A, "A: discard the hand for 2 D"), (S.VO_B, S.VO_B, "B: +1 D"),
          (S.VO_U8, S.VO_U8, "U8: +1 CP +1 D"),
          (S.VO_U9, S.VO_U10 - 1, "U9: 3 cards of good " + " / ".join(C.SYMBOLS[:S.VO_U10 - S.VO_U9])),
          (S.VO_U10, S.VO_VG2 - 1, "U10: marker of " + " / ".join(C.NATIONS) + " on this village"),
          (S.VO_VG2, S.VO_VMV - 1, "VG2: 2 cards of good " + " / ".join(C.SYMBOLS[:S.VO_VMV - S.VO_VG2])),
          (S.VO_VMV, S.VO_VMV, "VMV"), (S.VO_VMD, S.VO_VMD, "VMD"),
          (S.VO_VBK, S.VO_XQC - 1, "VBK card instance 0-1 (own VBK cards by card id)"),
          (S.VO_XQC, S.VO_STOP - 1, "XQC card instance 0-3 (own XQC cards by card id)"),
          (S.VO_STOP, S.VO_STOP, "stop the village actions")]
    for lo, hi, meaning in vo:
        part("village_option", lo, hi, meaning)
    part("combat_pile", 0, 1, "pile 0 / 1")
    part("combat_nation", 0, 2, " / ".join(C.NATIONS))
    part("combat_action", S.CA_INF1, S.CA_INF1, "CA1: +1 influence")
    part("combat_action", S.CA_INF2, S.CA_INF2, "CA1: +2 influence")
    part("combat_action", S.CA_FLAG, S.CA_VILLAGE - 1, "CA2: annex the flag city at location 1+i (as in sail_to)")
    part("combat_action", S.CA_VILLAGE, S.CA_CARD - 1, "CA3: annex the village at location 1+i (as in sail_to)")
    part("combat_action", S.CA_CARD, S.CA_END - 1, "CA4 / CA5: own CIV / CD3 card instance 0-7 (by card id)")
    part("combat_action", S.CA_END, S.CA_END, "end the combat")
    part("explore_to", 0, explorer.NUM_EXPLORER_SPACES - 1,
         f"explorer spaces {explorer.EXP_IDS[0]}..{explorer.EXP_IDS[-1]}")
    part("choose_nation", 0, 2, " / ".join(C.NATIONS))
    part("draw", S.DRAW_DECK, S.DRAW_DECK, "the top card of the deck")
    part("draw", 1, 4, "display slot 1-4")
    for g in range(3):
        part("free_career", 2 * g, 2 * g + 1, f"career goal {g + 1}: low / high tier")
    part("choose_synergy", 0, 4, " / ".join(C.SYNERGIES))
    part("count", 0, 8, "0-8 figures")
    return rows


def action_subranges_markdown(layout):
    out = ["| action family | indices | meaning |", "|---|---|---|"]
    for family, lo, hi, meaning in action_subranges(layout):
        out.append(f"| `{family}` | {lo if lo == hi else f'{lo}-{hi}'} | {meaning} |")
    return "\n".join(out)
