"""Where the ``search`` bot's time goes, and what a heuristic rollout step costs:

    .venv/bin/python benchmarks/search_cost.py [--game maracaibo_solo] [--players N] [--bot search]
                                               [--games 8] [--decisions 20] [--batches 64,512,2048]

Part 1 plays ``--games`` games of each ``--bot`` (comma-separated; ratios against the
first) against the rules' opponents (the heuristic in the other seats) for
``--decisions`` batched decisions and prints the bot's own split of its time
(``SearchBot.spent``): ``root`` (observe, the heuristic's move and scores),
``resample`` (``resample_hidden`` and the rollout copies), ``advance`` (engine step,
mask and observation of every rollout), ``rollout_policy`` (the rollout bot moving every
seat), ``value`` (the margin at the cut), with decisions per second.

Part 2 is the rollout loop alone at each batch size: heuristic play from fresh deals,
each step split into ``step``, ``mask``, ``observe`` and ``heuristic``, printed as row
steps per second and shares; the heuristic's ``observe`` share is what a rollout path
without full observations could save. A report, not a test: numbers depend on the
machine and its load (the first call of each kernel compiles: part 2 warms up first).
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games
from training.bots import make_bot, make_bots
from training.bots.search import PARTS
from training.simulate import play_games

GAME_OPTIONS = {
    "maracaibo_solo": {"level": 1},
    "maracaibo": {"num_players": 2},
    "spanish_main": {"num_players": 3},
    "el_caballero": {"num_players": 2},
    "pirates_of_nassau": {"num_players": 3},
}


class Stop(Exception):
    pass


def search_split(game, spec, n_games, decisions):
    """The search bot's ``spent`` after ``decisions`` batched calls over ``n_games`` games."""
    bots = make_bots(f"{spec},heuristic", game)
    search = bots[0]
    plan, calls = search.plan, [0]

    def counted(*args):
        if calls[0] == decisions:
            raise Stop
        calls[0] += 1
        return plan(*args)

    search.plan = counted
    seat_bots = np.ones((n_games, game.num_players), dtype=np.int64)
    seat_bots[:, 0] = 0
    try:
        play_games(game, bots, seat_bots, np.arange(n_games))
    except Stop:
        pass
    return search


def rollout_split(game, batch, steps):
    """Seconds per part over ``steps`` batched heuristic steps of ``batch`` games."""
    bot = make_bot("heuristic", game)
    state = game.init(np.arange(batch))
    spent = dict.fromkeys(("step", "mask", "observe", "heuristic"), 0.0)
    rows = 0
    clock = time.perf_counter
    for _ in range(steps):
        live = np.flatnonzero(~game.terminated(state))
        if live.size == 0:
            break
        sub = state[live]
        t0 = clock()
        masks = game.legal_action_mask(sub)
        t1 = clock()
        obs = game.observe(sub, game.current_player(sub))
        t2 = clock()
        actions = np.zeros(batch, dtype=np.int64)
        actions[live] = bot(obs, masks)
        t3 = clock()
        game.step_unchecked(state, actions)
        t4 = clock()
        for part, dt in zip(("mask", "observe", "heuristic", "step"), (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
            spent[part] += dt
        rows += live.size
    return spent, rows


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="maracaibo_solo", choices=sorted(GAME_OPTIONS))
    p.add_argument(
        "--bot", default="search", help="search bot specs, comma-separated: each on the same games (default: search)"
    )
    p.add_argument("--players", type=int, help="seats (default: the table above; not maracaibo_solo)")
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--decisions", type=int, default=20)
    p.add_argument("--batches", default="64,512,2048")
    p.add_argument("--steps", type=int, default=60, help="rollout steps per batch size")
    args = p.parse_args(argv)
    options = dict(GAME_OPTIONS[args.game])
    if args.players is not None:
        if args.game == "maracaibo_solo":
            p.error("--players: maracaibo_solo has one seat")
        options["num_players"] = args.players
    game = games.make(args.game, **options)

    rollout_split(game, 8, 4)  # compile
    print(f"{args.game}: heuristic rollout steps (row steps/s, share per part)")
    for batch in (int(b) for b in args.batches.split(",")):
        spent, rows = rollout_split(game, batch, args.steps)
        total = sum(spent.values())
        shares = "  ".join(f"{k} {v / total:5.1%}" for k, v in spent.items())
        print(f"  batch {batch:5d}: {rows / total:9.0f} row steps/s   {shares}")

    first = None
    for spec in args.bot.split(","):
        search = search_split(game, spec, args.games, 2)  # compile
        search = search_split(game, spec, args.games, args.decisions)
        total = sum(search.spent.values())
        first = first or search.decisions_per_second
        print(
            f"{search.name} ({search.candidates} candidates x {search.worlds} worlds, horizon "
            f"{'end' if search.horizon is None else search.horizon}): {search.decisions} decisions in "
            f"{search.seconds:.1f} s = {search.decisions_per_second:.1f} decisions/s over {args.games} games "
            f"({search.decisions_per_second / first:.2f}x the first)"
        )
        for part in PARTS:
            print(f"  {part:15s} {search.spent[part]:7.2f} s  {search.spent[part] / total:5.1%}")


if __name__ == "__main__":
    main()
