"""GameVecEnv over several boards (MA-26.4): ``variants`` that differ only in
``row_config_fields`` (Maracaibo's tile sets); each new game of a row draws its board."""

import numpy as np
import pytest
from stable_baselines3.common.vec_env import VecCheckNan, VecMonitor

import games
from envs.vec_env import GameVecEnv
from games.maracaibo.data import legacy
from training.bots import RandomBot

from test_vec_env import check_vec_env

SETS = [("L2", "L6"), ("L10", "L25"), ()]  # (): the board without tiles
MASKS = [legacy.tiles_mask(t) for t in SETS]


@pytest.fixture(scope="module")
def boards():
    return [games.make("maracaibo", num_players=2, legacy_tiles=t) for t in SETS]


def make_env(boards, num_envs=12, seed=0):
    return GameVecEnv(None, num_envs, [RandomBot(1)], seed=seed, variants=boards)


def play(env, steps, seed=2):
    """``steps`` random learner steps; the (row, options) of every finished game, in order."""
    me, obs, finished = RandomBot(seed), env.reset(), []
    for _ in range(steps):
        obs, _, dones, infos = env.step(me(obs, env.action_masks()))
        finished += [(int(i), infos[i]["options"]) for i in np.flatnonzero(dones)]
    return finished


def test_rows_draw_their_boards_and_play_them(boards):
    """MA-26.4: after reset the rows cover every tile set, each row's record holds the tile
    set of the variant it drew, and the batch steps as one game."""
    env = make_env(boards)
    env.reset()
    assert set(env.variant.tolist()) == {0, 1, 2}
    assert env.state["opt_legacy"].tolist() == [MASKS[v] for v in env.variant]
    assert env.game is boards[0]


def test_vec_env_contract_with_variants(boards):
    """SB3's VecEnv contract holds with rows on different boards (MA-26.4)."""
    env = make_env(boards, num_envs=8)
    check_vec_env(VecMonitor(VecCheckNan(env, raise_exception=True)), steps=400)


def test_auto_reset_draws_reproducibly_and_reports_the_board(boards):
    """MA-26.4: a finished game's info["options"] is its variant's options (the record's tile
    set); auto-resets draw new boards from the env's seeded generator: the same seed and
    actions give the same boards, another seed other boards."""
    env = make_env(boards, num_envs=6, seed=5)
    me, obs, finished = RandomBot(2), env.reset(), []
    while len(finished) < 6:
        before = env.state["opt_legacy"].copy()
        obs, _, dones, infos = env.step(me(obs, env.action_masks()))
        for i in np.flatnonzero(dones):
            assert legacy.tiles_mask(infos[i]["options"]["legacy_tiles"]) == before[i]
            finished.append((int(i), infos[i]["options"]["legacy_tiles"]))
    assert env.state["opt_legacy"].tolist() == [MASKS[v] for v in env.variant]  # the new games' boards
    steps = env.state["turn"].sum()
    runs = [play(make_env(boards, num_envs=6, seed=seed), 400) for seed in (5, 5, 6)]
    assert len(runs[0]) >= 6 and runs[0] == runs[1] and runs[0] != runs[2], steps


def test_without_variants_info_names_the_game_options(boards):
    """One board: info["options"] is the game's options (the same key with or without variants)."""
    env = GameVecEnv(boards[1], 4, [RandomBot(1)], seed=0)
    assert env.variants == [boards[1]]
    finished = play(env, 400)
    assert finished and all(o == boards[1].options for _, o in finished)


@pytest.mark.parametrize(
    "other, message",
    [
        (lambda: games.make("maracaibo", num_players=3, legacy_tiles=("L2",)), "differs from .* in num_players"),
        (lambda: games.make("maracaibo", num_players=2, prestige_open=True), "in opt_prestige_open"),
        (lambda: games.make("maracaibo", num_players=2, reward="rank"), "in reward"),
        (lambda: games.make("maracaibo_solo"), "is another game than"),
        (lambda: games.make("spanish_main", num_players=2), "is another game than"),
    ],
)
def test_mismatched_variants_are_refused(boards, other, message):
    """MA-26.4: variants differ only in row config fields; anything else is one line."""
    with pytest.raises(ValueError, match=message) as err:
        make_env([*boards, other()])
    assert "\n" not in str(err.value)


def test_game_must_be_a_variant(boards):
    with pytest.raises(ValueError, match="is not one of the variants"):
        GameVecEnv(games.make("maracaibo", num_players=2), 4, [RandomBot(1)], variants=boards)
    with pytest.raises(ValueError, match="variants is empty"):
        GameVecEnv(None, 4, [RandomBot(1)], variants=[])


def test_solo_rows_draw_their_boards():
    """MA-26.4 / MA-26.7: the solo game's rows mix tile sets too (Jean inside the rules)."""
    solo = [games.make("maracaibo_solo", legacy_tiles=t) for t in SETS]
    env = GameVecEnv(None, 8, [], seed=1, variants=solo)
    finished = play(env, 400)
    assert env.state["opt_legacy"].tolist() == [MASKS[v] for v in env.variant]
    assert finished and {o["legacy_tiles"] for _, o in finished} <= set(SETS)
