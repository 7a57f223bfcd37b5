"""``doubloon train --engine rllib`` (the ``scale`` extra): env, masking, episodes, a run.

Skipped without Ray. The run test starts a local Ray instance (``ray.init(num_cpus=2)``;
with ``RAY_ADDRESS`` set it joins that cluster instead, e.g. one from
``ray start --head``) and keeps every run as short as a few PPO iterations.
"""

import math
import os
from dataclasses import replace

import numpy as np
import pytest

ray = pytest.importorskip("ray")

import games
from envs.rllib_env import MASK_KEY, OBS_KEY, GameMultiAgentEnv, masked_space, pettingzoo_env
from envs.policies import sample_legal
from training.train_config import TrainConfig, defaults_for

# one worker runs them all (make test runs pytest-xdist with --dist loadgroup): two
# local Ray instances at once would each claim every core
pytestmark = [pytest.mark.rllib, pytest.mark.slow, pytest.mark.xdist_group("ray")]  # slow: starts Ray


def random_episode(env, seed, rng):
    """Play one episode of uniformly random legal actions; (length, last step's results)."""
    obs, _ = env.reset(seed=seed)
    steps = 0
    while True:
        ((agent, o),) = obs.items()
        assert o[MASK_KEY].dtype == np.float32 and o[OBS_KEY].dtype == np.float32
        action = int(rng.choice(np.flatnonzero(o[MASK_KEY])))
        obs, rewards, terminated, truncated, infos = env.step({agent: action})
        assert set(obs) <= set(rewards)  # RLlib's episodes refuse an observation without a reward
        steps += 1
        if terminated["__all__"]:
            return steps, obs, rewards, truncated, infos


def engine_lengths(game, seeds):
    """Decisions per game of uniformly random legal play on the batched engine itself."""
    state = game.init(np.asarray(seeds, dtype=np.int64))
    lengths = np.zeros(len(seeds), dtype=np.int64)
    rng = np.random.default_rng(0)
    while True:
        live = ~game.terminated(state)
        if not live.any():
            return lengths
        masks = game.legal_action_mask(state)
        actions = np.zeros(len(seeds), dtype=np.int64)
        actions[live] = sample_legal(rng, masks[live])
        game.step_unchecked(state, actions)  # finished rows are skipped
        lengths += live


@pytest.mark.parametrize("name", ["spanish_main", "maracaibo_solo"])
def test_env_routes_play_the_engines_game(name):
    """Both routes (direct, and RLlib's PettingZooEnv over the AEC env) play the same
    game for a seed and the same actions: the same length and rewards, and at the end
    every agent gets its last observation, its reward and the final info."""
    game = games.make(name)
    direct, pz = GameMultiAgentEnv({"game": name}), pettingzoo_env({"game": name})
    assert direct.observation_spaces["player_0"] == masked_space(game)
    for seed in (1, 2):
        a = random_episode(direct, seed, np.random.default_rng(seed))
        b = random_episode(pz, seed, np.random.default_rng(seed))
        assert a[0] == b[0] > 0
        _, obs, rewards, truncated, infos = a
        assert set(obs) == set(rewards) == set(direct.possible_agents)
        assert not truncated["__all__"]
        assert all("rank" in infos[agent] for agent in direct.possible_agents)
        assert rewards == b[2]


def test_env_refuses_an_illegal_action():
    env = GameMultiAgentEnv({"game": "spanish_main"})
    obs, _ = env.reset(seed=3)
    ((agent, o),) = obs.items()
    illegal = int(np.flatnonzero(o[MASK_KEY] == 0)[0])
    with pytest.raises(games.IllegalActionError):
        env.step({agent: illegal})
    with pytest.raises(ValueError, match="needs 'game'"):
        GameMultiAgentEnv({})


