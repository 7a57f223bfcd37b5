"""Scorers of combat (MA-8) and of the pending sub-decisions: a nation, an option of the top frame."""

import numpy as np
from numba import njit

from games.maracaibo.spaces import (
    A_CHOICE,
    A_COMBAT_ACTION,
    A_COMBAT_BOOST,
    A_COMBAT_NATION,
    A_COMBAT_PILE,
    A_LEGACY_ANNEX,
    A_LEGACY_COMBAT,
    A_NATION,
    CA_END,
    NUM_CARD_FAMILIES,
    NUM_PROGRAMS,
    NUM_STEP_CODES,
    PROGRAM_BASE,
)
from games.maracaibo.rules.legacy import ESCORT_USED
from games.maracaibo.state import Frame, NUM_FRAME_KINDS

from .combat import combat_plan, nation_option
from .explore import explorer_quest
from .legacy import escort_spent
from .obs import (
    CB_ACTIONS_USED,
    CB_CARDS_USED,
    CB_NATION,
    CB_V,
    FD_A0,
    FD_STAGE,
    O_FFX,
    O_FKIND,
    O_FPROG,
    O_FSTEP,
    O_PILES,
    argmax,
)
from .programs import step_value
from .quests import explorer_quest_value
from .tables import (
    AS_PROG_A0,
    AS_PROG_A1,
    AS_PROG_CODE,
    AS_PROG_LEN,
    BARRIER_INFLUENCE,
    C,
    CITY_PROG_A0,
    CITY_PROG_A1,
    CITY_PROG_CODE,
    CITY_PROG_LEN,
    DS,
    EXP_QUEST_SLOT,
    PJ,
)
from .values import hand_cycle_cost, inf_value, marker_value, next_noble
from .weights import NEG, W_EXTRA_SAIL


@njit(cache=True)
def top_frame(obs):
    return argmax(obs, O_FKIND, NUM_FRAME_KINDS)


@njit(cache=True)
def top_step(obs):
    return argmax(obs, O_FSTEP, NUM_STEP_CODES)


