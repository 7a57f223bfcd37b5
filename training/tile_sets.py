"""Evaluation over several Maracaibo boards (legacy tile sets, MA-26.4): ``arena`` and
``bench-jean`` with ``--tile-set`` (repeatable) or ``--tile-sets FILE``.

    doubloon arena maracaibo --players 2 --bots heuristic,random --games 40 --tile-set L2,L6 --tile-set L10,L25
    doubloon bench-jean --bot heuristic --games 50 --tile-sets test.json

Each tile set is its own run of the command (the game made with that ``legacy_tiles``,
the same seed list on every board); the tables print one row per tile set and bot (or
level), then the pooled row: the games of every tile set counted together, win rates
with 95% Wilson intervals (``arena.wilson_interval``). Ratings stay per tile set (the
JSON keeps each board's whole result). A tile-set file is JSON: a list of tile sets,
each a list of tile ids (``[["L2", "L6"], ["L10", "L25"], []]``), e.g. a held-out split
of ``games.maracaibo.tile_sets.random_tile_sets``.
"""

import numpy as np

import games

from .intervals import wilson_interval

# A leaf of training/: the CLI builds its parser from this module at start-up (add_tile_set_arguments),
# before any game is chosen; the runs over tile sets are arena.run_arena_tile_sets and
# bench_jean.run_ladder_tile_sets.

GAMES = ("maracaibo", "maracaibo_solo")  # the games with the legacy_tiles option


# ----- input ---------------------------------------------------------------------------------
def add_tile_set_arguments(p):
    """``--tile-set`` and ``--tile-sets`` of ``arena`` and ``bench-jean``."""
    p.add_argument(
        "--tile-set",
        action="append",
        metavar="TILES",
        dest="tile_set",
        help="Maracaibo: evaluate on this legacy tile set, e.g. L2,L6 (none: no tile); repeatable, "
        "one table row per tile set and the pooled result (MA-26.4)",
    )
    p.add_argument(
        "--tile-sets",
        metavar="JSON",
        dest="tile_sets",
        help='Maracaibo: the tile sets to evaluate on, a JSON file like [["L2", "L6"], []]',
    )


def tile_sets_from_args(game, texts=None, path=None, options=None):
    """The checked tile sets of ``--tile-set`` texts ("L2,L6"; "none" or "" for no tile) or
    a ``--tile-sets`` JSON file; None when neither is given. One ValueError line per problem."""
    if not texts and path is None:
        return None
    if game not in GAMES:
        raise ValueError(f"tile sets are legacy tiles of {' or '.join(GAMES)}, not of {game}")
    if texts and path is not None:
        raise ValueError("give --tile-set or --tile-sets, not both")
    if "legacy_tiles" in (options or {}):
        raise ValueError("legacy_tiles comes from --tile-set / --tile-sets; do not pass -o legacy_tiles too")
    if path is not None:
        from games.core.documents import parse_json, read_document

        def error(source, reason):
            return ValueError(f"tile-set file {source}: {reason}")

        raw = parse_json(read_document(path, error), path, error, "a list of tile sets")
        if not isinstance(raw, list) or not all(isinstance(t, list) for t in raw):
            raise ValueError(f"tile-set file {path}: expected a JSON list of tile sets like [[\"L2\", \"L6\"], []]")
        where = [f"tile-set file {path}, entry {i}" for i in range(len(raw))]
    else:
        raw = [games.option_from_text(game, "legacy_tiles", t) for t in texts]
        where = [f"--tile-set {t!r}" for t in texts]
    from games.maracaibo.data.legacy import check_legacy_tiles

    out, seen = [], set()  # a set: the duplicate check stays linear in the file's length
    for tiles, at in zip(raw, where):
        try:
            tiles = check_legacy_tiles(game, tiles)
        except ValueError as err:
            raise ValueError(f"{at}: {' '.join(str(err).split())[:200]}") from None
        if tiles in seen:
            raise ValueError(f"{at}: tile set {label(tiles)} given twice")
        out.append(tiles)
        seen.add(tiles)
    if not out:
        raise ValueError(f"tile-set file {path}: no tile set in it")
    return out


def label(tiles):
    return ",".join(tiles) or "none"


# ----- pooling -------------------------------------------------------------------------------
def _rate(wins, n):
    lo, hi = wilson_interval(wins, n)
    return f"{wins / n:6.1%} [{lo:6.1%}, {hi:6.1%}]"


def arena_rows(per_set):
    """``per_set``: [(tiles, ArenaResult)] -> (pairing rows, bot rows), each a list of
    (tile-set label, name, games, wins, score(s)) with the pooled rows last."""
    pairings, bots = [], []
    for tiles, result in per_set:
        pairings += [
            (label(tiles), f"{p.a} vs {p.b}", p.games, p.wins_a, p.score_a, p.score_b) for p in result.pairings
        ]
        bots += [(label(tiles), b.name, b.games, b.wins, b.mean_score) for b in result.bots]
    pooled_pairings, pooled_bots = {}, {}
    for _, name, n, wins, *scores in pairings:
        row = pooled_pairings.setdefault(name, [0, 0] + [0.0] * len(scores))
        row[0], row[1] = row[0] + n, row[1] + wins
        for k, s in enumerate(scores):
            row[2 + k] += s * n  # every pairing plays the same seats per game: weight by games
    for _, name, n, wins, score in bots:
        row = pooled_bots.setdefault(name, [0, 0, 0.0])
        row[0], row[1], row[2] = row[0] + n, row[1] + wins, row[2] + score * n
    pairings += [("pooled", name, n, w, *(s / n for s in scores)) for name, (n, w, *scores) in pooled_pairings.items()]
    bots += [("pooled", name, n, w, s / n) for name, (n, w, s) in pooled_bots.items()]
    return pairings, bots


