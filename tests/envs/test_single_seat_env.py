"""The Gymnasium single-seat env (docs/design.md, "envs/": the learner plays one seat,
opponent policies the rest inside ``step``)."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import games
from envs import SingleSeatEnv, UniformRandomPolicy
from envs.single_seat import END_ACTION
from games import IllegalActionError


@pytest.fixture(autouse=True)
def _quiet_checker_hints():
    # check_env's advice about unbounded boxes (the engine gives no bounds) and fps
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*Box observation space (minimum|maximum) value is")
        warnings.filterwarnings("ignore", message=".*render fps")
        warnings.filterwarnings("ignore", message=".*alternative render modes")
        yield


def first_legal(observations, action_masks):
    return action_masks.argmax(axis=1)


def last_legal(observations, action_masks):
    return action_masks.shape[1] - 1 - action_masks[:, ::-1].argmax(axis=1)


def play(env, seed, choose=first_legal):
    """One episode; the learner's (observation, action) trajectory and final reward."""
    obs, info = env.reset(seed=seed)
    trajectory, done = [], False
    while not done:
        action = int(choose(obs[None], info["action_mask"][None])[0])
        trajectory.append((obs, action))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
    return trajectory, reward


# ----- Gymnasium's checker (docs/design.md "Tests": check_env) ---------------------------------
def test_check_env(options):
    # check_env steps unmasked action_space.sample() actions: the documented setting
    # for unmasked callers is illegal_action="penalize"
    check_env(SingleSeatEnv("spanish_main", illegal_action="penalize", seed=0, **options))


def test_check_env_fixed_seat_and_registered_id():
    check_env(SingleSeatEnv("spanish_main", num_players=3, seat=2, illegal_action="penalize"))
    env = gymnasium.make("doubloon/SpanishMain-v0", num_players=2, illegal_action="penalize")
    check_env(env.unwrapped)
    env.reset(seed=0)


# ----- the learner's view (SM-9.5) and reward (SM-8) --------------------------------------
def test_learner_sees_its_engine_observation_and_mask(options):
    """Each observation is game.observe for the learner's seat, taken when the learner
    is to act (SM-9.5); the mask is the engine's."""
    env = SingleSeatEnv("spanish_main", seed=1, **options)
    game = env.game
    obs, info = env.reset(seed=5)
    for _ in range(60):
        rec = env.record.reshape(1)
        assert game.current_player(rec)[0] == env.seat == info["seat"]
        np.testing.assert_array_equal(obs, game.observe(rec, env.seat)[0])
        np.testing.assert_array_equal(info["action_mask"], game.legal_action_mask(rec)[0])
        np.testing.assert_array_equal(env.action_masks(), info["action_mask"])
        obs, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if done:
            break
        assert reward == 0.0


def test_reward_is_the_learners_return():
    """At the end the reward is game.returns for the learner's seat (SM-8)."""
    for seed in range(3):
        env = SingleSeatEnv("spanish_main", num_players=3, reward="score_margin", seed=seed)
        _, reward = play(env, seed)
        rec = env.record.reshape(1)
        assert env.game.terminated(rec)[0]
        assert reward == pytest.approx(float(env.game.returns(rec)[0, env.seat]))
        assert np.flatnonzero(env.action_masks()).tolist() == [END_ACTION]  # never empty: autoreset asks once more


def test_random_seat_per_episode():
    env = SingleSeatEnv("spanish_main", num_players=4, seed=0)
    seats = {env.reset()[1]["seat"] for _ in range(40)}
    assert seats == {0, 1, 2, 3}


def test_seeded_reset_replays_the_episode():
    env = SingleSeatEnv("spanish_main", num_players=3)
    first = play(env, seed=21)
    again = play(env, seed=21)
    assert first[1] == again[1]
    assert [a for _, a in first[0]] == [a for _, a in again[0]]
    assert all(np.array_equal(x, y) for (x, _), (y, _) in zip(first[0], again[0]))


