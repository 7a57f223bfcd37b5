"""Sampling throughput: RLlib env runners against the SB3 batched VecEnv (docs/scaling.md).

    python benchmarks/rllib_sampling.py [--game spanish_main] [--steps 4000] [--runners 1,2]
                                        [--envs-per-runner 8] [--address auto] [--json PATH]

Needs the ``scale`` extra. Every configuration plays the same thing: the learner's
masked policy network (training/rllib_modules.py, freshly initialised, sampling)
in one random seat of each game, the ``random`` bot in the others, and counts
*learner decisions per second* (what ``--timesteps`` counts) and env steps per
second (every seat's decisions). Measured:

- ``sb3 vecenv``: ``envs.vec_env.GameVecEnv`` with ``--num-envs`` games in one
  batch (the SB3 path's default 128), the policy asked once per step for all of
  them, the opponents' moves batched inside ``step`` -- what MaskablePPO's rollout
  does, minus its buffer.
- ``rllib runners=N``: an RLlib PPO algorithm with N remote env runners of
  ``--envs-per-runner`` games each (``GameMultiAgentEnv``) sampling at once
  (``EnvRunner.sample``), and once with ``--route pettingzoo`` (RLlib's
  PettingZooEnv over the AEC env) at the largest N.

Each configuration warms up (compilation, actor start) before its timing. Numbers
depend on the machine and its load: docs/scaling.md gives one run and why the
figures differ.
"""

import argparse
import json
import sys
import time
from dataclasses import replace


def sb3_vecenv(game, steps, num_envs, seed=0):
    """(learner decisions/s, env steps/s) of the batched VecEnv with the masked policy."""
    from envs.vec_env import GameVecEnv
    from training.bots import make_bot
    from training.bots.policy_bot import PolicyBot
    from training.checkpoint import build_policy
    from training.features import extractor_for
    from training.rllib_modules import policy_spec

    policy = build_policy(policy_spec(game, (256, 256), extractor_for(game.name).__name__))
    learner = PolicyBot(policy, deterministic=False, seed=seed)
    random_bot = make_bot("random", game, seed=seed)
    opponent_moves = [0]

    def opponent(observations, masks):  # the random bot, counting the decisions it makes
        opponent_moves[0] += len(masks)
        return random_bot(observations, masks)

    env = GameVecEnv(game, num_envs, [opponent], seed=seed)
    obs = env.reset()

    def run(n):
        nonlocal obs
        for _ in range(n):
            obs, *_ = env.step(learner(obs, env.action_masks()))

    run(4)  # warm-up
    rounds = max(1, steps // num_envs)
    opponent_moves[0] = 0
    started = time.perf_counter()
    run(rounds)
    seconds = time.perf_counter() - started
    return rounds * num_envs / seconds, (rounds * num_envs + opponent_moves[0]) / seconds


def rllib_runners(game, steps, runners, envs_per_runner, route="direct", address=None, seed=0):
    """(learner decisions/s, env steps/s) of N env runners sampling at once."""
    from ray.tune.registry import register_env

    from envs import rllib_env
    from training.rllib_train import LEARNER, algorithm_config, start_ray
    from training.train import TrainConfig

    start_ray(address)
    rllib_env.register()
    name = "doubloon_pettingzoo"
    register_env(name, rllib_env.pettingzoo_env)
    cfg = replace(
        TrainConfig(),
        game=game.name,
        game_options=dict(game.options),
        opponents=("random",),
        opponent_weights=(1.0,),
        num_env_runners=runners,
        envs_per_runner=envs_per_runner,
        seed=seed,
    )
    config = algorithm_config(cfg, game)
    if route == "pettingzoo":
        config = config.environment(name)
    algo = config.build_algo()
    per_runner = max(1, steps // runners)

    def sample(n):
        def one(runner):
            episodes = runner.sample(num_timesteps=n)
            env_steps = sum(ep.env_steps() for ep in episodes)
            mine = sum(
                len(ep.agent_episodes[a]) for ep in episodes for a in ep.agent_episodes if ep.module_for(a) == LEARNER
            )
            return env_steps, mine

        return algo.env_runner_group.foreach_env_runner(one, local_env_runner=False)

    try:
        sample(max(50, per_runner // 10))  # warm-up: compilation, first forward passes
        started = time.perf_counter()
        counts = sample(per_runner)
        seconds = time.perf_counter() - started
    finally:
        algo.stop()
    env_steps, mine = (sum(c[i] for c in counts) for i in (0, 1))
    return mine / seconds, env_steps / seconds


def main(argv=None):
    import games

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="spanish_main", choices=games.list())
    parser.add_argument("--steps", type=int, default=4000, help="env steps timed per configuration")
    parser.add_argument("--runners", default="1,2", help="env-runner counts to measure")
    parser.add_argument("--envs-per-runner", type=int, default=8)
    parser.add_argument("--num-envs", type=int, default=128, help="games of the SB3 VecEnv")
    parser.add_argument("--address", default=None, help="an existing Ray cluster ('auto': this machine's)")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    game = games.make(args.game)
    counts = [int(x) for x in args.runners.split(",")]
    rows = [("sb3 vecenv", *sb3_vecenv(game, args.steps, args.num_envs))]
    for n in counts:
        rows.append(
            (f"rllib runners={n}", *rllib_runners(game, args.steps, n, args.envs_per_runner, address=args.address))
        )
    rows.append(
        (
            f"rllib runners={counts[-1]} pettingzoo",
            *rllib_runners(game, args.steps, counts[-1], args.envs_per_runner, "pettingzoo", args.address),
        )
    )
    print(f"{args.game}: learner decisions/s and env steps/s (every seat), policy = masked MLP, opponents random")
    for name, mine, env_steps in rows:
        print(f"  {name:30s} {mine:10.0f} {env_steps:10.0f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "game": args.game,
                    "rows": [
                        {"config": n, "learner_decisions_per_s": round(m, 1), "env_steps_per_s": round(e, 1)}
                        for n, m, e in rows
                    ],
                },
                f,
                indent=2,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
