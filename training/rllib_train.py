"""``doubloon train GAME --engine rllib``: PPO on Ray RLlib, masked, in self-play; over 400
lines as the opponent pool, the algorithm config, Ray's start-up and the export are one setup.

Needs the ``scale`` extra (``pip install -e '.[scale]'``); docs/scaling.md runs it on
one machine, then on a cluster. Read top to bottom: the modules, the seat draw
(``policy_mapping_fn``), the self-play pool, the run, and what is saved -- the same
files as the SB3 path (training/train.py), so ``checkpoint:OUT/model.safetensors``
plays the result in arena, play and bench-jean:

    OUT/model.safetensors  the learner's policy (training/checkpoint.py format)
    OUT/settings.json      every setting of the run, the final evaluation, versions

Every seat of the env (envs/rllib_env.py) is an agent; ``SeatDraw`` maps them, per
episode, to modules: one random seat to ``learner`` (the only module trained),
each other seat to an opponent drawn with the run's weights from the bots
(``bot_heuristic``, ``bot_random``: never trained) and ``self`` -- a pool of
``pool_size`` frozen copies of the learner (``self_0``...), all set to the learner
at the start and refreshed one at a time (the oldest) every ``snapshot_every``
learner steps, as the SB3 path's snapshot pool.

Settings are TrainConfig's (training/train.py): PPO's by the same names (a rollout
of ``num_envs * n_steps`` env steps, minibatches of ``batch_size``, ``epochs``...),
``timesteps`` counts the learner's decisions, as on the SB3 path. Not used here:
the warm start (``--imitate``; RLlib has no behaviour-cloning hook in this run),
the periodic evaluation (one evaluation at the end) and ``reward_shaping`` (the
env pays the game's returns at the end only).
"""

import itertools
import json
import os
import time
import zlib
from dataclasses import asdict
from pathlib import Path

import numpy as np

import games
from games.core.files import write_atomically

from .train_config import check_opponents, for_engine, reproduce_command

LEARNER = "learner"


def self_pool(cfg, game):
    """Module ids of the frozen copies (none without ``self`` among the opponents, nor
    in a one-seat game)."""
    return [f"self_{i}" for i in range(cfg.pool_size)] if "self" in cfg.opponents and game.num_players > 1 else []


class SeatDraw:
    """``policy_mapping_fn``: agent ``player_k`` of an episode -> a module id.

    The draw depends only on the episode's id and the run's seed (a crc32, not
    Python's salted ``hash``), so every env runner agrees for the episode's agents.
    ``opponents``: [(module id, weight)] for the non-learner seats.
    """

    def __init__(self, num_players, opponents, seed):
        self.num_players, self.seed = num_players, int(seed)
        self.modules = [m for m, _ in opponents]
        w = np.asarray([w for _, w in opponents], dtype=np.float64)
        self.weights = w / w.sum() if w.size else w

    def seats(self, episode_id):
        """The module of every seat of one episode."""
        rng = np.random.default_rng([self.seed, zlib.crc32(str(episode_id).encode())])
        learner = int(rng.integers(self.num_players))
        drawn = rng.choice(len(self.modules), size=self.num_players, p=self.weights) if self.modules else []
        return [LEARNER if p == learner else self.modules[drawn[p]] for p in range(self.num_players)]

    def __call__(self, agent_id, episode, **kwargs):
        return self.seats(episode.id_)[int(str(agent_id).rsplit("_", 1)[1])]


def opponent_modules(cfg, game):
    """[(module id, weight)] of the opponent seats: bots as ``bot_NAME``, ``self`` split over the pool."""
    if game.num_players == 1:
        return []
    pool = self_pool(cfg, game)
    out = []
    for name, weight in zip(cfg.opponents, cfg.opponent_weights):
        if name == "self":
            out += [(m, weight / len(pool)) for m in pool]
        else:
            out.append((f"bot_{name}", weight))
    return out


