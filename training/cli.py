"""The ``doubloon`` command (also ``python -m training``).

    doubloon train GAME   MaskablePPO through the batched VecEnv
    doubloon arena GAME   seat-rotated games between bots: win rates, scores, ratings
    doubloon play GAME    play in the terminal against bots
    doubloon bench GAME   the engine/env throughput benchmark
    doubloon run          a short arena (random vs heuristic, and the shipped baseline)
    doubloon convert-checkpoint GAME ZIP   an SB3 model.zip (trusted: it unpickles) to .safetensors
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path

import games
from games.core.game import SEED_MAX

from .argtypes import make_parent, non_negative_int, output_dir, output_file, positive_int
from .argtypes import seed as seed_int
from .argtypes import train_seed
from .bots import BOT_HELP

ROOT = Path(__file__).resolve().parents[1]
BASELINES = Path(__file__).resolve().parent / "baselines"


def parse_options(game, items, options=None):
    """``-o KEY=VALUE`` items as game options, each value typed by the option's default
    (``games.option_from_text``: true/false/yes/no/1/0 for switches, integers for
    numbers); an unknown option is refused, naming those the game accepts."""
    options = dict(options or {})
    for item in items or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"game options are KEY=VALUE, got {item!r}")
        options[key] = games.option_from_text(game, key, value)
    return options


def _game_options(args):
    """``--players`` (0 included: the game refuses it, naming its range) and ``-o``."""
    options = {"num_players": args.players} if args.players is not None else {}
    return parse_options(args.game, args.option, options)


def _make_game(args):
    return games.make(args.game, **_game_options(args))


def _add_game(p):
    p.add_argument("game", metavar="GAME", choices=games.list(), help="one of: " + ", ".join(games.list()))
    p.add_argument("--players", type=int, default=None, help="number of players (game default if omitted)")
    p.add_argument("-o", "--option", action="append", metavar="KEY=VALUE",
                   help="a game option, e.g. -o upcoming_adventures=true (repeatable)")


def _csv(text):
    return tuple(x.strip() for x in text.split(",") if x.strip())


def _floats(text):
    return tuple(float(x) for x in _csv(text))


# ----- commands --------------------------------------------------------------------
def cmd_train(args):
    from .train import TrainConfig, defaults_for, train

    options = _game_options(args) or ({"num_players": 3} if args.game == "spanish_main" else {})
    game = games.make(args.game, **options)  # reject bad options before anything starts
    d = TrainConfig(**defaults_for(game))
    out = args.out or _default_out(args.game)
    _check_seed_range(args.seed, args.eval_games)
    opponents = args.opponents or d.opponents
    weights = args.opponent_weights or (d.opponent_weights if args.opponents is None else (1.0,) * len(opponents))
    cfg = TrainConfig(
        game=args.game, game_options=options, total_timesteps=args.timesteps,
        opponents=opponents, opponent_weights=weights, eval_bots=d.eval_bots,
        snapshot_every=args.snapshot_every, pool_size=args.pool_size, num_envs=args.num_envs,
        n_steps=args.n_steps, batch_size=args.batch_size, n_epochs=args.epochs, learning_rate=args.lr,
        gamma=args.gamma, ent_coef=args.ent_coef, eval_every=args.eval_every, eval_games=args.eval_games,
        seed=args.seed, threads=args.threads, out=out, progress=not args.no_progress,
        reward_shaping=args.reward_shaping, imitate=d.imitate if args.imitate is None else args.imitate,
        imitation_decisions=args.imitation_decisions, imitation_epochs=args.imitation_epochs,
    )
    for name in [*cfg.opponents, cfg.imitate]:  # reject unknown bots up front
        if name and name != "self":
            _check_bot(name, game)
    _, settings = train(cfg)
    print(f"saved {out}/model.safetensors and {out}/settings.json; final win rates: "
          + ", ".join(f"vs {k} {v:.1%}" for k, v in settings["final_eval"]["win_rate"].items()))
    print(f"evaluate it: doubloon arena {args.game} --bots {','.join(d.eval_bots)},checkpoint:{out}/model.safetensors")
    return 0


def _default_out(game):
    out = f"runs/{game}-{time.strftime('%Y%m%d-%H%M%S')}"
    try:
        return output_dir(out)
    except argparse.ArgumentTypeError as err:
        raise ValueError(f"the default output folder: {err}; pass --out") from None


def _check_bot(name, game):
    from .bots import make_bot

    make_bot(name, game)


def cmd_arena(args):
    from .arena import format_result, plot_result, run_arena
    from .bots import make_bots

    game = _make_game(args)
    _check_seed_range(args.seed, args.games)
    bots = make_bots(args.bots, game, seed=args.seed)
    result = run_arena(game, bots, args.games, seed=args.seed, progress=not args.no_progress)
    print(format_result(result))
    if args.plot:
        plot_result(result, make_parent(args.plot))
        print(f"plot: {args.plot}")
    if args.json:
        result.save(make_parent(args.json))
        print(f"results: {args.json}")
    return 0


def _check_seed_range(first, count):
    """The seed list ``first .. first + count - 1`` stays in the engine's range."""
    if first + count - 1 > SEED_MAX:
        raise ValueError(f"--seed {first} with {count} games would run seeds past 2**63-1 ({SEED_MAX}); "
                         f"use a seed up to {SEED_MAX - count + 1}")


