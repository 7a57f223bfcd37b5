"""Position checks of the pending-frame stack (MA-28.1): which frame may lie on which,
what each frame's fields may hold, the decision the top frame waits for, and
``check_settled``, which asks the engine itself that nothing automatic is left.
Part of ``position_checks.check_maracaibo_position``.
"""

import functools

import numpy as np

from ..core.errors import PositionError
from .data import actions, codes, explorer, legacy, projects, quests, ship
from .state import Decision, Frame, H_MAX, NC, NE, NQ, NU, NUM_FRAME_KINDS, Phase, QS_DONE, STACK, Source, W_BOUGHT

# The decision each base phase waits for while no frame is pending (rules.flow.advance).
PHASE_DECISIONS = {
    Phase.SETUP_CARDS: (Decision.SETUP_PLAN, Decision.SETUP_DISCARD),
    Phase.SETUP_CAREER: (Decision.CAREER,),
    Phase.SAIL: (Decision.SAIL,),
    Phase.ACTIONS: (Decision.MAIN,),
    Phase.DRAW: (Decision.DRAW,),
    Phase.SCORING_CHOICE: (Decision.BUY,),
    Phase.SCORING_REFILL: (Decision.DRAW,),
    Phase.SCORING_CAREER: (Decision.CAREER_GOALS,),
    Phase.GAME_OVER: (Decision.NONE,),
}
# Phases in which frames can be pending: Phase B, and a scoring-step purchase (MA-21.2, MA-22.2).
FRAME_PHASES = (Phase.ACTIONS, Phase.SCORING_REFILL, Phase.SCORING_CAREER)
# The decisions a top frame of each kind can wait for (rules/programs.py frame_step).
FRAME_DECISIONS = {
    Frame.PROG: (Decision.NATION, Decision.CHOICE, Decision.PAY_CARD, Decision.SAIL),
    Frame.QUEST: (Decision.NATION, Decision.CHOICE, Decision.PAY_CARD),
    Frame.VILLAGE: (Decision.VILLAGE,),
    Frame.PAY: (Decision.PAY_CARD,),
    Frame.REMOVE: (Decision.REMOVE_DISC,),
    Frame.DELIVER: (Decision.DELIVER,),
    Frame.EXPLORE: (Decision.EXPLORE, Decision.NATION, Decision.CHOICE),
    Frame.CARD: (Decision.NATION, Decision.LOCATION, Decision.SYNERGY, Decision.COUNT),
    Frame.COMBAT: (Decision.COMBAT_PILE, Decision.COMBAT_NATION, Decision.COMBAT),
}
# Which frame can lie directly on which: (kind, program source or None) -> allowed children.
_PROG_CHILDREN = {Frame.REMOVE, Frame.EXPLORE, Frame.COMBAT, Frame.VILLAGE, (Frame.PROG, Source.SINGLE), Frame.PAY}
FRAME_CHILDREN = {
    # main action / scoring buy; a legacy purchase (MA-26.4 L10-L17): its reward steps and disc
    None: {
        (Frame.PROG, Source.CITY),
        (Frame.PROG, Source.ASSIST),
        Frame.VILLAGE,
        Frame.QUEST,
        Frame.CARD,
        (Frame.PROG, Source.SINGLE),
        Frame.REMOVE,
    },
    Frame.PROG: _PROG_CHILDREN,
    Frame.QUEST: _PROG_CHILDREN,
    Frame.VILLAGE: {
        (Frame.PROG, Source.VILLAGE),
        (Frame.PROG, Source.SINGLE),
        Frame.PAY,
        Frame.EXPLORE,
        Frame.CARD,
        Frame.QUEST,
    },
    Frame.REMOVE: {(Frame.PROG, Source.UPGRADE)},
    Frame.EXPLORE: {(Frame.PROG, Source.SINGLE), Frame.QUEST, Frame.VILLAGE},
    Frame.CARD: {Frame.REMOVE, Frame.PAY},
    Frame.PAY: {Frame.PAY},
    Frame.DELIVER: {Frame.QUEST},
    Frame.COMBAT: set(),  # QUEST on DELIVER: L1 (_l1_delivery)
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
    rows += [
        (quests.QUEST_REWARD_CODE[q], quests.QUEST_REWARD_A0[q], int(quests.QUEST_REWARD_COUNT[q])) for q in range(NQ)
    ]
    for code, a0, ln in rows:
        for pc in range(ln):
            if code[pc] == codes.S_CHOOSE_ONE:
                pairs |= {(int(code[j]), int(a0[j])) for j in range(pc + 1, min(ln, pc + 1 + int(a0[pc])))}
    for d in range(NE):
        if explorer.EXP_REWARD_CODE[d] != codes.NONE:
            pairs.add((int(explorer.EXP_REWARD_CODE[d]), int(explorer.EXP_REWARD_AMOUNT[d])))
    for t in legacy.PURCHASE_TILES:  # MA-26.4 L10-L17 rewards
        pairs |= {
            (int(legacy.PURCHASE_CODE[t, j]), int(legacy.PURCHASE_A0[t, j])) for j in range(int(legacy.PURCHASE_LEN[t]))
        }
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


def _l1_delivery(rec, p):
    """MA-26.4 L1: Puerto Cabezas' city action delivers with no program beneath, and its
    quest (with its payments) resolves on top of the delivery (rules.village)."""
    loc = legacy.QUEST_CITY_LOCATION
    return (
        int(rec["opt_legacy"]) >> legacy.QUEST_CITY_TILE & 1 == 1
        and int(rec["ship"][p]) == loc
        and int(rec["legacy_city"][p]) < 0
    )


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
            need(
                rec["legacy_city"][p] == ident - legacy.NUM_CITY_ACTIONS,
                "stk_id",
                "a new city's action runs only at that new city",
            )
        if src == Source.VILLAGE:  # only VA-U9 runs as a program, after its payment (MA-11.3)
            need(ident == actions.VA_U9 and pc >= 1, "stk_id", "the only village program frame is VA-U9's reward")
        need(pc in _step_positions(code[ident], a0[ident], 0, int(ln[ident])), "stk_pc", "not a step of the program")
        need(x == 0, "stk_x", "a catalogue program has no x argument")
        extra_sail = src == Source.ASSIST and pc < ln[ident] and code[ident, pc] == codes.S_EXTRA_SAIL
        need(
            y == 0 or (extra_sail and y == a0[ident, pc]), "stk_y", "only an extra sail (MA-13.6) keeps its max MP in y"
        )
        return
    if kind == Frame.QUEST:
        need(0 <= ident < NQ, "stk_id", "no such quest")
        need(
            rec["quest_state"][ident] == QS_DONE and rec["quest_arg"][ident] == p,
            "stk_id",
            "the rewarded quest is on the acting player's ship board (MA-12.2)",
        )
        n_rew = int(quests.QUEST_REWARD_COUNT[ident])
        need(
            pc == 0
            or (pc - 1) in _step_positions(quests.QUEST_REWARD_CODE[ident], quests.QUEST_REWARD_A0[ident], 0, n_rew),
            "stk_pc",
            "not a step of the quest's rewards",
        )
        need(x == 0 and y == 0, "stk_x", "a quest frame has no arguments")
        return
    if kind == Frame.CARD:
        need(
            0 <= ident < NC and rec["card_where"][ident] == W_BOUGHT + p,
            "stk_id",
            "the card whose effects resolve is in the buyer's display (MA-14.3)",
        )
        nfx = int(projects.CARD_FX_COUNT[ident])
        need(0 <= pc <= nfx + 1, "stk_pc", "not an effect of the card")
        fam = projects.CARD_FX_FAMILY[ident, pc - 1] if 1 <= pc <= nfx else codes.NONE
        need(
            x == codes.NONE or (0 <= x <= 2 and fam in (projects.F_XVM, projects.F_XVN)),
            "stk_x",
            "a nation is chosen only for XVM / XVN (MA-15.3)",
        )
        need(y == 0, "stk_y", "a purchase frame has no y argument")
        return
    if kind == Frame.EXPLORE:
        need(0 <= pc <= 5, "stk_pc", "not an explorer-move stage")
        if pc == 0:
            need(ident == -1, "stk_id", "the destination is set once the explorer moved")
        else:  # the explorer may move on later in nested rewards, not during the barriers
            need(
                0 <= ident < NE and (pc != 1 or ident == rec["explorer"][p]),
                "stk_id",
                "the destination is the explorer's space (MA-10.2)",
            )
        need(1 <= x <= MAX_EXPLORE, "stk_x", "explore X is at least 1 (MA-10.2)")
        need(0 <= y <= 7 and (pc == 1 or y == 0), "stk_y", "barrier bits are pending only at stage 1 (MA-10.6)")
        need(
            all(rec["crossed"][p, b] for b in range(3) if y & (1 << b)),
            "stk_y",
            "a pending barrier has been crossed (MA-10.6)",
        )
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


def check_stack(rec):
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
        raise PositionError(
            "stk_len", f"frames are pending only in Phase B or a scoring purchase, not in phase {int(rec['phase'])}"
        )
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


def check_combat(rec):
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


def check_decision(rec):
    """MA-28.1: ``decision`` is the one the base phase (MA-3 - MA-22) or the top pending
    frame waits for; ``check_settled`` then asks the engine itself."""
    d, phase, k = int(rec["decision"]), int(rec["phase"]), int(rec["stk_len"])
    allowed = PHASE_DECISIONS[phase] if k == 0 else FRAME_DECISIONS[int(rec["stk_kind"][k - 1])]
    if k == 0 and (rec["story_skull"] > 0 or rec["story_vote_card"] >= 0):  # story mode (GAP-59, GAP-62)
        allowed = (Decision.STORY_SKULL,) if rec["story_skull"] > 0 else (Decision.VOTE,)
    if d not in allowed:
        where = f"phase {phase}" if k == 0 else f"a frame of kind {int(rec['stk_kind'][k - 1])}"
        raise PositionError(
            "decision", f"{d} is not a decision {where} waits for (allowed: {[int(x) for x in allowed]})"
        )


@functools.cache
def _advance_loop():
    from numba import njit
    from numba.core import config

    from ..core.batch import as_python
    from ..core.closure_cache import cache_closure
    from .rules.flow import advance

    @njit
    def run(states):
        advance(states[0])

    # cached on disk: its compile re-optimizes the whole of ``advance`` (seconds a process)
    return as_python(run) if config.DISABLE_JIT else cache_closure(run)


def check_settled(state):
    """MA-28.1: a position lies at a decision: everything automatic has been resolved.
    The engine's ``advance`` (run on a copy) must find the same decision and change nothing."""
    probe = state.copy()
    _advance_loop()(probe)
    if probe[0] != state[0]:
        diff = [f for f in state.dtype.names if np.any(probe[0][f] != state[0][f])]
        raise PositionError(
            diff[0] if diff else "decision", f"the position is not at a decision: the engine would still change {diff}"
        )