def module_specs(cfg, game):
    """The MultiRLModuleSpec: the learner, its frozen copies, the bots."""
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from envs.rllib_env import masked_space

    from .features import extractor_for
    from .rllib_modules import BotModule, MaskedPolicyModule, policy_spec

    from gymnasium import spaces

    obs_space, act_space = masked_space(game), spaces.Discrete(game.num_actions)
    spec = asdict(policy_spec(game, cfg.net_arch, extractor_for(game.name).__name__))
    policy = {
        "module_class": MaskedPolicyModule,
        "observation_space": obs_space,
        "action_space": act_space,
        "model_config": {"policy_spec": spec},
        "catalog_class": None,
    }
    specs = {LEARNER: RLModuleSpec(**policy)}
    specs.update({m: RLModuleSpec(**policy) for m in self_pool(cfg, game)})
    for i, name in enumerate(n for n in cfg.opponents if n != "self" and game.num_players > 1):
        specs[f"bot_{name}"] = RLModuleSpec(
            module_class=BotModule,
            observation_space=obs_space,
            action_space=act_space,
            catalog_class=None,
            model_config={"bot": name, "game": game.name, "options": dict(game.options), "seed": cfg.seed + i},
        )
    return MultiRLModuleSpec(rl_module_specs=specs)


def _copy_learner(targets):
    """An env-runner function: the learner's weights into the frozen copies ``targets``."""

    def copy(runner):
        state = runner.module[LEARNER].get_state()
        for target in targets:
            runner.module[target].set_state(state)

    return copy


def _callbacks(cfg, game):
    from ray.rllib.callbacks.callbacks import RLlibCallback

    pool = self_pool(cfg, game)

    class SelfPlay(RLlibCallback):
        """The frozen pool (all slots at the start, then the oldest every snapshot_every
        learner steps) and the learner's win rate in the sampled games."""

        def __init__(self):
            super().__init__()
            self.next_at, self.slot = cfg.snapshot_every, 0

        def on_algorithm_init(self, *, algorithm, **kwargs):
            if pool:
                algorithm.env_runner_group.foreach_env_runner(_copy_learner(pool))

        def on_episode_end(self, *, episode, metrics_logger=None, **kwargs):
            for agent, info in episode.get_infos(-1).items():
                if episode.module_for(agent) == LEARNER and "rank" in info:
                    metrics_logger.log_value("learner_win_rate", float(info["rank"] == 0), window=500)

        def on_train_result(self, *, algorithm, result, **kwargs):
            steps = learner_steps(result)
            if pool and steps >= self.next_at:
                self.next_at = steps + cfg.snapshot_every
                algorithm.env_runner_group.foreach_env_runner(_copy_learner([pool[self.slot]]))
                self.slot = (self.slot + 1) % len(pool)

    return SelfPlay


def learner_steps(result):
    """The learner module's sampled decisions so far, from an ``Algorithm.train()`` result."""
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_MODULE_STEPS_SAMPLED_LIFETIME

    return int(result.get(ENV_RUNNER_RESULTS, {}).get(NUM_MODULE_STEPS_SAMPLED_LIFETIME, {}).get(LEARNER, 0))


