"""Steps/s of the native Gymnasium vector env against ``gymnasium.make_vec(..., "sync")``,
per game, in one run:

    .venv/bin/python -m benchmarks.vector_env [--games spanish_main,...] [--num-envs 64,1024]
                                               [--opponents random,fast-random,heuristic] [--seconds 3]

Both sides are made from the same registered id (``doubloon/<Game>-v0``, the game's default
options), with the same ``num_envs`` and the same opponents: ``vector_entry_point`` builds
``envs.vector_env.GameVectorEnv`` (every game in one engine batch), ``sync`` one
single-seat env per copy, stepped one after another in Python. A step is one learner
decision in one game (a ``step`` call makes ``num_envs``), opponent moves included; the
learner plays a uniformly random legal action, drawn for the whole batch by one compiled
call (``envs.policies.pick_legal``) on both sides, so that neither side measures a sampler
whose cost grows with the action space. Opponents, the same policy on both sides:
``random`` is ``envs.policies.UniformRandomPolicy`` (the single-seat env's default and
training's ``random`` bot), ``fast-random`` is ``FastRandomPolicy`` (the vector env's
default: the same distribution from one number per row), ``heuristic`` the game's heuristic bot
(``training.bots.make_bot``); one-seat games (Maracaibo solo: Jean is part of the rules)
have no opponents to choose, so they have one row.

Each contender runs ``seconds`` (after a warm-up of the game's kernels, a reset and a step) and at least
``--min-calls`` step calls, so the slow side at 1024 copies is timed over a few calls
only. Target (issue 35): the native env >= 20x the sync vector env at 1024 for every game.
A report, not a test: the numbers depend on the machine and its load.
"""

import argparse
import time

import gymnasium
import numpy as np

import games
from envs.policies import FastRandomPolicy, UniformRandomPolicy, pick_legal
from envs.registration import ENVS  # importing envs registers the ids

TARGET = 20.0  # native / sync at 1024 copies
KINDS = ("random", "fast-random", "heuristic")
GYM_IDS = {name: gym_id for _, gym_id, name, _ in ENVS}


def opponents_for(kind, name):
    """The opponents keyword for ``kind`` (one of ``KINDS``); None where the game has no
    opponent seats to fill."""
    game = games.make(name)
    if game.num_players == 1:
        return None
    if kind == "random":
        return {"opponents": UniformRandomPolicy()}
    if kind == "fast-random":
        return {"opponents": FastRandomPolicy()}
    from training.bots import make_bot

    return {"opponents": make_bot(kind, game)}


def steps_per_second(env, seconds, min_calls, seed=0):
    """Learner steps/s of a Gymnasium vector env under uniformly random legal actions."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)

    actions = np.empty(env.num_envs, dtype=np.int64)

    def step():
        pick_legal(np.ascontiguousarray(info["action_mask"]), rng.random(env.num_envs), actions)
        return env.step(actions)[-1]

    info = step()  # warm-up
    calls, started = 0, time.perf_counter()
    while calls < min_calls or time.perf_counter() - started < seconds:
        info = step()
        calls += 1
    return calls * env.num_envs / (time.perf_counter() - started)


def warm_up(name, kwargs, seconds):
    """Loads (or compiles) the game's kernels on both sides before any timing: the first
    steps and the first game ends call kernels that nothing has called yet."""
    for mode in ("vector_entry_point", "sync"):
        steps_per_second(gymnasium.make_vec(GYM_IDS[name], num_envs=8, vectorization_mode=mode, **kwargs), seconds, 2)


def measure(name, kwargs, num_envs, seconds, min_calls):
    """``(native steps/s, sync steps/s)`` for one game, its opponents keyword and copy count."""
    rates = []
    for mode in ("vector_entry_point", "sync"):
        env = gymnasium.make_vec(GYM_IDS[name], num_envs=num_envs, vectorization_mode=mode, **kwargs)
        rates.append(steps_per_second(env, seconds, min_calls))
        env.close()
    return tuple(rates)


def run(names, kinds, counts, seconds, min_calls, out=print):
    """Prints one line per (game, opponents, num_envs) as it is measured; returns the rows."""
    out(f"{'game':18} {'opponents':10} {'num_envs':>8} {'native':>12} {'sync':>10} {'native/sync':>12}")
    rows = []
    for name in names:
        for kind in kinds:
            kwargs = opponents_for(kind, name)
            if kwargs is None:  # a one-seat game: one row, its opponent is the rules
                if kind != kinds[0]:
                    continue
                kind, kwargs = "(rules)", {}
            warm_up(name, kwargs, min(seconds, 1.0))
            for n in counts:
                native, sync = measure(name, kwargs, n, seconds, min_calls)
                rows.append((name, kind, n, native, sync))
                mark = "" if n < 1024 else ("  ok" if native / sync >= TARGET else f"  below {TARGET:.0f}x")
                out(f"{name:18} {kind:10} {n:8d} {native:12,.0f} {sync:10,.0f} {native / sync:11.1f}x{mark}")
    return rows


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(GYM_IDS), help="comma-separated game names (default: every game)")
    p.add_argument("--num-envs", default="64,1024", help="comma-separated copy counts (default 64,1024)")
    p.add_argument("--opponents", default=",".join(KINDS), help=f"opponent kinds (default {','.join(KINDS)})")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per contender (default 3)")
    p.add_argument("--min-calls", type=int, default=3, help="step calls per contender at least (default 3)")
    args = p.parse_args(argv)
    names = [g for g in args.games.split(",") if g]
    unknown = sorted(set(names) - set(GYM_IDS))
    if unknown:
        p.error(f"unknown games {unknown}; choose from {', '.join(GYM_IDS)}")
    counts = []
    for text in args.num_envs.split(","):
        if not text.strip().isdigit() or int(text) < 1:
            p.error(f"--num-envs takes positive integers, got {text!r}")
        counts.append(int(text))
    kinds = [k for k in args.opponents.split(",") if k]
    if not kinds or set(kinds) - set(KINDS):
        p.error(f"--opponents takes {', '.join(KINDS)}, got {args.opponents!r}")
    run(names, kinds, counts, args.seconds, args.min_calls)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