def test_constructor_seed_seeds_the_first_reset():
    a, b = (SingleSeatEnv("spanish_main", seed=3) for _ in range(2))
    np.testing.assert_array_equal(a.reset()[0], b.reset()[0])


# ----- opponents (docs/design.md: policies are callables handed to the env) --------------------
def test_opponent_policies_are_used_reproducibly():
    """A deterministic opponent policy decides the game: the same policy replays the
    same episode, another policy changes it."""

    def run(opponent):
        return play(SingleSeatEnv("spanish_main", num_players=3, seat=0, opponents=opponent), seed=4)

    first, again, other = run(first_legal), run(first_legal), run(last_legal)
    assert [a for _, a in first[0]] == [a for _, a in again[0]]
    assert all(np.array_equal(x, y) for (x, _), (y, _) in zip(first[0], again[0]))
    assert not all(np.array_equal(x, y) for (x, _), (y, _) in zip(first[0], other[0]))


def test_one_policy_per_other_seat_in_clockwise_order():
    """opponents[i] plays the seat i + 1 places after the learner, and is called with
    that seat's batched observation and mask (envs.policies protocol)."""
    env = SingleSeatEnv("spanish_main", num_players=3, seat=1)
    calls = {0: [], 1: []}

    def recorder(i):
        def policy(observations, action_masks):
            rec = env.record.reshape(1)
            seat = int(env.game.current_player(rec)[0])
            assert observations.dtype == np.float32 and observations.shape == (1, env.game.obs_size)
            assert action_masks.dtype == np.bool_ and action_masks.shape == (1, env.game.num_actions)
            np.testing.assert_array_equal(observations, env.game.observe(rec, seat))
            np.testing.assert_array_equal(action_masks, env.game.legal_action_mask(rec))
            calls[i].append(seat)
            return first_legal(observations, action_masks)

        return policy

    env.opponents = [recorder(0), recorder(1)]
    play(env, seed=7)
    assert set(calls[0]) == {2} and set(calls[1]) == {0}


def test_seedable_opponents_are_reseeded_on_reset():
    policy = UniformRandomPolicy(seed=123)
    env = SingleSeatEnv("spanish_main", num_players=4, opponents=policy)
    assert play(env, seed=2)[0][-1][1] == play(env, seed=2)[0][-1][1]


def test_opponent_returning_an_illegal_action_is_named():
    def bad(observations, action_masks):
        return (~action_masks).argmax(axis=1)

    env = SingleSeatEnv("spanish_main", num_players=2, seat=0, opponents=bad)
    with pytest.raises(ValueError, match=r"opponent policy .*bad.* \(seat 1\) returned illegal actions"):
        obs, info = env.reset(seed=0)  # raises here if the opponent moves first,
        env.step(int(np.flatnonzero(info["action_mask"])[0]))  # else here


# ----- illegal learner actions (envs.single_seat: "raise" or "penalize") ------------------
def test_illegal_action_raises_by_default_and_changes_nothing():
    env = SingleSeatEnv("spanish_main", num_players=3, seed=0)
    obs, info = env.reset()
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    before = env.record
    with pytest.raises(IllegalActionError) as err:
        env.step(illegal)
    assert f"the learner (seat {env.seat}) played {illegal}" in err.value.__notes__[0]
    assert env.game.equal(env.record, before)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # the episode goes on


def test_penalize_ends_the_episode_with_minus_one():
    env = SingleSeatEnv("spanish_main", num_players=3, seed=0, illegal_action="penalize")
    obs, info = env.reset()
    _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(~info["action_mask"])[0]))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert np.flatnonzero(info["action_mask"]).tolist() == np.flatnonzero(env.action_masks()).tolist() == [END_ACTION]
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


