"""``api_test(game)``: the engine contract every game passes (like pgx's api_test).

Random games at B=1 and B=64 check, at every step: dtypes and shapes, a non-empty
mask while live, ``current_player == -1`` iff terminated, every field of every row in
the range ``from_json`` accepts, the JSON round trip and the game's own position
checks (one row per step, in turn, and every final position), copy equality,
observations for every seat, illegal actions rejected without touching the state,
finished rows left alone, and batch invariance (each game of the batch equals the same seed run alone).
The batch plays with its rows split over 2 threads (games.core.parallel) and again
on 1: every state, the final scores and ranks, and the observations at 32 steps
must agree. Then ``resample_hidden`` on mid-game positions for every seat
(``_check_resample``); last, the ``from_json``
fuzz (games.core.fuzz) on mid-game positions of those games.
"""

import copy

import numpy as np

from .errors import IllegalActionError
from .fuzz import fuzz_positions
from .json_io import out_of_range
from .parallel import max_threads
from .state import records_equal


def _choose(mask, rngs):
    """One legal action per row, drawn from that row's own generator."""
    actions = np.zeros(mask.shape[0], dtype=np.int64)
    for b, row in enumerate(mask):
        legal = np.flatnonzero(row)
        if legal.size:
            actions[b] = legal[rngs[b].integers(legal.size)]
    return actions


def _check_step_invariants(game, state, step):
    B, A, P = state.shape[0], game.num_actions, game.num_players
    mask = game.legal_action_mask(state)
    assert mask.dtype == np.bool_ and mask.shape == (B, A)
    done = game.terminated(state)
    cur = game.current_player(state)
    assert done.dtype == np.bool_ and done.shape == (B,)
    assert np.array_equal(cur == -1, done), "current_player must be -1 exactly when terminated"
    assert np.all(mask[~done].any(axis=1)), "a live game has no legal action"
    assert not mask[done].any(), "a finished game has legal actions"
    assert np.all((cur[~done] >= 0) & (cur[~done] < P))
    for p in range(P):
        obs = game.observe(state, p)
        assert obs.dtype == np.float32 and obs.shape == (B, game.obs_size)
        assert np.all(np.isfinite(obs))
    scores = game.scores(state)
    assert scores.shape == (B, P)
    copy = game.copy(state)
    assert records_equal(copy, state)
    # every row of every step: each field in the range from_json accepts (vectorised,
    # the cheap part of the position check: a negative count, a supply above its total)
    bad = out_of_range(state, game.field_bounds())
    for row in np.flatnonzero(np.not_equal(bad, None)):  # an object array, compared entrywise
        raise AssertionError(f"row {row} at step {step}: field {bad[row]!r} outside {game.field_bounds()[bad[row]]}")
    # the JSON round trip (and so every position check) on one row per step, in turn:
    # at B = 1 that is every position of the game, and a full check of every row of
    # every step would cost more than the rest of the contract together
    b = step % B
    again = game.from_json(game.to_json(state[b]))
    assert records_equal(again[0], state[b]), f"JSON round trip changed row {b}"
    return mask, done


def _check_illegal_rejected(game, state, mask):
    live = np.flatnonzero(~game.terminated(state))
    if live.size == 0:
        return
    b = live[0]
    illegal = np.flatnonzero(~mask[b])
    bad_actions = [game.num_actions, -1] + ([int(illegal[0])] if illegal.size else [])
    before = state.copy()
    for bad in bad_actions:
        actions = np.zeros(state.shape[0], dtype=np.int64)
        actions[mask.any(axis=1)] = mask[mask.any(axis=1)].argmax(axis=1)
        actions[b] = bad
        try:
            game.step(state, actions)
        except IllegalActionError as err:
            assert b in err.rows
        else:
            raise AssertionError(f"action {bad} in row {b} was accepted")
        assert records_equal(state, before), "a rejected step changed the state"


def _check_returns(game, state):
    ret = game.returns(state)
    assert ret.dtype == np.float32 and ret.shape == (state.shape[0], game.num_players)
    assert np.all(np.isfinite(ret))
    done = game.terminated(state)
    assert np.all(ret[~done] == 0)
    if game.reward == "win" and game.num_players > 1:
        assert np.allclose(ret[done].sum(axis=1), 1.0)
    elif game.reward == "win":  # one seat against a built-in opponent: win 1, draw 0.5, loss 0
        assert np.all((ret[done] >= 0) & (ret[done] <= 1))
    elif game.reward == "rank":
        assert np.all((ret[done] >= -1) & (ret[done] <= 1))
    ranks = game.ranks(state)[done]
    if game.num_players > 1:  # a single seat may lose to a built-in opponent
        assert np.all(ranks.min(axis=1) == 0), "somebody must rank first"


