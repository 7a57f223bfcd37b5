"""The arena: every pairing of bots plays the same seat-rotated games on a fixed seed list;
over 400 lines as the schedule, the batched play, the report, its plot and the runs over
tile sets all read one result record.

Seat rotation. For a pairing (A, B) in a game of P seats, every seed is played under
each of the 2**P - 2 ways to hand the seats to A and B with both present (3 seats:
AAB ABA BAA ABB BAB BBA). Each bot so holds one seat in half of the games and two
in the other half, in every seat position, on the same deals.

Win rate. A bot's win rate in a pairing is the share of the pairing's games won by
a seat it holds (the game's own winner: rank 0 after its tie-breaks). Two equally
strong bots both score 50%; "A beats B" means A's win rate is above 50%. The 95%
interval is Wilson's (it treats games as independent; games that share a seed are
correlated, so read it as approximate).

Rating. Every game is one openskill (Plackett-Luce) match between the bots in it,
each bot ranked by its best seat; games are rated in a fixed order.

All games of all pairings run as one batch: each engine step asks each bot once for
the moves of every game where one of its seats is to act.
"""

import itertools
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

import games
from games.core.files import atomic_output, write_atomically

from . import tile_sets as TS
from .bots.timing import Timed
from .intervals import wilson_interval
from .simulate import check_batch_memory, play_games, save_recordings


def seat_assignments(num_players):
    """(R, P) 0/1 arrays: which of the two bots holds each seat, both present."""
    rows = [bits for bits in itertools.product((0, 1), repeat=num_players) if 0 < sum(bits) < num_players]
    return np.array(sorted(rows, key=lambda bits: (sum(bits), bits)), dtype=np.int64)  # AAB ABA BAA ABB BAB BBA


class WinRate:
    """``win_rate`` and its 95% Wilson ``ci`` for a result of ``wins`` in ``games``."""

    @property
    def win_rate(self):
        return self.wins / self.games

    @property
    def ci(self):
        return wilson_interval(self.wins, self.games)


@dataclass
class Pairing:
    a: str
    b: str
    games: int
    wins_a: int
    score_a: float  # mean final score per seat held
    score_b: float

    @property
    def win_rate_a(self):
        return self.wins_a / self.games

    @property
    def ci_a(self):
        return wilson_interval(self.wins_a, self.games)


@dataclass
class BotSummary(WinRate):
    name: str
    games: int
    wins: int
    mean_score: float
    mu: float
    sigma: float
    # the bot's own time per decision (bots.timing): printed, kept out of the JSON, which a
    # fixed seed list reproduces on any machine
    decisions_per_second: float = float("nan")

    @property
    def ordinal(self):  # conservative skill estimate, mu - 3 sigma
        return self.mu - 3 * self.sigma


def _without_timing(fields):
    fields.pop("decisions_per_second")
    return fields


@dataclass
class ArenaResult:
    game: str
    options: dict
    seeds: list
    rotations: int
    pairings: list = field(default_factory=list)
    bots: list = field(default_factory=list)

    def to_json(self):
        return {
            "game": self.game,
            "options": self.options,
            "seed_first": self.seeds[0],
            "seed_count": len(self.seeds),
            "seat_rotations": self.rotations,
            "pairings": [{**asdict(p), "win_rate_a": p.win_rate_a, "ci_a": p.ci_a} for p in self.pairings],
            "bots": [
                {**_without_timing(asdict(b)), "win_rate": b.win_rate, "ci": b.ci, "ordinal": b.ordinal}
                for b in self.bots
            ],
        }

    def save(self, path):
        write_atomically(path, json.dumps(self.to_json(), indent=2))