def cmd_play(args):
    from .bots import make_bots
    from .play import play

    game = _make_game(args)
    if game.num_players == 1:  # one seat (maracaibo_solo): the rules' own opponent, no bots
        if args.bots:
            print(f"{game.name} has one seat: --bots is not used (the game plays your opponent).")
        bots = []
    else:
        bots = make_bots(args.bots or "heuristic", game, seed=args.seed)
    play(game, bots, human_seat=args.seat, seed=args.seed)
    return 0


def cmd_bench(args):
    script = ROOT / "benchmarks" / "throughput.py"
    if not script.is_file():
        raise ValueError(f"the benchmark script {script} is missing")
    return subprocess.call([sys.executable, str(script), "--game", args.game, *args.rest])


def cmd_bench_jean(args):
    """Maracaibo solo: a bot against Jean on the level ladder (training/bench_jean.py)."""
    from .bench_jean import run_command

    return run_command(args)


def cmd_run(args):
    """``make run``: a short arena of the shipped bots on Spanish Main."""
    from .arena import format_result, run_arena
    from .bots import make_bots

    game = games.make("spanish_main", num_players=3)
    specs = ["heuristic", "random"]
    baseline = BASELINES / "spanish_main" / "model.safetensors"
    if baseline.is_file():
        shown = baseline.relative_to(Path.cwd()) if baseline.is_relative_to(Path.cwd()) else baseline
        specs.insert(0, f"checkpoint:{shown}")
    bots = make_bots(specs, game)
    print(format_result(run_arena(game, bots, args.games, seed=0, progress=not args.no_progress)))
    return 0


def cmd_convert_checkpoint(args):
    """An SB3 ``.zip`` to a doubloon checkpoint; unpickles, so only for trusted files."""
    from .checkpoint import SUFFIX, convert_sb3_zip

    out = Path(args.out) if args.out else Path(args.zip).with_suffix(SUFFIX)
    print(f"warning: unpickling {args.zip} (Stable-Baselines3's loader runs pickle, which can run any code); "
          "convert only files you trust", file=sys.stderr)
    convert_sb3_zip(args.zip, make_parent(out), _make_game(args))
    print(f"saved {out}; use it as checkpoint:{out}")
    return 0


