"""Where a batched step of random legal play spends its time (the ``batch B`` loop of
benchmarks/throughput.py, one thread), part by part:

    .venv/bin/python benchmarks/step_breakdown.py [--game el_caballero] [--batch 1024] [--seconds 10]

Parts, each timed around the same calls ``BatchPlay`` makes: ``mask``
(``legal_action_mask``), ``pick`` (``pick_legal``), ``step`` (``step_unchecked``),
``restart`` (``init`` of the finished rows), ``observe`` (``observe`` of each row's
player to act). The mask and the observations go into buffers kept from step to step
(``out=``), as in throughput.py; the ``(fresh)`` line is what a new zeroed observation
batch would cost instead (allocated and written once a page, measured apart). Printed: microseconds per row per part,
its share, steps/s, and the bytes of observation and mask written per step. A report,
not a test: the numbers depend on the machine and its load.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games
from envs.policies import pick_legal
from games.core.parallel import run_rows

PARTS = ("mask", "pick", "step", "restart", "observe")


def breakdown(game, batch_size, seconds, seed=0, clock=time.perf_counter):
    """``({part: seconds}, steps)`` of random legal play for about ``seconds`` of ``clock``
    (wall time; ``time.thread_time``: this thread's CPU time, which other processes
    on a shared machine do not stretch)."""
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(batch_size))
    actions = np.zeros(batch_size, dtype=np.int64)
    mask_buffer = np.empty((batch_size, game.num_actions), dtype=np.bool_)
    obs_buffer = np.empty((batch_size, game.obs_size), dtype=np.float32)
    next_seed = batch_size
    spent = dict.fromkeys(PARTS, 0.0)
    steps, start = 0, clock()
    while clock() - start < seconds:
        t0 = clock()
        mask = game.legal_action_mask(state, out=mask_buffer)
        t1 = clock()
        run_rows(pick_legal, 1, mask, rng.random(batch_size), actions)
        t2 = clock()
        game.step_unchecked(state, actions)
        t3 = clock()
        done = np.flatnonzero(state["terminated"])
        if done.size:
            state[done] = game.init(np.arange(next_seed, next_seed + done.size))
            next_seed += done.size
        t4 = clock()
        game.observe(state, state["current_player"], out=obs_buffer)
        t5 = clock()
        for part, dt in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
            spent[part] += dt
        steps += batch_size
    return spent, steps


def zeroing(game, batch_size, repeats=20):
    """Seconds per call of allocating the zeroed observation batch and writing once into
    each of its 4 KiB pages (the fresh pages the kernels' writes fault in)."""
    start = time.perf_counter()
    for _ in range(repeats):
        np.zeros((batch_size, game.obs_size), dtype=np.float32).reshape(-1)[::1024] = 1.0
    return (time.perf_counter() - start) / repeats


def report(name, batch_size, seconds):
    game = games.make(name, threads=1)
    breakdown(game, batch_size, 0.5)  # kernels compile or load from the cache
    spent, steps = breakdown(game, batch_size, seconds)
    total = sum(spent.values())
    calls = steps / batch_size
    lines = [
        f"{name}, batch {batch_size}, one thread: {steps / total:,.0f} steps/s over {steps:,} steps",
        f"{'part':<8} {'us/row':>8} {'share':>6}",
    ]
    for part in PARTS:
        lines.append(f"{part:<8} {spent[part] / steps * 1e6:8.2f} {spent[part] / total:6.1%}")
    zero = zeroing(game, batch_size)
    lines.append(
        f"{'(fresh)':<8} {zero / batch_size * 1e6:8.2f} {zero * calls / total:6.1%}  a new zeroed "
        "observation batch each step instead of the buffer (allocated, written once a page)"
    )
    lines.append(f"per step: observation {game.obs_size * 4:,} bytes, mask {game.num_actions:,} bytes")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="el_caballero", choices=games.list())
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args(argv)
    print(report(args.game, args.batch, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
