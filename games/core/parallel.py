"""Batches on every core: the rows of one batch split over threads (docs/design.md, "All cores").

A batch loop of ``games.core.batch`` releases the GIL, so contiguous slices of one
batch run at once on several threads: the calling thread and a pool of worker
threads each take the next slice not yet taken. Rows share nothing (each has its own record,
random stream and rows of the output arrays; kernels allocate their scratch per
call), so a row's trajectory is the same whatever the thread count: threads change
the speed, never a game.

Why threads over the loops rather than numba's ``prange``: ``parallel=True`` loops
over the kernels took 30 s of CPU per process to compile for Maracaibo (8 s for
Spanish Main) on top of the serial loops: they are closures over the kernels, and
numba's disk cache cannot match a closure in another process. The threads here
reuse the serial loops as compiled.

The count a batch uses is, in order: its game's own (``games.make(name,
threads=n)`` or ``game.threads = n``), the process default (``games.set_threads``),
else 1: threads are opt-in, because on a machine whose cores are busy with other
work (measured on the shared 2-core development machine) a split batch ran slower
than a whole one. At most ``max_threads()``: ``NUMBA_NUM_THREADS``, which defaults
to the number of cores (numba reads it at import, so set it before Python starts). A batch of fewer than
``PARALLEL_MIN_ROWS`` rows, or any batch at one thread, runs on the calling thread
alone, as it did before threads existed.
"""

import itertools
import queue
import threading

import numpy as np
from numba.core import config

# Below this many rows a batch runs serially: handing a slice to a worker costs
# tens of microseconds (far more on a loaded machine), more than its rows save.
PARALLEL_MIN_ROWS = 64

_default = None  # set_threads; None: 1 (threads are opt-in)
_inbox = None  # the worker threads' queue of (job, done) pairs, made on first use
_inbox_lock = threading.Lock()


def max_threads():
    """The most threads a batch may use in this process (``NUMBA_NUM_THREADS``)."""
    return config.NUMBA_NUM_THREADS


def check_threads(threads, who="threads"):
    """``threads`` as an int in ``1..max_threads()``; 0, 1.5, True and "2" are refused."""
    if isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer)):
        raise TypeError(f"{who}: the thread count must be an integer, got {threads!r}")
    if not 1 <= threads <= max_threads():
        raise ValueError(
            f"{who}: the thread count must be in 1..{max_threads()} (NUMBA_NUM_THREADS, the threads "
            f"this process may use; set it before starting Python to allow more), got {threads}"
        )
    return int(threads)


def set_threads(threads):
    """The process default for every game without its own count; ``None``: 1."""
    global _default
    _default = None if threads is None else check_threads(threads, "set_threads")


def get_threads():
    """The process default: ``set_threads``'s count, else 1."""
    return 1 if _default is None else _default


def threads_for(batch_size, threads=None, min_rows=PARALLEL_MIN_ROWS):
    """How many threads a batch of ``batch_size`` rows runs on, for a game whose own
    count is ``threads`` (None: the process default); 1 for small batches and for
    kernels running as plain Python (NUMBA_DISABLE_JIT=1 keeps the GIL)."""
    if batch_size < min_rows or config.DISABLE_JIT:
        return 1
    return min(get_threads() if threads is None else threads, batch_size)


def _serve(inbox):
    while True:
        job, done = inbox.get()
        try:
            job()
        finally:
            done.put(None)


def _workers():
    """The worker threads' inbox. Plain threads on a ``queue.SimpleQueue`` (in C) rather
    than a ``ThreadPoolExecutor``: handing out a batch and collecting it cost about 20 us
    here against 55-75 us through futures (measured on the 2-core development machine),
    and a Spanish Main batch of 1,024 rows takes under 200 us a call."""
    global _inbox
    with _inbox_lock:
        if _inbox is None:  # made on first use: a process that never goes parallel starts no thread
            _inbox = queue.SimpleQueue()
            for i in range(max(max_threads() - 1, 1)):
                threading.Thread(target=_serve, args=(_inbox,), name=f"doubloon-rows-{i}", daemon=True).start()
        return _inbox


# Slices per thread: rows differ in cost (a Maracaibo row mid-program against one
# waiting for a card), so a batch is cut finer than one slice per thread and each
# thread takes the next slice when it is done with its own; no slice is cut below
# MIN_SLICE_ROWS rows, where the call into the loop would cost more than the balance gains.
SLICES_PER_THREAD = 4
MIN_SLICE_ROWS = 64


def slice_bounds(batch_size, threads):
    """Contiguous slices covering ``0..batch_size`` once, as ``(lo, hi)`` in row order."""
    count = max(threads, min(threads * SLICES_PER_THREAD, batch_size // MIN_SLICE_ROWS))
    cuts = [batch_size * k // count for k in range(count + 1)]
    return list(zip(cuts[:-1], cuts[1:]))


def run_rows(loop, threads, states, *row_args, shared=()):
    """``loop(states, *row_args, *shared)`` over contiguous slices of the batch on
    ``threads`` threads at once (``slice_bounds``; each thread takes the next slice
    not yet taken): ``row_args`` have one entry per row (sliced with ``states``),
    ``shared`` are passed whole (a game's config vector). The first error of a slice,
    in row order, is raised once every slice has finished."""
    if threads == 1:
        return loop(states, *row_args, *shared)
    bounds = slice_bounds(states.shape[0], threads)
    taken = itertools.count()  # next() is atomic under the GIL: each slice goes to one thread
    errors = [None] * len(bounds)

    def drain():
        while (k := next(taken)) < len(bounds):
            lo, hi = bounds[k]
            try:
                loop(states[lo:hi], *(a[lo:hi] for a in row_args), *shared)
            except Exception as err:  # raised below, after every slice
                errors[k] = err

    inbox, done = _workers(), queue.SimpleQueue()
    for _ in range(threads - 1):
        inbox.put((drain, done))
    drain()
    for _ in range(threads - 1):
        done.get()
    first = next((err for err in errors if err is not None), None)
    if first is not None:
        raise first
