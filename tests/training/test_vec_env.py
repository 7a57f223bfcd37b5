"""The batched SB3 VecEnv: API contract, opponents, auto-reset, masks, and a short MaskablePPO run."""

import numpy as np
import pytest
from stable_baselines3.common.vec_env import VecCheckNan, VecEnv, VecMonitor

from envs.vec_env import GameVecEnv
from games import IllegalActionError
from training.bots import RandomBot, make_bot


def check_vec_env(env, steps=300):
    """SB3's VecEnv contract, the way ``check_env`` checks a gym.Env's returned values."""
    assert isinstance(env, VecEnv)
    n = env.num_envs
    obs = env.reset()
    assert obs.shape == (n, *env.observation_space.shape) and obs.dtype == np.float32
    assert all(env.observation_space.contains(o) for o in obs)
    me = RandomBot(1)
    finished = 0
    for _ in range(steps):
        masks = env.env_method("action_masks")  # the way sb3-contrib asks for them
        masks = np.stack(masks)
        assert masks.shape == (n, env.action_space.n) and masks.dtype == bool and masks.any(axis=1).all()
        actions = me(obs, masks)
        assert all(env.action_space.contains(int(a)) for a in actions)
        obs, rewards, dones, infos = env.step(actions)
        assert obs.shape == (n, *env.observation_space.shape) and obs.dtype == np.float32
        assert rewards.shape == (n,) and rewards.dtype == np.float32 and np.isfinite(rewards).all()
        assert dones.shape == (n,) and dones.dtype == bool
        assert isinstance(infos, list) and len(infos) == n and all(isinstance(i, dict) for i in infos)
        for i in np.flatnonzero(dones):
            final = infos[i]["terminal_observation"]
            assert env.observation_space.contains(final)
            assert not np.array_equal(final, obs[i])  # obs[i] is the first of the next game
        assert np.all(rewards[~dones] == 0)
        finished += dones.sum()
    assert finished > 0
    return finished


@pytest.fixture
def env(spanish3):
    opponents = [RandomBot(0), make_bot("heuristic", spanish3)]
    return GameVecEnv(spanish3, 16, opponents, seed=0)


def test_vec_env_contract(env):
    check_vec_env(env)
    check_vec_env(VecMonitor(VecCheckNan(env, raise_exception=True)))
    assert env.get_attr("render_mode") == [None] * 16
    assert env.env_is_wrapped(object) == [False] * 16
    assert env.env_method("action_masks", indices=[2, 5]).shape == (2, env.action_space.n)


def test_learner_seat_is_random_and_opponents_play_the_others(env, spanish3):
    env.reset()
    seats = []
    for _ in range(200):
        # whenever the learner is asked to move, it is the player to act
        assert np.array_equal(spanish3.current_player(env.state), env.learner_seat)
        seats.append(env.learner_seat.copy())
        env.step(np.argmax(env.action_masks(), axis=1))
    counts = np.bincount(np.concatenate(seats), minlength=3)
    assert counts.min() > 0.2 * counts.sum()
    # each seat other than the learner's has an opponent policy, the learner's has -1
    assert np.all(env.seat_policy[np.arange(16), env.learner_seat] == -1)
    assert np.all((env.seat_policy >= 0).sum(axis=1) == 2)


def test_rewards_are_the_game_returns_of_the_learner(spanish3):
    env = GameVecEnv(spanish3, 8, [RandomBot(0)], seed=4, learner_seat=1)
    env.reset()
    total, episodes, wins = 0.0, 0, 0
    for _ in range(400):
        _, rewards, dones, infos = env.step(np.argmax(env.action_masks(), axis=1))
        for i in np.flatnonzero(dones):
            assert infos[i]["seat"] == 1
            assert rewards[i] == (1.0 if infos[i]["rank"] == 0 else 0.0)  # "win" reward scheme
            wins += infos[i]["is_success"]
            episodes += 1
        total += rewards.sum()
    assert episodes > 0 and total == wins


def test_reward_shaping_pays_the_margin_changes(spanish3):
    env = GameVecEnv(spanish3, 8, [RandomBot(0)], seed=2, reward_shaping=0.5)
    env.reset()
    start = env._margin.copy()  # margin when the learner first decides
    shaped = np.zeros(8)
    checked = 0
    for _ in range(300):
        _, rewards, dones, infos = env.step(np.argmax(env.action_masks(), axis=1))
        shaped += rewards
        for i in np.flatnonzero(dones):
            win = 1.0 if infos[i]["rank"] == 0 else 0.0
            assert shaped[i] - win == pytest.approx(0.5 * (infos[i]["score_margin"] - start[i]), abs=1e-4)
            shaped[i], start[i] = 0.0, env._margin[i]
            checked += 1
    assert checked > 5


