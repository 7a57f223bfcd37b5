"""On-disk caching for the loops that close over a game's kernels (games/core/batch.py).

numba would key a cached closure by a pickle of its captured values, and a pickled
dispatcher carries a random id, so the key never matched in another process: every
process compiled each loop again, and a loop's compile re-optimizes the rules it calls
(linked in whole), about 14 s for Maracaibo's four first loops on a warm cache.

Here a closure's key names what it captures instead: each captured kernel by its module,
name, cache folder and its file's stamp (time and size, numba's own freshness check). A
kernel's folder is named by the hash of the sources it may read (games/numba_cache.py),
so an edit to a game's rules changes the key and the loop compiles again; the loop's own
file is in the key through numba's source stamp. The
loop is stored beside the kernels of the first captured kernel (its game's folder).
"""

import contextlib
import hashlib
import os

from numba.core import config
from numba.core.caching import FunctionCache


def identity(value):
    """A text naming ``value`` (a numba dispatcher) as stably as its cache folder does;
    None when it has no stable name (a kernel compiled without ``cache=True``)."""
    py_func = getattr(value, "py_func", None)
    if py_func is None:
        return None
    name = f"{py_func.__module__}.{py_func.__qualname__}"
    cache = getattr(value, "_cache", None)
    folder = getattr(cache, "cache_path", None)
    if folder is not None:
        # the folder: the sources the kernel may read (by their hash); the stamp: its own
        # file (numba's check, and the one that covers a file left out of the hash: hidden.py)
        return f"{name}@{folder}@{cache._impl.locator.get_source_stamp()}"
    if py_func.__closure__ is None:
        return None
    # a closure itself (a loop's inline helper): its code and what it captures
    parts = [identity(cell.cell_contents) for cell in py_func.__closure__]
    if any(part is None for part in parts):
        return None
    return f"{name}#{hashlib.sha256(py_func.__code__.co_code).hexdigest()}({','.join(parts)})"


class ClosureCache(FunctionCache):
    """numba's function cache, keyed by the names of the captured kernels (``identity``)."""

    def __init__(self, py_func, folder, captured):
        self._captured = captured
        previous = config.CACHE_DIR
        config.CACHE_DIR = folder  # numba's locator reads the folder when it is built
        try:
            super().__init__(py_func)
        finally:
            config.CACHE_DIR = previous

    def _index_key(self, sig, codegen):
        code = hashlib.sha256(self._py_func.__code__.co_code).hexdigest()
        return (sig, codegen.magic_tuple(), (code, self._captured))


def cache_closure(dispatcher):
    """Let ``dispatcher`` (an ``@njit`` closure over cached kernels) load and save its
    compiled code on disk; left uncached when a captured value has no stable name or
    numba caches nowhere. Returns the dispatcher."""
    if config.DISABLE_JIT or not config.CACHE_DIR:
        return dispatcher
    cells = dispatcher.py_func.__closure__ or ()
    names = [identity(cell.cell_contents) for cell in cells]
    if not names or any(name is None for name in names):
        return dispatcher
    folders = [getattr(getattr(cell.cell_contents, "_cache", None), "cache_path", None) for cell in cells]
    # a kernel's folder is <game folder>/<its source folder's tag>; the loop goes in the game folder
    folder = os.path.dirname(next(f for f in folders if f is not None))
    with contextlib.suppress(OSError):
        dispatcher._cache = ClosureCache(dispatcher.py_func, folder, tuple(names))
    return dispatcher
