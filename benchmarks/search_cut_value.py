"""Does the ``search`` bot's value at the cut predict how its rollouts end?

    .venv/bin/python benchmarks/search_cut_value.py [--game maracaibo] [--players 3]
                                                    [--positions 200] [--candidates 3] [--worlds 16]
                                                    [--horizons 12,24,48,72,144] [--value PATH|shipped]

Positions come from heuristic self-play (``--games`` games); at each sampled decision
the search's candidates (the heuristic's move and its runners-up,
``SearchBot.candidate_actions``) are played in ``--worlds`` redrawn worlds
(``resample_hidden``, the same worlds for every candidate) with the heuristic moving
every seat to the end. At each horizon the rollout's value at the cut
(``margins_at_cut``) is kept. Printed per horizon, then for the end itself:

- ``corr``: the correlation, over (position, runner-up, world), of a runner-up's gain
  over the heuristic's move at the cut with its gain in the final margin (the final
  margin is what the search stands in for: a cut whose gains do not follow it steers
  the search by noise or bias);
- ``level``: the correlation of the value of the heuristic's move at the cut with its
  final margin (how well the value predicts where a game ends, not which move is better);
- the search's paired test (``SearchBot.pick``, ``--confidence``) run on the first half
  of the worlds, judged on the other half at the end: how often it leaves the
  heuristic's move, and what a departure gains in final margin and in wins (1 when the
  seat ends strictly first) on the held-out worlds.

With ``--value`` the table is printed again for a learned cut value
(``training.value``) read at the same cuts of the same rollouts.

With ``--ceiling K`` every rollout is also played to the end K more times from its cut,
each time in a world redrawn from what the cut's seat sees there (``resample_hidden``),
and a last table prints, per horizon, the best correlations *any* value of that seat's
view could reach: a value can at most know the expected final margin given the view, and
that expectation's share of the final margin's variance is the covariance of two
independent endings from the same cut (the heuristic is deterministic, so the endings
differ only by what the seat cannot see and by chance). ``level`` ceiling:
sqrt(cov(M1, M2) / var(M)) over the heuristic's move's cuts; ``corr`` ceiling: the same
for a runner-up's gain, the endings of its cut and the heuristic's drawn from one seed.

A report, not a test (docs/bench_jean.md, section "search", quotes its numbers).
"""

import argparse
import functools
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games
from training.bots import make_bot
from training.bots.search import SearchBot
from training.bots.search_value import margins_at_cut
from training.simulate import play_games
from training.value.dataset import expected_margins, play_step


def sample_positions(game, n_games, n_positions, candidates, rng):
    """Records before heuristic decisions that have a runner-up, their seats and candidates."""
    heuristic = make_bot("heuristic", game, seed=5)
    seat_bots = np.zeros((n_games, max(game.num_players, 1)), dtype=np.int64)
    _, _, log = play_games(game, [heuristic], seat_bots, np.arange(500, 500 + n_games), log=True)
    states, seats = log["before"], log["seat"].astype(np.int64)
    search = SearchBot(game, functools.partial(make_bot, "heuristic", game), seed=3, candidates=candidates)
    candidates = search.candidate_actions(game.observe(states, seats), game.legal_action_mask(states))
    searched = np.flatnonzero(candidates[:, 1] >= 0)
    pick = np.sort(rng.choice(searched, size=min(n_positions, searched.size), replace=False))
    return states[pick], seats[pick], candidates[pick]


def rollouts(game, states, seats, candidates, worlds, horizons, rng, value=None, kept=None):
    """(cuts {horizon: (n, c, worlds)}, final margins, wins, learned {horizon: ...} or
    None); NaN where a candidate is missing. ``value``: a learned cut value
    (``training.value.model.load_value``) read at the same cuts; ``kept``: a dict that
    gets the rollouts' records at each horizon (for ``ceilings``)."""
    n, c = candidates.shape
    seeds = rng.integers(0, 2**62, size=(n, worlds))
    drawn = np.concatenate([game.resample_hidden(states[i], int(seats[i]), seeds[i]) for i in range(n)])
    row, cand, world = (a.ravel() for a in np.meshgrid(np.arange(n), np.arange(c), np.arange(worlds), indexing="ij"))
    first = candidates[row, cand]
    missing = first < 0
    sims = drawn[row * worlds + world]
    policy = make_bot("heuristic", game, seed=9)
    masks, obs = game.advance(sims, np.where(missing, candidates[row, 0], first))
    actions = np.zeros(len(sims), dtype=np.int64)
    cuts, learned, step = {}, {}, 0
    while True:
        if step in horizons:
            cuts[step] = margins_at_cut(game, sims, seats[row])
            if value is not None:
                learned[step] = value.margins(game, sims, seats[row])
            if kept is not None:
                kept[step] = sims.copy()
        if not play_step(game, sims, masks, obs, actions, policy):
            break
        step += 1
    final = margins_at_cut(game, sims, seats[row])  # finished rows: the final margin
    for h in horizons:
        cuts.setdefault(h, final)  # every rollout ended before h
        learned.setdefault(h, final)
        if kept is not None:
            kept.setdefault(h, sims.copy())
    cuts["end"] = learned["end"] = final

    def grid(x):
        out = np.asarray(x, dtype=np.float64).reshape(n, c, worlds).copy()
        out[missing.reshape(n, c, worlds)] = np.nan
        return out

    learned = {h: grid(v) for h, v in learned.items()} if value is not None else None
    return {h: grid(v) for h, v in cuts.items()}, grid(final), grid(final > 0), learned


