"""Jean's ladder against compute: win rate per level against simulations per decision.

    python -m tools.search_ladder OUT.png RUN.json [RUN.json ...]

Each RUN.json is a `doubloon bench-jean --json` result (a level may be split over
several files, e.g. 50-game chunks on different seeds: they are pooled). A bot's
simulations per decision are candidates x worlds (``search:C:W:...``; the heuristic,
which simulates nothing, counts as 1). One line per level, with 95% Wilson intervals;
the pooled table is printed too.

``--same-seeds`` compares the bots of a level on the seeds all of them played (read from
each game's margin, a win being a positive margin): a larger budget run on fewer seeds
is then measured against the others on exactly its games, not against luckier ones.
"""

import argparse
import json
from collections import defaultdict

import numpy as np

from training.arena import wilson_interval
from training.bots import make_bot


def simulations(bot_name, game):
    """Rollouts per decision of a bot by name (its game's defaults filled in)."""
    if not bot_name.startswith("search"):
        return 1
    bot = make_bot(bot_name, game)
    return bot.candidates * bot.worlds


def pooled(paths):
    """{(bot, level): [wins, draws, games]} over every file."""
    tally = defaultdict(lambda: [0, 0, 0])
    for path in paths:
        with open(path) as fh:
            run = json.load(fh)
        for row in run["levels"]:
            cell = tally[run["bot"], row["level"]]
            cell[0] += row["wins"]
            cell[1] += row["draws"]
            cell[2] += row["games"]
    return tally


def margins_by_seed(paths):
    """{(bot, level): {seed: margin}} over every file (a run's margins follow its seeds)."""
    out = defaultdict(dict)
    for path in paths:
        with open(path) as fh:
            run = json.load(fh)
        for row in run["levels"]:
            if len(row.get("margins", ())) != len(run.get("seeds", ())):
                raise ValueError(f"{path}: --same-seeds needs a bench-jean --json result with seeds and margins")
            out[run["bot"], row["level"]].update(zip(run["seeds"], row["margins"]))
    return out


def on_same_seeds(paths):
    """{(bot, level): [wins, draws, games]} over the seeds every bot of that level played."""
    margins = margins_by_seed(paths)
    common = {}
    for (bot, level), by_seed in margins.items():
        seeds = set(by_seed)
        common[level] = common[level] & seeds if level in common else seeds
    tally = {}
    for (bot, level), by_seed in margins.items():
        played = [by_seed[s] for s in common[level]]
        tally[bot, level] = [sum(m > 0 for m in played), sum(m == 0 for m in played), len(played)]
    return tally


def main(argv=None):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the plot (.png)")
    parser.add_argument("runs", nargs="+", help="bench-jean --json results")
    parser.add_argument(
        "--same-seeds", action="store_true", help="compare the bots of each level only on the seeds all of them played"
    )
    args = parser.parse_args(argv)
    game = games.make("maracaibo_solo")
    tally = on_same_seeds(args.runs) if args.same_seeds else pooled(args.runs)
    by_level = defaultdict(list)
    print(f"{'bot':<22} {'sims':>5} {'level':>5} {'games':>6} {'W/D':>8}  win rate [95% CI]")
    for (bot, level), (wins, draws, n) in sorted(tally.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        sims = simulations(bot, game)
        lo, hi = wilson_interval(wins, n)
        by_level[level].append((sims, wins / n, lo, hi))
        print(f"{bot:<22} {sims:>5} {level:>5} {n:>6} {f'{wins}/{draws}':>8}  {wins / n:6.1%} [{lo:.1%}, {hi:.1%}]")
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    for level, points in sorted(by_level.items()):
        sims, rate, lo, hi = np.array(sorted(points)).T
        ax.errorbar(sims, rate, yerr=[rate - lo, hi - rate], marker="o", capsize=3, label=f"level {level}")
    ax.set_xscale("log")
    ax.set_xlabel("simulations per decision (candidates x worlds; heuristic = 1)")
    ax.set_ylabel("win rate against Jean")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(
        "maracaibo_solo: win rate against Jean by compute"
        + (" (each level on its common seeds)" if args.same_seeds else "")
    )
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"plot: {args.out}")


if __name__ == "__main__":
    main()
