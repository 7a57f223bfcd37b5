"""Where the wall time of ``doubloon train`` goes: the environment or the learner.

    .venv/bin/python benchmarks/train_time_share.py [--game spanish_main --game maracaibo_solo]
                                                   [--timesteps 16384] [--num-envs N] [--n-steps N]
                                                   [--batch-size N] [--threads N] [--json PATH]

For each game, a short MaskablePPO run through ``training.train.train`` itself (the
``doubloon train`` settings of that game, ``training.train_config.defaults_for``), with timers
wrapped around the methods that the run calls, for the time of ``model.learn``:

- ``env``: the VecEnv's ``reset``, ``step_async``, ``step_wait`` and ``action_masks``
  (``envs.vec_env.GameVecEnv``): the engine and the opponents' moves;
- ``opponents``: the part of ``env`` spent inside the opponent policies' calls
  (heuristic, random, self-play snapshots), timed around each policy that
  ``envs.seats.play_seats`` asks, and also split by bot (``opponent_share``);
- ``rollout``: the rest of ``collect_rollouts``: the learner's forward passes, the
  rollout buffer, the callbacks' per-step work;
- ``update``: ``MaskablePPO.train``, the PPO epochs;
- ``other``: the rest of ``learn`` (set-up, snapshots at rollout start, logging).

Shares are of the ``learn`` wall time (the target of issue 13: env < 10%). Left out,
since they are not part of the PPO loop and do not grow with ``--timesteps``: the
behaviour-cloning warm start (off here, ``imitate=""``), the evaluations (only the
final one, outside ``learn``: ``eval_every=0``, ``eval_games=1``) and the save. A few
games of the opponent bots are played before the run (``warm_up``), so that loading
the game's and the bots' compiled kernels is not timed; the first rollout still
includes torch's first calls, so ``--timesteps`` should allow a few rollouts of
``num_envs x n_steps``.
"""

import argparse
import json
import platform
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games

GAMES = ("spanish_main", "maracaibo_solo")
PARTS = ("env", "opponents", "rollout", "update", "other")
TARGET_ENV_SHARE = 0.10  # issue 13 §3


class Clock:
    """Seconds accumulated per part; a part timed inside another is counted in both."""

    def __init__(self):
        self.seconds = {}

    def timed(self, part, fn):
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds[part] = self.seconds.get(part, 0.0) + time.perf_counter() - start

        return wrapper


@contextmanager
def patched(owner, name, make):
    """``owner.name`` replaced by ``make(original)`` for the block."""
    original = getattr(owner, name)
    setattr(owner, name, make(original))
    try:
        yield
    finally:
        setattr(owner, name, original)


@contextmanager
def timers(clock):
    """Every timer of the module docstring, on the classes the run will build."""
    from contextlib import ExitStack

    from sb3_contrib import MaskablePPO

    import envs.seat_batch as seat_batch
    import envs.vec_env as vec_env

    def timed_policies(play_seats):
        def play(game, sub, seats, who, policies, **options):
            timed = [clock.timed("opponents", clock.timed(f"opponent {_name(p)}", p)) for p in policies]
            return play_seats(game, sub, seats, who, timed, **options)

        return play

    with ExitStack() as stack:
        for method in ("step_async", "step_wait", "action_masks"):
            stack.enter_context(patched(vec_env.GameVecEnv, method, lambda f: clock.timed("env", f)))
        # reset runs once, in learn's set-up (outside collect_rollouts): timed apart as well
        stack.enter_context(patched(vec_env.GameVecEnv, "reset", lambda f: clock.timed("env", clock.timed("reset", f))))
        stack.enter_context(patched(seat_batch, "play_seats", timed_policies))
        stack.enter_context(patched(MaskablePPO, "learn", lambda f: clock.timed("learn", f)))
        stack.enter_context(patched(MaskablePPO, "collect_rollouts", lambda f: clock.timed("collect", f)))
        stack.enter_context(patched(MaskablePPO, "train", lambda f: clock.timed("update", f)))
        yield


def _name(policy):
    """A policy's bot name; self-play snapshots all count as ``snapshot``."""
    return getattr(policy, "name", type(policy).__name__).split("#")[0]


def config_for(game_name, timesteps, out, **overrides):
    """The ``doubloon train`` settings of the game (as training/cli.py builds them) for a
    short timed run: no warm start, the evaluation only at the end, one game a pairing."""
    from training.train_config import TrainConfig, defaults_for

    options = {"num_players": 3} if game_name == "spanish_main" else {}
    cfg = TrainConfig(**defaults_for(games.make(game_name, **options)))
    given = {k: v for k, v in overrides.items() if v is not None}
    return replace(
        cfg,
        game=game_name,
        game_options=options,
        total_timesteps=timesteps,
        out=str(out),
        imitate="",
        eval_every=0,
        eval_games=1,
        progress=False,
        **given,
    )


