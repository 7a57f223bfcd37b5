"""Steps per second of random legal play, engine and envs, against PettingZoo's
connect_four_v3 measured the same way in the same run.

    .venv/bin/python benchmarks/throughput.py [--game spanish_main] [--seconds 3] [--threads N]
                                              [--json PATH | --results-dir DIR]

Measured per game (its default options):

- ``batch B`` for B = 1, 64, 1024, on one thread: one uniformly random legal action per
  row -> ``advance`` (the step, then the legal mask and the observation of each row's
  player to act, in one pass, into buffers kept from step to step as a batched consumer
  keeps them); finished rows restart with fresh seeds, their first mask and observation.
  A step is one action in one game.
- ``batch B on N threads`` for B = 1 and 1024: the same with the game's batches
  split over N threads (``--threads``, default every thread: ``NUMBA_NUM_THREADS``,
  the number of cores unless set), and the column ``x 1 thread`` its rate over the
  same B on one thread. The random actions are drawn by ``envs.policies.pick_legal``,
  compiled and split over the same threads, so the policy (in training, the
  learner's network) does not bound how far the engine scales.
- ``aec env``: the wrapped PettingZoo env (``envs.make_env``), ``agent_iter`` with
  ``last()`` and a mask-sampled action, exactly as the reference is driven. A step
  is one action of a live agent.

Targets (``TARGETS``): Spanish Main batch B=1024 >= 100x the reference; Maracaibo
batch B=1024 >= 10x; Pirates of Nassau batch B=1024 >= 30x; El Caballero >= 15x; every
game's aec env >= 5x (issue 40; benchmarks/aec_step.py measures those rows alone). Against one thread
(``THREAD_TARGETS``,
every game): B=1024 on 2 threads >= 1.8x, and B=1 on any count no slower (>= 0.95x,
the margin of the measurement: a batch that small runs on the calling thread). Kernels compile
(or load from numba's cache) in a warm-up before any timing. The configurations
take turns for 5 rounds of ``seconds / 5`` each and keep their best round, so that
load from other processes on a shared machine skews no ratio. Results go to JSON as
well as the table: one file per game, ``benchmarks/results/<game>.json`` (its rows
and the reference's, so measuring one game never overwrites another's), or, with
``--json PATH``, every row in that one file. With threads, the machine's own ceiling is
printed under the table (benchmarks/machine.py: how compute- and memory-bound loops
scale over the same threads), since no batch scales past it.
"""

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games
from envs import make_env
from envs.policies import pick_legal
from games.core.parallel import check_threads, run_rows, threads_for

try:
    from . import machine
except ImportError:  # run as a script
    import machine

BATCH_SIZES = (1, 64, 1024)
THREADED_BATCH_SIZES = (1, 1024)
ROUNDS = 5
# minimum ratio to the reference, per game and configuration (from the issues)
TARGETS = {
    "spanish_main": {"batch 1024": 100.0, "aec env": 5.0},
    "maracaibo": {"batch 1024": 10.0, "aec env": 5.0},
    "maracaibo_solo": {"aec env": 5.0},
    "pirates_of_nassau": {"batch 1024": 30.0, "aec env": 5.0},
    "el_caballero": {"batch 1024": 15.0, "aec env": 5.0},
}
# minimum ratio to the same batch on one thread, every game: (batch size, threads) -> ratio;
# threads None: any count (issue 12, on its 2-core machine)
THREAD_TARGETS = {(1024, 2): 1.8, (1, None): 0.95}
RESULTS_DIR = Path("benchmarks") / "results"  # under the folder it runs in (the checkout for `make bench`)


def rate(run, seconds):
    """Steps/s of ``run()`` (returns the steps it did) called for ``seconds``."""
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += run()
    return steps / elapsed


def best_rates(plays, seconds):
    """``{name: steps/s}`` of each ``plays[name]()``: one warm-up call each (kernels
    compile or load), then ``ROUNDS`` interleaved rounds, keeping each one's best, so a
    burst of load elsewhere hits every contender alike."""
    for play in plays.values():
        play()
    best = dict.fromkeys(plays, 0.0)
    for _ in range(ROUNDS):
        for name, play in plays.items():
            best[name] = max(best[name], rate(play, seconds / ROUNDS))
    return best


