"""Seconds from a fresh interpreter with an empty numba cache to a game's first step.

    .venv/bin/python benchmarks/cold_start.py [--game maracaibo ...] [--json PATH]

What a new user waits for. Each measurement runs in its own interpreter with its own
empty cache folder (``NUMBA_CACHE_DIR``), so nothing compiled before can help:

- ``engine``: ``import games``, ``make``, ``init``, ``legal_action_mask``, one ``step``
  and ``observe`` (every kernel of a random first move compiles);
- ``aec env``: ``import envs``, the game's ``env()``, ``reset`` and the first ``last()``;
- ``engine, cached``: the engine line again over the cache the first one filled (what
  every later start costs);
- ``maracaibo then solo``: both engines in one interpreter, one empty cache (the
  solo record reuses what it can of Maracaibo's kernels).

The reference, measured in the same run, is an interpreter that imports numba and
compiles a fixed toy kernel from an empty cache: ``x reference`` says how many such
starts a game's start costs, so runs on machines of other speeds compare. ``cpu`` is
the interpreter's own CPU time (user and system): on a shared machine the wall time of
a start stretches with the other jobs' load (2-5x), its CPU time by far less. Targets
(issue 40, on a quiet 2-core machine): every engine <= 45 s, Maracaibo then solo <= 60 s.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

REFERENCE = """
import numba, numpy as np
@numba.njit(cache=True)
def walk(xs):
    total = 0.0
    for i in range(xs.shape[0]):
        total += xs[i] * (i % 7)
    return total
walk(np.arange(10.0))
"""
ENGINE = """
import numpy as np, games
for name in {names!r}:
    game = games.make(name)
    state = game.init(np.array([0]))
    action = int(np.flatnonzero(game.legal_action_mask(state)[0])[0])
    game.step(state, np.array([action]))
    game.observe(state, 0)
"""
AEC = """
import importlib, envs
env = importlib.import_module("envs.{name}_v0").env()
env.reset(seed=0)
env.last()
"""
TARGET_SECONDS = {"engine": 45.0, "maracaibo then solo": 60.0}


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(code, cache_dir):
    """(wall, CPU) seconds a fresh interpreter takes to run ``code`` with ``cache_dir`` as
    numba's cache folder (the code is a file beside it: numba caches no kernel defined in
    ``-c`` text)."""
    script = Path(cache_dir).with_suffix(".py")
    script.write_text(code, encoding="utf-8")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache_dir), "PYTHONPATH": str(ROOT)}
    env.pop("NUMBA_DISABLE_JIT", None)
    start, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"cold start failed:\n{done.stderr[-2000:]}")
    return time.perf_counter() - start, children_cpu() - cpu


def plan(names):
    """(label, game, code, cache kind): 'fresh' gets an empty folder, 'same' the previous one."""
    rows = [("reference", "numba toy kernel", REFERENCE, "fresh")]
    for name in names:
        rows += [
            ("engine", name, ENGINE.format(names=[name]), "fresh"),
            ("engine, cached", name, ENGINE.format(names=[name]), "same"),
            ("aec env", name, AEC.format(name=name), "fresh"),
        ]
    if {"maracaibo", "maracaibo_solo"} <= set(names):
        rows.append(
            ("maracaibo then solo", "maracaibo_solo", ENGINE.format(names=["maracaibo", "maracaibo_solo"]), "fresh")
        )
    return rows


def measure(names, report=print):
    results, reference = [], None
    with tempfile.TemporaryDirectory(prefix="doubloon-cold-") as tmp:
        cache = None
        for i, (label, game, code, kind) in enumerate(plan(names)):
            if kind == "fresh":
                cache = Path(tmp) / f"cache{i}"
            seconds, cpu = timed(code, cache)
            reference = seconds if label == "reference" else reference
            target = TARGET_SECONDS.get(label)
            row = {
                "config": label,
                "game": game,
                "seconds": round(seconds, 2),
                "cpu_seconds": round(cpu, 2),
                "ratio": seconds / reference,
                "target_seconds": target,
                "met": None if target is None else seconds <= target,
            }
            results.append(row)
            report(line(row))
    return results


def line(row):
    target = (
        ""
        if row["target_seconds"] is None
        else (f"target <= {row['target_seconds']:g} s: {'met' if row['met'] else 'NOT MET'}")
    )
    return (
        f"{row['config']:<20} {row['game']:<18} {row['seconds']:7.1f} s (cpu {row['cpu_seconds']:6.1f} s)"
        f" {row['ratio']:7.1f}x reference  {target}"
    )


def main(argv=None):
    sys.path.insert(0, str(ROOT))
    import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", choices=games.list(), help="game to measure (repeatable; default: every game)"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the rows to this JSON file")
    args = parser.parse_args(argv)
    if args.json is not None and not args.json.parent.is_dir():
        parser.error(f"--json: folder {args.json.parent} does not exist")
    names = args.game or games.list()
    print(
        f"cold start, an empty numba cache per line ({len(plan(names))} interpreters; minutes on a 2-core machine)",
        flush=True,
    )
    results = measure(names, report=lambda text: print(text, flush=True))
    if args.json is not None:
        args.json.write_text(json.dumps({"cpus": os.cpu_count(), "results": results}, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
