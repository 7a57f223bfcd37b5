"""VecEnv steps/s with rows on different Maracaibo boards (``GameVecEnv(variants=...)``,
MA-26.4) against the same tile sets each in its own one-board VecEnv, in the same run:

    .venv/bin/python benchmarks/vec_env_boards.py [--players 2] [--num-envs 128] [--seconds 10]

A step is one learner step of the VecEnv (``num_envs`` games; random legal learner and
random opponents). ``mixed``: one env whose rows draw their board per game from the
tile sets; ``one board each``: an env per tile set, given equal time, their rates
averaged (so both sides play the same boards: the ratio is the cost of mixing, not of
the tiles' rules). The contenders take turns (throughput.py ``best_rates``) and keep
their best round. A report, not a test: the numbers depend on the machine and its load.
"""

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games
from envs.vec_env import GameVecEnv
from training.bots import RandomBot

try:
    from .throughput import best_rates
except ImportError:  # run as a script
    from throughput import best_rates

TILE_SETS = [(), ("L2", "L6"), ("L10", "L25"), ("L1", "L4", "L9", "L20")]  # (): the board without tiles


class VecPlay:
    """Random legal learner steps through a GameVecEnv, ``iterations`` per call."""

    def __init__(self, env, seed=0):
        self.env, self.me = env, RandomBot(seed)
        self.obs = env.reset()

    def __call__(self, iterations=8):
        for _ in range(iterations):
            self.obs = self.env.step(self.me(self.obs, self.env.action_masks()))[0]
        return iterations * self.env.num_envs


def measure(num_players, num_envs, seconds, tile_sets=TILE_SETS, seed=0):
    """``(mixed steps/s, one-board-each steps/s)``."""
    boards = [games.make("maracaibo", num_players=num_players, threads=1, legacy_tiles=t) for t in tile_sets]

    def env(variants):
        return GameVecEnv(None, num_envs, [RandomBot(seed + 1)], seed=seed, variants=variants)

    plays = {"mixed": VecPlay(env(boards), seed)}
    plays.update({f"board {i}": VecPlay(env([b]), seed) for i, b in enumerate(boards)})
    rates = best_rates(plays, seconds)
    return rates["mixed"], float(np.mean([rates[f"board {i}"] for i in range(len(boards))]))


def report(num_players, num_envs, seconds):
    mixed, each = measure(num_players, num_envs, seconds)
    return (
        f"maracaibo {num_players} players, {num_envs} games, tile sets "
        f"{', '.join(','.join(t) or 'none' for t in TILE_SETS)} (MA-26.4)\n"
        f"mixed (variants)    {mixed:10,.0f} steps/s\n"
        f"one board each      {each:10,.0f} steps/s\n"
        f"mixed / one board   {mixed / each:10.2f}x"
    )


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--num-envs", type=int, default=128)
    p.add_argument("--seconds", type=float, default=10.0, help="seconds per contender (default 10)")
    args = p.parse_args(argv)
    print(report(args.players, args.num_envs, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
