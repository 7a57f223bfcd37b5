"""The training layer is generic: VecEnv, arena and a short training run on every game."""

import numpy as np
import pytest

import games
from envs.vec_env import GameVecEnv
from training.arena import format_result, run_arena
from training.bots import RandomBot, make_bots
from training.train import train
from training.train_config import TrainConfig, defaults_for

GAMES = games.list()


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_vec_env_and_arena_on_every_game(name):
    game = games.make(name)
    env = GameVecEnv(game, 4, [RandomBot(1)] if game.num_players > 1 else [], seed=0)
    obs = env.reset()
    me = RandomBot(2)
    for _ in range(40):
        masks = env.action_masks()
        assert masks.any(axis=1).all()
        obs, rewards, dones, infos = env.step(me(obs, masks))
        assert obs.shape == (4, game.obs_size) and np.isfinite(obs).all()
    result = run_arena(game, make_bots("random,random", game), games_per_pairing=2, seed=0)
    assert "random" in format_result(result)


@pytest.mark.slow
@pytest.mark.parametrize("name", [g for g in GAMES if games.make(g).num_players == 1][:1] or ["spanish_main"])
def test_short_training_run_on_a_game_without_heuristic_defaults(name, tmp_path):
    game = games.make(name)
    cfg = TrainConfig(
        game=name,
        game_options={},
        total_timesteps=256,
        num_envs=8,
        n_steps=32,
        batch_size=64,
        n_epochs=1,
        net_arch=(16,),
        eval_every=0,
        eval_games=2,
        out=str(tmp_path),
        progress=False,
        threads=1,
        **({"imitation_decisions": 200, "imitation_epochs": 1} if name == "spanish_main" else defaults_for(game)),
    )
    model, settings = train(cfg)
    assert (tmp_path / "model.safetensors").is_file() and settings["timesteps"] >= 256
