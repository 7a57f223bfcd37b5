"""What this machine's threads can give at all: the ceiling of a ``x 1 thread`` ratio.

Two numba loops that release the GIL, each run once on one thread and then as one
copy per thread at the same time (the same work per thread, so perfect scaling is
``threads``x):

- ``compute``: a chain of square roots on registers, no memory traffic;
- ``memory``: writing a 256 MiB array per thread (far beyond the caches), the traffic
  of a batch of large observations.

A batch of games sits between the two. On the shared 2-core development machine
(2026-12-02) compute scaled 2.03x and memory 1.27x (8.9 GB/s on one thread): a
batched step whose time goes to writing observations cannot reach 1.8x there,
whatever the threading.
"""

import threading
import time

import numpy as np
from numba import njit

COMPUTE_STEPS = 100_000_000
MEMORY_BYTES = 256 * 2**20
MEMORY_PASSES = 4


# not cached (cache=True): run as a script and as benchmarks.machine, a cache entry
# written under one module name fails to load under the other
@njit(nogil=True)
def _compute(steps):
    total = 0.0
    for i in range(steps):
        total += np.sqrt(i * 1.0)
    return total


@njit(nogil=True)
def _write(buffer, passes):
    for p in range(passes):
        buffer[:] = p


def _timed(jobs):
    """Seconds to run the ``jobs`` (callables) at once, one thread each."""
    threads = [threading.Thread(target=job) for job in jobs]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def scaling(threads):
    """``{"compute": x, "memory": x, "memory_gb_s_1_thread": GB/s}``: how much faster
    ``threads`` copies of each loop ran than one copy did, times ``threads``."""
    buffers = [np.zeros(MEMORY_BYTES // 8) for _ in range(threads)]
    _compute(10)
    for b in buffers:
        _write(b, 1)  # compiled, and every page mapped before timing
    one_compute = _timed([lambda: _compute(COMPUTE_STEPS)])
    all_compute = _timed([lambda: _compute(COMPUTE_STEPS)] * threads)
    one_memory = _timed([lambda: _write(buffers[0], MEMORY_PASSES)])
    all_memory = _timed([lambda b=b: _write(b, MEMORY_PASSES) for b in buffers])
    return {
        "threads": threads,
        "compute": threads * one_compute / all_compute,
        "memory": threads * one_memory / all_memory,
        "memory_gb_s_1_thread": MEMORY_BYTES * MEMORY_PASSES / one_memory / 1e9,
    }


def describe(result):
    return (
        f"this machine on {result['threads']} threads: compute-bound work x{result['compute']:.2f}, "
        f"memory-bound work x{result['memory']:.2f} ({result['memory_gb_s_1_thread']:.1f} GB/s on one "
        "thread): the ceiling of the 'x 1 thread' column"
    )
