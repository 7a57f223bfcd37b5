"""``doubloon bench-jean``: a bot against Jean (Maracaibo solo, MA-24) on the level ladder;
over 400 lines as the ladder, its table, plot, command and runs over tile sets share one result.

For each level, the bot plays the human seat of ``maracaibo_solo`` on a fixed seed list
(seeds ``seed .. seed + games - 1``, the same deals at every level) through
``simulate.play_games`` (batched). Per level:

* win rate: games where the human's VP exceed Jean's (``game.returns`` = 1), with a 95%
  Wilson interval (``arena.wilson_interval``); draws (returns 0.5) are counted apart
  and ``score`` is the mean return (win 1, draw 0.5, loss 0);
* the score margin, human VP - Jean VP: mean, standard deviation, min, quartiles, max;
* Jean's VP by source, mean per game (``games.maracaibo.solo.stats.jean_vp_by_source``:
  her end bonuses, her final income, and ``in_play`` for the rest).

The bot comes from the bot registry (``training.bots.make_bot``); ``heuristic`` is the
solo game's own (``training.bots.maracaibo.solo``).
"""

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

import games
from games.core.files import atomic_output, write_atomically
from games.maracaibo.solo.state import JEAN
from games.maracaibo.solo.stats import END_COUNTS, JEAN_SOURCES, jean_vp_by_source, end_counts

from . import tile_sets as TS
from .arena import WinRate
from .bots import make_bot
from .bots.timing import Timed
from .simulate import play_games, save_recordings

GAME = "maracaibo_solo"
LEVELS = (1, 2, 3, 4, 5)


# ----- input ---------------------------------------------------------------------------------
def parse_levels(text):
    """``"3"``, ``"1-5"`` or ``"1,3,5"`` -> a tuple of levels, each in 1..5."""
    text = str(text).strip()
    levels = []
    for part in (p.strip() for p in text.split(",")):
        m = re.fullmatch(r"(-?\d+)(?:\s*-\s*(-?\d+))?", part)
        if not m:
            raise ValueError(f"levels are N, A-B or A,B,C with Jean's levels 1..5, got {text!r}")
        lo, hi = int(m[1]), int(m[2]) if m[2] is not None else int(m[1])
        if lo > hi:
            raise ValueError(f"level range {part!r} is empty")
        levels.extend(range(lo, hi + 1))
    bad = [x for x in levels if x not in LEVELS]
    if bad:
        raise ValueError(f"Jean's level must be in 1..5 (MA-24.4), got {bad[0]}")
    return tuple(dict.fromkeys(levels))


# ----- results -------------------------------------------------------------------------------
@dataclass
class LevelResult(WinRate):
    level: int
    games: int
    wins: int
    draws: int
    losses: int
    mean_return: float  # win 1, draw 0.5, loss 0
    human_vp: float
    jean_vp: float
    margins: list  # human VP - Jean VP, one per seed
    jean_sources: dict  # source -> mean VP per game
    # the bot's own time per decision (bots.timing): printed, kept out of the JSON, which
    # the seeds reproduce on any machine
    decisions_per_second: float = float("nan")

    def margin_stats(self):
        m = np.asarray(self.margins, dtype=np.float64)
        q = np.percentile(m, [0, 25, 50, 75, 100])
        return {
            "mean": float(m.mean()),
            "std": float(m.std()),
            "min": float(q[0]),
            "q1": float(q[1]),
            "median": float(q[2]),
            "q3": float(q[3]),
            "max": float(q[4]),
        }


@dataclass
class LadderResult:
    bot: str
    options: dict
    seeds: list
    levels: list = field(default_factory=list)  # LevelResult per level

    def to_json(self):
        out = {"game": GAME, "bot": self.bot, "options": self.options, "seeds": self.seeds, "levels": []}
        for r in self.levels:
            d = asdict(r)
            d.pop("decisions_per_second")
            lo, hi = r.ci
            d.update(win_rate=r.win_rate, ci95=[lo, hi], margin=r.margin_stats())
            out["levels"].append(d)
        return out

    def save(self, path):
        write_atomically(path, json.dumps(self.to_json(), indent=1))


