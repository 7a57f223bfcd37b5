"""Votes on a story card's group choice (GAP-59, GAP-58): every player votes in seat
order from the reader, each vote hidden from the others until all have voted; the option
with the most votes is carried out; on a tie the reader's own vote decides. (GAP-59's
"else the reader chooses among the tied options" never arises with at most 4 players:
options tied without the reader's need 2 votes each from the other 3 or fewer players,
or 1 vote each, and then the reader's option is tied too.) In solo the human casts the
only vote."""

import numpy as np
from numba import njit

from ..data import story_tables as st
from ..spaces import A_VOTE
from ..state import Decision, P
from .story_read import act_rows


@njit(cache=True)
def _voters(rec):
    """Seats 0..n-1 vote: all, or the human (seat 0) alone in solo (GAP-58)."""
    return 1 if rec.jean_level > 0 else rec.num_players


@njit(cache=True)
def vote_decision(rec):
    """The next voter, in seat order from the reader: Decision.VOTE."""
    reader = rec.story_reader[rec.story_vote_card]
    n = rec.num_players
    for j in range(n):
        q = (reader + j) % n
        if q < _voters(rec) and rec.story_votes[q] < 0:
            rec.current_player = q
            break
    rec.decision = Decision.VOTE


@njit(cache=True)
def _tally(rec, out):
    """``out[o]``: votes for option o; returns the most votes."""
    out[:] = 0
    for q in range(P):
        if rec.story_votes[q] >= 0:
            out[rec.story_votes[q]] += 1
    return out.max()


@njit(cache=True)
def mask_vote(rec, p, out):
    """VOTE: every option of the card's group choice (GAP-59)."""
    for o in range(st.NUM_VOTES[rec.story_vote_card]):
        out[A_VOTE + o] = True


@njit(cache=True)
def _carry_out(rec, o):
    """Option o of the vote acts (its instructions, in printed order); the vote ends."""
    i = rec.story_vote_card
    row = i * st.NUM_VOTE_OPTIONS + o
    chain = np.empty(1, dtype=np.int64)
    rec.story_vote_card = -1
    rec.story_votes[:] = -1
    rec.current_player = rec.story_reader[i]  # a skull tile to remove is the reader's choice
    act_rows(rec, i, st.VOTE_KIND[row], st.VOTE_A0[row], st.VOTE_A1[row], st.VOTE_COUNT[row], chain, 0)


@njit(cache=True)
def apply_vote(rec, p, fam, param):
    """VOTE(o): p's vote; the last vote settles it: most votes, a tie the reader's vote."""
    rec.story_votes[p] = param
    cast = 0
    for q in range(P):
        if rec.story_votes[q] >= 0:
            cast += 1
    if cast < _voters(rec):
        return
    counts = np.zeros(st.NUM_VOTE_OPTIONS, dtype=np.int64)
    best = _tally(rec, counts)
    tied = 0
    for o in range(st.NUM_VOTE_OPTIONS):
        if counts[o] == best:
            tied += 1
    _carry_out(rec, np.argmax(counts) if tied == 1 else rec.story_votes[rec.story_reader[rec.story_vote_card]])
