"""Positions of heuristic self-play, each seat's view of them, and how each game ended.

A learned cut value (``training.value``) is fit to pairs (what a seat sees at a point of
a game, how the game ended for that seat). ``play_positions`` plays ``games`` games of
the heuristic against itself on the batched engine (``Game.advance``, every seat the
same heuristic; Jean is in the solo rules) and, at about ``per_game`` decision points
of each game drawn at random, keeps every seat's observation (``Game.observe``: a
seat's view, hidden cards left out) with the hand-written cut value of that seat
(``search_value.margins_at_cut``, an input of the network: what it adds is learned on
top of it) and the steps played so far. When the games end, each kept row gets the
final margin of its seat (own points less the best other seat's; solo: less Jean's)
and the win (the margin > 0). The observations are float16 (these games' observations
are small integers and fractions; a 3-player Maracaibo position is 13 KB so).

One ending is a noisy target: what a seat cannot see (hidden cards, chance, the others'
answers to them) moves it as much as the position does, and the network, which sees
every position of a game paired with the same ending, learns the games it was trained
on before what positions share (docs/baselines.md, "More self-play"). With ``endings``
K, every kept row is also played to the end K more times by the heuristic, each from a
world redrawn from that seat's view (``Game.resample_hidden``), and gets the mean of
those margins (``expected``) and the share of them won (``expected_win``): the
expected final margin given the view, which is what a value estimates, with the luck
of one ending averaged out.

The rows of a game are kept together (``game`` column) so a held-out split is by game:
positions of one game share its end, and a split by row would grade the network on
games it has seen.
"""

import time

import numpy as np

from training.bots import make_bot
from training.bots.search_value import margins_at_cut

# rows per engine batch: the heuristic and the engine both work on whole batches
BATCH = 64
# a game's decisions (3-player Maracaibo plays about 700 engine steps, solo about 280)
# are sampled at ``per_game / STEPS_GUESS`` each, so a game gives about ``per_game``
STEPS_GUESS = {"maracaibo": 700, "maracaibo_solo": 280, "spanish_main": 120, "pirates_of_nassau": 300}
DEFAULT_STEPS = 300


def seats_of(game):
    """The seats a value is learned for: every player (Jean is not one)."""
    return np.arange(game.num_players)


def play_positions(game, games, per_game=16, seed=0, log=None, endings=0):
    """Self-play data: a dict of arrays, one row per (kept position, seat):
    ``obs`` float16 (N, obs_size), ``cut`` float32 (N,) the hand-written value,
    ``step`` int32, ``game`` int32 (0..games-1), ``seat`` int8, ``margin`` float32 (the
    final margin), ``win`` bool; with ``endings`` K > 0 also ``expected`` float32 and
    ``expected_win`` float32 (the module docstring). ``log(text)`` hears of each
    finished batch."""
    rng = np.random.default_rng(seed)
    ending_rng = np.random.default_rng([seed, 1])  # its own stream: the positions kept do not depend on ``endings``
    rate = min(1.0, per_game / STEPS_GUESS.get(game.name, DEFAULT_STEPS))
    seats = seats_of(game)
    chunks = []
    start = time.perf_counter()
    for first in range(0, games, BATCH):
        ids = np.arange(first, min(first + BATCH, games))
        policy = make_bot("heuristic", game, seed=seed * 7919 + first)
        state = game.init(seed * 1_000_003 + ids)
        masks = game.legal_action_mask(state)
        obs = game.observe(state, game.current_player(state))
        actions = np.zeros(len(state), dtype=np.int64)
        kept, step = [], 0
        while True:
            live = np.flatnonzero(masks.any(axis=1))
            if live.size == 0:
                break
            pick = live[rng.random(live.size) < rate]
            if pick.size:
                kept.append(_views(game, state[pick], pick, step, seats, keep_records=endings > 0))
            actions[:] = 0
            actions[live] = policy(obs[live], masks[live])
            game.advance(state, actions, masks, obs)
            step += 1
        chunk = {k: np.concatenate([part[k] for part in kept]) for k in kept[0]} if kept else None
        if chunk is not None:
            final = {s: margins_at_cut(game, state, np.full(len(state), s)) for s in seats}
            rows = chunk.pop("row")
            chunk["margin"] = np.array([final[s][r] for s, r in zip(chunk["seat"], rows)], dtype=np.float32)
            chunk["win"] = chunk["margin"] > 0
            chunk["game"] = (ids[rows]).astype(np.int32)
            records = chunk.pop("record", None)
            if endings:
                ending_seeds = ending_rng.integers(0, 2**62, size=(len(records), endings))
                margins = expected_margins(game, records, chunk["seat"], ending_seeds)
                chunk["expected"] = margins.mean(axis=1).astype(np.float32)
                chunk["expected_win"] = (margins > 0).mean(axis=1).astype(np.float32)
            chunks.append(chunk)
        if log is not None:
            done = ids[-1] + 1
            log(f"{done}/{games} games, {sum(len(c['cut']) for c in chunks)} rows, {time.perf_counter() - start:.0f} s")
    return {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}