class _FinalState:
    """Passes everything to the game; keeps the batch ``play_games`` scores at the end."""

    def __init__(self, game):
        self._game = game
        self.final = None

    def __getattr__(self, name):
        return getattr(self._game, name)

    def scores(self, state):
        self.final = state.copy()
        return self._game.scores(state)


def play_level(game, bot, seeds, progress=False, record=None):
    """Finished records of ``bot`` against Jean on ``seeds`` (one game per seed);
    ``record``: a folder to write each game's recording to, named ``GAME-levelL-NNNNN-seedS.json``."""
    probe = _FinalState(game)
    seat_bots = np.zeros((len(seeds), 1), dtype=np.int64)
    moves = [] if record is not None else None
    timed = bot if isinstance(bot, Timed) else Timed(bot)
    scores, _ = play_games(probe, [timed], seat_bots, seeds, progress=progress, moves=moves)
    if record is not None:
        level = game.options["level"]
        save_recordings(game, [bot], seat_bots, seeds, moves, scores, record, prefix=f"{game.name}-level{level}")
    return probe.final


# every bot's own seed, whatever the seed list: the seed list picks the deals
BOT_SEED = 0


def ladder_plan(game_options, levels, games_per_level, seed=0):
    """The checked ``(options, levels, seeds)`` of a ladder: the same seeds at every level."""
    options = dict(game_options or {})
    if "level" in options:
        raise ValueError("give Jean's level through the levels, not as a game option")
    levels = parse_levels(",".join(map(str, levels))) if not isinstance(levels, str) else parse_levels(levels)
    if int(games_per_level) < 1:
        raise ValueError(f"--games must be at least 1, got {games_per_level}")
    return options, levels, np.arange(seed, seed + int(games_per_level), dtype=np.int64)


def run_ladder(game_options, bot_spec, levels, games_per_level, seed=0, progress=False, threads=None, record=None):
    """Play ``games_per_level`` games of the bot against Jean at each level.

    ``game_options``: options of ``maracaibo_solo`` besides ``level`` (e.g.
    ``{"expansion_cards": False}``); ``bot_spec``: ``random``, ``heuristic`` or
    ``checkpoint:PATH``. The bot is built once per level with ``BOT_SEED`` (not ``seed``:
    a bot that decides game by game, as the heuristic and search do, then plays a seed's
    game the same in a 50-game chunk as in one run of the whole list).
    ``threads``: of the game's batches (games.core.parallel); the results do not depend on it.
    ``record``: a folder to write every game's recording to (games/core/recording.py).
    """
    options, levels, seeds = ladder_plan(game_options, levels, games_per_level, seed)
    result = LadderResult(bot_spec, options, seeds.tolist())
    for level in levels:
        game = games.make(GAME, level=level, threads=threads, **options)
        bot = Timed(make_bot(bot_spec, game, seed=BOT_SEED))
        if progress:
            print(f"level {level}: {len(seeds)} games", flush=True)
        final = play_level(game, bot, seeds, progress=progress, record=record)
        human, jean = game.scores(final)[:, 0].astype(np.int64), game.jean_scores(final)
        ret = (
            game.returns(final)[:, 0]
            if game.reward == "win"
            else np.where(human > jean, 1.0, np.where(human == jean, 0.5, 0.0))
        )
        sources = jean_vp_by_source(final).mean(axis=0)
        result.levels.append(
            LevelResult(
                level=level,
                games=len(seeds),
                wins=int((ret == 1.0).sum()),
                draws=int((ret == 0.5).sum()),
                losses=int((ret == 0.0).sum()),
                mean_return=float(ret.mean()),
                human_vp=float(human.mean()),
                jean_vp=float(jean.mean()),
                margins=(human - jean).tolist(),
                jean_sources={k: float(v) for k, v in zip(JEAN_SOURCES, sources)},
                decisions_per_second=bot.decisions_per_second,
            )
        )
    return result