def test_masking_module_never_samples_an_illegal_action():
    """Biased logits that favour illegal moves: unmasked they are drawn, masked never."""
    import torch
    from gymnasium import spaces
    from ray.rllib.core.columns import Columns

    from training.rllib_modules import MaskedPolicyModule, policy_spec

    game = games.make("spanish_main")
    module = MaskedPolicyModule(
        observation_space=masked_space(game),
        action_space=spaces.Discrete(game.num_actions),
        model_config={"policy_spec": vars(policy_spec(game, (32,), "SymlogExtractor"))},
    )
    env, rng = GameMultiAgentEnv({"game": "spanish_main"}), np.random.default_rng(0)
    observations, masks = [], []
    for seed in range(6):  # positions from whole random games
        obs, _ = env.reset(seed=seed)
        while obs:
            ((agent, o),) = obs.items()
            if o[MASK_KEY].any():
                observations.append(o[OBS_KEY])
                masks.append(o[MASK_KEY])
                obs, _, done, _, _ = env.step({agent: int(rng.choice(np.flatnonzero(o[MASK_KEY])))})
                obs = {} if done["__all__"] else obs
            else:
                obs = {}
    mask = torch.as_tensor(np.array(masks))
    batch = {Columns.OBS: {OBS_KEY: torch.as_tensor(np.array(observations)), MASK_KEY: mask}}
    with torch.no_grad():
        module.policy.action_net.bias.copy_(torch.where(mask.sum(0) < len(mask) / 2, 30.0, 0.0))
        out = module.forward_exploration(batch)
        raw = module.policy.action_net(
            module.policy.mlp_extractor(module.policy.features_extractor(batch[Columns.OBS][OBS_KEY]))[0]
        )
    dist_cls = module.get_exploration_action_dist_cls()
    masked = dist_cls.from_logits(out[Columns.ACTION_DIST_INPUTS]).sample(sample_shape=(200,))
    unmasked = dist_cls.from_logits(raw).sample(sample_shape=(200,))
    legal = mask.bool()
    rows = torch.arange(len(mask))
    assert not all(legal[rows, a].all() for a in unmasked)  # the bias does pull towards illegal moves
    assert all(legal[rows, a].all() for a in masked), "the masked module sampled an illegal action"
    greedy = out[Columns.ACTION_DIST_INPUTS].argmax(-1)
    assert legal[rows, greedy].all()
    assert len(mask) * 200 > 10_000


def test_sampled_episodes_have_the_engines_length_distribution():
    """RLlib's env runner, every seat the random bot, against random games of the engine:
    each episode ends terminated with one agent step per env step (the wrapper loses no
    step), and the lengths have the same distribution (two-sample KS test, fixed seeds)."""
    from ray.rllib.env.multi_agent_env_runner import MultiAgentEnvRunner
    from scipy.stats import ks_2samp

    from envs.rllib_env import register
    from training.rllib_train import algorithm_config

    game = games.make("spanish_main")
    register()
    cfg = replace(
        TrainConfig(**defaults_for(game)),
        opponents=("random",),
        opponent_weights=(1.0,),
        num_env_runners=0,
        envs_per_runner=4,
        seed=5,
    )
    config = algorithm_config(cfg, game).multi_agent(policy_mapping_fn=lambda agent, episode, **kw: "bot_random")
    runner = MultiAgentEnvRunner(config=config)
    episodes = [ep for ep in runner.sample(num_episodes=160) if ep.is_done]
    runner.stop()
    assert len(episodes) >= 160
    assert all(ep.is_terminated and not ep.is_truncated for ep in episodes)
    assert all(sum(len(a) for a in ep.agent_episodes.values()) == ep.env_steps() for ep in episodes)
    rllib = np.array([ep.env_steps() for ep in episodes])
    engine = engine_lengths(game, np.arange(1000, 1400))
    assert ks_2samp(rllib, engine).pvalue > 0.01, (rllib.mean(), engine.mean())


@pytest.fixture(scope="module")
def local_ray():
    from training.rllib_train import start_ray

    start_ray(os.environ.get("RAY_ADDRESS"), num_cpus=2)  # a private instance unless RAY_ADDRESS names one
    yield
    ray.shutdown()


