"""Bots only ever choose legal actions; the heuristic beats random clearly."""

import re

import numpy as np
import pytest

import games
from training.arena import run_arena
from training.bots import RandomBot, make_bot, make_bots

CONFIGS = [
    dict(num_players=2),
    dict(num_players=3),
    dict(num_players=4),
    dict(num_players=3, upcoming_adventures=True),
    dict(num_players=3, move_cards_in_hand=True),  # adds the accusation-discard sub-step
    dict(num_players=4, move_cards_in_hand=True, fame_source="discard_then_deck"),
]


def play_out(game, bots, batch=24, seed=0):
    """Random-seated games to the end; every bot answer is checked against the mask."""
    state = game.init(np.arange(seed, seed + batch))
    rng = np.random.default_rng(seed)
    seat_bot = rng.integers(0, len(bots), size=(batch, game.num_players))
    decisions = 0
    while not game.terminated(state).all():
        live = np.flatnonzero(~game.terminated(state))
        sub = state[live]
        seats = game.current_player(sub)
        obs, masks = game.observe(sub, seats), game.legal_action_mask(sub)
        actions = np.zeros(len(state), dtype=np.int64)
        who = seat_bot[live, seats]
        for b in np.unique(who):
            sel = who == b
            chosen = bots[b](obs[sel], masks[sel])
            assert chosen.dtype == np.int64 and chosen.shape == (sel.sum(),)
            assert masks[sel][np.arange(sel.sum()), chosen].all(), f"{bots[b].name} chose an illegal action"
            actions[live[sel]] = chosen
        game.step(state, actions)  # the checked step raises on any illegal action too
        decisions += live.size
    return decisions


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_random_and_heuristic_play_only_legal_actions(options):
    game = games.make("spanish_main", **options)
    bots = make_bots("random,heuristic", game)
    assert play_out(game, bots) > 100


def test_random_bot_is_uniform_over_legal_actions():
    masks = np.zeros((20000, 5), dtype=bool)
    masks[:, [1, 3, 4]] = True
    counts = np.bincount(RandomBot(0)(np.zeros((20000, 1), np.float32), masks), minlength=5)
    assert counts[0] == counts[2] == 0
    assert np.allclose(counts[[1, 3, 4]] / 20000, 1 / 3, atol=0.02)


def test_heuristic_uses_only_its_own_observation(spanish3):
    """Same observation, same move: the bot never reads the hidden state."""
    state = spanish3.init(np.arange(50))
    seats = spanish3.current_player(state)
    obs, masks = spanish3.observe(state, seats), spanish3.legal_action_mask(state)
    bot = make_bot("heuristic", spanish3)
    assert np.array_equal(bot(obs, masks), bot(obs.copy(), masks.copy()))
    assert np.array_equal(bot(obs[10:20], masks[10:20]), bot(obs, masks)[10:20])  # batch invariant


def test_heuristic_beats_random_clearly(spanish3):
    result = run_arena(spanish3, make_bots("heuristic,random", spanish3), games_per_pairing=60, seed=7)
    assert result.pairings[0].win_rate_a > 0.75


def test_unknown_bot_and_missing_heuristic_are_clear(spanish3):
    with pytest.raises(
        ValueError,
        match=re.escape(
            "unknown bot 'minimax'; use random, heuristic, heuristic_v1 and heuristic_blind (maracaibo), search"
        ),
    ):
        make_bot("minimax", spanish3)
    with pytest.raises(ValueError, match="checkpoint not found"):
        make_bot("checkpoint:/no/such/model.zip", spanish3)

    class Other:
        name = "no_such_game"

    with pytest.raises(ValueError, match="no heuristic bot for no_such_game"):
        make_bot("heuristic", Other())