def expected_margins(game, records, seats, seeds, bot_seed=0):
    """(N, K) final margins: record i played to the end by the heuristic K times, the k-th
    from a world redrawn from what ``seats[i]`` sees (``resample_hidden`` with
    ``seeds[i, k]``), each margin ``seats[i]``'s. The heuristic made with ``bot_seed``
    (which draws its tie-breaks) moves every seat, so the margins depend on nothing else."""
    n, k = seeds.shape
    policy = make_bot("heuristic", game, seed=bot_seed)
    margins = np.empty((n, k), dtype=np.float64)
    per_batch = max(1, BATCH * 4 // k)  # records whose worlds play as one batch: about 256 worlds
    for first in range(0, n, per_batch):
        part = np.arange(first, min(first + per_batch, n))
        sims = np.concatenate([game.resample_hidden(records[i], int(seats[i]), seeds[i]) for i in part])
        masks = game.legal_action_mask(sims)
        obs = np.zeros((len(sims), game.obs_size), dtype=np.float32)  # a finished row has no seat to act
        live = np.flatnonzero(masks.any(axis=1))
        obs[live] = game.observe(sims[live], game.current_player(sims[live]))
        actions = np.zeros(len(sims), dtype=np.int64)
        while play_step(game, sims, masks, obs, actions, policy):
            pass
        margins[part] = margins_at_cut(game, sims, np.repeat(seats[part].astype(np.int64), k)).reshape(-1, k)
    return margins


def play_step(game, sims, masks, obs, actions, policy):
    """One move of ``policy`` in every live row of ``sims`` (``masks`` and ``obs`` updated
    in place, ``actions`` a buffer of the batch's length); False when every row has ended."""
    live = np.flatnonzero(masks.any(axis=1))
    if live.size == 0:
        return False
    actions[:] = 0
    actions[live] = policy(obs[live], masks[live])
    game.advance(sims, actions, masks, obs)
    return True


def _views(game, sub, rows, step, seats, keep_records=False):
    """Every seat's view of the records ``sub`` (batch rows ``rows``) at ``step``; with
    ``keep_records`` each row's record too (``record``), for its endings."""
    n = len(sub)
    parts = {"obs": [], "cut": [], "seat": [], "row": []}
    if keep_records:
        parts["record"] = []
    for s in seats:
        who = np.full(n, s, dtype=np.int64)
        parts["obs"].append(game.observe(sub, who).astype(np.float16))
        parts["cut"].append(margins_at_cut(game, sub, who).astype(np.float32))
        parts["seat"].append(who.astype(np.int8))
        parts["row"].append(rows)
        if keep_records:
            parts["record"].append(sub)
    out = {k: np.concatenate(v) for k, v in parts.items()}
    out["step"] = np.full(len(out["cut"]), step, dtype=np.int32)
    return out


def split_by_game(data, held_out=0.2, seed=0):
    """(train, test) index arrays: ``held_out`` of the games, drawn, all their rows in test."""
    ids = np.unique(data["game"])
    rng = np.random.default_rng(seed)
    test_games = rng.choice(ids, size=max(1, int(round(held_out * ids.size))), replace=False)
    test = np.isin(data["game"], test_games)
    return np.flatnonzero(~test), np.flatnonzero(test)


def save_data(path, data):
    """The rows as an ``.npz`` (plain arrays; loaded without pickle)."""
    np.savez(path, **data)


def load_data(path):
    """Rows saved by ``save_data``; a file that is not one is refused in one line."""
    try:
        with np.load(path, allow_pickle=False) as f:
            data = {k: f[k] for k in f.files}
    except (OSError, ValueError) as err:
        raise ValueError(f"{path}: not a value data file ({str(err).splitlines()[0][:80]})") from None
    missing = {"obs", "cut", "step", "game", "seat", "margin", "win"} - set(data)
    if missing:
        raise ValueError(f"{path}: not a value data file (no {', '.join(sorted(missing))})")
    return data