def format_arena(game_name, options, per_set):
    """The per-tile-set and pooled tables of an arena over several boards."""
    first = per_set[0][1]
    opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    pairings, bots = arena_rows(per_set)
    width = max(len("tile set"), *(len(r[0]) for r in bots + pairings))
    lines = [
        f"Arena over {len(per_set)} tile sets (legacy_tiles, MA-26.4): {game_name} ({opts})",
        f"on every tile set the seeds {first.seeds[0]}..{first.seeds[-1]}"
        + (f" x {first.rotations} seat assignments" if first.pairings else " (each bot alone)")
        + "; pooled: the games of every tile set together, 95% Wilson intervals",
        "",
    ]
    if pairings:
        name_w = max(len(r[1]) for r in pairings)
        lines.append(
            f"{'tile set':<{width}}  {'pairing (A vs B)':<{name_w}}  {'games':>5}  "
            f"{'A win rate  [95% CI]':<22}  {'A score':>7}  {'B score':>7}"
        )
        lines += [
            f"{t:<{width}}  {name:<{name_w}}  {n:>5}  {_rate(w, n)}  {sa:7.2f}  {sb:7.2f}"
            for t, name, n, w, sa, sb in pairings
        ]
        lines.append("")
    name_w = max(len(r[1]) for r in bots)
    lines.append(f"{'tile set':<{width}}  {'bot':<{name_w}}  {'games':>5}  {'win rate  [95% CI]':<22}  {'score':>6}")
    lines += [f"{t:<{width}}  {name:<{name_w}}  {n:>5}  {_rate(w, n)}  {s:6.2f}" for t, name, n, w, s in bots]
    return "\n".join(lines)


def arena_json(game_name, options, per_set):
    pairings, bots = arena_rows(per_set)
    return {
        "game": game_name,
        "options": options,
        "tile_sets": [{"legacy_tiles": list(t), "result": r.to_json()} for t, r in per_set],
        "pooled": {
            "pairings": [
                dict(zip(("a_vs_b", "games", "wins_a", "score_a", "score_b"), r[1:]))
                for r in pairings
                if r[0] == "pooled"
            ],
            "bots": [dict(zip(("name", "games", "wins", "mean_score"), r[1:])) for r in bots if r[0] == "pooled"],
        },
    }


def ladder_rows(per_set):
    """``per_set``: [(tiles, LadderResult)] -> rows (tile-set label, level, games, wins,
    draws, losses, margins, bot VP sum, Jean VP sum), the pooled rows (per level) last."""
    rows = [
        (
            label(tiles),
            r.level,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            list(r.margins),
            r.human_vp * r.games,
            r.jean_vp * r.games,
        )
        for tiles, result in per_set
        for r in result.levels
    ]
    pooled = {}
    for _, level, n, w, d, lost, margins, human, jean in rows:
        p = pooled.setdefault(level, [0, 0, 0, 0, [], 0.0, 0.0])
        for k, v in enumerate((n, w, d, lost)):
            p[k] += v
        p[4] += margins
        p[5], p[6] = p[5] + human, p[6] + jean
    return rows + [("pooled", level, *p) for level, p in pooled.items()]


def format_ladder(bot, options, seeds, per_set):
    opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    rows = ladder_rows(per_set)
    width = max(len("tile set"), *(len(r[0]) for r in rows))
    lines = [
        f"Bench vs Jean over {len(per_set)} tile sets (legacy_tiles, MA-26.4): {bot} on maracaibo_solo "
        f"({opts}); on every tile set the seeds {seeds[0]}..{seeds[-1]} at each level",
        "win rate: bot VP > Jean VP, 95% Wilson CI; pooled: the games of every tile set together",
        "",
        f"{'tile set':<{width}}  {'level':>5}  {'games':>5}  {'W/D/L':>13}  {'win rate  [95% CI]':<22}  "
        f"{'margin mean':>11}  {'bot VP':>6}  {'Jean VP':>7}",
    ]
    for t, level, n, w, d, lost, margins, human, jean in rows:
        lines.append(
            f"{t:<{width}}  {level:>5}  {n:>5}  {f'{w}/{d}/{lost}':>13}  {_rate(w, n)}  "
            f"{np.mean(margins):11.1f}  {human / n:6.1f}  {jean / n:7.1f}"
        )
    return "\n".join(lines)


def ladder_json(bot, options, per_set):
    rows = ladder_rows(per_set)
    return {
        "game": "maracaibo_solo",
        "bot": bot,
        "options": options,
        "tile_sets": [{"legacy_tiles": list(t), "result": r.to_json()} for t, r in per_set],
        "pooled": [
            {
                "level": level,
                "games": n,
                "wins": w,
                "draws": d,
                "losses": lost,
                "win_rate": w / n,
                "ci95": list(wilson_interval(w, n)),
                "margin_mean": float(np.mean(m)),
                "human_vp": human / n,
                "jean_vp": jean / n,
            }
            for t, level, n, w, d, lost, m, human, jean in rows
            if t == "pooled"
        ],
    }


__all__ = [
    "arena_json",
    "arena_rows",
    "format_arena",
    "format_ladder",
    "ladder_json",
    "ladder_rows",
    "label",
    "tile_sets_from_args",
]