def _play(game, seeds, max_steps, checks):
    """Random play from ``seeds``; returns the per-step states (copies)."""
    state = game.init(seeds)
    rngs = [np.random.default_rng(int(s) + 10_007) for s in seeds]
    history = [state.copy()]
    for _ in range(max_steps):
        if checks:
            mask, done = _check_step_invariants(game, state, len(history))
        else:
            mask, done = game.legal_action_mask(state), game.terminated(state)
        if done.all():
            break
        actions = _choose(mask, rngs)
        if checks and len(history) % 7 == 1:
            _check_illegal_rejected(game, state, mask)
        # rows already finished must ignore whatever they are sent
        actions[done] = np.arange(done.sum()) % game.num_actions
        frozen = state[done].copy()
        game.step(state, actions)
        assert records_equal(state[done], frozen), "a finished row changed"
        history.append(state.copy())
    else:
        raise AssertionError(f"games not finished after {max_steps} steps")
    if checks:
        _check_returns(game, state)
        for b in range(state.shape[0]):  # every final position passes the full check
            again = game.from_json(game.to_json(state[b]))
            assert records_equal(again[0], state[b]), f"JSON round trip changed the final position of row {b}"
    return history


def _mid_game_positions(game, history, count):
    """Up to ``count`` live positions spread over the batch's games and their course."""
    picks = []
    for k in range(count):
        t = len(history) * (k + 1) // (count + 1)
        state = history[t]
        live = np.flatnonzero(~game.terminated(state))
        if live.size:
            picks.append(state[live[k % live.size] : live[k % live.size] + 1])
    return np.concatenate(picks) if picks else history[0][:0]


def on_threads(game, threads, min_rows=None):
    """A copy of ``game`` whose batches run on ``threads`` threads; ``min_rows=2``
    splits every batch of two rows or more (a test reaches the threaded path with a
    small batch)."""
    twin = copy.copy(game)
    twin.threads = threads
    if min_rows is not None:
        twin.parallel_min_rows = min_rows
    return twin


def _check_threads_agree(serial, threaded, history):
    """The threaded game's every state equals the serial one's, and so do its
    observations of every seat, scores and ranks (rows share nothing: the thread
    count may change the speed, never a game). The states were compared at every
    step; the observations, the costliest call, at 32 steps spread over the games.
    The threaded calls write into one reused buffer (``out=``), first filled with NaN
    and then holding the previous call's rows: nothing of an earlier call may leak."""
    steps = np.unique(np.linspace(0, len(history) - 1, 32).astype(int))
    rows = history[0].shape[0]
    obs_buffer = np.full((rows, serial.obs_size), np.nan, dtype=np.float32)
    mask_buffer = np.ones((rows, serial.num_actions), dtype=np.bool_)
    for t in steps:
        state = history[t]
        assert np.array_equal(serial.legal_action_mask(state), threaded.legal_action_mask(state, out=mask_buffer)), (
            f"legal_action_mask at step {t} differs between a new array and a reused buffer "
            f"on {threaded.threads} threads"
        )
        for p in range(serial.num_players):
            assert np.array_equal(serial.observe(state, p), threaded.observe(state, p, out=obs_buffer)), (
                f"observation of seat {p} at step {t} differs between 1 and {threaded.threads} threads "
                "(the threaded one written into a reused buffer)"
            )
    final = history[-1]
    assert np.array_equal(serial.scores(final), threaded.scores(final))
    assert np.array_equal(serial.ranks(final), threaded.ranks(final))


def _check_advance(serial, threaded, history, seed):
    """``advance`` (one pass, split over threads, into reused buffers) equals
    ``step_unchecked`` then ``legal_action_mask`` and ``observe`` of the player to act,
    with an all-False mask and zeros in the rows it finished, at 8 steps spread over the games."""
    rows = history[0].shape[0]
    mask_buffer = np.ones((rows, serial.num_actions), dtype=np.bool_)
    obs_buffer = np.full((rows, serial.obs_size), np.nan, dtype=np.float32)
    rngs = [np.random.default_rng([seed, b]) for b in range(rows)]
    for t in np.unique(np.linspace(0, len(history) - 1, 8).astype(int)):
        actions = _choose(serial.legal_action_mask(history[t]), rngs)
        fast, slow = history[t].copy(), history[t].copy()
        mask, obs = threaded.advance(fast, actions, mask_out=mask_buffer, obs_out=obs_buffer)
        serial.step_unchecked(slow, actions)
        assert records_equal(fast, slow), f"advance at step {t} steps differently from step_unchecked"
        live = ~serial.terminated(slow)
        assert np.array_equal(mask[live], serial.legal_action_mask(slow)[live]), f"advance's mask at step {t}"
        assert not mask[~live].any() and not obs[~live].any(), f"advance left entries in finished rows at step {t}"
        if live.any():
            expected = serial.observe(slow[live], serial.current_player(slow)[live])
            assert np.array_equal(obs[live], expected), f"advance's observation at step {t}"


