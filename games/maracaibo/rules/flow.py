"""Turn structure (MA-4), Phase C drawing (MA-20), the scoring sequence (MA-21,
MA-22) and ``advance``: run everything automatic until the next decision."""

from numba import njit

from ..data.components import DISPLAY_SLOTS, INTERIM_SCORING_SKIP_VP, NUM_ROUNDS
from ..spaces import A_DONE, A_DRAW, A_TAKE_2VP, Family
from ..state import Decision, Phase
from .buying import buy_or_invest, mask_purchases
from .cards import deck_available, display_cost, draw_top, hand_add, hand_limit, refill_display
from .careers import any_career_option
from .programs import frame_step
from .scoring import final_scoring, interim_step_7, interim_steps_2_to_6
from .setup import setup_plan_picked
from .story_quests import skull_in_play
from .story_read import read_pass
from .story_votes import vote_decision


@njit(cache=True)
def begin_turn(rec, p):
    """MA-4.1: a new turn of p starts with Phase A."""
    rec.current_player = p
    rec.phase = Phase.SAIL
    rec.mp_spent = 0
    rec.last_sail_mp = 0
    rec.main_done = 0
    rec.extra_main = 0
    rec.asst_present = 0
    rec.asst_used = 0
    rec.asst_scored = 0
    rec.legacy_bought = 0  # MA-26.4: a purchase tile may be bought once per arrival


@njit(cache=True)
def start_game(rec):
    """After MA-3.13: round 1, the start player sails first."""
    rec.round_no = 1
    rec.round_starter = rec.start_player
    begin_turn(rec, rec.start_player)


# ----- Phase C (MA-20) -------------------------------------------------------------------
@njit(cache=True)
def can_draw_display(rec, p, s):
    return rec.display[s] >= 0 and rec.coins[p] >= display_cost(rec, p)


@njit(cache=True)
def can_draw(rec, p):
    """MA-20.1 / MA-20.2 / GAP-20: below the limit and some card can be taken."""
    if rec.hand_len[p] >= hand_limit(rec, p):
        return False
    if deck_available(rec):
        return True
    for s in range(DISPLAY_SLOTS):
        if can_draw_display(rec, p, s):
            return True
    return False


@njit(cache=True)
def mask_draw(rec, p, out):
    """Decision.DRAW (MA-20.1): the deck while it (or the discard pile) has cards, display
    slots p can pay for."""
    if deck_available(rec):
        out[A_DRAW] = True
    for s in range(4):
        if can_draw_display(rec, p, s):
            out[A_DRAW + 1 + s] = True


@njit(cache=True)
def apply_draw(rec, p, fam, param):
    """DRAW: 0 = top of the deck (free), 1+s = display slot s (1 D, free with U3)."""
    if param == 0:
        hand_add(rec, p, draw_top(rec))
    else:
        s = param - 1
        rec.coins[p] -= display_cost(rec, p)
        hand_add(rec, p, rec.display[s])
        rec.display[s] = -1  # refilled after the hand is full (MA-20.3)


@njit(cache=True)
def finish_turn(rec):
    """MA-20.3 display refill; MA-4.2 scoring after a round-ending turn; else next seat.
    Public: Jean's turns end through it too (solo/rules.py)."""
    refill_display(rec)
    rec.turn += 1
    if rec.round_trigger >= 0:
        rec.phase = Phase.SCORING_CHOICE
        rec.current_player = rec.round_trigger
        rec.score_done = 0
        rec.score_bought = 0
    else:
        begin_turn(rec, (rec.current_player + 1) % rec.num_players)


@njit(cache=True)
def _end_of_round(rec):
    """Interim steps 2-7 and the next round (MA-21.9), or final scoring and the end (MA-23.1)."""
    if rec.round_no < NUM_ROUNDS:
        interim_steps_2_to_6(rec)
        if rec.story_reading == 0:  # else step 6 waits for a story decision (GAP-60)
            _next_round(rec)
    else:
        final_scoring(rec)
        rec.last_trigger = rec.round_trigger
        rec.phase = Phase.GAME_OVER
        rec.terminated = 1
        rec.current_player = -1


