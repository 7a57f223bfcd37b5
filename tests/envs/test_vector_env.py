"""The native Gymnasium vector env (envs/vector_env.py, issue 35): what ``gymnasium.make_vec``
returns for every id, Gymnasium's same-step autoreset conventions, masks a masked sampler
survives, seeding, and one-line refusals of bad arguments."""

import gymnasium
import numpy as np
import pytest
import torch
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from torch.distributions import Categorical

import envs
from envs.registration import ENVS
from envs.vector_env import GameVectorEnv
from games import IllegalActionError

GYM_IDS = [f"envs:{gym_id}" for _, gym_id, _, _ in ENVS]


def masked_sample(mask, generator=None):
    """What a masked PPO loop samples: torch's Categorical over logits with the illegal
    actions at -inf (an all-False row makes it raise, as issue 35 found)."""
    logits = torch.zeros(mask.shape).masked_fill(~torch.as_tensor(mask), float("-inf"))
    return Categorical(logits=logits).sample().numpy()


def make(gym_id="envs:doubloon/SpanishMain-v0", num_envs=8, **kwargs):
    return gymnasium.make_vec(gym_id, num_envs=num_envs, vectorization_mode="vector_entry_point", **kwargs)


def play(env, steps, seed=0):
    """Masked random play from ``reset(seed)``; checks every step's contract and returns
    the observations, rewards and terminations seen."""
    torch.manual_seed(seed)
    obs, info = env.reset(seed=seed)
    seen = []
    for _ in range(steps):
        mask = info["action_mask"]
        assert mask.shape == (env.num_envs, env.single_action_space.n) and mask.dtype == bool
        assert mask.any(axis=1).all()  # every row is a live decision of the learner
        assert np.array_equal(env.action_masks(), mask)
        obs, rewards, terminated, truncated, info = env.step(masked_sample(mask))
        assert env.observation_space.contains(obs)
        assert rewards.shape == (env.num_envs,) and np.all(rewards[~terminated] == 0)
        assert not truncated.any()  # games end by their own rules
        if terminated.any():
            assert np.array_equal(info["_final_obs"], terminated) and np.array_equal(info["_final_info"], terminated)
            for row in np.flatnonzero(terminated):  # same step: obs is the next game's first
                assert env.single_observation_space.contains(info["final_obs"][row])
                assert not np.array_equal(info["final_obs"][row], obs[row])
            assert all(x is None for x in info["final_obs"][~terminated])
        else:
            assert "final_obs" not in info
        seen.append((obs, rewards, terminated))
    return seen


@pytest.mark.parametrize("gym_id", GYM_IDS)
def test_make_vec_gives_the_native_vector_env_for_every_game(gym_id):
    env = make(gym_id, num_envs=4)
    assert isinstance(env, GameVectorEnv) and isinstance(env, VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert env.observation_space == batch_space(env.single_observation_space, 4)
    assert env.action_space == batch_space(env.single_action_space, 4)
    play(env, 30)
    # the default vectorization of these ids is the native env too
    assert isinstance(gymnasium.make_vec(gym_id, num_envs=2), GameVectorEnv)


def test_finished_games_restart_in_the_same_step_with_their_facts():
    """SM-8: a game ends by its rules; its reward is the learner's return, its facts and last
    observation ride in ``final_info`` / ``final_obs``, as Gymnasium's same-step mode batches them."""
    env = make(num_envs=16, num_players=2)
    ends = 0
    for obs, rewards, terminated in play(env, 200):
        ends += terminated.sum()
    assert ends > 0
    obs, info = env.reset(seed=1)
    while True:
        obs, rewards, terminated, _, info = env.step(masked_sample(info["action_mask"]))
        if terminated.any():
            break
    facts = info["final_info"]
    rows = np.flatnonzero(terminated)
    assert set(facts) >= {"rank", "score", "score_margin", "seat", "is_success", "_rank"}
    assert np.array_equal(facts["is_success"][rows], facts["rank"][rows] == 0)
    assert np.array_equal(rewards[rows] > 0, facts["rank"][rows] == 0)  # "win": the winners share 1
    # the top-level keys are those of Gymnasium's own same-step SyncVectorEnv over the single-seat env
    sync = gymnasium.make_vec(
        "envs:doubloon/SpanishMain-v0",
        num_envs=2,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": AutoresetMode.SAME_STEP},
        num_players=2,
    )
    _, sync_info = sync.reset(seed=0)
    while "final_obs" not in sync_info:
        _, _, _, _, sync_info = sync.step(masked_sample(sync_info["action_mask"]))
    assert set(sync_info) == set(info)


def test_gymnasium_episode_statistics_wrapper_reads_the_autoreset_mode():
    env = RecordEpisodeStatistics(make(num_envs=8, num_players=2))
    obs, info = env.reset(seed=0)
    for _ in range(100):
        obs, rewards, terminated, truncated, info = env.step(masked_sample(info["action_mask"]))
    assert len(env.return_queue) > 0 and set(np.unique(env.return_queue)) <= {-1.0, 0.0, 1.0}


def test_a_seed_replays_the_same_games():
    a, b = make(num_envs=6), make(num_envs=6)
    first, again = play(a, 60, seed=3), play(b, 60, seed=3)
    assert data_equivalence(first, again)
    assert not data_equivalence(first, play(b, 60, seed=4))
    # the constructor's seed seeds the first reset without one
    c, d = make(num_envs=6, seed=5), make(num_envs=6, seed=5)
    assert data_equivalence(c.reset()[0], d.reset()[0])


def test_heuristic_opponents_and_a_fixed_seat():
    from training.bots import make_bot

    game = envs.SingleSeatEnv("spanish_main", num_players=3).game
    env = GameVectorEnv(game, num_envs=8, opponents=make_bot("heuristic", game), learner_seat=1, seed=0)
    obs, info = env.reset()
    assert np.all(info["seat"] == 1) and np.all(game.current_player(env.state) == 1)
    play(env, 40)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(num_envs=0), "num_envs must be a positive integer"),
        (dict(seed=-1), "seed must be None or a non-negative integer"),
        (dict(learner_seat=5, num_players=3), "learner_seat must be None or an integer in 0..2"),
        (dict(opponents=[]), "opponents must be None, a policy, or a non-empty list"),
        (dict(render_mode="human"), "render_mode must be None"),
        (dict(opponent_weights=[1, 2]), "opponent_weights must be 1 non-negative numbers"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(kwargs, message):
    with pytest.raises(ValueError, match=message) as err:
        make(**{"num_envs": 2, **kwargs})
    assert "\n" not in str(err.value)


def test_bad_calls_are_refused_and_change_nothing():
    env = make(num_envs=3)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(np.zeros(3, dtype=np.int64))
    obs, info = env.reset(seed=0)
    with pytest.raises(ValueError, match="seed must be one integer or None"):
        env.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match="takes no options"):
        env.reset(options={"reset_mask": np.ones(3, bool)})
    state = env.state.copy()
    illegal = (~info["action_mask"]).argmax(axis=1)
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(TypeError, match="integers"):
        env.step(np.zeros(3))
    assert all(env.game.equal(env.state[i], state[i]) for i in range(3))
    env.step(masked_sample(info["action_mask"]))  # the batch goes on
