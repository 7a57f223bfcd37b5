"""The ``search`` bot: determinized rollouts over ``Game.resample_hidden``."""

import numpy as np
import pytest

import games
from training.bots import make_bot, make_bots
from training.bots.search import SearchBot
from training.simulate import play_games


def _live_positions(game, seeds, steps):
    """Live records after ``steps`` random moves from each seed."""
    state = game.init(np.asarray(seeds))
    rng = np.random.default_rng(0)
    for _ in range(steps):
        mask = game.legal_action_mask(state)
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
        game.step(state, acts)
    return state[~game.terminated(state)]


@pytest.mark.parametrize("name, options", [("spanish_main", dict(num_players=3)),
                                           ("maracaibo_solo", dict(level=2)),
                                           ("el_caballero", dict(num_players=2))])
def test_plays_legal_actions_and_is_deterministic(name, options):
    game = games.make(name, **options)
    state = _live_positions(game, range(4), 6)
    seats, masks = game.current_player(state), game.legal_action_mask(state)
    a = make_bot("search:12", game, seed=3).plan(state, seats, masks)
    assert masks[np.arange(len(state)), a].all()
    b = make_bot("search:12", game, seed=3).plan(state, seats, masks)
    assert np.array_equal(a, b)  # the same seed, the same choices


def test_beats_random_in_a_small_arena():
    game = games.make("spanish_main", num_players=2)
    bots = make_bots("search:16,random", game, seed=0)
    seat_bots = np.array([[0, 1], [1, 0]] * 4)  # each deal twice, seats swapped
    _, ranks = play_games(game, bots, seat_bots, np.arange(8) // 2)
    search_seat = np.argmin(seat_bots, axis=1)
    wins = (ranks[np.arange(8), search_seat] == 0).sum()
    assert wins >= 6


def test_plays_bench_jean():
    # bench-jean takes the bot by name (envs.seats.play_seats asks it to plan)
    from training.bench_jean import run_ladder

    result = run_ladder({}, "search:4", "1", 1)
    assert result.levels[0].games == 1 and result.bot == "search:4"


def test_bad_settings_are_refused():
    game = games.make("spanish_main", num_players=2)
    for spec, message in [("search:0", "budget"), ("search:x", "bad search bot"), ("search:8:greedy", "rollout"),
                          ("search:8:random:1", "bad search bot")]:
        with pytest.raises(ValueError, match=message):
            make_bot(spec, game)
    with pytest.raises(ValueError, match="horizon"):
        SearchBot(game, horizon=-1)
    with pytest.raises(TypeError, match="reads the game's state"):
        make_bot("search", game)(np.zeros((1, game.obs_size), np.float32), np.ones((1, game.num_actions), bool))