# ----- one row per game (the notebook notebooks/maracaibo_vs_jean) ---------------------------
# per game: who played, the outcome, Jean's VP by source and both sides' end counts
TABLE_COLUMNS = (
    ("bot", "level", "seed", "bot_vp", "jean_vp", "margin")
    + tuple(f"jean_{s}" for s in JEAN_SOURCES)
    + tuple(f"bot_{c}" for c in END_COUNTS)
    + tuple(f"jean_{c}" for c in END_COUNTS)
)


def game_table(game_options, bot_specs, levels, games_per_level, seed=0, progress=False):
    """Every bot of ``bot_specs`` against Jean at every level, on the seeds of ``run_ladder``:
    a dict column -> array (``TABLE_COLUMNS``), one entry per game."""
    options, levels, seeds = ladder_plan(game_options, levels, games_per_level, seed)
    names, numbers = [], []
    for spec in bot_specs:
        for level in levels:
            game = games.make(GAME, level=level, **options)
            final = play_level(game, make_bot(spec, game, seed=BOT_SEED), seeds, progress=progress)
            human, jean = game.scores(final)[:, 0].astype(np.int64), game.jean_scores(final)
            names += [spec] * len(seeds)
            numbers.append(
                np.column_stack(
                    [
                        np.full(len(seeds), level),
                        seeds,
                        human,
                        jean,
                        human - jean,
                        jean_vp_by_source(final),
                        end_counts(final, 0),
                        end_counts(final, JEAN),
                    ]
                )
            )
    numbers = np.concatenate(numbers).astype(np.int64)
    return {"bot": np.array(names, dtype=str), **{c: numbers[:, i] for i, c in enumerate(TABLE_COLUMNS[1:])}}


OUTCOMES = ("win", "loss", "all")  # bot VP > Jean's, < Jean's, every game (draws only in "all")
COUNT_COLUMNS = tuple(f"bot_{c}" for c in END_COUNTS) + tuple(f"jean_{c}" for c in END_COUNTS)


def _histogram(values):
    v, c = np.unique(values, return_counts=True)
    return {"values": v.tolist(), "counts": c.tolist()}


def outcome_summary(table):
    """What the notebook plots, small enough to commit for any number of games: per bot
    and level (a str key) the W/D/L counts, the margin histogram, the mean of every
    number column per outcome (``OUTCOMES``) and the histogram of each end count per
    outcome. Means of an empty outcome are None."""
    out = {}
    numbers = [c for c in TABLE_COLUMNS if c not in ("bot", "level", "seed")]
    for bot in dict.fromkeys(table["bot"].tolist()):
        per_level = out.setdefault(bot, {})
        for level in np.unique(table["level"][table["bot"] == bot]).tolist():
            rows = (table["bot"] == bot) & (table["level"] == level)
            margin = table["margin"][rows]
            groups = {"win": margin > 0, "loss": margin < 0, "all": np.ones(margin.size, dtype=bool)}
            entry = {
                "games": int(rows.sum()),
                "wins": int((margin > 0).sum()),
                "draws": int((margin == 0).sum()),
                "losses": int((margin < 0).sum()),
                "margin": _histogram(margin),
                "mean": {},
                "counts": {},
            }
            for name, sel in groups.items():
                entry["mean"][name] = {c: (float(table[c][rows][sel].mean()) if sel.any() else None) for c in numbers}
                entry["counts"][name] = {c: _histogram(table[c][rows][sel]) for c in COUNT_COLUMNS}
            per_level[str(level)] = entry
    return out


