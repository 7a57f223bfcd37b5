"""AEC env steps per second of every game against PettingZoo's connect_four_v3,
measured the same way in the same run (the ``aec env`` rows of throughput.py alone).

    .venv/bin/python benchmarks/aec_step.py [--game spanish_main] [--seconds 3]

Each env is the one users get, ``envs.make_env(name)`` (the classic behaviour: order
enforced, an illegal move ends the game with -1, out-of-space ids asserted), driven as
the reference is: ``agent_iter``, ``last()``, a mask-sampled action (``AecPlay``). A
step is one action of a live agent. The envs take turns for 5 rounds and keep their
best, as in throughput.py. Target: throughput.py's ``TARGETS`` for "aec env" (issue 40:
every game >= 5x).
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games
from envs import make_env

try:
    from .throughput import TARGETS, AecPlay, best_rates, connect_four_env
except ImportError:  # run as a script
    from throughput import TARGETS, AecPlay, best_rates, connect_four_env

REFERENCE = "connect_four_v3"


def measure(game_names, seconds):
    """``{name: steps/s}``, the reference under "connect_four_v3", best of ``ROUNDS``
    interleaved rounds."""
    plays = {REFERENCE: AecPlay(connect_four_env())}
    plays.update((name, AecPlay(make_env(name))) for name in game_names)
    return best_rates(plays, seconds)


def report(best):
    """The table: steps/s, the ratio to the reference, the target and whether it is met."""
    reference = best[REFERENCE]
    lines = [f"{'env':<20} {'steps/s':>10} {'x ' + REFERENCE:>18} {'target':>8}  met"]
    for name, steps in best.items():
        ratio, target = steps / reference, TARGETS.get(name, {}).get("aec env")
        shown = "" if target is None else f"{target:>7g}x  {'yes' if ratio >= target else 'NO'}"
        lines.append(f"{name:<20} {steps:>10,.0f} {ratio:>18.2f} {shown}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", choices=games.list(), help="game to measure (repeatable; default: every game)"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per env (default 3)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    print(report(measure(args.game or games.list(), args.seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
