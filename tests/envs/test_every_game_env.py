"""What every game's AEC env must do, whatever the game: one parametrized test per
registered env (``envs.registration.ENVS``), each with the game's default options."""

import copy
import importlib
import pickle

import cloudpickle
import numpy as np
import pytest
from pettingzoo.utils.env_logger import EnvLogger

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


# ----- the classic behaviour, built in, is PettingZoo's classic wrappers' (issue 25) -------------
def outcome(call):
    """What ``call()`` gives -- ("ok", value) or the type and message of what it raised --
    and the warnings PettingZoo logged meanwhile (EnvLogger keeps them in a queue)."""
    EnvLogger.flush()
    try:
        result = "ok", call()
    except Exception as err:  # compared, not handled
        result = "raised", type(err), str(err)
    return result, list(EnvLogger.mqueue)


def view(env):
    """Everything an agent loop reads of ``env``, the current agent's observation included."""
    seen = {
        name: copy.deepcopy(getattr(env, name))
        for name in ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos")
    }
    if env.agents:
        obs, reward, terminated, truncated, info = env.last()
        seen["last"] = (
            obs["observation"].tolist(),
            obs["action_mask"].tolist(),
            reward,
            terminated,
            truncated,
            info,
            env.agent_selection,
        )
    return seen


def checked_pair(module):
    """The env (``classic=True``) and the unwrapped env inside PettingZoo's three classic wrappers."""
    from envs import classic_wrappers

    mod = env_module(module)
    return mod.env(), classic_wrappers(mod.raw_env())


@pytest.mark.parametrize("module", MODULES)
def test_classic_env_behaves_as_the_classic_wrappers(module):
    """Same seeds, same calls -- legal moves, ids outside the space, non-integers, an
    illegal move that ends the game, steps of the dead agents, a step too many -- same
    results, errors, messages and warnings as connect_four_v3's wrappers
    (TerminateIllegal, AssertOutOfBounds, OrderEnforcing) around the unwrapped env."""
    env, chain = checked_pair(module)
    for name in ("rewards", "agent_selection", "num_agents"):  # before reset
        assert outcome(lambda e=env: getattr(e, name)) == outcome(lambda: getattr(chain, name))
    for call in (lambda e: e.step(0), lambda e: e.observe("player_0"), lambda e: e.agent_iter()):
        assert outcome(lambda: call(env)) == outcome(lambda: call(chain))

    n = env.unwrapped.game.num_actions
    warned = []
    for episode, illegal_at in enumerate([3, 25, None]):
        rng = np.random.default_rng(episode)
        assert outcome(lambda: env.reset(seed=episode)) == outcome(lambda: chain.reset(seed=episode))
        for step in range(MAX_STEPS):
            if not env.agents:
                break
            seen, expected = view(env), view(chain)
            if seen["last"][3] and seen["last"][4]:  # ended by an illegal move
                # nobody is to act: all zeros, where the chain hands every agent the
                # offender's last mask (its unwrapped env never learns the game ended)
                assert not any(seen["last"][1])
                seen["last"] = seen["last"][:1] + expected["last"][1:2] + seen["last"][2:]
            assert seen == expected
            if seen["last"][3] or seen["last"][4]:
                actions = [0, None]  # a dead agent: an id is refused, None removes it
            else:
                mask = np.asarray(seen["last"][1])
                legal = int(rng.choice(np.flatnonzero(mask)))
                actions = [n, -1, 1.5, None]  # refused, nothing changes
                if step == illegal_at and not mask.all():
                    actions.append(int(np.flatnonzero(mask == 0)[0]))  # ends the game
                actions.append(np.int64(legal) if step % 2 else legal)
            for action in actions:
                got = outcome(lambda: env.step(action))
                assert got == outcome(lambda: chain.step(action)), (step, action)
                warned += got[1]
                if got[0][0] == "ok":
                    break
        if not env.agents:
            assert outcome(lambda: env.step(None)) == outcome(lambda: chain.step(None))  # a step too many
    assert sum("Illegal move made" in w for w in warned) == 2
    for e in (env, chain):
        e.reset(seed=0)
    agents = [iter(e.agent_iter()) for e in (env, chain)]
    assert outcome(lambda: next(agents[0])) == outcome(lambda: next(agents[1]))
    refused = outcome(lambda: next(agents[0]))  # no step since the last agent handed out
    assert refused == outcome(lambda: next(agents[1])) and refused[0][1] is AssertionError
