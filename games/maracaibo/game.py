"""``Maracaibo``: the Game interface over the Maracaibo kernels (non-story mode, card 75)."""

import numpy as np

from ..core import options as opt
from ..core.batch import Kernels
from ..core.errors import PositionError
from ..core.game import Game
from . import render as R
from .data import board, careers, combat, explorer, prestige
from .data.components import FIGURES_PER_PLAYER
from .observe import observe_one
from .rules import init_one, mask_one, rank_one, scores_one, step_one
from .spaces import ACTIONS, OBS
from .state import (
    DTYPE, F_COMBAT, H_MAX, NC, NQ, NT, NUM_DECISIONS, NUM_FRAME_KINDS, PH_OVER, PH_SAIL, PH_SETUP_CARDS,
    PILE_MAX, QS_BOARD, QS_CARD, QS_DONE, QS_EXPLORER, QS_PILE, STACK, W_BOUGHT,
    W_DECK, W_DISPLAY, W_HAND, W_PLAN,
)

BIG = 1_000_000


def _one(record):
    return record if isinstance(record, np.void) else np.asarray(record).reshape(-1)[0]


OPTION_FIELDS = {  # MA-25 option -> record field
    "prestige_open": "opt_prestige_open",
    "leftover_doubloon_vp": "opt_leftover_vp",
    "round4_unreached_assistant_vp": "opt_round4_assistants",
}


