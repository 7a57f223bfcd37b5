"""Batches on every core (games/core/parallel.py, docs/design.md "All cores"): the thread
count is a checked setting, a batch's rows are split over threads exactly once each, and
a game's trajectories are the same whatever the count (``games.api_test`` checks it on
every configuration; here on the default path, large batches without forcing)."""

import re
import threading

import numpy as np
import pytest

import games
from games.core import parallel
from games.core.state import records_equal

MAX = games.max_threads()
TWO = min(2, MAX)


@pytest.fixture(autouse=True)
def _process_default_restored():
    yield
    games.set_threads(None)


@pytest.mark.parametrize(
    "bad, error, message",
    [
        (0, ValueError, f"the thread count must be in 1..{MAX} (NUMBA_NUM_THREADS"),
        (-2, ValueError, f"the thread count must be in 1..{MAX}"),
        (MAX + 1, ValueError, f"got {MAX + 1}"),
        (1.5, TypeError, "the thread count must be an integer, got 1.5"),
        (True, TypeError, "the thread count must be an integer, got True"),
        ("2", TypeError, "the thread count must be an integer, got '2'"),
    ],
)
def test_bad_thread_counts_are_refused_by_name(bad, error, message):
    with pytest.raises(error, match=re.escape(message)) as err:
        games.make("spanish_main", threads=bad)
    assert str(err.value).startswith("spanish_main: the thread count")
    game = games.make("spanish_main")
    with pytest.raises(error, match="spanish_main: the thread count"):
        game.threads = bad
    with pytest.raises(error, match="set_threads: the thread count"):
        games.set_threads(bad)
    assert games.get_threads() == 1  # a refused count changes nothing


def test_a_games_own_count_wins_over_the_process_default():
    own, default = games.make("spanish_main", threads=1), games.make("spanish_main")
    assert (own.threads, default.threads) == (1, 1)  # threads are opt-in
    games.set_threads(TWO)
    assert default.threads == TWO and games.get_threads() == TWO and own.threads == 1
    default.threads = 1
    assert default.threads == 1
    default.threads = None  # back to the process default
    assert default.threads == TWO
    assert "threads" not in own.options  # not an option of the game: no state or JSON depends on it


def test_small_batches_run_on_the_calling_thread():
    assert parallel.threads_for(parallel.PARALLEL_MIN_ROWS - 1, MAX) == 1
    assert parallel.threads_for(parallel.PARALLEL_MIN_ROWS, TWO) == TWO
    assert parallel.threads_for(3, 8, min_rows=2) == 3  # never more slices than rows
    assert parallel.threads_for(4096) == 1  # the process default, unset: 1
    games.set_threads(TWO)
    assert parallel.threads_for(4096) == TWO


def test_run_rows_hands_each_row_to_exactly_one_slice():
    calls = []

    def loop(rows, out, shared):
        calls.append((int(rows[0]), rows.size))
        out[:] = rows * 10 + shared.size

    rows, out, shared = np.arange(10), np.zeros(10, dtype=np.int64), np.zeros(4)
    parallel.run_rows(loop, 3, rows, out, shared=(shared,))
    assert out.tolist() == [r * 10 + 4 for r in range(10)]  # the shared array reaches every slice whole
    assert sorted(calls) == [(0, 3), (3, 3), (6, 4)]  # contiguous slices covering the batch once


def test_the_slices_run_on_as_many_threads():
    idents = set()
    barrier = threading.Barrier(TWO, timeout=60)  # each slice waits for the other: they must run at once

    def loop(rows):
        idents.add(threading.get_ident())
        barrier.wait()

    parallel.run_rows(loop, TWO, np.arange(8))
    assert len(idents) == TWO and threading.get_ident() in idents  # the caller's thread among them


def test_run_rows_raises_the_first_slices_error_after_every_slice_ran():
    ran = []

    def loop(rows):
        ran.append(int(rows[0]))
        if rows[0] >= 4:
            raise ValueError(f"slice from {rows[0]}")

    with pytest.raises(ValueError, match="slice from 4"):
        parallel.run_rows(loop, 3, np.arange(12))
    assert sorted(ran) == [0, 4, 8]


@pytest.mark.parametrize("name", games.list())
def test_batch_loops_release_the_gil(name):
    """Without ``nogil`` the slices would take turns on one core: correct, but no faster."""
    loops = games.make(name).loops
    for loop in (
        loops.init_rows,
        loops.step_rows,
        loops.mask_rows,
        loops.observe_rows,
        loops.scores_rows,
        loops.rank_rows,
        loops.advance_rows,
    ):
        assert loop.targetoptions.get("nogil") is True, loop


def _random_play(game, batch_size, steps):
    """States, masks and observations of seeded random play, one entry per step."""
    state = game.init(np.arange(batch_size) + 1000)
    rng, seen = np.random.default_rng(5), []
    for _ in range(steps):
        mask = game.legal_action_mask(state)
        obs = game.observe(state, np.maximum(state["current_player"], 0))
        seen.append((state.copy(), mask, obs, game.scores(state)))
        keys = rng.random(mask.shape)
        keys[~mask] = -1.0  # a random legal action per row (finished rows: ignored)
        game.step(state, keys.argmax(axis=1))
    return seen


@pytest.mark.parametrize("name", games.list())
def test_trajectories_are_the_same_on_one_and_two_threads(name):
    """The default path (no forcing): a batch of twice the game's parallel_min_rows rows
    runs split at 2 threads and whole at 1, and every state, mask, observation and score agrees."""
    batch_size = 2 * games.make(name).parallel_min_rows
    assert parallel.threads_for(batch_size, TWO, batch_size // 2) == TWO  # it does run split
    serial = _random_play(games.make(name, threads=1), batch_size, steps=40)
    threaded = _random_play(games.make(name, threads=TWO), batch_size, steps=40)
    for t, (one, two) in enumerate(zip(serial, threaded)):
        assert records_equal(one[0], two[0]), f"state at step {t}"
        for a, b in zip(one[1:], two[1:]):
            assert np.array_equal(a, b), f"step {t}"


@pytest.mark.parametrize("batch_size, threads", [(64, 2), (1000, 2), (4096, 2), (100, 3), (1024, 16)])
def test_slices_cover_the_batch_once_in_row_order(batch_size, threads):
    bounds = parallel.slice_bounds(batch_size, threads)
    assert bounds[0][0] == 0 and bounds[-1][1] == batch_size
    assert all(hi == lo for (_, hi), (lo, _) in zip(bounds, bounds[1:]))  # contiguous, no gap, no overlap
    assert threads <= len(bounds) <= threads * parallel.SLICES_PER_THREAD
    if len(bounds) > threads:  # cut finer than one per thread only where slices stay large
        assert min(hi - lo for lo, hi in bounds) >= parallel.MIN_SLICE_ROWS