def run_arena(game, bots, games_per_pairing=100, seed=0, progress=False, record=None):
    """Every pairing of ``bots`` (a list of bots with distinct names), seat-rotated.
    ``record``: a folder to write every game's recording to (games/core/recording.py).

    Each pairing plays ``ceil(games_per_pairing / R) * R`` games, R the number of seat
    assignments: the seeds ``seed, seed + 1, ...`` each under every assignment.
    """
    from openskill.models import PlackettLuce

    names = [b.name for b in bots]
    if len(set(names)) != len(names):
        raise ValueError(f"bots must have distinct names, got {names}")
    for i, bot in enumerate(bots):  # reproducible: the same bot randomness every run
        if hasattr(bot, "seed"):
            bot.seed(seed * 1000 + i)
    if game.num_players == 1:
        check_batch_memory(game, games_per_pairing * len(bots))
        return _solo_arena(game, bots, games_per_pairing, seed, progress, record)
    if len(bots) < 2:
        raise ValueError("the arena needs at least two bots")

    rotations = seat_assignments(game.num_players)
    n_seeds = -(-games_per_pairing // len(rotations))
    check_batch_memory(game, n_seeds * len(rotations) * len(bots) * (len(bots) - 1) // 2)  # before any allocation
    seeds = np.arange(seed, seed + n_seeds, dtype=np.int64)
    pairs = list(itertools.combinations(range(len(bots)), 2))
    # one batch for everything: game (pair k, seed i, rotation r) at row (k * n_seeds + i) * R + r
    seat_bots, all_seeds = [], []
    for a, b in pairs:
        holders = np.where(rotations == 0, a, b)
        seat_bots.append(np.tile(holders, (n_seeds, 1)))
        all_seeds.append(np.repeat(seeds, len(rotations)))
    seat_bots, all_seeds = np.concatenate(seat_bots), np.concatenate(all_seeds)
    scores, ranks, speeds = _play(game, bots, seat_bots, all_seeds, progress, record)

    per_pair = len(seeds) * len(rotations)
    result = ArenaResult(game.name, dict(game.options), seeds.tolist(), len(rotations))
    wins = np.zeros(len(bots), dtype=np.int64)
    played = np.zeros(len(bots), dtype=np.int64)
    score_sum = np.zeros(len(bots))
    seat_count = np.zeros(len(bots))
    winner_bot = seat_bots[np.arange(len(ranks)), ranks.argmin(axis=1)]
    for k, (a, b) in enumerate(pairs):
        rows = slice(k * per_pair, (k + 1) * per_pair)
        sb, sc = seat_bots[rows], scores[rows]
        wins_a = int((winner_bot[rows] == a).sum())
        result.pairings.append(
            Pairing(names[a], names[b], per_pair, wins_a, float(sc[sb == a].mean()), float(sc[sb == b].mean()))
        )
        for x, w in ((a, wins_a), (b, per_pair - wins_a)):
            wins[x] += w
            played[x] += per_pair
            score_sum[x] += sc[sb == x].sum()
            seat_count[x] += (sb == x).sum()

    model = PlackettLuce()
    ratings = [model.rating(name=n) for n in names]
    for i in range(per_pair):  # interleave pairings so no pairing is rated last
        for k in range(len(pairs)):
            g = k * per_pair + i
            present = np.unique(seat_bots[g])
            best = [int(ranks[g][seat_bots[g] == x].min()) for x in present]
            rated = model.rate([[ratings[x]] for x in present], ranks=best)
            for x, team in zip(present, rated):
                ratings[x] = team[0]
    for x, n in enumerate(names):
        result.bots.append(
            BotSummary(
                n,
                int(played[x]),
                int(wins[x]),
                float(score_sum[x] / seat_count[x]),
                float(ratings[x].mu),
                float(ratings[x].sigma),
                speeds[x],
            )
        )
    return result


def _play(game, bots, seat_bots, seeds, progress, record):
    """``play_games``, writing each game's recording to the folder ``record`` if given;
    ``(scores in points, ranks, decisions per second of each bot)``."""
    moves = [] if record is not None else None
    timed = [Timed(bot) for bot in bots]
    scores, ranks = play_games(game, timed, seat_bots, seeds, progress=progress, moves=moves)
    if record is not None:
        save_recordings(game, bots, seat_bots, seeds, moves, scores, record)
    return game.points(scores), ranks, [t.decisions_per_second for t in timed]  # in points


def _solo_arena(game, bots, games, seed, progress, record=None):
    """One-seat games (the opponent is part of the rules): every bot plays the same
    seeds alone. Win rate: games won; ratings: one match per seed, bots ranked by score."""
    from openskill.models import PlackettLuce

    seeds = np.arange(seed, seed + games, dtype=np.int64)
    seat_bots = np.repeat(np.arange(len(bots)), games)[:, None]
    scores, ranks, speeds = _play(game, bots, seat_bots, np.tile(seeds, len(bots)), progress, record)
    scores, won = scores[:, 0].reshape(len(bots), games), (ranks[:, 0] == 0).reshape(len(bots), games)
    model = PlackettLuce()
    ratings = [model.rating(name=b.name) for b in bots]
    if len(bots) > 1:
        for i in range(games):
            order = (-scores[:, i]).argsort(kind="stable")
            rank = np.empty(len(bots), dtype=np.int64)
            rank[order] = np.arange(len(bots))
            rated = model.rate([[r] for r in ratings], ranks=rank.tolist())
            ratings = [team[0] for team in rated]
    result = ArenaResult(game.name, dict(game.options), seeds.tolist(), 1)
    for x, bot in enumerate(bots):
        result.bots.append(
            BotSummary(
                bot.name,
                games,
                int(won[x].sum()),
                float(scores[x].mean()),
                float(ratings[x].mu),
                float(ratings[x].sigma),
                speeds[x],
            )
        )
    return result


DEFINITION = (
    "Win rate: share of a pairing's games won by a seat the bot holds. Seats are rotated over every\n"
    "assignment of the {p} seats to the two bots (each holds 1..{q} seats equally often, in every\n"
    "position, on the same seeds), so two equal bots both score 50%. 95% Wilson intervals.\n"
    "Score: mean final score per seat held. Rating: openskill Plackett-Luce mu +- sigma (one match per game)."
)


def _rounded(asked, games, rotations):
    """ " (--games 2 rounded up to 6: whole rotations of the 6 seat assignments)" where it was."""
    if asked is None or asked == games:
        return ""
    return f" (--games {asked} rounded up to {games}: whole rotations of the {rotations} seat assignments)"


def format_result(result, asked: int | None = None) -> str:
    """The arena's table; ``asked``: the games per pairing asked for, said when the arena
    rounded it up to whole seat rotations."""
    p = result.options.get("num_players", "?")
    opts = ", ".join(f"{k}={v}" for k, v in result.options.items())
    if not result.pairings:  # one-seat games
        lines = [
            f"Arena: {result.game} ({opts})",
            f"every bot plays seeds {result.seeds[0]}..{result.seeds[-1]} alone;"
            " win rate = games won, rating = openskill over the bots' scores on each seed",
            "",
        ]
        return "\n".join(lines + _bot_table(result))
    lines = [
        f"Arena: {result.game} ({opts})",
        f"{result.pairings[0].games} games per pairing: seeds {result.seeds[0]}..{result.seeds[-1]}"
        f" x {result.rotations} seat assignments" + _rounded(asked, result.pairings[0].games, result.rotations),
        DEFINITION.format(p=p, q=p - 1 if isinstance(p, int) else "P-1"),
        "",
    ]
    width = max(len(f"{x.a} vs {x.b}") for x in result.pairings)
    lines.append(
        f"{'pairing (A vs B)':<{width}}  {'games':>5}  {'A win rate  [95% CI]':<22}  {'A score':>7}  {'B score':>7}"
    )
    for x in result.pairings:
        lo, hi = x.ci_a
        lines.append(
            f"{x.a + ' vs ' + x.b:<{width}}  {x.games:>5}  {x.win_rate_a:6.1%} [{lo:6.1%}, {hi:6.1%}]"
            f"  {x.score_a:7.2f}  {x.score_b:7.2f}"
        )
    lines.append("")
    return "\n".join(lines + _bot_table(result))


def _bot_table(result):
    lines = []
    width = max(len(b.name) for b in result.bots)
    lines.append(
        f"{'bot':<{width}}  {'games':>5}  {'win rate  [95% CI]':<22}  {'score':>6}  {'rating mu +- sigma':>18}"
    )
    for b in sorted(result.bots, key=lambda b: -b.ordinal):
        lo, hi = b.ci
        lines.append(
            f"{b.name:<{width}}  {b.games:>5}  {b.win_rate:6.1%} [{lo:6.1%}, {hi:6.1%}]  {b.mean_score:6.2f}"
            f"  {b.mu:9.2f} +- {b.sigma:5.2f}"
        )
    rates = ", ".join(f"{b.name} {b.decisions_per_second:.1f}" for b in result.bots)
    lines += ["", f"{SPEED_PREFIX} {rates} decisions/s"]  # machine and load dependent: a line of its own
    return lines


SPEED_PREFIX = "speed (each bot's own time):"


def short_name(name, width=28):
    """Plot labels: a long checkpoint path keeps its last parts."""
    if len(name) <= width:
        return name
    kind, _, path = name.partition(":")
    parts = path.split("/")
    return f"{kind}:.../{'/'.join(parts[-2:])}" if path else name[: width - 3] + "..."


def plot_result(result, path):
    """Each pairing as a split bar (A's share of wins | B's), and each bot's rating."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = result.pairings or result.bots  # one-seat games: each bot's own win rate
    # each row: its labels on a line of their own above the bar, the CI bar on the bar,
    # so no interval ever crosses a label whatever the win rate
    fig, (ax1, ax2) = plt.subplots(
        1, 2, figsize=(12, 0.9 * max(len(rows), len(result.bots)) + 2), gridspec_kw={"width_ratios": [3, 2]}
    )
    y = np.arange(len(rows))
    height, above = 0.45, 0.27  # bar height; labels sit just above the bar's top edge
    if result.pairings:
        rates = np.array([x.win_rate_a for x in rows])
        ci = np.array([x.ci_a for x in rows])
        ax1.barh(y, rates, height=height, color="tab:blue")
        ax1.barh(y, 1 - rates, left=rates, height=height, color="tab:orange")
        for k, x in enumerate(rows):
            ax1.text(
                0.005,
                k - above,
                f"{short_name(x.a)}  {x.win_rate_a:.1%}",
                va="bottom",
                ha="left",
                fontsize=8,
                color="tab:blue",
            )
            ax1.text(
                0.995,
                k - above,
                f"{1 - x.win_rate_a:.1%}  {short_name(x.b)}",
                va="bottom",
                ha="right",
                fontsize=8,
                color="tab:orange",
            )
        ax1.set_xlabel("share of the pairing's games won (95% CI on the split)")
        ax1.set_title(f"{result.game}: {len(rows)} seat-rotated pairings, {rows[0].games} games each", fontsize=10)
    else:
        rates = np.array([b.win_rate for b in rows])
        ci = np.array([b.ci for b in rows])
        ax1.barh(y, rates, height=height, color="tab:blue")
        for k, b in enumerate(rows):
            ax1.text(
                0.005,
                k - above,
                f"{short_name(b.name)}  {b.win_rate:.1%}",
                va="bottom",
                ha="left",
                fontsize=8,
                color="tab:blue",
            )
        ax1.set_xlabel("games won (95% CI)")
        ax1.set_title(f"{result.game}: {rows[0].games} games each", fontsize=10)
    ax1.errorbar(rates, y, xerr=[rates - ci[:, 0], ci[:, 1] - rates], fmt="none", ecolor="black", capsize=4)
    ax1.set_ylim(len(rows) - 0.5, -0.75)  # inverted: first row on top, room for its labels
    ax1.axvline(0.5, color="grey", ls="--", lw=1)
    ax1.set_xlim(0, 1)
    ax1.set_yticks([])
    bots = sorted(result.bots, key=lambda b: -b.mu)
    y = np.arange(len(bots))
    ax2.barh(y, [b.mu for b in bots], xerr=[3 * b.sigma for b in bots], color="tab:green", capsize=4)
    ax2.set_yticks(y, [short_name(b.name) for b in bots], fontsize=8)
    ax2.invert_yaxis()
    ax2.set_xlabel("openskill mu (bars: 3 sigma)")
    ax2.set_title("ratings", fontsize=10)
    fig.tight_layout()
    with atomic_output(path) as tmp:
        fig.savefig(tmp, dpi=120, format=Path(path).suffix.lstrip(".") or "png")
    plt.close(fig)


def evaluate_policy_bot(game, learner, eval_bots, games_per_pairing, seed):
    """Arena of the learner against each evaluation bot: {bot name: learner win rate}
    (one-seat games: {"solo": games won})."""
    if game.num_players == 1:
        return {"solo": run_arena(game, [learner], games_per_pairing, seed=seed).bots[0].win_rate}
    result = {}
    for bot in eval_bots:
        arena = run_arena(game, [learner, bot], games_per_pairing, seed=seed)
        result[bot.name] = arena.pairings[0].win_rate_a
    return result


def run_arena_tile_sets(
    game_name, options, tile_sets, bot_specs, games_per_pairing, seed=0, threads=None, progress=False, record=None
):
    """``arena.run_arena`` on every tile set (the same seeds; the bots made anew for each
    board, with the same seeds); ``record``: a folder, each board's games in a sub-folder
    named by its tiles. Returns [(tiles, ArenaResult)]."""
    from .bots import make_bots

    per_set = []
    for tiles in tile_sets:
        game = games.make(game_name, threads=threads, **options, legacy_tiles=tiles)
        bots = make_bots(bot_specs, game, seed=seed)
        out = None if record is None else str(Path(record) / TS.label(tiles))
        if progress:
            print(f"tile set {TS.label(tiles)}", flush=True)
        per_set.append((tiles, run_arena(game, bots, games_per_pairing, seed=seed, progress=progress, record=out)))
    return per_set