def changed_fields(original, copies):
    """Names of the record fields (the random stream left out) in which some of
    ``copies`` differs from ``original`` (one record): what a resample redrew."""
    return {
        name for name in copies.dtype.names if name != "rng" and not np.all(copies[name] == np.asarray(original)[name])
    }


def _check_resample(game, positions, copies, max_steps, seed):
    """``resample_hidden`` for every seat of every position: each copy shows that seat
    exactly what the position shows it, is a position ``from_json`` accepts, plays on
    to the end, and the same seeds give the same copies, also from a record the seat
    cannot tell from the position (one of its copies); across the copies the random
    streams differ, and, somewhere among the positions, so does a hidden part."""
    seeds = np.arange(seed, seed + copies, dtype=np.int64)
    varied = False
    for i in range(positions.shape[0]):
        pos = positions[i : i + 1]
        before = pos.copy()
        for p in range(game.num_players):
            res = game.resample_hidden(pos[0], p, seeds)
            assert res.dtype == game.dtype and res.shape == (copies,)
            assert records_equal(pos, before), "resample_hidden changed the position it was given"
            assert records_equal(res, game.resample_hidden(pos, p, seeds)), "resample_hidden is not reproducible"
            # a record seat p cannot tell from pos (a copy of it) resamples to the same copies
            twin = game.resample_hidden(pos[0], p, [seed + copies])
            assert records_equal(res, game.resample_hidden(twin, p, seeds)), (
                f"resample_hidden of position {i} for seat {p} depends on what the seat cannot see"
            )
            want = game.observe(np.repeat(pos, copies), p)
            assert np.array_equal(game.observe(res, p), want), (
                f"a resampled copy of position {i} shows seat {p} something else"
            )
            for b in range(copies):
                again = game.from_json(game.to_json(res[b]))
                assert records_equal(again[0], res[b]), "a resampled copy does not survive the JSON round trip"
            assert len({bytes(r) for r in res["rng"]}) == copies, "copies from different seeds share a random stream"
            varied |= bool(changed_fields(pos[0], res))
            rngs = [np.random.default_rng(int(s)) for s in seeds]
            for _ in range(max_steps):
                done = game.terminated(res)
                if done.all():
                    break
                mask = game.legal_action_mask(res)
                actions = _choose(mask, rngs)
                actions[done] = 0
                game.step(res, actions)
            else:
                raise AssertionError(f"resampled copies of position {i} not finished after {max_steps} steps")
    assert varied or positions.shape[0] == 0, "resample_hidden redrew nothing in any position, for any seat"


def api_test(game, num_games=64, seed=0, max_steps=2000, alone=8, fuzz=2, resample=3, copies=4):
    """Raise AssertionError on the first broken rule of the engine contract.

    ``fuzz``: how many mid-game positions the ``from_json`` fuzz mutates; ``resample``:
    on how many ``resample_hidden`` is checked (``copies`` copies each, for every seat)."""
    assert isinstance(game.num_actions, int) and game.num_actions > 0
    assert isinstance(game.obs_size, int) and game.obs_size > 0
    seeds = np.arange(seed, seed + num_games, dtype=np.int64)
    _play(game, seeds[:1], max_steps, checks=True)  # B = 1
    # B = num_games with every batch call split over 2 threads (1 where NUMBA_NUM_THREADS=1),
    # then the same games on one thread: the same states at every step
    threaded = on_threads(game, min(2, max_threads()), min_rows=2)
    serial = on_threads(game, 1)
    batch = _play(threaded, seeds, max_steps, checks=True)
    one_thread = _play(serial, seeds, max_steps, checks=False)
    assert len(one_thread) == len(batch), "the games last longer or shorter on 1 thread"
    for t, (a, b) in enumerate(zip(batch, one_thread)):
        assert records_equal(a, b), f"the batch at step {t} differs between 1 and {threaded.threads} threads"
    _check_threads_agree(serial, threaded, batch)
    _check_advance(serial, threaded, batch, seed)
    for b in range(min(alone, num_games)):  # batch invariance
        solo = _play(game, seeds[b : b + 1], max_steps, checks=False)
        for t, state in enumerate(batch):
            expected = solo[min(t, len(solo) - 1)]
            assert records_equal(state[b : b + 1], expected), f"game {b} differs from its solo run at step {t}"
    # reproducibility: the same seeds give the same games
    again = game.init(seeds)
    assert records_equal(again, batch[0])
    if resample:
        _check_resample(game, _mid_game_positions(game, batch, resample), copies, max_steps, seed)
    if fuzz:
        fuzz_positions(game, _mid_game_positions(game, batch, fuzz), seed=seed, max_steps=max_steps)
