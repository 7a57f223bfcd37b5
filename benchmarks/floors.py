"""How far each game's batched step is from the floor that the bytes it writes impose.

    .venv/bin/python benchmarks/floors.py [--game el_caballero ...] [--batch 1024] [--seconds 3]

First this machine's memory write bandwidth: a numba loop (and numpy's ``fill``) writing
a float32 buffer the size of a game's batch observation (B x obs_size), every page
mapped beforehand, best of several passes (a buffer that fits the processor's caches
stays there from step to step, as the batch's own buffer does; benchmarks/machine.py
measures main memory). Then, per game, random legal play at B rows
on one thread (``step_breakdown.breakdown``: the step, the mask and the observation as
three calls into buffers kept from step to step), and the same play through
``game.advance`` (the three in one pass, as throughput.py's ``batch B`` times it).

Printed per game, in microseconds per row: ``step``, ``mask``, ``observe`` (each part
alone), ``advance`` (one pass), the bytes a step must write per row (the observation,
float32, and the mask, one byte an action) and the ``floor``: those bytes at the
measured bandwidth, the least time any implementation writing that output on this
machine can take. ``x floor`` is advance over floor: near 1 a game is bound by
the memory it writes (only a smaller observation helps); far above it, by the
rules' compute (the mask and the observation's derived features). Every time is this
thread's CPU time (``time.thread_time``), which other processes on a shared machine
stretch far less than wall time. A report, not a test: the numbers move with the
machine's load; the ratios within one run do less.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games
from envs.policies import pick_legal
from games.core.parallel import run_rows

try:
    from .step_breakdown import breakdown
except ImportError:  # run as a script
    from step_breakdown import breakdown

PASSES = 20
CLOCK = time.thread_time  # this thread's CPU time: what a loaded machine stretches least


# not cached on disk: run as a script and as benchmarks.floors (see benchmarks/machine.py)
@njit(nogil=True)
def _write_rows(buffer, value):
    for b in range(buffer.shape[0]):
        buffer[b, :] = value


def bandwidth(rows, width, passes=PASSES):
    """Bytes/s of the best pass writing a (rows, width) float32 buffer: numba row by row
    (as the batch loops clear and fill) and numpy's ``fill``, whichever is faster."""
    buffer = np.zeros((rows, width), dtype=np.float32)
    _write_rows(buffer, 1.0)  # compiled, every page mapped
    best = float("inf")
    for p in range(passes):
        start = CLOCK()
        _write_rows(buffer, float(p))
        best = min(best, CLOCK() - start)
        start = CLOCK()
        buffer.fill(float(p))
        best = min(best, CLOCK() - start)
    return buffer.nbytes / best


def advance_rate(game, batch_size, seconds, seed=0):
    """Seconds per row of ``advance`` (step, mask, observation in one pass) in random
    legal play; the pick and the restarts are left out of the time."""
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(batch_size))
    actions = np.zeros(batch_size, dtype=np.int64)
    mask = game.legal_action_mask(state)
    obs = game.observe(state, state["current_player"])
    next_seed, spent, steps, start = batch_size, 0.0, 0, CLOCK()
    while CLOCK() - start < seconds:
        run_rows(pick_legal, 1, mask, rng.random(batch_size), actions)
        t0 = CLOCK()
        game.advance(state, actions, mask_out=mask, obs_out=obs)
        spent += CLOCK() - t0
        steps += batch_size
        done = np.flatnonzero(state["terminated"])
        if done.size:
            state[done] = fresh = game.init(np.arange(next_seed, next_seed + done.size))
            mask[done] = game.legal_action_mask(fresh)
            obs[done] = game.observe(fresh, fresh["current_player"])
            next_seed += done.size
    return spent / steps


def measure(name, batch_size, seconds):
    """One game's row of the table (a dict; times in seconds per row)."""
    game = games.make(name, threads=1)
    breakdown(game, batch_size, 0.3, clock=CLOCK)  # kernels compile or load from the cache
    advance_rate(game, batch_size, 0.3)
    parts, best_advance = None, float("inf")
    for _ in range(3):  # alternate the two, keep each one's best: load elsewhere hits both alike
        spent, steps = breakdown(game, batch_size, seconds / 6, clock=CLOCK)
        if parts is None or sum(spent.values()) / steps < sum(parts.values()):
            parts = {part: t / steps for part, t in spent.items()}
        best_advance = min(best_advance, advance_rate(game, batch_size, seconds / 6))
    row_bytes = game.obs_size * 4 + game.num_actions
    gb_s = bandwidth(batch_size, game.obs_size)
    return {
        "game": name,
        "step": parts["step"],
        "mask": parts["mask"],
        "observe": parts["observe"],
        "advance": best_advance,
        "bytes": row_bytes,
        "bandwidth": gb_s,
        "floor": row_bytes / gb_s,
    }


def table(rows, batch_size):
    lines = [
        f"batch {batch_size}, one thread; CPU us per row (a row: one step of one game)",
        f"{'game':<18} {'step':>6} {'mask':>6} {'observe':>8} {'advance':>8} {'bytes/row':>10} "
        f"{'GB/s':>6} {'floor':>6} {'x floor':>8}",
    ]
    for r in rows:
        lines.append(
            f"{r['game']:<18} {r['step'] * 1e6:6.2f} {r['mask'] * 1e6:6.2f} {r['observe'] * 1e6:8.2f} "
            f"{r['advance'] * 1e6:8.2f} {r['bytes']:>10,} {r['bandwidth'] / 1e9:6.1f} {r['floor'] * 1e6:6.2f} "
            f"{r['advance'] / r['floor']:8.1f}"
        )
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", choices=games.list(), help="game to measure (repeatable; default: every game)"
    )
    parser.add_argument("--batch", type=int, default=1024, help="rows per batch (default 1024)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per game (default 3)")
    args = parser.parse_args(argv)
    if args.batch < 1:
        parser.error(f"--batch must be positive, got {args.batch}")
    if args.seconds <= 0:
        parser.error(f"--seconds must be positive, got {args.seconds}")
    print(table([measure(name, args.batch, args.seconds) for name in args.game or games.list()], args.batch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