def ceilings(game, kept, seats, candidates, worlds, endings, rng):
    """{horizon: (corr ceiling, level ceiling)}: the best correlations any value of the
    cut seat's view can reach (module docstring), from ``endings`` (>= 2) further endings of
    every rollout kept at the cut (``rollouts(kept=...)``, rows in (position, candidate,
    world) order; ``seats``: each position's seat; a missing candidate counts nowhere)."""
    (n, c), rollout_seats = candidates.shape, np.repeat(seats, candidates.shape[1] * worlds)
    out = {}
    for h, cut in kept.items():
        # one seed per world and ending, shared by the candidates: their endings pair up
        seeds = rng.integers(0, 2**62, size=(n, worlds, endings))
        per_rollout = np.broadcast_to(seeds[:, None], (n, c, worlds, endings)).reshape(-1, endings)
        margin = expected_margins(game, cut, rollout_seats, per_rollout, bot_seed=9).reshape(n, c, worlds, endings)
        margin[candidates < 0] = np.nan
        gain = (margin[:, 1:] - margin[:, :1]).reshape(-1, endings)
        out[h] = (_ceiling(gain), _ceiling(margin[:, 0].reshape(-1, endings)))
    return out


def _ceiling(endings):
    """sqrt(cov of two endings / var of one) over the rows of ``endings`` (rows, k):
    the correlation of the expected ending with one ending."""
    endings = endings[~np.isnan(endings).any(axis=1)]
    k = endings.shape[1]
    var = np.mean([endings[:, i].var(ddof=1) for i in range(k)])
    cov = np.mean([np.cov(endings[:, i], endings[:, j])[0, 1] for i in range(k) for j in range(i + 1, k)])
    return float(np.sqrt(max(cov, 0.0) / var)) if var > 0 else float("nan")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="maracaibo")
    p.add_argument("--players", type=int, default=3, help="seats (ignored by maracaibo_solo)")
    p.add_argument("--level", type=int, default=1, help="Jean's level (maracaibo_solo)")
    p.add_argument("--games", type=int, default=8, help="heuristic self-play games to sample from")
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--candidates", type=int, default=3, help="the heuristic's move and its runners-up")
    p.add_argument("--worlds", type=int, default=16, help="per position: half to pick, half to judge")
    p.add_argument("--horizons", default="12,24,48,72,144")
    p.add_argument("--confidence", type=float, default=2.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--value", help="also a learned cut value (a .safetensors file, or shipped)")
    p.add_argument(
        "--ceiling", type=int, default=0, metavar="K", help="also the best any value could do, from K endings"
    )
    args = p.parse_args(argv)
    if args.worlds < 4:
        p.error("--worlds must be at least 4 (two to pick with, two to judge on)")
    if args.ceiling == 1 or args.ceiling < 0:
        p.error("--ceiling must be 0 (none) or at least 2 endings")
    options = {"level": args.level} if args.game == "maracaibo_solo" else {"num_players": args.players}
    game = games.make(args.game, **options)
    rng = np.random.default_rng(args.seed)
    horizons = [int(h) for h in args.horizons.split(",")]

    value = None
    if args.value:
        from training.value.model import load_value

        value = load_value(args.value, game)
    states, seats, candidates = sample_positions(game, args.games, args.positions, args.candidates, rng)
    kept = {} if args.ceiling else None
    cuts, final, wins, learned = rollouts(game, states, seats, candidates, args.worlds, horizons, rng, value, kept)
    half = args.worlds // 2
    judge = SearchBot(game, functools.partial(make_bot, "heuristic", game), confidence=args.confidence)
    print(
        f"{game.name} ({game.num_players} seats): {len(states)} positions, {candidates.shape[1]} candidates, "
        f"{args.worlds} worlds (picked on {half}, judged on {args.worlds - half}), confidence {args.confidence:g}"
    )
    for label, values in (("hand-written cut value", cuts), (f"learned value {args.value}", learned)):
        if values is not None:
            print(label)
            table(values, final, wins, judge, half)
    if kept:
        best = ceilings(game, kept, seats, candidates, args.worlds, args.ceiling, rng)
        print(f"the best any value of the seat's view could do ({args.ceiling} endings from each cut)")
        print(f"{'horizon':>8} {'corr':>6} {'level':>6}")
        for h, (corr, level) in best.items():
            print(f"{h:>8} {corr:6.3f} {level:6.3f}")


def table(values, final, wins, judge, half):
    """One row per horizon: ``corr`` (gains), ``level`` (the correlation of the value of
    the heuristic's move at the cut with its final margin), and the held-out test."""
    rows = np.arange(len(final))
    final_gain = final[:, 1:] - final[:, :1]
    print(f"{'horizon':>8} {'corr':>6} {'level':>6} {'departs':>8} {'final margin gain':>18} {'win gain':>9}")
    for h, cut in values.items():
        gain = cut[:, 1:] - cut[:, :1]
        known = ~np.isnan(gain) & ~np.isnan(final_gain)
        corr = np.corrcoef(gain[known], final_gain[known])[0, 1]
        level = np.corrcoef(cut[:, 0].ravel(), final[:, 0].ravel())[0, 1]
        picked = judge.pick(cut[:, :, :half])
        departs = picked > 0
        held_margin = np.nanmean(final[rows, picked, half:] - final[:, 0, half:], axis=1)[departs]
        held_win = np.nanmean(wins[rows, picked, half:] - wins[:, 0, half:], axis=1)[departs]
        se = held_margin.std(ddof=1) / np.sqrt(held_margin.size) if held_margin.size > 1 else float("nan")
        margin = f"{held_margin.mean():+7.2f} (se {se:4.2f})" if departs.any() else "-"
        win = f"{held_win.mean():+.3f}" if departs.any() else "-"
        print(f"{h:>8} {corr:6.3f} {level:6.3f} {departs.mean():8.1%} {margin:>18} {win:>9}")


if __name__ == "__main__":
    main()
