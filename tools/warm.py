"""Compile every game's numba kernels once, in parallel, before a test run.

``make test`` runs pytest on every core (pytest-xdist). On a fresh machine the numba
cache is empty, and the first test of each game would compile that game's kernels --
one to two minutes of CPU for Maracaibo -- in every worker that reaches it at the same
time. This compiles them first, one game per process, so the test workers load them
from the cache (games/numba_cache.py), the loops over them included
(games/core/closure_cache.py). Each game plays a few random games to the end
through every entry point that has kernels: the batch loops, the per-record loops of
the envs, the position checks of ``from_json``, ``resample_hidden`` and the game's
heuristic bot.

    python -m tools.warm [--jobs N] [GAME ...]
"""

import argparse
import concurrent.futures
import itertools
import os
import time


def warm_game(name, seed=0):
    """Play ``name`` through every compiled entry point; returns (name, seconds)."""
    import numpy as np

    import games
    from envs.policies import sample_legal
    from training.bots import make_bot
    from training.simulate import play_games

    start = time.perf_counter()
    game = games.make(name)
    rng = np.random.default_rng(seed)
    state = game.init(np.array([seed, seed + 1], dtype=np.int64))
    for step in itertools.count():
        live = ~game.terminated(state)
        if not live.any():
            break
        if step == 20 and live[0]:  # a mid-game position: its checks, its hidden redraw
            game.from_json(game.to_json(state[0]))
            game.resample_hidden(state[0], int(game.current_player(state)[0]), np.array([seed]))
        actions = np.zeros(len(state), dtype=np.int64)
        actions[live] = sample_legal(rng, game.legal_action_mask(state)[live])
        game.step_unchecked(state, actions)
        for player in range(game.num_players):
            game.observe(state, player)
    game.scores(state), game.ranks(state), game.returns(state)
    one = game.init(np.array([seed], dtype=np.int64))
    game.legal_actions(one[0])  # the per-record loops
    heuristic = make_bot("heuristic", game, seed=seed)
    play_games(game, [heuristic], np.zeros((1, game.num_players), dtype=np.int64), [seed])
    return name, time.perf_counter() - start


def main(argv=None):
    import games

    parser = argparse.ArgumentParser(prog="python -m tools.warm", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    args = parser.parse_args(argv)
    names = args.games or games.list()
    unknown = sorted(set(names) - set(games.list()))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; available: {', '.join(games.list())}")
    start = time.perf_counter()
    # Maracaibo (the slowest) first, so the last process to finish is not the one that
    # started last; solo mode after it, since it reuses the base game's cached kernels
    # (one record type): compiled side by side, both would compile them
    first = sorted((n for n in names if n != "maracaibo_solo"), key=lambda n: n != "maracaibo")
    with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for phase in (first, [n for n in names if n == "maracaibo_solo"]):
            for name, seconds in pool.map(warm_game, phase):
                print(f"warm: {name} compiled in {seconds:.0f} s", flush=True)
    print(f"warm: {len(names)} games in {time.perf_counter() - start:.0f} s on {args.jobs} processes", flush=True)


if __name__ == "__main__":
    main()