def warm_up(cfg):
    """A few games of the opponent bots first, so that loading (or compiling) the game's
    and the bots' kernels is not timed as environment work."""
    import numpy as np

    from training.bots import make_bot
    from training.simulate import play_games

    game = games.make(cfg.game, **cfg.game_options)
    names = [n for n in cfg.opponents if n != "self"] if game.num_players > 1 else []
    bots = [make_bot(n, game) for n in dict.fromkeys(names + ["random"])]
    n = 2 * game.num_players  # every bot in every seat
    seat_bots = (np.arange(n)[:, None] + np.arange(game.num_players)[None, :]) % len(bots)
    play_games(game, bots, seat_bots, np.arange(n))


def measure(game_name, timesteps, **overrides):
    """``{part: share of learn}`` and the seconds, for one short run of the game."""
    from training.train import train

    clock = Clock()
    with tempfile.TemporaryDirectory() as out:
        cfg = config_for(game_name, timesteps, out, **overrides)
        warm_up(cfg)
        with timers(clock):
            model, _ = train(cfg)
    s = clock.seconds
    learn = s["learn"]
    parts = {
        "env": s.get("env", 0.0),
        "opponents": s.get("opponents", 0.0),
        "rollout": s.get("collect", 0.0) - (s.get("env", 0.0) - s.get("reset", 0.0)),
        "update": s.get("update", 0.0),
    }
    parts["other"] = learn - parts["env"] - parts["rollout"] - parts["update"]
    one_seat = model.env.unwrapped.game.num_players == 1  # no opponents: the rules play the other side
    return {
        "game": game_name,
        "timesteps": int(model.num_timesteps),
        "num_envs": cfg.num_envs,
        "n_steps": cfg.n_steps,
        "batch_size": cfg.batch_size,
        "epochs": cfg.n_epochs,
        "threads": cfg.threads,
        "opponents": [] if one_seat else list(cfg.opponents),
        "learn_seconds": round(learn, 3),
        "seconds": {k: round(v, 3) for k, v in parts.items()},
        "share": {k: round(v / learn, 4) for k, v in parts.items()},
        "opponent_share": {
            k.split(" ", 1)[1]: round(v / learn, 4) for k, v in sorted(s.items()) if k.startswith("opponent ")
        },
    }


def format_rows(rows):
    lines = [f"{'game':<16} {'steps':>7} {'learn s':>8}  " + "  ".join(f"{p:>9}" for p in PARTS) + "  env < 10%"]
    for r in rows:
        lines.append(
            f"{r['game']:<16} {r['timesteps']:>7} {r['learn_seconds']:>8.1f}  "
            + "  ".join(f"{r['share'][p]:>9.1%}" for p in PARTS)
            + f"  {'yes' if r['share']['env'] < TARGET_ENV_SHARE else 'no'}"
        )
    return "\n".join(lines)


def main(argv=None):
    from training import argtypes as A

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", choices=GAMES, help="a game (repeatable; default both)")
    p.add_argument(
        "--timesteps",
        type=A.positive_int,
        default=16_384,
        help="learner decisions per game (default 16,384: two rollouts of the default 128 x 64)",
    )
    p.add_argument("--num-envs", type=A.positive_int, help="games in parallel (default: doubloon train's)")
    p.add_argument("--n-steps", type=A.positive_int, help="rollout length (default: doubloon train's)")
    p.add_argument("--batch-size", type=A.positive_int, help="PPO minibatch (default: doubloon train's)")
    p.add_argument("--threads", type=A.threads, help="CPU threads (default: doubloon train's)")
    p.add_argument("--json", type=A.output_file, metavar="PATH", help="also write the rows as JSON")
    args = p.parse_args(argv)
    rows = [
        measure(
            g,
            args.timesteps,
            num_envs=args.num_envs,
            n_steps=args.n_steps,
            batch_size=args.batch_size,
            threads=args.threads,
        )
        for g in (args.game or GAMES)
    ]
    print(
        f"share of MaskablePPO.learn wall time ({platform.machine()}, {platform.processor() or 'cpu'}; "
        "opponents is part of env)"
    )
    print(format_rows(rows))
    for r in rows:
        if r["opponent_share"]:
            print(
                f"{r['game']}: opponents by bot: " + ", ".join(f"{k} {v:.1%}" for k, v in r["opponent_share"].items())
            )
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"date": time.strftime("%Y-%m-%d"), "machine": platform.platform(), "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
