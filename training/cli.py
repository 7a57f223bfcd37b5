"""The ``doubloon`` command (also ``python -m training``).

doubloon train GAME   MaskablePPO through the batched VecEnv
doubloon arena GAME   seat-rotated games between bots: win rates, scores, ratings
doubloon play GAME    play in the terminal against bots
doubloon replay FILE --html OUT.html   a recorded game as a web page
doubloon serve        play in the browser against bots, trained agents or Jean
doubloon campaign GAME --archive FILE   Maracaibo story mode: bots play a campaign, the archive kept
doubloon bench GAME   the engine/env throughput benchmark
doubloon run          a short arena (random vs heuristic, and the shipped baseline where torch is installed)
doubloon convert-checkpoint GAME ZIP   an SB3 model.zip (trusted: it unpickles) to .safetensors
doubloon bench-jean   Maracaibo solo: a bot against Jean, win rate and margin per level
doubloon --version    the installed version
"""

import argparse

import games
from envs.extras import missing_extra_hint

from .argtypes import (
    add_threads_argument,
    game_seed,
    games_count,
    integer,
    non_negative_int,
    output_dir,
    output_file,
)
from .bots import BOT_HELP
from .tile_sets import add_tile_set_arguments
from .version import version

from .commands import (
    CAMPAIGN_GAMES,
    cmd_arena,
    cmd_bench,
    cmd_bench_jean,
    cmd_campaign,
    cmd_convert_checkpoint,
    cmd_play,
    cmd_replay,
    cmd_run,
    cmd_serve,
    cmd_train,
)


def _add_game(p):
    p.add_argument("game", metavar="GAME", choices=games.list(), help="one of: " + ", ".join(games.list()))
    p.add_argument("--players", type=integer, default=None, help="number of players (game default if omitted)")
    p.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a game option, e.g. -o upcoming_adventures=true (repeatable)",
    )


# ----- commands --------------------------------------------------------------------


def _shown(value):
    """A default as its flag would be typed: tuples comma-joined, large ints with
    separators; an empty string (no checkpoint, no warm start) as "none"."""
    if value == "":
        return "none"
    shown = ",".join(map(str, value)) if isinstance(value, tuple) else value
    return f"{shown:,}" if isinstance(shown, int) and shown >= 10_000 else shown


def _add_settings(p):
    """The ``train`` flags, generated from TrainConfig's ``setting`` fields (declared once)."""
    from .train_config import GAME_DEFAULTS, PER_GAME_SETTINGS, cli_settings

    for f in cli_settings():
        flag = f.metadata["flag"] or "--" + f.name.replace("_", "-")
        per_game = f.name in PER_GAME_SETTINGS
        own = "".join(
            f"; {game}: {_shown(values[f.name])}" for game, values in GAME_DEFAULTS.items() if f.name in values
        )
        p.add_argument(
            flag,
            dest=f.name,
            type=f.metadata["parse"],
            default=None if per_game else f.default,
            metavar=flag[2:].upper().replace("-", "_"),
            help=f"{f.metadata['help']} (default {_shown(f.default)}{own})".replace("%", "%%"),
        )


