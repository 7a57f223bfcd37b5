"""Coordinate search of the multiplayer Maracaibo heuristic's weights against heuristic_v1.

Each candidate is the current weights with one override changed; it plays a seat-rotated
arena (``training.arena.run_arena``) against ``heuristic_v1`` on a fixed seed block away
from the published one (the arena's default seeds start at 0), so every candidate meets
the same deals (paired seeds) and the published measurement stays honest. A change is
kept when it beats the current best by ``ACCEPT`` points over two seed blocks (``search``). Every
evaluation is appended to ``LOG`` (JSON lines), so a stopped search can be read back.

    python -m training.tune_maracaibo                      # the search over WEIGHTS
    python -m training.tune_maracaibo --eval quest_extra=2.8 upgrade_extra=1

Between evaluations it waits while ``QUIET`` exists (someone is timing benchmarks).
"""

import argparse
import json
import os
import time
from datetime import datetime, timezone

import games

from .arena import run_arena
from .bots.maracaibo import MaracaiboHeuristic, MaracaiboHeuristicV1, PARAM_NAMES

# ----- settings ----------------------------------------------------------------------------
PLAYERS = 3
GAMES = 600  # per evaluation: 100 seeds x 6 seat assignments
SEED = 1000  # first search seed (stage 1: 1000..1099); the published arena starts at 0
CONFIRM_SEED = 1100  # stage 2 block (1100..1199), played only by trials that pass stage 1
STEP = 1.4  # each weight is tried times and divided by STEP
SCREEN = 2.0  # stage 1: win-rate points above the best on the SEED block to go on
ACCEPT = 3.0  # stage 2: points above the best over both blocks (1200 games) to keep it
# (the SE of a difference of two 1200-game rates is about 2.0)
LOG = "runs/tune_maracaibo.jsonl"  # JSON lines, one per evaluation
QUIET = "/work/wt/QUIET"
# the weights tried, in this order (the ones that plausibly matter with 2-4 players);
# a weight at 0 is tried at SMALL values instead of multiplied
WEIGHTS = (
    "explore_step",
    "upgrade_extra",
    "quest_extra",
    "d_value_late",
    "plan_min",
    "item_card",
    "cp_value",
    "majority",
    "good_card",
    "assistant_round",
    "combat_base_v",
    "rival_speed",
    "future",
    "mp_cost",
    "d_value",
    "quest_tile",
    "figure_value",
    "nation_growth",
    "token_value",
    "keep_buy",
    "deck_card",
    "upgrade_half",
    "synergy_token",
    "extra_sail",
    "rich",
)
SMALL = (0.5, 1.0, 2.0)


def candidates(name, value, step=STEP):
    """The values one step from ``value``: times and divided by ``step``, or SMALL from 0."""
    if value == 0.0:
        return list(SMALL)
    return [round(value * step, 4), round(value / step, 4)]


def evaluate(overrides, games_count=GAMES, seed=SEED, progress=True):
    """Win rate (%) of the multiplayer heuristic with ``overrides`` against heuristic_v1."""
    game = games.make("maracaibo", num_players=PLAYERS)
    bots = [MaracaiboHeuristic(game, params=overrides), MaracaiboHeuristicV1(game)]
    start = time.time()
    pairing = run_arena(game, bots, games_count, seed=seed, progress=progress).pairings[0]
    low, high = pairing.ci_a
    return {
        "overrides": overrides,
        "games": pairing.games,
        "seed": seed,
        "win_rate": 100 * pairing.win_rate_a,
        "ci": [100 * low, 100 * high],
        "score": pairing.score_a,
        "score_v1": pairing.score_b,
        "seconds": round(time.time() - start, 1),
    }


def logged(record, log=LOG, **extra):
    """Append one evaluation to the JSON-lines log and print it."""
    record = {"time": datetime.now(timezone.utc).isoformat(timespec="seconds"), **extra, **record}
    os.makedirs(os.path.dirname(log) or ".", exist_ok=True)
    with open(log, "a") as f:
        f.write(json.dumps(record) + "\n")
    print(json.dumps(record), flush=True)
    return record


def wait_quiet():
    while os.path.exists(QUIET):
        time.sleep(20)


def search(start, weights=WEIGHTS, games_count=GAMES, seed=SEED, confirm_seed=CONFIRM_SEED, log=LOG, step=STEP):
    """The two-stage coordinate search from the overrides ``start``; returns the best.

    A trial plays the SEED block; one SCREEN points above the best there also plays the
    CONFIRM_SEED block, and is kept when its rate over both blocks is ACCEPT points above
    the best's. The first value of a weight that is kept ends that weight's turn."""
    from .progress import progress_bar

    def run(overrides, block, **extra):
        wait_quiet()
        return logged(evaluate(overrides, games_count, block, progress=False), log, **extra)["win_rate"]

    base = dict(start)
    best1 = run(base, seed, role="start")
    best2 = run(base, confirm_seed, role="start-confirm")
    for name in progress_bar(weights, desc="weights", unit="weight", mininterval=60):
        current = base.get(name, _current_value(name))
        for value in candidates(name, current, step):
            trial = {**base, name: value}
            rate1 = run(trial, seed, role="trial", weight=name, value=value, best=best1)
            if rate1 < best1 + SCREEN:
                continue
            rate2 = run(trial, confirm_seed, role="confirm", weight=name, value=value, best=best2)
            if (rate1 + rate2) / 2 >= (best1 + best2) / 2 + ACCEPT:
                base, best1, best2 = trial, rate1, rate2
                logged({"overrides": base, "win_rate": (rate1 + rate2) / 2}, log, role="kept", weight=name, value=value)
                break
    return base


def _current_value(name):
    return float(MaracaiboHeuristic.base_params[PARAM_NAMES.index(name)])


def parse_overrides(items):
    """``name=value`` strings -> a dict of weights, each name checked."""
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or name not in PARAM_NAMES:
            raise ValueError(f"bad override {item!r}: use NAME=VALUE with NAME one of {', '.join(PARAM_NAMES)}")
        out[name] = float(value)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--eval", nargs="*", metavar="NAME=VALUE", help="evaluate these overrides once")
    p.add_argument("--start", nargs="*", default=[], metavar="NAME=VALUE", help="overrides the search starts from")
    p.add_argument("--weights", help="comma-separated weights to search (default: WEIGHTS)")
    p.add_argument("--games", type=int, default=GAMES)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--confirm-seed", type=int, default=CONFIRM_SEED)
    p.add_argument("--step", type=float, default=STEP, help="factor of each trial step")
    p.add_argument("--log", default=LOG)
    args = p.parse_args(argv)
    if args.eval is not None:
        logged(evaluate(parse_overrides(args.eval), args.games, args.seed), args.log, role="eval")
        return
    weights = tuple(args.weights.split(",")) if args.weights else WEIGHTS
    for name in weights:
        if name not in PARAM_NAMES:
            raise ValueError(f"unknown weight {name!r}; known: {', '.join(PARAM_NAMES)}")
    best = search(
        parse_overrides(args.start),
        weights,
        games_count=args.games,
        seed=args.seed,
        confirm_seed=args.confirm_seed,
        log=args.log,
        step=args.step,
    )
    print("best overrides:", json.dumps(best))


if __name__ == "__main__":
    main()