# ----- batched engine --------------------------------------------------------------
class BatchPlay:
    """B games of random legal play with an observation for each player to act."""

    def __init__(self, game, batch_size, seed=0):
        self.game, self.rng = game, np.random.default_rng(seed)
        self.next_seed = batch_size
        self.state = game.init(np.arange(batch_size))
        self.actions = np.zeros(batch_size, dtype=np.int64)
        self.threads = threads_for(batch_size, game.threads, game.parallel_min_rows)
        # one mask and one observation buffer, refilled every step, as a batched consumer keeps them
        self.mask = game.legal_action_mask(self.state)
        self.obs = game.observe(self.state, self.state["current_player"])

    def __call__(self, iterations=16):
        game, state, actions, mask, obs = self.game, self.state, self.actions, self.mask, self.obs
        for _ in range(iterations):
            run_rows(pick_legal, self.threads, mask, self.rng.random(state.shape[0]), actions)
            game.advance(state, actions, mask_out=mask, obs_out=obs)
            done = np.flatnonzero(state["terminated"])
            if done.size:  # finished games restart, with their first mask and observation
                state[done] = fresh = game.init(np.arange(self.next_seed, self.next_seed + done.size))
                mask[done] = game.legal_action_mask(fresh)
                obs[done] = game.observe(fresh, fresh["current_player"])
                self.next_seed += done.size
        return iterations * state.shape[0]


# ----- AEC envs --------------------------------------------------------------------
class AecPlay:
    """Random legal play through a PettingZoo AEC env, one episode per call; ``reset``
    starts each episode (default: ``env.reset`` with the next seed)."""

    def __init__(self, env, seed=0, reset=None):
        self.env, self.rng, self.seed = env, np.random.default_rng(seed), seed
        self.reset = reset or self.next_seed

    def next_seed(self):
        self.env.reset(seed=self.seed)
        self.seed += 1

    def __call__(self):
        env, rng = self.env, self.rng
        self.reset()
        steps = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
            steps += 1
        return steps


def connect_four_env():
    """PettingZoo's connect_four_v3 with its classic wrappers (the reference)."""
    from pettingzoo.classic import connect_four_v3

    return connect_four_v3.env()


# ----- report ----------------------------------------------------------------------
def threaded(batch_size, threads):
    return f"batch {batch_size} on {threads} threads"


def plan(game_names, threads):
    """(game, config, make the play callable) per measurement, the reference first."""
    yield "connect_four_v3", "aec env (reference)", lambda: AecPlay(connect_four_env())
    for name in game_names:
        for b in BATCH_SIZES:
            yield name, f"batch {b}", lambda name=name, b=b: BatchPlay(games.make(name, threads=1), b)
        for b in THREADED_BATCH_SIZES if threads > 1 else ():
            yield name, threaded(b, threads), lambda name=name, b=b: BatchPlay(games.make(name, threads=threads), b)
        yield name, "aec env", lambda name=name: AecPlay(make_env(name))


def thread_target(config, threads):
    """The ``THREAD_TARGETS`` ratio for ``config``, and the one-thread config it is over."""
    for (b, n), ratio in THREAD_TARGETS.items():
        if config == threaded(b, threads) and n in (None, threads):
            return ratio, f"batch {b}"
    return None, None