@njit(cache=True)
def score_combat_pile(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-8.2: the fuller pile."""
    for i in range(2):
        if mask[A_COMBAT_PILE + i]:
            values[A_COMBAT_PILE + i] = obs[O_PILES + i]


@njit(cache=True)
def score_combat_nation(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-8.3: the nation with the best plan for the revealed token."""
    out = np.zeros(1, dtype=np.int64)
    for a in range(3):
        if mask[A_COMBAT_NATION + a]:
            values[A_COMBAT_NATION + a] = nation_option(obs, ctx, W, mine, a, out)


@njit(cache=True)
def score_combat_step(obs, mask, ctx, W, mine, hand, plan, values):
    """MA-8.5 / MA-8.6: the next step of the best plan: boost, a combat action (MA-26.4:
    escort L6 / gold mine L9, CA2 at a new city L4 / L7 too) or END."""
    out = np.zeros(1, dtype=np.int64)
    a = argmax(obs, CB_NATION, 3)
    v = int(obs[CB_V] + 0.5)
    used = 0
    for b in range(3):
        if obs[CB_ACTIONS_USED + b] > 0.5:
            used |= 1 << b
    cards_used = 0
    for i in range(8):
        if obs[CB_CARDS_USED + i] > 0.5:
            cards_used |= 1 << i
    if escort_spent(obs, ctx, mask[A_LEGACY_COMBAT], v):
        used |= ESCORT_USED
    if a >= 0:
        combat_plan(obs, ctx, W, mine, a, v, used, cards_used, int(ctx.cp), int(ctx.fig_personal), out)
        nxt = out[0]
    else:
        nxt = CA_END
    if nxt == -1 and mask[A_COMBAT_BOOST]:
        values[A_COMBAT_BOOST] = 1.0
    elif nxt == -2 and mask[A_COMBAT_BOOST + 1]:
        values[A_COMBAT_BOOST + 1] = 1.0
    elif CA_END < nxt <= CA_END + 2 and mask[A_LEGACY_COMBAT + nxt - CA_END - 1]:  # MA-26.4 L6 / L9
        values[A_LEGACY_COMBAT + nxt - CA_END - 1] = 1.0
    elif nxt > CA_END + 2 and mask[A_LEGACY_ANNEX + nxt - CA_END - 3]:  # MA-26.4 L4 / L7: CA2 there
        values[A_LEGACY_ANNEX + nxt - CA_END - 3] = 1.0
    elif 0 <= nxt <= CA_END and mask[A_COMBAT_ACTION + nxt]:
        values[A_COMBAT_ACTION + nxt] = 1.0
    values[A_COMBAT_ACTION + CA_END] = 0.0
    for b in range(2):
        if mask[A_COMBAT_BOOST + b] and values[A_COMBAT_BOOST + b] == NEG:
            values[A_COMBAT_BOOST + b] = -1.0
    for x in range(CA_END):
        if mask[A_COMBAT_ACTION + x] and values[A_COMBAT_ACTION + x] == NEG:
            values[A_COMBAT_ACTION + x] = -0.5


@njit(cache=True)
def score_nation(obs, mask, ctx, W, mine, hand, plan, values):
    """A nation for the pending step (red barrier MA-10.6, card effects, programs)."""
    kind = top_frame(obs)
    code = top_step(obs)
    amount = int(obs[FD_A0] + 0.5)
    for a in range(3):
        if not mask[A_NATION + a]:
            continue
        if kind == Frame.EXPLORE:  # red barrier (MA-10.6)
            v = inf_value(obs, ctx, W, a, BARRIER_INFLUENCE[2])
        elif kind == Frame.CARD:
            fam = argmax(obs, O_FFX, NUM_CARD_FAMILIES)
            if fam == PJ.F_XVN:
                v = next_noble(obs, ctx, W, a) + marker_value(obs, W, a)
            elif fam == PJ.F_XVM:
                v = marker_value(obs, W, a)
            else:
                v = inf_value(obs, ctx, W, a, max(1, amount))
        elif code == C.S_NEXT_NOBLE_LEVEL:
            v = next_noble(obs, ctx, W, a)
        elif code == C.S_ANNEX_THIS_VILLAGE:
            v = marker_value(obs, W, a) + inf_value(obs, ctx, W, a, max(1, amount))
        else:
            v = inf_value(obs, ctx, W, a, max(1, amount))
        values[A_NATION + a] = v


@njit(cache=True)
def choice(obs, ctx, W, mine, mask, values):
    """CHOICE under the top frame: explorer quest, CHOOSE_ONE, extra sail, payments."""
    kind = top_frame(obs)
    code = top_step(obs)
    for i in range(4):
        if mask[A_CHOICE + i]:
            values[A_CHOICE + i] = 0.0
    if kind == Frame.EXPLORE:  # MA-10.5: complete the quest where the explorer stopped?
        slot = EXP_QUEST_SLOT[int(ctx.explorer)]
        q = explorer_quest(obs, slot) if slot >= 0 else -1
        if q >= 0 and mask[A_CHOICE + 1]:
            values[A_CHOICE + 1] = explorer_quest_value(obs, ctx, W, q)
        return
    if kind != Frame.PROG and kind != Frame.QUEST:
        return
    prog = argmax(obs, O_FPROG, NUM_PROGRAMS)
    if code == C.S_CHOOSE_ONE:
        if prog >= 0 and prog < PROGRAM_BASE[1]:
            act = prog
            pc = 0
            for i in range(CITY_PROG_LEN[act]):
                if CITY_PROG_CODE[act, i] == C.S_CHOOSE_ONE:
                    pc = i
            for i in range(CITY_PROG_A0[act, pc]):
                if mask[A_CHOICE + i]:
                    values[A_CHOICE + i] = step_value(
                        obs,
                        ctx,
                        W,
                        mine,
                        CITY_PROG_CODE[act, pc + 1 + i],
                        CITY_PROG_A0[act, pc + 1 + i],
                        CITY_PROG_A1[act, pc + 1 + i],
                    )
        elif prog >= PROGRAM_BASE[3]:
            u = prog - PROGRAM_BASE[3]
            for i in range(DS.UPG_PROG_A0[u, 0]):
                if mask[A_CHOICE + i]:
                    values[A_CHOICE + i] = step_value(
                        obs,
                        ctx,
                        W,
                        mine,
                        DS.UPG_PROG_CODE[u, 1 + i],
                        DS.UPG_PROG_A0[u, 1 + i],
                        DS.UPG_PROG_A1[u, 1 + i],
                    )
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
            pc = int(obs[FD_STAGE] + 0.5)
            rest = 0.0
            for i in range(pc + 1, n):
                rest += step_value(obs, ctx, W, mine, codes[i], a0s[i], a1s[i])
            if code == C.S_PAY_CP:
                cost = a0s[pc] * ctx.cp_value
            else:
                cost = hand_cycle_cost(ctx, W)
            values[A_CHOICE + 1] = rest - cost


@njit(cache=True)
def score_choice_step(obs, mask, ctx, W, mine, hand, plan, values):
    """An option of the pending choice (pending.choice)."""
    choice(obs, ctx, W, mine, mask, values)