# ----- construction (clear errors for bad input) ------------------------------------------
@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(num_player=3), "unknown option 'num_player'; spanish_main accepts: num_players"),
        (dict(seat=3, num_players=3), "seat must be None or an integer in 0..2"),
        (dict(opponents=[first_legal], num_players=3), "a list of 2 policies"),
        (dict(opponents=[first_legal, 7], num_players=3), "a list of 2 policies"),
        (dict(illegal_action="ignore"), "illegal_action must be one of"),
        (dict(render_mode="svg"), "render_mode must be None or one of"),
    ],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        SingleSeatEnv("spanish_main", **kwargs)


def test_game_instance_takes_no_options():
    game = games.make("spanish_main", num_players=2)
    assert SingleSeatEnv(game).game is game
    with pytest.raises(ValueError, match="already built game"):
        SingleSeatEnv(game, num_players=3)
    with pytest.raises(TypeError, match="expected a games.Game or a game name"):
        SingleSeatEnv(42)


def test_render_shows_the_learners_view():
    env = SingleSeatEnv("spanish_main", num_players=3, seat=0, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text == env.game.render(env.record, viewer=0) and "yours" in text


# ----- the registered ids: made without importing envs, masks through the wrappers -------
def test_ids_are_made_without_importing_envs_first():
    """``envs:`` in the id makes Gymnasium import the package that registers it
    (Gymnasium 1.x has no plugin entry points), in a fresh interpreter."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, gymnasium\n"
        "assert 'envs' not in sys.modules\n"
        "for gid in ('SpanishMain-v0', 'Maracaibo-v0', 'MaracaiboSolo-v0'):\n"
        "    env = gymnasium.make('envs:doubloon/' + gid)\n"
        "    assert type(env.unwrapped).__name__ == 'SingleSeatEnv', env\n"
        "env = gymnasium.make('envs:doubloon/SpanishMain-v0', num_players=2)\n"
        "obs, info = env.reset(seed=0)\n"
        "assert (env.action_masks() == info['action_mask']).all()\n"
        "print('ok')\n"
    )
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=root)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr


def test_action_masks_reach_through_the_made_envs_wrappers():
    from gymnasium.wrappers import RecordEpisodeStatistics

    env = gymnasium.make("doubloon/SpanishMain-v0", num_players=3)
    obs, info = env.reset(seed=1)
    np.testing.assert_array_equal(env.action_masks(), info["action_mask"])
    np.testing.assert_array_equal(env.unwrapped.action_masks(), info["action_mask"])
    outer = RecordEpisodeStatistics(env)  # behind wrappers of one's own: get_wrapper_attr
    np.testing.assert_array_equal(outer.get_wrapper_attr("action_masks")(), info["action_mask"])
    obs, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    np.testing.assert_array_equal(env.action_masks(), info["action_mask"])


def test_check_env_passes_on_the_made_env_with_penalize():
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version")
        check_env(gymnasium.make("doubloon/SpanishMain-v0", num_players=2, illegal_action="penalize"))
    with pytest.raises(IllegalActionError):  # the default "raise" stops the checker
        check_env(gymnasium.make("doubloon/SpanishMain-v0", num_players=2).unwrapped)


@pytest.mark.parametrize("seed", [2**64, 2**63, -1, True, 1.5])
def test_seeds_outside_the_engines_range_are_refused_as_the_aec_env_does(seed):
    """Every env of the suite takes the same seeds, 0..2**63-1 (issue 34 item 9)."""
    from envs import make_env

    env = SingleSeatEnv("spanish_main", num_players=3)
    with pytest.raises(ValueError, match="seed must be None or a non-negative integer below 2\\*\\*63") as single:
        env.reset(seed=seed)
    with pytest.raises(ValueError) as aec:
        make_env("spanish_main").reset(seed=seed)
    assert str(single.value) == str(aec.value)
    with pytest.raises(ValueError, match="below 2\\*\\*63"):
        SingleSeatEnv("spanish_main", num_players=3, seed=seed)
    env.reset(seed=2**63 - 1)  # the largest seed is taken
