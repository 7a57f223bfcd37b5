"""The value of a rollout cut before the end: a score margin with the end scoring in it.

A rollout stopped at a horizon is judged by each seat's points *if the game ended now*:
for Maracaibo the engine's own final scoring (MA-22.3 .. MA-22.6: VP income, doubloon
income VP, bought cards, prestige buildings, majorities, nobility) run on a copy, and in
the solo game Jean's last income and end bonuses (MA-24.13, MA-24.14) after it; as the
game would go on, the VP incomes of the interim scorings still to come (MA-21.3) and
each seat's doubloons and doubloon incomes at ``DOUBLOON_VP`` are added (without them
a search sees no value in income, or in money kept for a purchase, until the end). Those
are the end bonuses the heuristic values move by move (``maracaibo.values``,
``maracaibo.leads``); the engine's kernels are their one home, so the cut reads them
there. El Caballero's ``scores`` are the points of the scorings so far (EC-8.7), which
a cut between two scorings cannot tell apart: its board is scored as it stands
(``score_now``, EC-8.2 .. EC-8.5, EC-10.5) once for every scoring still to come (EC-8.1,
EC-10.2), as if the board stayed. The other games' ``scores`` already read as if the
game ended now (Spanish Main's fame under owned ships, SM-8.2; Nassau's points,
PN-16.4), so the plain margin is their value. A finished row is read as it stands.
"""

import numpy as np
from numba import config, njit

from games.core.batch import as_python
from games.el_caballero.rules.rounds import rounds_total
from games.el_caballero.rules.scoring import score_now, scoring_index
from games.maracaibo.rules.income import scorings_left
from games.maracaibo.rules.scoring import final_scoring
from games.maracaibo.solo.rules import jean_end_bonuses, jean_income
from games.maracaibo.solo.state import JEAN


# doubloons in VP at a cut: what the heuristic's weights make of one mid-game (about 0.8
# early, less late; training/bots/maracaibo/weights.py); a rollout cut before the end
# would otherwise value money kept for a purchase at nothing
DOUBLOON_VP = 0.5


@njit(cache=True)
def _maracaibo_final(state, solo, extra):
    """Final scoring on every row of ``state`` (live copies), Jean's end with ``solo``;
    into ``extra`` (B, seats) the incomes of the interim scorings still to come (MA-21.3;
    Jean's, MA-24.13) and each seat's doubloons at ``DOUBLOON_VP``."""
    for b in range(state.shape[0]):
        rec = state[b]
        interim = max(scorings_left(rec) - 1, 0)  # the last payment is final scoring's
        for p in range(rec.num_players):
            if not (solo and p == JEAN):
                extra[b, p] = interim * rec.vp_income[p] + DOUBLOON_VP * (rec.coins[p] + interim * rec.d_income[p])
        if solo:
            extra[b, JEAN] = interim * jean_income(rec)
        final_scoring(rec)
        if solo:
            rec.vp[JEAN] += jean_income(rec)
            jean_end_bonuses(rec)


@njit(cache=True)
def _el_caballero_projection(state, out):
    """out[b, p]: seat p's points so far plus the board's scoring as it stands times the
    scorings left (state: live copies, whose round number the count walks)."""
    gained = np.zeros(4, np.int64)
    for b in range(state.shape[0]):
        rec = state[b]
        score_now(rec, gained)
        left = 0
        for r in range(rec.round_no, rounds_total(rec) + 1):
            rec.round_no = r
            if scoring_index(rec) >= 0:
                left += 1
        for p in range(rec.num_players):
            out[b, p] = rec.score[p] + left * gained[p]


def _rows(loop):
    """``loop`` as it runs here: compiled, or on widened rows under NUMBA_DISABLE_JIT=1
    (a plain record has no attribute fields)."""
    return as_python(loop) if config.DISABLE_JIT else loop


def projected_scores(game, state):
    """float64 (B, P'): every seat's points if each game ended now; P' = num_players,
    plus Jean's column in the solo game (the record's two seats)."""
    maracaibo = game.name in ("maracaibo", "maracaibo_solo")
    if game.name == "el_caballero":
        out = game.scores(state).astype(np.float64)
        live = np.flatnonzero(state["terminated"] == 0)
        if live.size:
            projected = np.zeros((live.size, out.shape[1]))
            _rows(_el_caballero_projection)(state[live], projected)
            out[live] = projected
        return out
    if not maracaibo:
        return game.scores(state).astype(np.float64)
    out = state["vp"].astype(np.float64)
    live = np.flatnonzero(state["terminated"] == 0)
    if live.size:
        copies = state[live]  # a copy: the rollouts' records stay as they are
        extra = np.zeros((live.size, out.shape[1]))
        _rows(_maracaibo_final)(copies, game.name == "maracaibo_solo", extra)
        out[live] = copies["vp"] + extra
    return out


def margins_at_cut(game, state, seats):
    """Own projected points minus the best other seat's (in the solo game: Jean's), per row."""
    points = projected_scores(game, state)
    rows = np.arange(len(state))
    own = points[rows, seats]
    others = points.copy()
    others[rows, seats] = -np.inf
    if game.num_players < others.shape[1]:  # solo: the record's other seat is Jean
        return own - points[:, JEAN]
    return own - others.max(axis=1)
