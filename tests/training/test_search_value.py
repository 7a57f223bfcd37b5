"""The search's value at a cut (training/bots/search_value.py) for El Caballero: the
points won so far plus the board scored as it stands for every scoring still to come."""

import numpy as np
import pytest

import games
from games.core.state import records_equal
from games.el_caballero.rules.scoring import score_now
from training.bots.search_value import margins_at_cut, projected_scores


def live_records(game, n=24, max_depth=400, seed=0):
    """Live records after a random number (below ``max_depth``) of random legal moves."""
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(n))
    depth = rng.integers(0, max_depth, size=n)
    for t in range(max_depth):
        moving = ~game.terminated(state) & (depth > t)
        masks = game.legal_action_mask(state)
        sub = state[moving]
        game.step(sub, np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)[moving])
        state[moving] = sub
    return state[~game.terminated(state)]


# EC-8.1, EC-10.2: the scorings follow rounds 4 and 7, and 10 in the expanded game
@pytest.mark.parametrize("expanded, scoring_rounds", [(False, (4, 7)), (True, (4, 7, 10))])
def test_el_caballero_cut_scores_the_board_once_per_scoring_to_come(expanded, scoring_rounds):
    game = games.make("el_caballero", num_players=3, expanded=expanded)
    state = live_records(game)
    before = state.copy()
    projected = projected_scores(game, state)
    assert records_equal(before, state)  # the records stay as they are
    banked = game.scores(state)
    lefts = set()
    for i in range(len(state)):
        board = np.zeros(4, np.int64)
        score_now(state[i], board)
        left = sum(r >= state["round_no"][i] for r in scoring_rounds)
        lefts.add(left)
        assert np.array_equal(projected[i], banked[i] + left * board[:3])
    assert len(lefts) >= 2  # positions before and after a scoring were checked


def test_el_caballero_finished_game_is_read_as_it_stands():
    game = games.make("el_caballero", num_players=2)
    state = game.init(np.arange(2))
    rng = np.random.default_rng(1)
    while not game.terminated(state).all():
        masks = game.legal_action_mask(state)
        game.step(state, np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1))
    seats = np.zeros(2, dtype=np.int64)
    points = game.scores(state)
    assert np.array_equal(margins_at_cut(game, state, seats), points[:, 0] - points[:, 1])