def build_parser():
    parser = argparse.ArgumentParser(prog="doubloon", description="doubloon: train, evaluate and play bots.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("train", help="train a MaskablePPO agent through the batched VecEnv")
    _add_game(p)
    _add_settings(p)
    p.add_argument("--out", type=output_dir, default=None, help="output folder (default runs/GAME-TIMESTAMP)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_train)

    p = sub.add_parser("arena", help="seat-rotated games between bots: win rates, scores, ratings")
    _add_game(p)
    p.add_argument("--bots", required=True, help=f"comma-separated bots: {BOT_HELP}")
    p.add_argument(
        "--games",
        type=games_count,
        default=300,
        help="games per pairing, rounded up to whole seat rotations (default 300)",
    )
    p.add_argument("--seed", type=game_seed, default=0, help="first seed of the fixed seed list")
    p.add_argument("--plot", type=output_file, metavar="PNG", help="also draw the results")
    p.add_argument("--json", type=output_file, metavar="PATH", help="also save the results as JSON")
    p.add_argument(
        "--record",
        type=output_dir,
        metavar="DIR",
        help="also write every game as a recording (doubloon replay FILE) into DIR",
    )
    add_tile_set_arguments(p)
    add_threads_argument(p)
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("play", help="play in the terminal against bots")
    _add_game(p)
    p.add_argument(
        "--bots",
        default=None,
        help=f"opponents, one per other seat, cycled ({BOT_HELP}); default "
        "heuristic; one-seat games (maracaibo_solo) need none",
    )
    p.add_argument("--seat", type=non_negative_int, default=0, help="your seat (default 0)")
    p.add_argument(
        "--seed",
        type=game_seed,
        default=None,
        help="the deal: the same seed deals the same game (default: a fresh seed, printed at the start)",
    )
    p.add_argument(
        "--svg-dir",
        type=output_dir,
        default=None,
        metavar="DIR",
        help="save the board as you see it after the deal and every move: DIR/step-0000.svg, ...",
    )
    p.add_argument(
        "--record",
        type=output_dir,
        metavar="DIR",
        help="write the game (finished or left) as a recording into DIR, for doubloon replay (default: not recorded)",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="a recorded game (play/arena/bench-jean --record) as a web page")
    p.add_argument("file", metavar="FILE", help="the recording (.json)")
    p.add_argument(
        "--html",
        type=output_file,
        required=True,
        metavar="OUT.html",
        help="the page to write: self-contained, no network; nothing is written if FILE is refused",
    )
    p.add_argument("--theme", choices=("light", "dark"), default="light", help="the page's colours, boards included")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("serve", help="play in the browser against bots, trained agents or Jean")
    p.add_argument("--port", type=integer, default=8000, help="the port (default 8000)")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; another is warned about)",
    )
    p.add_argument(
        "--bots", default=None, help="more seat choices for the page, comma-separated (e.g. checkpoint:PATH)"
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("campaign", help="Maracaibo story mode: bots play a campaign, its archive carried over")
    p.add_argument("game", metavar="GAME", choices=CAMPAIGN_GAMES, help="one of: " + ", ".join(CAMPAIGN_GAMES))
    p.add_argument("--players", type=integer, default=None, help="number of players (game default if omitted)")
    p.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a game option, e.g. -o prestige_open=true (repeatable; the archive sets legacy_tiles and c_cards)",
    )
    p.add_argument(
        "--archive",
        type=output_file,
        required=True,
        metavar="FILE",
        help="the campaign's archive (JSON): continued if it exists, else a new campaign; saved after every game",
    )
    p.add_argument("--games", type=games_count, default=3, help="games to play (default 3)")
    p.add_argument("--bots", default="heuristic", help=f"the seats' bots, cycled ({BOT_HELP}); default heuristic")
    p.add_argument(
        "--seed",
        type=game_seed,
        default=None,
        help="a new campaign's seed (default 0); an existing archive keeps its own",
    )
    p.add_argument(
        "--chapter",
        type=integer,
        default=None,
        metavar="CARD",
        help="start a new campaign at chapter card 80-89 (chapters 2-11): its tiles, C cards and story cards",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--review", action="store_true", help="print the archive's history game by game and play no game")
    p.add_argument(
        "--story",
        action="store_true",
        help="a new campaign in story mode (MA-26.1): story cards read during the games; an archive keeps it",
    )
    p.set_defaults(func=cmd_campaign)

    p = sub.add_parser("bench", help="engine and env throughput (benchmarks/throughput.py)")
    p.add_argument("game", metavar="GAME", choices=games.list(), help="one of: " + ", ".join(games.list()))
    p.add_argument(
        "rest",
        nargs=argparse.REMAINDER,
        help="passed on, e.g. --seconds 1 --threads 2 (threads of the threaded batches, default every thread)",
    )
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("run", help="a short arena of random, heuristic and the shipped baseline (with torch)")
    p.add_argument(
        "--games",
        type=games_count,
        default=300,
        help="games per pairing, rounded up to whole seat rotations (default 300)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser(
        "convert-checkpoint",
        help="convert a trusted SB3 model.zip to a .safetensors checkpoint (runs pickle: only for files you trust)",
    )
    _add_game(p)
    p.add_argument("zip", metavar="ZIP", help="the MaskablePPO .zip (unpickled: only a file you trust)")
    p.add_argument(
        "--out", type=output_file, default=None, help="the .safetensors file to write (default: ZIP with that suffix)"
    )
    p.set_defaults(func=cmd_convert_checkpoint)

    from .bench_jean import add_bench_jean_arguments

    p = sub.add_parser("bench-jean", help="Maracaibo solo: a bot against Jean, win rate and margin per level")
    add_bench_jean_arguments(p)
    p.set_defaults(func=cmd_bench_jean)

    from .value.command import add_arguments as add_value_arguments
    from .value.command import cmd_train_value

    p = sub.add_parser("train-value", help="learn a cut value for the search bot from heuristic self-play")
    _add_game(p)
    add_value_arguments(p)
    p.set_defaults(func=cmd_train_value)
    return parser


def os_error_line(err: OSError) -> str:
    """An ``OSError`` in one line that names its file (``WriteError`` already does)."""
    if err.filename is not None:
        return f"{err.filename}: {err.strerror or err}"
    return " ".join(str(err).split())


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (ValueError, TypeError) as err:
        parser.exit(2, f"doubloon {args.command}: error: {err}\n")
    except MemoryError:
        parser.exit(1, f"doubloon {args.command}: error: out of memory (fewer games or smaller batches may fit)\n")
    except OSError as err:  # a full disk, a file-size limit, a folder that went away: one line naming the file
        parser.exit(1, f"doubloon {args.command}: error: {os_error_line(err)}\n")
    except ModuleNotFoundError as err:  # a package of an extra the core install lacks: say which extra
        hint = missing_extra_hint(args.command, err)
        if hint is None:
            raise
        parser.exit(1, hint + "\n")
    except KeyboardInterrupt:
        parser.exit(130, "\ninterrupted\n")