@njit(cache=True)
def _next_round(rec):
    """Interim step 7 and the next round (MA-21.8, MA-21.9)."""
    interim_step_7(rec)
    trigger = rec.round_trigger
    rec.last_trigger = trigger
    rec.round_trigger = -1
    rec.round_no += 1
    rec.income_paid = 0
    starter = (trigger + 1) % rec.num_players
    rec.round_starter = starter
    begin_turn(rec, starter)


@njit(cache=True)
def next_scorer(rec):
    """Scoring step 1 goes clockwise from the triggering player (MA-21.2, MA-22.2)."""
    rec.score_done += 1
    rec.score_bought = 0
    if rec.score_done < rec.num_players:
        rec.current_player = (rec.round_trigger + rec.score_done) % rec.num_players
        rec.phase = Phase.SCORING_CHOICE
    else:
        _end_of_round(rec)


@njit(cache=True)
def after_score_choice(rec, bought):
    """After option a or b of step 1: interim 1a refills (GAP-25); final allows career
    goals after the choice (MA-22.2); otherwise the next player."""
    rec.score_bought = 1 if bought else 0
    if rec.round_no < NUM_ROUNDS:
        if bought:
            rec.phase = Phase.SCORING_REFILL
        else:
            next_scorer(rec)
    else:
        rec.phase = Phase.SCORING_CAREER


@njit(cache=True)
def mask_score_choice(rec, p, out):
    """Decision.BUY, scoring step 1 (MA-21.2 / MA-22.2): option a, a purchase or an investment,
    or option b, TAKE_2VP."""
    out[A_TAKE_2VP] = True
    mask_purchases(rec, p, out)


@njit(cache=True)
def apply_score_choice(rec, p, fam, param):
    """Option b (+2 VP) or option a (buy / invest; the choice is settled first)."""
    if fam == Family.TAKE_2VP:
        rec.vp[p] += INTERIM_SCORING_SKIP_VP
        after_score_choice(rec, False)
    else:
        after_score_choice(rec, True)
        buy_or_invest(rec, p, fam, param)


@njit(cache=True)
def mask_career_goals(rec, p, out):
    """Decision.CAREER_GOALS, final scoring step 1 (MA-22.2, MA-18.5): career goals (free actions,
    rules/careers.py), then DONE."""
    out[A_DONE] = True


@njit(cache=True)
def apply_career_goals(rec, p, fam, param):
    """DONE: the next player's scoring step."""
    next_scorer(rec)


@njit(cache=True)
def advance(rec):
    """Resolve everything automatic; leave ``rec.decision`` at the next decision."""
    while True:
        if rec.stk_len > 0:
            d = frame_step(rec)
            if d != Decision.NONE:
                rec.decision = d
                return
            continue
        if rec.story_skull > 0:  # MA-26.3 / GAP-62: after the rest of the reward
            if skull_in_play(rec):
                rec.decision = Decision.STORY_SKULL
                return
            rec.story_skull = 0  # none lies: nothing to remove
        if rec.story_vote_card >= 0:  # GAP-59: the group votes on a story card's choice
            vote_decision(rec)
            return
        if rec.story_reading > 0:  # GAP-60: step 6 goes on after the reader's decision
            read_pass(rec, rec.story_reading - 1, True)
            if rec.story_reading == 0:
                _next_round(rec)
            continue
        ph = rec.phase
        p = rec.current_player
        if ph == Phase.SETUP_CARDS:
            rec.decision = Decision.SETUP_DISCARD if setup_plan_picked(rec, p) else Decision.SETUP_PLAN
            return
        if ph == Phase.SETUP_CAREER:
            rec.decision = Decision.CAREER
            return
        if ph == Phase.SAIL:
            rec.decision = Decision.SAIL
            return
        if ph == Phase.ACTIONS:
            rec.decision = Decision.MAIN
            return
        if ph == Phase.DRAW:
            if can_draw(rec, p):
                rec.decision = Decision.DRAW
                return
            finish_turn(rec)
            continue
        if ph == Phase.SCORING_CHOICE:
            rec.decision = Decision.BUY
            return
        if ph == Phase.SCORING_REFILL:
            if can_draw(rec, p):
                rec.decision = Decision.DRAW
                return
            refill_display(rec)
            next_scorer(rec)
            continue
        if ph == Phase.SCORING_CAREER:
            if any_career_option(rec, p):
                rec.decision = Decision.CAREER_GOALS
                return
            next_scorer(rec)
            continue
        rec.decision = Decision.NONE  # Phase.GAME_OVER
        return