class Maracaibo(Game):
    """Maracaibo, 2-4 players, non-story game with story card 75 (MA-1.5).

    Options (MA-25, all off by default): ``prestige_open`` (MA-25.1: all 4 prestige
    buildings face up from the start), ``leftover_doubloon_vp`` (MA-25.2, GAP-18: 1 VP
    per 5 D left at final scoring), ``round4_unreached_assistant_vp`` (MA-25.3, GAP-19:
    MA-13.3(c) assistant VP also at the end of round 4).
    """

    name = "maracaibo"
    dtype = DTYPE
    action_layout = ACTIONS
    obs_layout = OBS
    kernels = Kernels(init_one=init_one, step_one=step_one, mask_one=mask_one,
                      observe_one=observe_one, scores_one=scores_one, rank_one=rank_one)
    config_fields = ("num_players",) + tuple(OPTION_FIELDS.values())

    def __init__(self, num_players=3, reward="win", prestige_open=False, leftover_doubloon_vp=False,
                 round4_unreached_assistant_vp=False):
        given = {"prestige_open": prestige_open, "leftover_doubloon_vp": leftover_doubloon_vp,
                 "round4_unreached_assistant_vp": round4_unreached_assistant_vp}
        super().__init__(num_players, reward, {k: opt.boolean(self.name, k, v) for k, v in given.items()})

    def config(self):
        o = self.options
        return np.array([self.num_players] + [int(o[k]) for k in OPTION_FIELDS], dtype=np.int64)

    # ----- positions ---------------------------------------------------------------
    def field_bounds(self):
        n = self.num_players
        nl = board.NUM_LOCATIONS
        return {
            "num_players": (n, n), "current_player": (-1, n - 1), "terminated": (0, 1), "turn": (0, 10_000),
            "start_player": (0, n - 1), "round_no": (0, 4), "round_starter": (0, n - 1),
            "round_trigger": (-1, n - 1), "last_trigger": (-1, n - 1), "phase": (0, PH_OVER),
            "decision": (0, NUM_DECISIONS - 1), "setup_seat": (0, n),
            "card_where": (0, W_BOUGHT + n - 1), "deck": (-1, NC - 1), "deck_len": (0, NC),
            "display": (-1, NC - 1), "hand": (-1, NC - 1), "hand_len": (0, H_MAX), "setup_pick": (0, 2),
            "planning": (-1, NC - 1), "card_figs": (0, FIGURES_PER_PLAYER),
            "vp": (-BIG, BIG), "coins": (0, BIG), "cp": (0, 8), "d_income": (0, 34), "vp_income": (0, 19),
            "influence": (0, 12), "ship": (0, nl - 1), "explorer": (0, explorer.NUM_EXPLORER_SPACES - 1),
            "crossed": (0, 1), "end_rank": (-1, 3), "discs": (0, 2), "fig_personal": (0, FIGURES_PER_PLAYER),
            "fig_general": (0, FIGURES_PER_PLAYER), "career_dealt": (-1, careers.NUM_CAREERS - 1),
            "career": (-1, careers.NUM_CAREERS - 1), "goal_done": (0, 2), "synergy": (0, 1),
            "assistants": (-1, NC - 1), "invested": (0, 1),
            "tile_at": (-1, len(board.CITY_TILES) - 1), "market": (0, 3), "marker_at": (-1, 2),
            "markers_taken": (0, 13), "quest_state": (0, QS_DONE), "quest_arg": (-1, NC - 1),
            "quest_order": (-1, NQ), "quest_pile": (-1, NQ - 1), "quest_pile_len": (0, NQ),
            "quest_counter": (0, NQ), "token_pile": (-1, NT - 1), "token_pile_len": (0, PILE_MAX),
            "token_owner": (-1, n - 1), "prestige": (0, prestige.NUM_PRESTIGE - 1), "prestige_revealed": (1, 4),
            "barrier_first": (0, 1), "end_arrivals": (0, n),
            "mp_spent": (0, 20), "last_sail_mp": (0, 7), "main_done": (0, 1), "extra_main": (0, 1),
            "asst_present": (0, 255), "asst_used": (0, 255), "asst_scored": (0, 255), "income_paid": (0, 1),
            "score_done": (0, n), "score_bought": (0, 1),
            "opt_prestige_open": (0, 1), "opt_leftover_vp": (0, 1), "opt_round4_assistants": (0, 1),
            "cb_token": (-1, NT - 1), "cb_nation": (-1, 2), "cb_v": (0, 100), "cb_used": (0, 7),
            "cb_cards": (0, 255),
            "stk_len": (0, STACK), "stk_kind": (0, NUM_FRAME_KINDS - 1),
            "last_actor": (-1, n - 1), "last_action": (-1, self.num_actions - 1),
        }

    def check_position(self, rec):
        """Consistency rules: empty seats, card / quest / token / marker / figure conservation."""
        n = self.num_players
        for option, field in OPTION_FIELDS.items():
            if int(rec[field]) != int(self.options[option]):
                raise PositionError(field, f"is {int(rec[field])} but the game's option {option} is "
                                           f"{self.options[option]}")
        if self.options["prestige_open"] and rec["prestige_revealed"] != 4:
            raise PositionError("prestige_revealed", "is 4 with prestige_open (MA-25.1)")
        live = not rec["terminated"]
        if live != (rec["current_player"] >= 0) or live != (rec["phase"] != PH_OVER):
            raise PositionError("current_player", "must be -1 exactly when the game is over (phase game over)")
        for field in ("vp", "coins", "cp", "hand_len", "fig_personal", "fig_general"):
            if np.any(rec[field][n:] != 0):
                raise PositionError(field, f"seats >= {n} must be empty")
        self._check_cards(rec, n)
        self._check_quests(rec, n)
        self._check_tokens(rec)
        self._check_combat(rec)
        taken = rec["markers_taken"].astype(int)
        on_board = np.bincount(rec["marker_at"][rec["marker_at"] >= 0], minlength=3)
        if np.any(on_board > taken):
            raise PositionError("marker_at", "more markers on the board than have left the supply")
        if rec["phase"] >= PH_SAIL:
            for p in range(n):
                figs = (int(rec["fig_personal"][p]) + int(rec["fig_general"][p])
                        + int((rec["goal_done"][p] == 0).sum()) + int((rec["assistants"][p] >= 0).sum())
                        + int(rec["invested"][p].sum())
                        + int(rec["card_figs"][rec["card_where"] == W_BOUGHT + p].sum()))
                if figs != FIGURES_PER_PLAYER:
                    raise PositionError("fig_personal", f"player {p} has {figs} figures, not {FIGURES_PER_PLAYER}")
        k = int(rec["stk_len"])
        for field in ("stk_kind", "stk_src", "stk_id", "stk_pc", "stk_x", "stk_y"):
            if np.any(rec[field][k:] != 0):
                raise PositionError(field, "entries past stk_len must be 0")

    @staticmethod
    def _check_cards(rec, n):
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
        if rec["phase"] > PH_SETUP_CARDS and np.any(rec["setup_pick"] != 0):
            raise PositionError("setup_pick", "opening choices are resolved after MA-3.12")
        if np.any(rec["card_figs"][where < W_BOUGHT] != 0):
            raise PositionError("card_figs", "only bought cards can hold figures")

    @staticmethod
    def _check_quests(rec, n):
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

    @staticmethod
    def _check_tokens(rec):
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

    @staticmethod
    def _check_combat(rec):
        k = int(rec["stk_len"])
        kinds = rec["stk_kind"][:k].tolist()
        if F_COMBAT not in kinds:
            for field, rest in (("cb_token", -1), ("cb_nation", -1), ("cb_v", 0), ("cb_used", 0), ("cb_cards", 0)):
                if int(rec[field]) != rest:
                    raise PositionError(field, f"must be {rest} when no combat is in progress")
            return
        if kinds.count(F_COMBAT) > 1 or kinds[-1] != F_COMBAT:
            raise PositionError("stk_kind", "a combat is the top frame and combats never nest (MA-8)")
        stage = int(rec["stk_pc"][k - 1])
        if (rec["cb_nation"] >= 0) != (stage >= 3):
            raise PositionError("cb_nation", "the fighting nation is set exactly in the last combat stage")
        if rec["cb_token"] >= 0 and stage < 2:
            raise PositionError("cb_token", "a token is revealed only after the pile decision")

    # ----- text --------------------------------------------------------------------
    def doc_sections(self):
        """Generated blocks of docs/maracaibo.md beyond the layouts (games/docs.py)."""
        return {"action_subranges": action_subranges_markdown(self.action_layout)}

    compile_minutes = 3  # the first game in a checkout compiles its kernels (doubloon play says so)

    def render(self, record, viewer=None, width=None):
        """The public board; ``viewer`` adds that seat's hand; ``width`` wraps it to that many columns."""
        return R.render(_one(record), viewer, width=width)

    def info(self, text):
        """What a card, token, tile, career, quest or ship position named ``text`` is (None if unknown)."""
        return R.info(text)

    def action_label(self, record, action):
        if not 0 <= action < self.num_actions:
            raise ValueError(f"maracaibo: action {action} outside 0..{self.num_actions - 1}")
        return R.action_label(_one(record), int(action))


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
