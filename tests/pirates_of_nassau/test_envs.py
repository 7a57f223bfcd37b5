"""Pirates of Nassau through the envs: PettingZoo's api_test, seed_test and render_test on
envs.pirates_of_nassau_v0, Gymnasium's check_env on the single-seat env and its id
(docs/design.md "Tests"); games.api_test runs in tests/games/test_api.py."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from envs import SingleSeatEnv, make_env, pirates_of_nassau_v0

CONFIGS = [
    dict(num_players=3),
    dict(num_players=4),
    dict(num_players=5),
    dict(num_players=4, plank_any_time=False, cargo_loss="resources"),
    dict(num_players=3, random_starting_tokens=True, auto_resolve=True),
]  # GAP-8, PN-19.3


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_pettingzoo_api_and_seed(options):
    api_test(pirates_of_nassau_v0.env(**options), num_cycles=300)
    api_test(pirates_of_nassau_v0.raw_env(**options), num_cycles=300)
    seed_test(lambda: pirates_of_nassau_v0.env(**options), num_cycles=100)


def test_pettingzoo_render_test():
    def is_board(text):
        return text.startswith("Pirates of Nassau, 4 players") and "Royal Navy display" in text

    def seeded_env(render_mode=None):
        env = pirates_of_nassau_v0.env(render_mode=render_mode, num_players=4)
        env.reset(seed=0)
        for i, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(i)
        return env

    render_test(seeded_env, custom_tests={"ansi": is_board})


@pytest.mark.parametrize("num_players", [3, 5])
def test_check_env_single_seat(num_players):
    check_env(SingleSeatEnv("pirates_of_nassau", num_players=num_players, illegal_action="penalize", seed=0))


def test_registered_ids_and_names():
    env = gymnasium.make("doubloon/PiratesOfNassau-v0", num_players=4, illegal_action="penalize")
    check_env(env.unwrapped)
    obs, _ = env.reset(seed=1)
    assert env.action_masks().any()
    assert make_env("pirates_of_nassau").metadata["name"] == "pirates_of_nassau_v0"
    import pettingzoo

    if hasattr(pettingzoo, "make"):
        aec = pettingzoo.make("aec", "doubloon/pirates_of_nassau-v0", num_players=3)
        aec.reset(seed=0)
        assert len(aec.agents) == 3


def test_a_whole_game_through_the_single_seat_env():
    env = SingleSeatEnv("pirates_of_nassau", num_players=4, seed=3)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, reward, done, truncated, _ = env.step(action)
        steps += 1
    assert reward in (0.0, 1.0) and steps > 20
