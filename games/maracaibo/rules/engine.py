"""The step and mask kernels. Each decision (state.Decision) has a pair in the module that
owns its rule: ``mask_x(rec, p, out)`` marks the legal actions, ``apply_x(rec, p, fam,
param)`` plays one of them (as OpenSpiel's hearts pairs PlayLegalActions with
ApplyPlayAction). ``mask_one`` and ``step_one`` dispatch on the same key, the pending
decision, in the same order; the free actions (careers.mask_free / apply_free) are
offered beside the decision's own actions."""

from numba import njit

from ..spaces import ACTION_FAMILY, ACTION_PARAM
from ..state import Decision
from .buying import (
    apply_card_count,
    apply_card_location,
    apply_card_synergy,
    mask_card_count,
    mask_card_location,
    mask_card_synergy,
)
from .careers import apply_free, is_free, mask_free
from .combat import apply_combat_nation, apply_fight, apply_pile, mask_combat_nation, mask_fight, mask_pile
from .discs import apply_remove_disc, mask_remove_disc
from .explore import apply_explore, mask_explore
from .flow import (
    advance,
    apply_career_goals,
    apply_draw,
    apply_score_choice,
    mask_career_goals,
    mask_draw,
    mask_score_choice,
    start_game,
)
from .main_action import apply_main, mask_main
from .programs import apply_choice, apply_nation, apply_pay, mask_choice, mask_nation, mask_pay_card
from .sailing import apply_sail, mask_sail
from .story_quests import apply_skull, mask_skull
from .story_votes import apply_vote, mask_vote
from .setup import apply_career_pick, apply_setup_card, init_record, mask_career_pick, mask_setup_card
from .village import apply_deliver, apply_village, mask_deliver, mask_village


@njit(cache=True)
def init_one(rec, seed, config):
    init_record(rec, seed, config)
    advance(rec)


@njit(cache=True)
def mask_one(rec, out):
    p = rec.current_player
    d = rec.decision
    if d == Decision.SETUP_PLAN or d == Decision.SETUP_DISCARD:
        mask_setup_card(rec, p, out)
    elif d == Decision.CAREER:
        mask_career_pick(rec, p, out)
    elif d == Decision.SAIL:
        mask_sail(rec, p, out)
    elif d == Decision.MAIN:
        mask_main(rec, p, out)
    elif d == Decision.DELIVER:
        mask_deliver(rec, p, out)
    elif d == Decision.REMOVE_DISC:
        mask_remove_disc(rec, p, out)
    elif d == Decision.VILLAGE:
        mask_village(rec, p, out)
    elif d == Decision.BUY:
        mask_score_choice(rec, p, out)
    elif d == Decision.PAY_CARD:
        mask_pay_card(rec, p, out)
    elif d == Decision.COMBAT_PILE:
        mask_pile(rec, p, out)
    elif d == Decision.COMBAT_NATION:
        mask_combat_nation(rec, p, out)
    elif d == Decision.COMBAT:
        mask_fight(rec, p, out)
    elif d == Decision.EXPLORE:
        mask_explore(rec, p, out)
    elif d == Decision.NATION:
        mask_nation(rec, p, out)
    elif d == Decision.LOCATION:
        mask_card_location(rec, p, out)
    elif d == Decision.DRAW:
        mask_draw(rec, p, out)
    elif d == Decision.CHOICE:
        mask_choice(rec, p, out)
    elif d == Decision.SYNERGY:
        mask_card_synergy(rec, p, out)
    elif d == Decision.COUNT:
        mask_card_count(rec, p, out)
    elif d == Decision.CAREER_GOALS:
        mask_career_goals(rec, p, out)
    elif d == Decision.STORY_SKULL:
        mask_skull(rec, p, out)
    elif d == Decision.VOTE:
        mask_vote(rec, p, out)
    mask_free(rec, p, d, out)


@njit(cache=True)
def step_one(rec, action):
    p = rec.current_player
    d = rec.decision
    rec.last_actor = p
    rec.last_action = action
    fam = ACTION_FAMILY[action]
    param = ACTION_PARAM[action]
    if is_free(fam):
        apply_free(rec, p, fam, param)
    elif d == Decision.SETUP_PLAN or d == Decision.SETUP_DISCARD:
        apply_setup_card(rec, p, fam, param)
    elif d == Decision.CAREER:
        if apply_career_pick(rec, p, fam, param):  # all chose: round 1 begins
            start_game(rec)
    elif d == Decision.SAIL:
        apply_sail(rec, p, fam, param)
    elif d == Decision.MAIN:
        apply_main(rec, p, fam, param)
    elif d == Decision.DELIVER:
        apply_deliver(rec, p, fam, param)
    elif d == Decision.REMOVE_DISC:
        apply_remove_disc(rec, p, fam, param)
    elif d == Decision.VILLAGE:
        apply_village(rec, p, fam, param)
    elif d == Decision.BUY:
        apply_score_choice(rec, p, fam, param)
    elif d == Decision.PAY_CARD:
        apply_pay(rec, p, fam, param)
    elif d == Decision.COMBAT_PILE:
        apply_pile(rec, p, fam, param)
    elif d == Decision.COMBAT_NATION:
        apply_combat_nation(rec, p, fam, param)
    elif d == Decision.COMBAT:
        apply_fight(rec, p, fam, param)
    elif d == Decision.EXPLORE:
        apply_explore(rec, p, fam, param)
    elif d == Decision.NATION:
        apply_nation(rec, p, fam, param)
    elif d == Decision.LOCATION:
        apply_card_location(rec, p, fam, param)
    elif d == Decision.DRAW:
        apply_draw(rec, p, fam, param)
    elif d == Decision.CHOICE:
        apply_choice(rec, p, fam, param)
    elif d == Decision.SYNERGY:
        apply_card_synergy(rec, p, fam, param)
    elif d == Decision.COUNT:
        apply_card_count(rec, p, fam, param)
    elif d == Decision.CAREER_GOALS:
        apply_career_goals(rec, p, fam, param)
    elif d == Decision.STORY_SKULL:
        apply_skull(rec, p, fam, param)
    elif d == Decision.VOTE:
        apply_vote(rec, p, fam, param)
    advance(rec)