def measure(game_names, seconds, progress, threads=1):
    """Every configuration in turn, ``ROUNDS`` times over, keeping each one's best
    rate: interleaving gives each the same share of the machine's load (it is
    shared), and the best round filters the rest out, as timeit does."""
    configs = list(plan(game_names, threads))
    with progress(total=len(configs) * (ROUNDS + 1), unit="run") as bar:
        plays = []
        for game, config, make_play in configs:
            bar.set_description(f"warm-up {game} {config}")
            play = make_play()
            play()  # kernels compile (or load from numba's cache) before any timing
            plays.append(play)
            bar.update()
        best = [0.0] * len(configs)
        for r in range(ROUNDS):
            for i, ((game, config, _), play) in enumerate(zip(configs, plays)):
                bar.set_description(f"round {r + 1}/{ROUNDS} {game} {config}")
                best[i] = max(best[i], rate(play, seconds / ROUNDS))
                bar.update()
    reference = best[0]
    rates = {(game, config): best[i] for i, (game, config, _) in enumerate(configs)}
    results = []
    for i, (game, config, _) in enumerate(configs):
        target = TARGETS.get(game, {}).get(config) if i else None
        row = {
            "game": game,
            "config": config,
            "steps_per_s": best[i],
            "ratio": best[i] / reference,
            "target_ratio": target,
            "met": None if target is None else bool(best[i] / reference >= target),
        }
        if config.startswith("batch") and config.endswith(" threads"):
            one = config.removesuffix(f" on {threads} threads")
            row["threads"] = threads
            row["ratio_1_thread"] = best[i] / rates[game, one]
            row["thread_target"], _ = thread_target(config, threads)
            row["thread_met"] = (
                None if row["thread_target"] is None else bool(row["ratio_1_thread"] >= row["thread_target"])
            )
        results.append(row)
    return results


def _target(ratio, met):
    return ("", "") if ratio is None else (f">= {ratio:g}x", "yes" if met else "NO")


def table(results):
    rows = [("game", "config", "steps/s", "x reference", "target", "met", "x 1 thread", "target", "met")]
    for r in results:
        ratio_1 = f"{r['ratio_1_thread']:.2f}" if "ratio_1_thread" in r else ""
        rows.append(
            (
                r["game"],
                r["config"],
                f"{r['steps_per_s']:,.0f}",
                f"{r['ratio']:.2f}",
                *_target(r["target_ratio"], r["met"]),
                ratio_1,
                *_target(r.get("thread_target"), r.get("thread_met")),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.rjust(w) if i >= 2 else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
        for row in rows
    ]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def write_results(results, meta, json_path=None, results_dir=RESULTS_DIR):
    """``json_path``: every row in that file; else one file per measured game in
    ``results_dir`` (``<game>.json``: the reference's row and the game's). Returns the paths."""
    if json_path is not None:
        files = {Path(json_path): results}
    else:
        reference = [r for r in results if r["game"] == "connect_four_v3"]
        names = dict.fromkeys(r["game"] for r in results if r["game"] != "connect_four_v3")
        files = {
            Path(results_dir) / f"{name}.json": reference + [r for r in results if r["game"] == name] for name in names
        }
    from games.core.files import write_atomically

    for path, rows in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps({"meta": meta, "results": rows}, indent=2) + "\n")
    return list(files)


def thread_count(text):
    """``--threads``: an integer in 1..NUMBA_NUM_THREADS (games.core.parallel.check_threads)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    try:
        return check_threads(value, "--threads")
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def main(argv=None, prog=None):
    from training.argtypes import output_dir, output_file  # checked before any measurement

    summary = " ".join(__doc__.split("\n\n", 1)[0].split())  # the docstring's first sentence, whole
    parser = argparse.ArgumentParser(prog=prog, description=summary)
    parser.add_argument(
        "--game", action="append", choices=games.list(), help="game to measure (repeatable; default: every game)"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement (default 3)")
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", type=output_file, default=None, help="one results file for every game measured")
    out.add_argument(
        "--results-dir",
        type=output_dir,
        default=RESULTS_DIR,
        help=f"one results file per game, DIR/<game>.json (default {RESULTS_DIR})",
    )
    parser.add_argument(
        "--threads",
        type=thread_count,
        default=games.max_threads(),
        help=f"threads of the threaded batches (default every thread: {games.max_threads()}, "
        "NUMBA_NUM_THREADS); 1 measures one thread only",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    from training.progress import progress_bar

    results = measure(
        args.game or games.list(),
        args.seconds,
        lambda **kw: progress_bar(disable=args.no_progress, leave=False, **kw),
        args.threads,
    )
    print(table(results))
    meta = {
        "seconds": args.seconds,
        "rounds": ROUNDS,
        "threads": args.threads,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "numpy": np.__version__,
    }
    if args.threads > 1:
        meta["machine_scaling"] = machine.scaling(args.threads)
        print(machine.describe(meta["machine_scaling"]))
    for path in write_results(results, meta, args.json, args.results_dir):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
