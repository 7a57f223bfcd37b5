"""Numba's cache folder for a bot's kernels, keyed by the bot's own source.

``games.numba_cache`` keys the cache folder by the engines' sources, so editing an
engine recompiles every kernel. A bot's kernels live outside ``games/``: numba checks
only each kernel's own file, and a caller's cached code keeps what it inlined of an
edited helper in another file, so an edited bot would silently run stale code. A bot
package imports its kernel modules inside ``keyed_by_source(package_dir)``: they are
cached in a subfolder of the engine's folder named by a hash of the package's sources.
The engine kernels a bot calls must be imported before (they keep the engine's key).
"""

import contextlib
import hashlib
import os
import pathlib

from numba.core import config


def package_fingerprint(root, python_side=()):
    """Hash of the package's Python sources, less the files named in ``python_side``
    (modules no kernel reads, such as tuned weights, so tuning never recompiles)."""
    digest = hashlib.sha256()
    for path in sorted(pathlib.Path(root).rglob("*.py")):
        if "__pycache__" not in path.parts and path.name not in python_side:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@contextlib.contextmanager
def keyed_by_source(package_dir, python_side=()):
    """Kernels defined inside the block are cached under ``<engine folder>/bot-<name>-<hash>``."""
    engine_folder = config.CACHE_DIR
    root = pathlib.Path(package_dir).resolve()
    key = package_fingerprint(root, python_side)
    config.CACHE_DIR = os.path.join(engine_folder, f"bot-{root.name}-{key}")
    try:
        yield
    finally:
        config.CACHE_DIR = engine_folder
