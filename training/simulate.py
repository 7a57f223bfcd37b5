"""Batched play of many games by bots, optionally logging every decision.

Each engine step asks each bot once, for the moves of all games where one of its
seats is to act: the Python work per step does not grow with the number of games.
"""

import numpy as np

from envs.seats import play_seats
from games.core.legality import illegal_rows

MAX_BATCH_BYTES = 4 << 30  # what one batch of games may take: its records, observations and masks


def check_batch_memory(game, rows: int) -> None:
    """Refuse, before anything is allocated, a batch of ``rows`` games of ``game`` whose
    records, observations and masks alone would take more than ``MAX_BATCH_BYTES``."""
    per_row = game.dtype.itemsize + 4 * game.obs_size + game.num_actions
    if rows * per_row > MAX_BATCH_BYTES:
        raise ValueError(
            f"{rows:,} games of {game.name} in one batch would take {rows * per_row / 2**30:.1f} GiB "
            f"({per_row:,} bytes a game); at most {MAX_BATCH_BYTES // per_row:,} games play at once"
        )


def play_games(game, bots, seat_bots, seeds, progress=False, log=False, moves=None, final=None):
    """One game per row: ``seat_bots[g, seat]`` indexes ``bots``.

    ``moves``: a list that receives, per game, the list of its actions in order (what
    a recording keeps, games/core/recording.py). ``final``: a list that receives the
    finished records (the batch, one row a game; a story campaign reads them).

    Returns ``(scores, ranks)``, both (G, P); with ``log=True`` also a dict of
    per-decision arrays: ``game`` (row), ``seat``, ``bot``, ``action``, ``before``
    (the record before the move: the whole state, for analysis only),
    ``scores_before`` / ``scores_after`` (G rows' scores around the move), and
    ``final`` (the finished records).
    """
    check_batch_memory(game, len(seeds))
    state = game.init(np.asarray(seeds, dtype=np.int64))
    seat_bots = np.asarray(seat_bots, dtype=np.int64)
    entries, played = [], []
    bar = None
    if progress:
        from .progress import progress_bar

        bar = progress_bar(total=len(state), desc="games", unit="game", leave=False)
    finished = 0
    while True:
        live = np.flatnonzero(~game.terminated(state))
        if bar is not None:
            bar.update(len(state) - live.size - finished)
            finished = len(state) - live.size
        if live.size == 0:
            break
        sub = state[live]
        seats = game.current_player(sub)
        who = seat_bots[live, seats]
        _, masks, actions = play_seats(game, sub, seats, who, bots)
        illegal = illegal_rows(masks, actions)
        if illegal.size:
            bad = illegal[0]
            raise RuntimeError(
                f"bot {bots[who[bad]].name!r} chose illegal action {actions[bad]} "
                f"in the game with seed {seeds[live[bad]]}"
            )
        full = np.zeros(len(state), dtype=np.int64)
        full[live] = actions
        if log:
            scores_before = game.scores(sub)
        game.step_unchecked(state, full)
        if moves is not None:
            played.append((live, actions))
        if log:
            entries.append((live, seats, who, actions, sub, scores_before, game.scores(state[live])))
    if bar is not None:
        bar.close()
    scores, ranks = game.scores(state), game.ranks(state)
    if moves is not None:
        moves.extend(_per_game(played, len(state)))
    if final is not None:
        final.append(state)
    if not log:
        return scores, ranks
    names = ("game", "seat", "bot", "action", "before", "scores_before", "scores_after")
    record = {name: np.concatenate([e[i] for e in entries]) for i, name in enumerate(names)}
    record["final"] = state
    return scores, ranks, record


def _per_game(played, games):
    """``[(live rows, their actions)]`` of each step -> each game's actions in order."""
    if not played:
        return [[] for _ in range(games)]
    rows = np.concatenate([live for live, _ in played])
    actions = np.concatenate([a for _, a in played])
    order = np.argsort(rows, kind="stable")  # stable: a game's actions stay in step order
    return [part.tolist() for part in np.split(actions[order], np.cumsum(np.bincount(rows, minlength=games))[:-1])]


def save_recordings(game, bots, seat_bots, seeds, moves, scores, directory, prefix=None):
    """One recording per game (games/core/recording.py) in ``directory``, named
    ``PREFIX-NNNNN-seedS.json`` in row order; returns the paths."""
    from pathlib import Path

    from games.core.recording import record

    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    prefix = prefix or game.name
    paths = []
    for g, (seed, actions) in enumerate(zip(seeds, moves)):
        names = [bots[b].name for b in seat_bots[g]]
        path = directory / f"{prefix}-{g:05d}-seed{int(seed)}.json"
        record(game, seed, actions, names, scores=scores[g]).save(path)
        paths.append(path)
    return paths
