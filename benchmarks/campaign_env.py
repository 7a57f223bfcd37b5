"""AEC steps per second of a Maracaibo campaign (``envs.campaign.CampaignEnv``) against
the plain Maracaibo env (``envs.make_env``), measured the same way in the same run.

    .venv/bin/python benchmarks/campaign_env.py [--seconds 3] [--players 2]

Both play random legal moves (``throughput.AecPlay``); the campaign env plays
one long campaign (``reset()`` continues it), so every game it ends also reads the
story and rebuilds the game with the archive's tiles. The ratio is what a campaign
costs per step: the campaign works between games only, so its cost is that of making
the next game, spread over the game's steps.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from envs import make_env
from envs.campaign import CampaignEnv

try:
    from .throughput import AecPlay, best_rates
except ImportError:  # run as a script
    from throughput import AecPlay, best_rates


def plain_play(players):
    return AecPlay(make_env("maracaibo", num_players=players))  # a new seed per game


def campaign_play(players):
    env = CampaignEnv("maracaibo", games=10**9, num_players=players)
    env.reset(seed=0)
    started = [False]

    def reset():  # the first game is the one reset(seed=0) started
        if started[0]:
            env.reset()
        started[0] = True

    return AecPlay(env, reset=reset)


def measure(seconds, players):
    plays = {"maracaibo": plain_play(players), "maracaibo campaign": campaign_play(players)}
    best = best_rates(plays, seconds)
    return best, plays["maracaibo campaign"].env.campaign.archive


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per env, over all rounds")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    best, archive = measure(args.seconds, args.players)
    reference = best["maracaibo"]
    print(f"{'env':<20} {'steps/s':>10} {'x maracaibo':>12}")
    for name, steps in best.items():
        print(f"{name:<20} {steps:>10,.0f} {steps / reference:>12.2f}")
    print(f"campaign: {archive.games_played} games played, tiles in play: {', '.join(archive.tiles) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