@pytest.mark.parametrize("name", ["spanish_main", "maracaibo_solo"])
def test_a_short_run_on_two_env_runners_exports_a_playable_checkpoint(name, local_ray, tmp_path):
    from training.arena import run_arena
    from training.bots import make_bot
    from training.rllib_train import train_rllib

    game = games.make(name)
    cfg = replace(
        TrainConfig(**defaults_for(game)),
        game=name,
        game_options=dict(game.options),
        engine="rllib",
        total_timesteps=200,
        num_envs=4,
        n_steps=32,
        batch_size=64,
        n_epochs=1,
        num_env_runners=2,
        envs_per_runner=2,
        pool_size=2,
        snapshot_every=100,
        eval_games=2,
        out=str(tmp_path),
        progress=False,
    )
    _, settings = train_rllib(cfg)
    assert settings["timesteps"] >= 200 and settings["engine"] == "rllib"
    # settings.json says what the run did: RLlib runs have no warm start and no shaping (issue 35.5)
    assert (settings["config"]["imitate"], settings["config"]["reward_shaping"]) == ("", 0.0)
    last = settings["iterations"][-1]
    for key in ("policy_loss", "vf_loss", "entropy"):
        assert last[key] is not None and math.isfinite(last[key]), (key, last)
    bot = make_bot(f"checkpoint:{tmp_path}/model.safetensors", game)
    others = [make_bot("random", game)] if game.num_players > 1 else []
    result = run_arena(game, [bot, *others], games_per_pairing=game.num_players)
    assert result is not None


def test_train_flags_of_the_rllib_engine(capsys):
    from training.cli import build_parser

    parser = build_parser()
    args = parser.parse_args(
        [
            "train",
            "spanish_main",
            "--engine",
            "rllib",
            "--address",
            "auto",
            "--num-env-runners",
            "3",
            "--envs-per-runner",
            "4",
        ]
    )
    assert (args.engine, args.address, args.num_env_runners, args.envs_per_runner) == ("rllib", "auto", 3, 4)
    assert parser.parse_args(["train", "spanish_main"]).engine == "sb3"  # the default stays SB3
    with pytest.raises(SystemExit):
        parser.parse_args(["train", "spanish_main", "--engine", "tf"])
    assert "the engine is one of sb3, rllib, got 'tf'" in capsys.readouterr().err


def test_seat_draw_gives_the_learner_one_seat_and_agrees_across_calls():
    from training.rllib_train import LEARNER, SeatDraw

    draw = SeatDraw(3, [("bot_heuristic", 0.6), ("self_0", 0.3), ("bot_random", 0.1)], seed=1)
    seen = set()
    for episode in range(300):
        seats = draw.seats(f"episode-{episode}")
        assert seats.count(LEARNER) == 1 and seats == draw.seats(f"episode-{episode}")
        seen.update(seats)
    assert seen == {LEARNER, "bot_heuristic", "self_0", "bot_random"}
    assert SeatDraw(1, [], seed=0).seats("solo") == [LEARNER]


def test_joining_a_cluster_that_refuses_says_how_to_authenticate(monkeypatch):
    """A `ray start` cluster of Ray >= 2.52 authenticates by token; without
    RAY_AUTH_MODE=token the connection fails, and the error says what to set."""
    from training import rllib_train

    def refused(*args, **kwargs):
        raise ConnectionError("Failed to connect to Ray cluster at 10.0.0.1:6379")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refused)
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    with pytest.raises(ConnectionError, match="RAY_AUTH_MODE=token") as err:
        rllib_train.start_ray("10.0.0.1:6379")
    assert "10.0.0.1:6379" in str(err.value)  # Ray's own message is kept
    monkeypatch.setenv("RAY_AUTH_MODE", "token")
    with pytest.raises(ConnectionError) as err:  # already set: Ray's error as it is
        rllib_train.start_ray("10.0.0.1:6379")
    assert "RAY_AUTH_MODE" not in str(err.value)