def algorithm_config(cfg, game):
    """The PPOConfig of a run (the env registered as ``envs.rllib_env.ENV_NAME``)."""
    from ray.rllib.algorithms.ppo import PPOConfig

    from envs.rllib_env import ENV_NAME

    opponents = opponent_modules(cfg, game)
    rollout = cfg.num_envs * cfg.n_steps
    return (
        PPOConfig()
        # RLlib's env check steps an unmasked random action, which the env refuses (illegal)
        .environment(ENV_NAME, env_config={"game": game.name, "options": dict(game.options)}, disable_env_checking=True)
        .framework("torch")
        .env_runners(
            num_env_runners=cfg.num_env_runners,
            num_envs_per_env_runner=cfg.envs_per_runner,
            rollout_fragment_length="auto",
            num_cpus_per_env_runner=1,
            # a runner's first sample compiles the game and its bots (numba): on a busy
            # machine past RLlib's 60 s, which would return an iteration without samples
            sample_timeout_s=3600,
        )
        # an env runner's error (an illegal action, a broken env) stops the run: restarted,
        # the runner would fail again, each iteration without samples, and the run would never end
        .fault_tolerance(restart_failed_env_runners=False)
        .learners(num_learners=0)
        .multi_agent(
            policies=set(module_specs(cfg, game).rl_module_specs),
            policy_mapping_fn=SeatDraw(game.num_players, opponents, cfg.seed),
            policies_to_train=[LEARNER],
        )
        .rl_module(rl_module_spec=module_specs(cfg, game))
        .training(
            train_batch_size_per_learner=rollout,
            minibatch_size=min(cfg.batch_size, rollout),
            num_epochs=cfg.n_epochs,
            lr=cfg.learning_rate,
            gamma=cfg.gamma,
            lambda_=cfg.gae_lambda,
            clip_param=cfg.clip_range,
            entropy_coeff=cfg.ent_coef,
            vf_loss_coeff=cfg.vf_coef,
        )
        .callbacks(_callbacks(cfg, game))
        .debugging(seed=cfg.seed, log_level="ERROR")
    )


def worker_env():
    """The environment variables of every Ray worker: the project on ``PYTHONPATH`` (a
    checkout that is not pip-installed imports as in the driver) and the driver's numba
    cache folder, so env runners load the kernels ``warm_kernels`` compiled here
    instead of compiling them again, each on its own core (minutes per game)."""
    from numba.core import config

    # ``import games`` set the kernel folder to <base>/<engine sources' hash>
    # (games/numba_cache.py); a worker given <base> computes the same folder
    cache_base = os.path.dirname(config.CACHE_DIR)
    root = str(Path(games.__file__).resolve().parent.parent)
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path, "NUMBA_CACHE_DIR": cache_base}


def start_ray(address=None, num_cpus=None):
    """Join the cluster at ``address`` (``ray start --head`` printed it; "auto": the
    one on this machine), or start a private one on this machine: ``address="local"``,
    so a stale ``/tmp/ray/ray_current_cluster`` left by a ``ray start`` that is gone
    is not mistaken for a running cluster, and workers at the driver's priority (Ray
    renices them to 15, which on a machine busy with other work starved the env
    runners for minutes while they compiled)."""
    import ray

    if ray.is_initialized():
        return
    runtime_env = {"env_vars": worker_env()}
    if address:
        try:
            ray.init(address=address, runtime_env=runtime_env, log_to_driver=False)
        except ConnectionError as err:
            if os.environ.get("RAY_AUTH_MODE", "").lower() == "token":
                raise
            # Ray >= 2.52: `ray start` clusters authenticate by token, its clients do not unless told
            raise ConnectionError(
                f"{err}. If the cluster was started by `ray start`, it expects an "
                f"authentication token: run with RAY_AUTH_MODE=token and the head's "
                f"~/.ray/auth_token on this machine (docs/scaling.md, 'A cluster')"
            ) from err
    else:
        ray.init(
            address="local",
            num_cpus=num_cpus,
            runtime_env=runtime_env,
            include_dashboard=False,
            log_to_driver=False,
            _system_config={"worker_niceness": 0},
        )


def warm_kernels(cfg, game):
    """Compile, in the driver, the numba kernels the env runners run -- the env's
    per-record loops, the opponent bots and the learner's features extractor -- by
    playing one game with them, so every runner (same cache folder, ``worker_env``)
    loads them from the cache instead of compiling them on its own core."""
    import torch

    from envs.rllib_env import MASK_KEY, OBS_KEY, GameMultiAgentEnv

    from .bots import make_bot
    from .checkpoint import build_policy
    from .features import extractor_for
    from .rllib_modules import policy_spec

    names = [n for n in dict.fromkeys(cfg.opponents) if n != "self"] if game.num_players > 1 else []
    bots = [make_bot(name, game, seed=cfg.seed) for name in names] or [make_bot("random", game)]
    features = build_policy(policy_spec(game, cfg.net_arch, extractor_for(game.name).__name__)).features_extractor
    env = GameMultiAgentEnv({"game": game})
    obs, _ = env.reset(seed=cfg.seed)
    with torch.no_grad():
        features(torch.as_tensor(next(iter(obs.values()))[OBS_KEY][None]))
    for turn in itertools.count():
        ((agent, o),) = obs.items()
        action = bots[turn % len(bots)](o[OBS_KEY][None], o[MASK_KEY][None] > 0.5)
        obs, _, done, _, _ = env.step({agent: int(action[0])})
        if done["__all__"]:
            return


