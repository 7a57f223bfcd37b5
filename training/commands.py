"""What each ``doubloon`` command does, once its arguments are parsed (``training.cli``
builds the parser and maps errors to one line): train, arena, play, replay, serve,
campaign, bench, bench-jean, run and convert-checkpoint."""

import argparse
import json
import secrets
import sys
import time
from dataclasses import replace
from pathlib import Path

import games
from envs.extras import require
from games.core.files import write_atomically
from games.core.game import SEED_MAX

from .argtypes import (
    make_parent,
    output_dir,
    parse_options,
)

CHECKOUT = Path(__file__).resolve().parents[1]  # the repository, where this package runs from a checkout
CAMPAIGN_GAMES = ("maracaibo", "maracaibo_solo")  # games.maracaibo.campaign.GAMES, not imported at start-up
PLAY_SEEDS = 100_000  # play's fresh seeds: short enough to type back


def game_options(args):
    """``--players`` (0 included: the game refuses it, naming its range) and ``-o``."""
    options = {"num_players": args.players} if args.players is not None else {}
    return parse_options(args.game, args.option, options)


def _make_game(args):
    return games.make(args.game, threads=getattr(args, "threads", None), **game_options(args))


def cmd_train(args):
    # what the run imports, checked before anything is planned or printed
    require(
        "doubloon train",
        "torch",
        "safetensors",
        *(("ray",) if args.engine == "rllib" else ("stable_baselines3", "sb3_contrib")),
    )
    from .train import make_boards, plan, train
    from .train_config import PER_GAME_SETTINGS, TrainConfig, check_opponents, cli_settings, defaults_for, for_engine

    options = game_options(args) or ({"num_players": 3} if args.game == "spanish_main" else {})
    game = games.make(args.game, **options)  # reject bad options before anything starts
    d = TrainConfig(**defaults_for(game))
    out = args.out or _default_out(args.game)
    _check_seed_range(args.seed, args.eval_games)
    given = {f.name: getattr(args, f.name) for f in cli_settings() if getattr(args, f.name) is not None}
    if "opponents" in given and "opponent_weights" not in given:  # one's own opponents: equal weights
        given["opponent_weights"] = (1.0,) * len(given["opponents"])
    cfg = replace(d, **given, game=args.game, game_options=options, out=out, progress=not args.no_progress)
    # the settings asked for: typed, or not their defaults (the flags of the rest default to their values)
    cfg = for_engine(cfg, {k: v for k, v in given.items() if k in PER_GAME_SETTINGS or v != getattr(d, k)})
    make_boards(cfg)  # a bad tile-set file is refused before anything starts
    check_opponents(cfg, game)
    for name in [*cfg.opponents, cfg.imitate]:  # reject unknown bots up front
        if name and name != "self":
            _check_bot(name, game)
    print("\n".join(plan(cfg)), flush=True)
    _, settings = train(cfg)
    saved = f"saved {out}/model.safetensors and {out}/settings.json"
    if settings.get("interrupted"):
        print(f"interrupted after {settings['timesteps']:,} learner steps: {saved} (no final evaluation)")
    else:
        print(
            f"{saved}; final win rates: "
            + ", ".join(f"vs {k} {v:.1%}" for k, v in settings["final_eval"]["win_rate"].items())
        )
    print(f"evaluate it: doubloon arena {args.game} --bots {','.join(d.eval_bots)},checkpoint:{out}/model.safetensors")
    return 130 if settings.get("interrupted") else 0


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
    from .tile_sets import tile_sets_from_args

    tile_sets = tile_sets_from_args(args.game, args.tile_set, args.tile_sets, game_options(args))
    if tile_sets is not None:
        return _arena_over_tile_sets(args, tile_sets)
    game = _make_game(args)
    _check_seed_range(args.seed, args.games)
    bots = make_bots(args.bots, game, seed=args.seed)
    result = run_arena(game, bots, args.games, seed=args.seed, progress=not args.no_progress, record=args.record)
    print(format_result(result, asked=args.games))
    if args.record:
        print(f"recordings: {args.record}/{game.name}-*.json (view one: doubloon replay FILE --html OUT.html)")
    if args.json:  # the results first: a failing plot must not lose them
        result.save(make_parent(args.json))
        print(f"results: {args.json}")
    if args.plot:
        plot_result(result, make_parent(args.plot))
        print(f"plot: {args.plot}")
    return 0


def _check_seed_range(first, count):
    """The seed list ``first .. first + count - 1`` stays in the engine's range."""
    if count - 1 > SEED_MAX:
        raise ValueError(f"{count:,} games need more seeds than the engine has (0..2**63-1)")
    if first + count - 1 > SEED_MAX:
        raise ValueError(
            f"--seed {first} with {count} games would run seeds past 2**63-1 ({SEED_MAX}); "
            f"use a seed up to {SEED_MAX - count + 1}"
        )


def cmd_play(args):
    from .bots import make_bots
    from .play import play

    game = _make_game(args)
    if args.seed is None:  # a fresh deal each game, said so that it can be played again
        args.seed = secrets.randbelow(PLAY_SEEDS)
        print(f"seed {args.seed}: replay with --seed {args.seed}")
    if game.num_players == 1:  # one seat (maracaibo_solo): the rules' own opponent, no bots
        if args.bots:
            print(f"{game.name} has one seat: --bots is not used (the game plays your opponent).")
        bots = []
    else:
        bots = make_bots(args.bots or "heuristic", game, seed=args.seed)
    moves = []
    try:
        play(game, bots, human_seat=args.seat, seed=args.seed, svg_dir=args.svg_dir, moves=moves)
    except KeyboardInterrupt:  # Ctrl-C keeps the record like q and Ctrl-D, then ends as interrupted
        if args.record:
            _record_play(game, bots, args, moves)
        raise
    if args.record:
        _record_play(game, bots, args, moves)
    return 0