# ----- parser ----------------------------------------------------------------------
def build_parser():
    parser = argparse.ArgumentParser(prog="doubloon", description="doubloon: train, evaluate and play bots.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    d = __import__("training.train", fromlist=["TrainConfig"]).TrainConfig()
    p = sub.add_parser("train", help="train a MaskablePPO agent through the batched VecEnv")
    _add_game(p)
    p.add_argument("--timesteps", type=positive_int, default=d.total_timesteps, help=f"learner steps (default {d.total_timesteps:,})")
    p.add_argument("--opponents", type=_csv, default=None,
                   help=f"opponent bots ({BOT_HELP}) and 'self' for past snapshots (default {','.join(d.opponents)};"
                        " self,random for games without a heuristic)")
    p.add_argument("--opponent-weights", type=_floats, default=None,
                   help=f"probability weights, one per opponent (default {','.join(map(str, d.opponent_weights))})")
    p.add_argument("--reward-shaping", type=float, default=d.reward_shaping,
                   help=f"each step also pays this x the change of the learner's score margin (default {d.reward_shaping})")
    p.add_argument("--imitate", default=None,
                   help="warm start: behaviour cloning of this bot before PPO, '' for none "
                        "(default: the game's heuristic if it has one)")
    p.add_argument("--imitation-decisions", type=positive_int, default=d.imitation_decisions,
                   help="teacher decisions recorded for the warm start")
    p.add_argument("--imitation-epochs", type=positive_int, default=d.imitation_epochs)
    p.add_argument("--snapshot-every", type=positive_int, default=d.snapshot_every, help="steps between self-play snapshots")
    p.add_argument("--pool-size", type=positive_int, default=d.pool_size, help="snapshots kept in the self-play pool")
    p.add_argument("--num-envs", type=positive_int, default=d.num_envs, help="games played in parallel")
    p.add_argument("--n-steps", type=positive_int, default=d.n_steps, help="rollout length per game slot")
    p.add_argument("--batch-size", type=positive_int, default=d.batch_size)
    p.add_argument("--epochs", type=positive_int, default=d.n_epochs)
    p.add_argument("--lr", type=float, default=d.learning_rate)
    p.add_argument("--gamma", type=float, default=d.gamma)
    p.add_argument("--ent-coef", type=float, default=d.ent_coef)
    p.add_argument("--eval-every", type=non_negative_int, default=d.eval_every, help="steps between evaluations (0: only at the end)")
    p.add_argument("--eval-games", type=positive_int, default=d.eval_games, help="arena games per evaluation pairing")
    p.add_argument("--seed", type=train_seed, default=d.seed, help="0..2**32-1")
    p.add_argument("--threads", type=positive_int, default=d.threads, help="torch CPU threads")
    p.add_argument("--out", type=output_dir, default=None, help="output folder (default runs/GAME-TIMESTAMP)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_train)

    p = sub.add_parser("arena", help="seat-rotated games between bots: win rates, scores, ratings")
    _add_game(p)
    p.add_argument("--bots", required=True, help=f"comma-separated bots: {BOT_HELP}")
    p.add_argument("--games", type=positive_int, default=300, help="games per pairing (rounded up to whole seat rotations)")
    p.add_argument("--seed", type=seed_int, default=0, help="first seed of the fixed seed list")
    p.add_argument("--plot", type=output_file, metavar="PNG", help="also draw the results")
    p.add_argument("--json", type=output_file, metavar="PATH", help="also save the results as JSON")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("play", help="play in the terminal against bots")
    _add_game(p)
    p.add_argument("--bots", default=None, help=f"opponents, one per other seat, cycled ({BOT_HELP}); default "
                   "heuristic; one-seat games (maracaibo_solo) need none")
    p.add_argument("--seat", type=non_negative_int, default=0, help="your seat (default 0)")
    p.add_argument("--seed", type=seed_int, default=0, help="the deal")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("bench", help="engine and env throughput (benchmarks/throughput.py)")
    p.add_argument("game", metavar="GAME", choices=games.list(), help="one of: " + ", ".join(games.list()))
    p.add_argument("rest", nargs=argparse.REMAINDER, help="passed on, e.g. --seconds 1")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("run", help="a short arena of random, heuristic and the shipped baseline")
    p.add_argument("--games", type=positive_int, default=300, help="games per pairing")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("convert-checkpoint", help="convert a trusted SB3 model.zip to a .safetensors checkpoint "
                                                  "(runs pickle: only for files you trust)")
    _add_game(p)
    p.add_argument("zip", metavar="ZIP", help="the MaskablePPO .zip (unpickled: only a file you trust)")
    p.add_argument("--out", type=output_file, default=None,
                   help="the .safetensors file to write (default: ZIP with that suffix)")
    p.set_defaults(func=cmd_convert_checkpoint)

    from .bench_jean import add_arguments as _bench_jean_arguments

    p = sub.add_parser("bench-jean", help="Maracaibo solo: a bot against Jean, win rate and margin per level")
    _bench_jean_arguments(p)
    p.set_defaults(func=cmd_bench_jean)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (ValueError, TypeError) as err:
        parser.exit(2, f"doubloon {args.command}: error: {err}\n")
    except KeyboardInterrupt:
        parser.exit(130, "\ninterrupted\n")