def export_policy(algo, game, path, info=None):
    """The learner's weights as a doubloon checkpoint (training/checkpoint.py)."""
    from .checkpoint import save_checkpoint

    module = algo.get_module(LEARNER)
    return save_checkpoint(module.policy, path, game, info=info)


def train_rllib(cfg):
    """Train ``cfg.game`` with RLlib PPO; returns (the exported policy, settings)."""
    import torch

    from envs.rllib_env import register

    from .arena import evaluate_policy_bot
    from .bots import make_bot
    from .bots.policy_bot import PolicyBot, load_policy

    cfg = for_engine(cfg)  # settings.json records what the run does: no warm start, no shaping
    torch.set_num_threads(cfg.threads)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    game = games.make(cfg.game, **cfg.game_options)
    check_opponents(cfg, game)
    warm_kernels(cfg, game)
    start_ray(cfg.address)
    register()
    algo = algorithm_config(cfg, game).build_algo()
    history, bar = [], _progress(cfg)
    try:
        steps = 0
        while steps < cfg.total_timesteps:
            result = algo.train()
            steps = learner_steps(result)
            history.append(_summary(result, steps))
            if bar is not None:
                bar.update(min(steps, cfg.total_timesteps) - bar.n)
                bar.set_postfix(win=history[-1]["learner_win_rate"], refresh=False)
        path = out / "model.safetensors"
        export_policy(algo, game, path, info={"engine": "rllib", "timesteps": steps, "config": asdict(cfg)})
    finally:
        if bar is not None:
            bar.close()
        algo.stop()

    # the final evaluation: the exported file, loaded as ``checkpoint:PATH`` loads it
    learner = PolicyBot(load_policy(path, game), name="learner", deterministic=True)
    eval_bots = [make_bot(name, game, seed=cfg.seed) for name in cfg.eval_bots]
    rates = evaluate_policy_bot(game, learner, eval_bots, cfg.eval_games, cfg.seed + 10_000)
    settings = {
        "engine": "rllib",
        "config": asdict(cfg),
        "timesteps": steps,
        "wall_seconds": round(time.time() - started, 1),
        "final_eval": {"timesteps": steps, "win_rate": rates},
        "iterations": history,
        "versions": versions(),
        "reproduce": reproduce_command(cfg),
    }
    write_atomically(out / "settings.json", json.dumps(settings, indent=2))
    return learner.policy, settings


def _summary(result, steps):
    """The numbers of one iteration kept in settings.json (floats rounded, None when absent)."""
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, LEARNER_RESULTS

    runners, learner = result.get(ENV_RUNNER_RESULTS, {}), result.get(LEARNER_RESULTS, {}).get(LEARNER, {})

    def num(value):
        return None if value is None else round(float(value), 4)

    return {
        "learner_steps": steps,
        "env_steps": int(runners.get("num_env_steps_sampled_lifetime", 0)),
        "learner_win_rate": num(runners.get("learner_win_rate")),
        "episode_len_mean": num(runners.get("episode_len_mean")),
        "policy_loss": num(learner.get("policy_loss")),
        "vf_loss": num(learner.get("vf_loss")),
        "entropy": num(learner.get("entropy")),
    }


def _progress(cfg):
    if not cfg.progress:
        return None
    from .progress import progress_bar

    return progress_bar(total=cfg.total_timesteps, desc="train (rllib)", unit="step")


def versions():
    import platform

    import ray
    import torch

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "torch": torch.__version__,
        "ray": ray.__version__,
    }
