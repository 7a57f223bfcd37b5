"""A local ``from_json`` fuzz for Maracaibo and the solo game (issue 8, section 1).

Mid-game positions come from seeded random play; every field of each is mutated
(deleted, -1, +1, huge, wrong type, duplicated entry, wrong length, an unknown key,
entries of unused seats) and each mutation must either be rejected with a
``PositionError`` or play on legally to the end: every later position non-empty
mask, observable by every seat and accepted again by ``from_json``. Cases run in a
worker subprocess so a segfault is reported, not fatal.

    python tests/maracaibo/fuzz_positions.py [--positions 6] [--seed 0] [--games maracaibo:2,...]

Prints one line per failing case and a summary; exit status 1 when any case failed.
"""

import argparse
import json
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HUGE = 32767


def make(spec):
    import games

    name, _, n = spec.partition(":")
    return games.make(name, num_players=int(n)) if n else games.make(name)


def positions(game, count, seed):
    """``count`` live positions from seeded random play, preferring pending frames."""
    rng = np.random.default_rng(seed)
    out = []
    s = game.init(np.array([seed]))
    while len(out) < count:
        if s["terminated"][0]:
            seed += 1000
            s = game.init(np.array([seed]))
        m = game.legal_action_mask(s)[0]
        game.step(s, np.array([rng.choice(np.flatnonzero(m))]))
        if s["terminated"][0]:
            continue
        want = 0.9 if s["stk_len"][0] > 0 else (0.5 if s["phase"][0] < 2 else 0.02)
        if rng.random() < want * 0.3:
            out.append(game.to_json(s[0]))
    return out


def mutations(obj, rng):
    """(label, mutated object) pairs; the label names the field."""
    st = obj["state"]
    for name in list(st):
        val = st[name]

        def put(v, label, name=name):
            o = json.loads(json.dumps(obj))
            if v is KeyError:
                del o["state"][name]
            else:
                o["state"][name] = v
            return f"{name}:{label}", o

        yield put(KeyError, "delete")
        if isinstance(val, int):
            for v in (-1, val - 1, val + 1, 0, HUGE, -HUGE):
                if v != val:
                    yield put(v, f"={v}")
            yield put("1", "str")
            yield put(1.5, "float")
            yield put([val], "list")
        else:
            flat = np.asarray(val)
            yield put(val[:-1], "short")
            yield put(val + val[:1], "long")
            yield put(7, "scalar")
            idx = [tuple(int(i) for i in np.unravel_index(rng.integers(flat.size), flat.shape)) for _ in range(2)]
            idx.append(tuple(s - 1 for s in flat.shape))  # last entry: an unused seat for per-seat arrays
            if flat.shape[0] == 4:
                idx += [(3,) + (0,) * (flat.ndim - 1), (2,) + (0,) * (flat.ndim - 1)]
            for ix in idx:
                cur = int(flat[ix])
                for v in (-1, cur + 1, cur - 1, HUGE, 1, 0):
                    if v == cur:
                        continue
                    a = flat.copy()
                    a[ix] = v
                    yield put(a.tolist(), f"[{','.join(map(str, ix))}]={v}")
            if flat.ndim == 1 and flat.size > 1:  # duplicate an entry
                i, j = rng.choice(flat.size, 2, replace=False)
                a = flat.copy()
                a[j] = a[i]
                yield put(a.tolist(), f"dup[{i}->{j}]")
    o = json.loads(json.dumps(obj))
    o["state"]["no_such_field"] = 0
    yield "no_such_field:unknown", o


def run_case(game, obj, seed, max_steps=4000):
    """'rejected' / 'played' or raise: accepted positions are played to the end."""
    from games.core.errors import PositionError

    try:
        s = game.from_json(obj)
    except PositionError as err:
        return f"rejected {err.field}"
    rng = np.random.default_rng(seed)
    for step in range(max_steps):
        if s["terminated"][0]:
            return "played"
        m = game.legal_action_mask(s)[0]
        if not m.any():
            raise AssertionError("live position without a legal action")
        for p in range(game.num_players):
            game.observe(s, p)
        game.step(s, np.array([rng.choice(np.flatnonzero(m))]))
        if step < 30 or step % 25 == 0:  # later positions must be accepted again
            game.from_json(game.to_json(s[0]))
    return "played (step limit)"


def worker(spec, path, start):
    """Run the cases of a job file from ``start``, one status line each."""
    game = make(spec)
    with open(path) as fh:
        cases = json.load(fh)
    for i in range(start, len(cases)):
        label, obj = cases[i]
        print(f"START {i}", flush=True)
        try:
            res = run_case(game, obj, i)
            print(f"OK {i} {res}", flush=True)
        except Exception as err:  # every failure is a finding
            print(f"FAIL {i} {type(err).__name__}: {str(err)[:200]}", flush=True)


def fuzz(spec, count, seed, job_dir):
    game = make(spec)
    rng = np.random.default_rng(seed)
    cases = []
    for pos in positions(game, count, seed):
        cases += list(mutations(pos, rng))
    path = os.path.join(job_dir, f"cases_{spec.replace(':', '_')}_{seed}.json")
    with open(path, "w") as fh:
        json.dump(cases, fh)
    failures, results, start = [], {}, 0
    while start < len(cases):
        proc = subprocess.run(
            [sys.executable, __file__, "--worker", spec, path, str(start)], capture_output=True, text=True, cwd=ROOT
        )
        last = None
        for line in proc.stdout.splitlines():
            kind, _, rest = line.partition(" ")
            i, _, msg = rest.partition(" ")
            i = int(i)
            if kind == "START":
                last = i
            elif kind == "FAIL":
                failures.append((cases[i][0], msg))
                last = None
            else:
                results[i] = msg
                last = None
        if last is not None:  # the worker died inside case `last`
            failures.append((cases[last][0], f"crashed (exit {proc.returncode}) {proc.stderr[-300:]!r}"))
            start = last + 1
        else:
            if proc.returncode != 0 and len(results) + len(failures) < len(cases):
                failures.append(("<worker>", proc.stderr[-500:]))
            break
    return cases, results, failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", nargs=3)
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", default="maracaibo:2,maracaibo:3,maracaibo:4,maracaibo_solo")
    ap.add_argument("--jobs", default="/tmp/mfuzz")
    args = ap.parse_args()
    sys.path.insert(0, ROOT)
    if args.worker:
        worker(args.worker[0], args.worker[1], int(args.worker[2]))
        return 0
    os.makedirs(args.jobs, exist_ok=True)
    bad = 0
    for spec in args.games.split(","):
        cases, results, failures = fuzz(spec, args.positions, args.seed, args.jobs)
        played = sum(1 for r in results.values() if r.startswith("played"))
        print(f"== {spec}: {len(cases)} cases, {played} accepted and played, {len(failures)} failures", flush=True)
        for label, msg in failures:
            print(f"  {label}: {msg}", flush=True)
        bad += len(failures)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
