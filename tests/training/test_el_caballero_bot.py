"""The El Caballero heuristic plays only legal actions, basic and expanded, and beats random."""

import numpy as np
import pytest

import games
from training.arena import run_arena
from training.bots import make_bot, make_bots


CONFIGS = [
    dict(num_players=2),
    dict(num_players=3, expanded=True),
    dict(num_players=4, expanded=True),
    dict(num_players=2, radius=4, expanded=True),
]  # a small grid: the map reaches the bounds (EC-3.1)


def bot_games(game, bots, batch=8):
    """Games with seat p held by bots[p % len(bots)]; each answer checked against the mask."""
    state = game.init(np.arange(batch))
    decisions = 0
    while not game.terminated(state).all():
        live = np.flatnonzero(~game.terminated(state))
        seats = game.current_player(state[live])
        obs, masks = game.observe(state[live], seats), game.legal_action_mask(state[live])
        actions = np.zeros(batch, dtype=np.int64)
        for i, bot in enumerate(bots):
            sel = seats % len(bots) == i
            if sel.any():
                chosen = bot(obs[sel], masks[sel])
                assert masks[sel][np.arange(sel.sum()), chosen].all(), f"{bot.name} chose an illegal action"
                actions[live[sel]] = chosen
        game.step(state, actions)  # the checked step refuses an illegal action too
        decisions += live.size
    return decisions


@pytest.mark.slow
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_heuristic_and_random_play_only_legal_actions(options):
    game = games.make("el_caballero", **options)
    assert bot_games(game, make_bots("random,heuristic", game)) > 100


def test_heuristic_is_deterministic_and_batch_invariant():
    game = games.make("el_caballero", num_players=3)
    state = game.init(np.arange(20))
    obs, masks = game.observe(state, game.current_player(state)), game.legal_action_mask(state)
    bot = make_bot("heuristic", game)
    assert np.array_equal(bot(obs, masks), bot(obs.copy(), masks.copy()))
    assert np.array_equal(bot(obs[5:9], masks[5:9]), bot(obs, masks)[5:9])


def test_heuristic_beats_random_clearly():
    game = games.make("el_caballero", num_players=3)
    result = run_arena(game, make_bots("heuristic,random", game), games_per_pairing=30, seed=3)
    assert result.pairings[0].win_rate_a > 0.8