# ----- output --------------------------------------------------------------------------------
def format_table(result):
    opts = ", ".join(f"{k}={v}" for k, v in result.options.items()) or "defaults"
    n = len(result.seeds)
    lines = [
        f"Bench vs Jean: {result.bot} on {GAME} ({opts}); {n} games per level, "
        f"seeds {result.seeds[0]}..{result.seeds[-1]}",
        "win rate: human VP > Jean VP, 95% Wilson CI; margin: human VP - Jean VP",
        "",
    ]
    lines.append(
        f"{'level':>5}  {'games':>5}  {'W/D/L':>13}  {'win rate  [95% CI]':<22}  {'margin mean':>11}"
        f"  {'min':>5} {'q1':>6} {'median':>6} {'q3':>6} {'max':>5}  {'bot VP':>6}  {'Jean VP':>7}"
    )
    for r in result.levels:
        lo, hi = r.ci
        m = r.margin_stats()
        lines.append(
            f"{r.level:>5}  {r.games:>5}  {f'{r.wins}/{r.draws}/{r.losses}':>13}  "
            f"{r.win_rate:6.1%} [{lo:6.1%}, {hi:6.1%}]  {m['mean']:11.1f}  {m['min']:5.0f} {m['q1']:6.1f}"
            f" {m['median']:6.1f} {m['q3']:6.1f} {m['max']:5.0f}  {r.human_vp:6.1f}  {r.jean_vp:7.1f}"
        )
    lines += ["", "Jean's VP by source (mean per game):"]
    head = ["level"] + list(JEAN_SOURCES) + ["total"]
    widths = [max(len(h), 6) for h in head]
    lines.append("  ".join(f"{h:>{w}}" for h, w in zip(head, widths)))
    for r in result.levels:
        vals = [r.jean_sources[k] for k in JEAN_SOURCES]
        cells = [f"{r.level:>{widths[0]}}"] + [f"{v:>{w}.1f}" for v, w in zip(vals + [r.jean_vp], widths[1:])]
        lines.append("  ".join(cells))
    lines += ["", speed_line(result)]
    return "\n".join(lines)


def speed_line(result):
    """The bot's decisions per second of its own time at each level (machine and load
    dependent, so on a line of its own that reproducibility checks leave out)."""
    rates = ", ".join(f"level {r.level} {r.decisions_per_second:.1f}" for r in result.levels)
    return f"{SPEED_PREFIX} {result.bot}: {rates} decisions/s"


SPEED_PREFIX = "speed (the bot's own time):"