def test_seeded_reset_replays_the_same_games(spanish3):
    opponent = RandomBot(0)

    def rollout():  # the same opponent object: reset reseeds it
        env = GameVecEnv(spanish3, 4, [opponent], seed=0)
        env.seed(123)
        obs = [env.reset()]
        for _ in range(30):
            obs.append(env.step(np.argmax(env.action_masks(), axis=1))[0])
        return np.stack(obs)

    assert np.array_equal(rollout(), rollout())


def test_illegal_learner_action_is_refused(env):
    env.reset()
    masks = env.action_masks()
    actions = np.argmax(masks, axis=1)
    actions[3] = np.flatnonzero(~masks[3])[0]
    with pytest.raises(IllegalActionError):
        env.step(actions)


def test_short_maskable_ppo_run_and_its_checkpoint_as_a_bot(spanish3, tmp_path):
    from training.bots import make_bot as bot_from_spec
    from training.bots.policy_bot import PolicyBot
    from training.train import TrainConfig, train

    cfg = TrainConfig(
        total_timesteps=3000,
        num_envs=16,
        n_steps=64,
        batch_size=256,
        n_epochs=1,
        net_arch=(32, 32),
        snapshot_every=1000,
        eval_every=0,
        eval_games=6,
        imitation_decisions=500,
        imitation_epochs=1,
        out=str(tmp_path / "run"),
        progress=False,
        threads=1,
    )
    model, settings = train(cfg)
    assert model.num_timesteps >= 3000
    assert (tmp_path / "run" / "model.safetensors").is_file() and (tmp_path / "run" / "settings.json").is_file()
    assert set(settings["final_eval"]["win_rate"]) == {"random", "heuristic"}
    assert settings["imitation"]["teacher"] == "heuristic" and settings["imitation"]["decisions"] == 500
    assert settings["config"]["opponents"] == ["heuristic", "self", "random"] or tuple(
        settings["config"]["opponents"]
    ) == ("heuristic", "self", "random")
    saved = tmp_path / "run" / "model.safetensors"
    bot = bot_from_spec(f"checkpoint:{saved}", spanish3)
    state = spanish3.init(np.arange(10))
    obs, masks = spanish3.observe(state, spanish3.current_player(state)), spanish3.legal_action_mask(state)
    actions = bot(obs, masks)
    assert masks[np.arange(10), actions].all()
    assert np.array_equal(bot.logits(obs), PolicyBot(model.policy).logits(obs))  # the saved policy is the trained one
    with pytest.raises(ValueError, match="was trained for"):
        import games

        bot_from_spec(f"checkpoint:{saved}", games.make("spanish_main", num_players=3, move_cards_in_hand=True))


@pytest.mark.parametrize(
    "make_actions, error, message",
    [
        (lambda a, n: np.where(np.arange(len(a)) == 2, -1, a), IllegalActionError, "row 2: action -1 is not legal"),
        (lambda a, n: np.where(np.arange(len(a)) == 5, n, a), IllegalActionError, "row 5: action {n} is not legal"),
        (
            lambda a, n: np.where(np.arange(len(a)) == 1, np.nan, a),
            TypeError,
            "actions must be integers, got dtype float64",
        ),
        (lambda a, n: a + 0.4, TypeError, "actions must be integers, got dtype float64"),
        (lambda a, n: a.astype(bool), TypeError, "actions must be integers, got dtype bool"),
        (lambda a, n: a[:, None], ValueError, "actions must have shape (16,), got (16, 1)"),
        (lambda a, n: a[:-1], ValueError, "actions must have shape (16,), got (15,)"),
    ],
)
def test_bad_learner_actions_are_refused_and_change_nothing(env, make_actions, error, message):
    env.reset()
    state = env.state.copy()
    n = env.action_space.n
    actions = make_actions(np.argmax(env.action_masks(), axis=1), n)
    with pytest.raises(error) as info:
        env.step(actions)
    assert message.format(n=n) in str(info.value)
    assert np.array_equal(env.state, state)
    # the env goes on from where it was, with good actions of any integer dtype
    env.step(np.argmax(env.action_masks(), axis=1).astype(np.int32))


def test_illegal_actions_name_every_bad_row(env):
    env.reset()
    masks = env.action_masks()
    actions = np.argmax(masks, axis=1)
    actions[[3, 7]] = [np.flatnonzero(~masks[3])[0], -1]
    with pytest.raises(IllegalActionError) as info:
        env.step(actions)
    assert info.value.rows == [3, 7] and info.value.actions[1] == -1
    assert info.value.legal[0] == np.flatnonzero(masks[3]).tolist()


def test_negative_ids_never_wrap_to_the_last_action(env):
    env.reset()
    env._masks[:, -1] = True  # even where the last action is legal, -1 is not that action
    actions = np.argmax(env.action_masks(), axis=1)
    actions[0] = -1
    state = env.state.copy()
    with pytest.raises(IllegalActionError, match="row 0: action -1 is not legal"):
        env.step(actions)
    assert np.array_equal(env.state, state)
