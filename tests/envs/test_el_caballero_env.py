"""The El Caballero envs: PettingZoo's api_test, seed_test and render_test on the AEC
env and Gymnasium's check_env on the single-seat env, basic and expanded (EC-1.1, EC-10)."""

import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from envs import SingleSeatEnv, el_caballero_v0  # importing envs registers the Gymnasium ids

CONFIGS = [dict(num_players=2), dict(num_players=3, expanded=True), dict(num_players=4, expanded=True)]
IDS = ["2p-basic", "3p-expanded", "4p-expanded"]


@pytest.fixture(autouse=True)
def _quiet_hints():
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message=".*[Ii]llegal move")
        warnings.filterwarnings("ignore", message=".*Box")
        warnings.filterwarnings("ignore", message=".*render_fps")
        yield


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_pettingzoo_api(options):
    api_test(el_caballero_v0.env(**options), num_cycles=300)


def test_pettingzoo_api_unwrapped():
    api_test(el_caballero_v0.raw_env(num_players=3), num_cycles=300)


def test_pettingzoo_seed():
    seed_test(lambda: el_caballero_v0.env(num_players=3, expanded=True), num_cycles=100)


def test_pettingzoo_render():
    def is_board(text):
        return text.startswith("El Caballero (expanded, 3 players)") and "Map" in text

    def seeded_env(render_mode=None):
        env = el_caballero_v0.env(render_mode=render_mode, num_players=3, expanded=True)
        env.reset(seed=0)
        for i, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(i)
        return env

    render_test(seeded_env, custom_tests={"ansi": is_board})


@pytest.mark.parametrize("options", CONFIGS[:2], ids=IDS[:2])
def test_check_env_single_seat(options):
    check_env(SingleSeatEnv("el_caballero", illegal_action="penalize", seed=0, **options))


def test_registered_gymnasium_id():
    env = gymnasium.make("doubloon/ElCaballero-v0", num_players=2, illegal_action="penalize")
    obs, _ = env.reset(seed=1)
    assert env.action_masks().any() and obs.shape == env.observation_space.shape
