"""Every action scored by the scorer of the pending decision, the best legal one chosen."""

import numpy as np
from numba import njit

from games.maracaibo.spaces import NUM_ACTIONS
from games.maracaibo.state import Decision, H_MAX, NC

from .context import CONTEXT, decode_context, finish_context
from .pending import (
    score_choice_step,
    score_combat_nation,
    score_combat_pile,
    score_combat_step,
    score_nation,
)
from .scorers import (
    score_card_payment,
    score_career_only,
    score_career_pick,
    score_delivery,
    score_disc_removal,
    score_draw,
    score_explorer_move,
    score_figure_count,
    score_free_actions,
    score_location,
    score_main_action,
    score_purchases,
    score_sail,
    score_setup_discard,
    score_setup_plan,
    score_synergy,
)
from .weights import NEG


@njit(cache=True)
def score_actions(obs, mask, W, values):
    """values[a] for every legal action a (NEG elsewhere)."""
    ctx = np.zeros(1, dtype=CONTEXT)[0]  # a fresh record: every decision starts from zeros
    hand = np.full(H_MAX, -1, dtype=np.int64)
    plan = np.full(3, -1, dtype=np.int64)
    mine = np.zeros(NC, dtype=np.bool_)
    decode_context(obs, hand, plan, mine, ctx, W)
    finish_context(obs, ctx, W, mine, hand, plan)
    d = ctx.decision
    for a in range(NUM_ACTIONS):
        values[a] = NEG
    score_free_actions(obs, mask, ctx, W, mine, hand, plan, values)
    if d == Decision.SETUP_PLAN:
        score_setup_plan(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.SETUP_DISCARD:
        score_setup_discard(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.CAREER:
        score_career_pick(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.SAIL:
        score_sail(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.MAIN:
        score_main_action(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.DELIVER:
        score_delivery(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.REMOVE_DISC:
        score_disc_removal(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.VILLAGE or d == Decision.BUY:
        score_purchases(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.PAY_CARD:
        score_card_payment(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.COMBAT_PILE:
        score_combat_pile(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.COMBAT_NATION:
        score_combat_nation(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.COMBAT:
        score_combat_step(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.EXPLORE:
        score_explorer_move(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.NATION:
        score_nation(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.LOCATION:
        score_location(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.DRAW:
        score_draw(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.SYNERGY:
        score_synergy(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.COUNT:
        score_figure_count(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.CAREER_GOALS:
        score_career_only(obs, mask, ctx, W, mine, hand, plan, values)
    elif d == Decision.CHOICE:
        score_choice_step(obs, mask, ctx, W, mine, hand, plan, values)
    for a in range(NUM_ACTIONS):  # anything legal the rules above did not score
        if mask[a] and values[a] == NEG:
            values[a] = -10.0


@njit(cache=True)
def choose_batch(obs, masks, W, pref, out):
    values = np.empty(NUM_ACTIONS)
    for r in range(obs.shape[0]):
        score_actions(obs[r], masks[r], W, values)
        best, best_a = NEG * 10, -1
        for a in range(NUM_ACTIONS):
            if masks[r, a]:
                v = values[a] + pref[a]
                if best_a < 0 or v > best:
                    best, best_a = v, a
        out[r] = max(best_a, 0)  # 0 for a row without legal actions (a finished game)