def _record_play(game, bots, args, moves):
    """Write the game just played (finished or left) as a recording in ``--record DIR``."""
    from games.core.recording import record

    others = [s for s in range(game.num_players) if s != args.seat]
    names = {args.seat: "human", **{s: bots[i % len(bots)].name for i, s in enumerate(others)}}
    path = Path(args.record) / f"{game.name}-seed{args.seed}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    record(game, args.seed, moves, [names[s] for s in range(game.num_players)]).save(path)
    print(f"recorded: {path} (view it: doubloon replay {path} --html {path.with_suffix('.html')})")


def cmd_replay(args):
    """A recorded game as one self-contained web page."""
    from .replay import write_page

    count, size = write_page(args.file, args.html, theme=args.theme)
    print(f"wrote {args.html}: {count} moves, {size / 1e6:.2f} MB; open it in a browser (arrow keys step)")
    return 0


def cmd_serve(args):
    """Play in the browser: a local web server (training/web)."""
    if not 0 < args.port < 65536:
        raise ValueError(f"--port must be from 1 to 65535, got {args.port}")
    require("doubloon serve", "starlette", "uvicorn")
    from .web.server import serve

    serve(args.host, args.port, bots=[b.strip() for b in (args.bots or "").split(",") if b.strip()])
    return 0


def cmd_campaign(args):
    """Maracaibo story mode: bots play games of a campaign (training/campaign.py)."""
    from .campaign import review, run_campaign

    if args.review:
        review(args.game, args.archive)
        return 0
    options = game_options(args)
    archive = run_campaign(
        args.game,
        args.games,
        args.archive,
        args.bots,
        options,
        seed=args.seed,
        progress=not args.no_progress,
        chapter=args.chapter,
        story=args.story,
    )
    print(
        f"saved {args.archive}: {archive.games_played} games played; continue it: doubloon campaign "
        f"{args.game} --archive {args.archive}"
    )
    return 0


def cmd_bench(args):
    """benchmarks/throughput.py of the checkout this package runs from: repository
    tooling, not installed with the package."""
    script = CHECKOUT / "benchmarks" / "throughput.py"
    if not script.is_file():
        print(
            f"doubloon bench runs benchmarks/throughput.py of a checkout of the doubloon repository, which is not "
            f"installed with the package: run it there (python benchmarks/throughput.py --game {args.game})",
            file=sys.stderr,
        )
        return 1
    if str(CHECKOUT) not in sys.path:
        sys.path.insert(0, str(CHECKOUT))
    from benchmarks import throughput

    return throughput.main(["--game", args.game, *args.rest], prog=f"doubloon bench {args.game}")


def _arena_over_tile_sets(args, tile_sets):
    """``arena --tile-set ...``: one arena per tile set, per-set and pooled tables (training/tile_sets.py)."""
    from .arena import run_arena_tile_sets
    from .tile_sets import arena_json, format_arena

    if args.plot:
        raise ValueError("--plot draws one board's arena; with --tile-set / --tile-sets use --json")
    options = game_options(args)
    for tiles in tile_sets:  # every board's options and bots refused before anything plays
        games.make(args.game, **options, legacy_tiles=tiles)
    _check_seed_range(args.seed, args.games)
    per_set = run_arena_tile_sets(
        args.game,
        options,
        tile_sets,
        args.bots,
        args.games,
        seed=args.seed,
        threads=args.threads,
        progress=not args.no_progress,
        record=args.record,
    )
    print(format_arena(args.game, options, per_set))
    if args.record:
        print(
            f"recordings: {args.record}/<tile set>/{args.game}-*.json (view one: doubloon replay FILE --html OUT.html)"
        )
    if args.json:
        write_atomically(make_parent(args.json), json.dumps(arena_json(args.game, options, per_set), indent=2))
        print(f"results: {args.json}")
    return 0


def cmd_bench_jean(args):
    """Maracaibo solo: a bot against Jean on the level ladder (training/bench_jean.py)."""
    from .bench_jean import run_command

    return run_command(args)


def cmd_run(args):
    """``make run``: a short arena of the shipped bots on Spanish Main; the trained baseline
    needs torch (the train extra): without it the table leaves it out and says why."""
    from .arena import format_result, run_arena
    from .bots import make_bot, make_bots

    game = games.make("spanish_main", num_players=3)
    bots = []
    try:
        bots.append(make_bot("baseline", game))
    except (ModuleNotFoundError, ValueError) as err:  # not installed with torch, or not shipped: say so
        print(f"doubloon run: the table leaves out the trained baseline: {err}", file=sys.stderr)
    bots += make_bots(["heuristic", "random"], game, seed=len(bots))
    print(format_result(run_arena(game, bots, args.games, seed=0, progress=not args.no_progress), asked=args.games))
    return 0


def cmd_convert_checkpoint(args):
    """An SB3 ``.zip`` to a doubloon checkpoint; unpickles, so only for trusted files."""
    from .checkpoint import SUFFIX
    from .checkpoint_migrate import convert_sb3_zip

    out = Path(args.out) if args.out else Path(args.zip).with_suffix(SUFFIX)
    print(
        f"warning: unpickling {args.zip} (Stable-Baselines3's loader runs pickle, which can run any code); "
        "convert only files you trust",
        file=sys.stderr,
    )
    convert_sb3_zip(args.zip, make_parent(out), _make_game(args))
    print(f"saved {out}; use it as checkpoint:{out}")
    return 0


# ----- parser ----------------------------------------------------------------------
