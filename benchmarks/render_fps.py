"""Frames per second of the drawn boards: ``render_svg`` and ``render_mode="rgb_array"``.

    .venv/bin/python benchmarks/render_fps.py [--game NAME ...] [--positions 40] [--json PATH]

Rendering is off the hot path (``render_mode=None`` draws nothing); this says what a
video or a replay page costs. Per game (default options), over the positions of one
random game (``--positions`` of them, evenly spaced, seed 0):

- ``text``: ``Game.render`` (the text board), the reference measured in the same run;
- ``svg``: ``Game.render_svg`` of the whole position;
- ``rgb_array``: the env's frame, ``render_svg`` rasterised by cairosvg (envs/raster.py).

Each line prints frames per second and the ratio to the text board of the same game.
"""

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def positions(game, count, seed=0):
    """``count`` records evenly spaced over one random game of ``game``."""
    from envs.policies import sample_legal

    rng = np.random.default_rng(seed)
    state = game.init(np.array([seed]))
    records = [state[0].copy()]
    while not game.terminated(state)[0]:
        game.step(state, sample_legal(rng, game.legal_action_mask(state)))
        records.append(state[0].copy())
    picks = np.linspace(0, len(records) - 1, num=min(count, len(records))).astype(int)
    return [records[i] for i in picks]


def per_second(draw, records):
    start = time.perf_counter()
    for record in records:
        draw(record)
    return len(records) / (time.perf_counter() - start)


def measure(names, count, report=print):
    import games
    from envs.raster import svg_to_rgb

    rows = []
    for name in names:
        game = games.make(name)
        records = positions(game, count)
        game.render(records[0]), svg_to_rgb(game.render_svg(records[0]))  # first-call costs out of the timing
        text = per_second(game.render, records)
        for config, draw in (
            ("text", game.render),
            ("svg", game.render_svg),
            ("rgb_array", lambda r: svg_to_rgb(game.render_svg(r))),
        ):
            fps = text if config == "text" else per_second(draw, records)
            rows.append({"game": name, "config": config, "frames_per_s": fps, "ratio_to_text": fps / text})
            report(f"{name:<18} {config:<10} {fps:9.1f} frames/s {fps / text:8.3f}x text")
    return rows


def main(argv=None):
    sys.path.insert(0, str(ROOT))
    import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=games.list(), help="repeatable; default: every game")
    parser.add_argument("--positions", type=int, default=40, help="positions per game (default 40)")
    parser.add_argument("--json", type=Path, default=None, help="also write the rows to this JSON file")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be a positive integer")
    if args.json is not None and not args.json.parent.is_dir():
        parser.error(f"--json: folder {args.json.parent} does not exist")
    rows = measure(args.game or games.list(), args.positions, report=lambda line: print(line, flush=True))
    if args.json is not None:
        from games.core.files import write_atomically

        write_atomically(args.json, json.dumps(rows, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