def plot_margins(result, path):
    """Histogram of the score margin, one overlaid step histogram per level."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    every = np.concatenate([np.asarray(r.margins, dtype=np.float64) for r in result.levels])
    lo, hi = np.floor(every.min()), np.ceil(every.max())
    width = max(1, int(np.ceil((hi - lo + 1) / 60)))  # whole VP per bin, at most about 60 bins
    bins = lo - 0.5 + width * np.arange(int((hi - lo + 1) // width) + 2)  # margins are integers: bins centred
    fig, ax = plt.subplots(figsize=(9, 5))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts of games
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # VP margins
    for r in result.levels:
        ax.hist(
            r.margins,
            bins=bins,
            histtype="step",
            lw=1.8,
            label=f"level {r.level}: win {r.win_rate:.0%}, mean {r.margin_stats()['mean']:+.1f}",
        )
    ax.axvline(0, color="grey", ls="--", lw=1)
    ax.set_xlabel("score margin (bot VP - Jean VP)")
    ax.set_ylabel("games")
    ax.set_title(f"{result.bot} vs Jean ({GAME}), {len(result.seeds)} games per level")
    ax.legend()
    fig.tight_layout()
    with atomic_output(path) as tmp:
        fig.savefig(tmp, dpi=120, format=Path(path).suffix.lstrip(".") or "png")
    plt.close(fig)


# ----- the command (hooked into training/cli.py) -------------------------------------------
def add_bench_jean_arguments(p):
    from .argtypes import add_threads_argument, game_seed, games_count, output_dir, output_file
    from .bots import BOT_HELP

    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--bot", help=f"the bot: {BOT_HELP}")
    who.add_argument("--checkpoint", metavar="PATH", help="a .safetensors checkpoint (as --bot checkpoint:PATH)")
    lv = p.add_mutually_exclusive_group()
    lv.add_argument("--level", default=None, help="Jean's level 1..5 (default 3)")
    lv.add_argument("--levels", default=None, help="the ladder: A-B or A,B,C (e.g. 1-5), one row per level")
    p.add_argument("--games", type=games_count, default=500, help="games per level (default 500)")
    p.add_argument("--seed", type=game_seed, default=0, help="first seed of the seed list (default 0)")
    p.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a maracaibo_solo option, e.g. -o expansion_cards=true (repeatable)",
    )
    TS.add_tile_set_arguments(p)
    p.add_argument("--plot", type=output_file, metavar="PNG", help="also draw the margin histogram per level")
    p.add_argument("--json", type=output_file, metavar="PATH", help="also save the results as JSON")
    p.add_argument(
        "--record",
        type=output_dir,
        metavar="DIR",
        help="also write every game as a recording (doubloon replay FILE) into DIR",
    )
    add_threads_argument(p)
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _run_over_tile_sets(args, spec, levels, options, tile_sets):
    """``--tile-set ...``: the ladder on every tile set, per-set and pooled rows (training/tile_sets.py)."""
    from .argtypes import make_parent

    if args.plot:
        raise ValueError("--plot draws one board's ladder; with --tile-set / --tile-sets use --json")
    for tiles in tile_sets:  # every board and the bot refused before anything plays
        make_bot(spec, games.make(GAME, level=levels[0], **options, legacy_tiles=tiles))
    per_set = run_ladder_tile_sets(
        options,
        spec,
        levels,
        args.games,
        tile_sets,
        seed=args.seed,
        threads=args.threads,
        progress=not args.no_progress,
        record=args.record,
    )
    _, _, seeds = ladder_plan(options, levels, args.games, args.seed)
    print(TS.format_ladder(spec, options, seeds.tolist(), per_set))
    if args.record:
        print(
            f"recordings: {args.record}/<tile set>/maracaibo_solo-level*.json "
            "(view one: doubloon replay FILE --html OUT.html)"
        )
    if args.json:
        write_atomically(make_parent(args.json), json.dumps(TS.ladder_json(spec, options, per_set), indent=1))
        print(f"results: {args.json}")
    return 0


def run_command(args):
    from .argtypes import make_parent, parse_options
    from .tile_sets import tile_sets_from_args

    spec = f"checkpoint:{args.checkpoint}" if args.checkpoint is not None else args.bot
    if not spec or not spec.strip() or spec.strip() == "checkpoint:":
        raise ValueError("give a bot: --bot NAME or --checkpoint PATH")
    if args.level is not None:
        levels = parse_levels(args.level)
        if len(levels) != 1:
            raise ValueError(f"--level takes one level 1..5 (use --levels for a ladder), got {args.level!r}")
    else:
        levels = parse_levels(args.levels if args.levels is not None else "3")
    options = parse_options(GAME, args.option, {"expansion_cards": False})
    tile_sets = tile_sets_from_args(GAME, args.tile_set, args.tile_sets, options)
    if tile_sets is not None:
        return _run_over_tile_sets(args, spec, levels, options, tile_sets)
    make_bot(spec, games.make(GAME, level=levels[0], **options))  # reject a bad bot before playing
    result = run_ladder(
        options,
        spec,
        levels,
        args.games,
        seed=args.seed,
        progress=not args.no_progress,
        threads=args.threads,
        record=args.record,
    )
    print(format_table(result))
    if args.record:
        print(f"recordings: {args.record}/maracaibo_solo-level*.json (view one: doubloon replay FILE --html OUT.html)")
    if args.plot:
        plot_margins(result, make_parent(args.plot))
        print(f"plot: {args.plot}")
    if args.json:
        result.save(make_parent(args.json))
        print(f"results: {args.json}")
    return 0


def run_ladder_tile_sets(
    options, bot_spec, levels, games_per_level, tile_sets, seed=0, threads=None, progress=False, record=None
):
    """``run_ladder`` on every tile set (the same seeds); ``record`` as
    ``run_arena_tile_sets``. Returns [(tiles, LadderResult)]."""
    per_set = []
    for tiles in tile_sets:
        out = None if record is None else str(Path(record) / TS.label(tiles))
        if progress:
            print(f"tile set {TS.label(tiles)}", flush=True)
        per_set.append(
            (
                tiles,
                run_ladder(
                    {**options, "legacy_tiles": tiles},
                    bot_spec,
                    levels,
                    games_per_level,
                    seed=seed,
                    progress=progress,
                    threads=threads,
                    record=out,
                ),
            )
        )
    return per_set
