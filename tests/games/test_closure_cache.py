"""The batch loops (closures over a game's kernels) load from disk in a later process,
and compile again when a kernel they call changes (games/core/closure_cache.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]

KERNEL = """
from numba import njit

@njit(cache=True)
def bump(xs, i):
    xs[i] += {amount}
"""

DRIVER = """
import json, sys
import numpy as np
from numba import njit
from numba.core import config
sys.path.insert(0, {folder!r})
config.CACHE_DIR = {cache!r}
from games.core.closure_cache import cache_closure
import kernel_mod

def loop_of(bump):
    @njit
    def loop(xs):
        for i in range(xs.shape[0]):
            bump(xs, i)
    return cache_closure(loop)

loop = loop_of(kernel_mod.bump)
xs = np.zeros(3)
loop(xs)
hits, misses = (sum(counts.values()) for counts in (loop.stats.cache_hits, loop.stats.cache_misses))
print(json.dumps({{"xs": xs.tolist(), "hits": hits, "misses": misses}}))
"""


def run(tmp_path, amount, folder="game-1"):
    (tmp_path / "kernel_mod.py").write_text(KERNEL.format(amount=amount), encoding="utf-8")
    # as games/numba_cache.py does: a kernel's folder is named by its sources
    cache = str(tmp_path / "cache" / folder)
    script = tmp_path / "driver.py"
    script.write_text(DRIVER.format(folder=str(tmp_path), cache=cache), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("NUMBA_DISABLE_JIT", None)
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_loop_over_cached_kernels_loads_from_disk_and_recompiles_when_they_change(tmp_path):
    first = run(tmp_path, 1)
    assert first == {"xs": [1.0, 1.0, 1.0], "hits": 0, "misses": 1}
    # a new process: the loop comes from disk (numba's own key for closures never matched)
    assert run(tmp_path, 1) == {"xs": [1.0, 1.0, 1.0], "hits": 1, "misses": 0}
    # the kernel's file changed in the same folder (as hidden.py, outside the folder's hash)
    assert run(tmp_path, 10) == {"xs": [10.0, 10.0, 10.0], "hits": 0, "misses": 1}
    # a new folder (a changed hash of the sources the kernel reads): compiled again
    assert run(tmp_path, 10, folder="game-2") == {"xs": [10.0, 10.0, 10.0], "hits": 0, "misses": 1}


def test_identity_names_cached_kernels_by_folder_and_refuses_uncached_ones():
    from numba import njit

    from games.core.closure_cache import identity

    @njit
    def plain(x):
        return x

    assert identity(plain) is None  # no cache folder: nothing stable to name it by
    assert identity(3) is None
    from games.core import rng

    name = identity(rng.shuffle)
    assert name.startswith("games.core.rng.shuffle@")
