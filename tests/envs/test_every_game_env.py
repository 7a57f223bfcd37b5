"""What every game's AEC env must do, whatever the game: one parametrized test per
registered env (``envs.registration.ENVS``), each with the game's default options."""

import copy
import importlib
import pickle

import cloudpickle
import numpy as np
import pytest

from envs.registration import ENVS

MODULES = [module for _, _, _, module in ENVS]
MAX_STEPS = 150  # enough moves to leave the opening; a long game's end adds nothing here


def env_module(name):
    return importlib.import_module(name)


def played(env, seed, reset=True):
    """(agent, observation, mask, reward, terminated) before each of up to ``MAX_STEPS``
    moves of ``env``, each move drawn from its mask by a generator seeded with ``seed``."""
    if reset:
        env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail = []
    for agent in env.agent_iter(MAX_STEPS):
        obs, reward, terminated, truncated, _ = env.last()
        trail.append((agent, obs["observation"], obs["action_mask"], reward, terminated or truncated))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size, f"{agent} is to act with an all-zero action mask"
        env.step(int(rng.choice(legal)))
    return trail


def assert_same_game(copied, original):
    assert len(copied) == len(original)
    for (agent, obs, mask, reward, done), (agent0, obs0, mask0, reward0, done0) in zip(copied, original):
        assert (agent, reward, done) == (agent0, reward0, done0)
        np.testing.assert_array_equal(mask, mask0)
        np.testing.assert_array_equal(obs, obs0)


COPIES = {
    "deepcopy": copy.deepcopy,
    "pickle": lambda env: pickle.loads(pickle.dumps(env)),
    "cloudpickle": lambda env: cloudpickle.loads(cloudpickle.dumps(env)),  # how SuperSuit clones envs
}


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("module", MODULES)
def test_a_copy_made_before_reset_plays_the_same_masked_game(module, how):
    """Issue 24: a copied env handed out all-zero masks (its mask was a view that the
    copy cut off from the array the engine refreshes)."""
    original = env_module(module).env()
    clone = COPIES[how](original)
    assert_same_game(played(clone, seed=3), played(original, seed=3))


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("module", MODULES)
def test_a_copy_made_mid_game_plays_on_as_the_original(module, how):
    original = env_module(module).env()
    original.reset(seed=5)
    clone = COPIES[how](original)
    assert clone.unwrapped.game.equal(clone.unwrapped.record, original.unwrapped.record)
    assert_same_game(played(clone, seed=5, reset=False), played(original, seed=5, reset=False))
    # and a reset of the copy starts the same game as one of the original
    assert_same_game(played(clone, seed=8), played(original, seed=8))
