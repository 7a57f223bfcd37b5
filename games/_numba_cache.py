"""Where numba keeps compiled kernels: a folder keyed by the games' component data.

numba invalidates a cached kernel only when the kernel's own source file changes,
but kernels freeze the data tables they read (card lists, boards) as constants. So a
replaced card list in a ``data`` module would silently run stale tables. Keying the
cache folder by a hash of every data module makes new data compile afresh.
Must run before any ``@njit(cache=True)`` function is defined.
"""

import hashlib
import os
import pathlib

from numba.core import config

_GAMES = pathlib.Path(__file__).resolve().parent


def data_fingerprint(root=_GAMES):
    """Hash of every game's data module(s) under ``root``."""
    digest = hashlib.sha256()
    for path in sorted(root.glob("*/data.py")) + sorted(root.glob("*/data/**/*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def configure():
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "doubloon", "numba")
    config.CACHE_DIR = os.path.join(base, data_fingerprint())
