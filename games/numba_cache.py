"""Where numba keeps compiled kernels: folders keyed by the engine sources they read.

numba invalidates a cached kernel only when the kernel's own source file changes.
But a kernel freezes the data tables it reads (card lists, boards) as constants,
and inlines what it learnt of the kernels it calls in other files. So a replaced
card list, or a changed helper in another module, would silently run stale code.
A cache folder is therefore named by a hash of every source its kernels can read:

- a game's kernels (imported inside ``game_kernels``, from the game package's
  ``__init__``) live in ``<game>-<hash of games/core and that game's sources>``, so
  an edit to one game's rules recompiles that game alone;
- every other kernel (games/core's own, the bots' in training/, a module first
  imported after its game package) lives in ``engines-<hash of every engine
  source>``: it may inline any game, so any engine edit recompiles it.

Folders of older versions are pruned. ``configure`` must run before any
``@njit(cache=True)`` function is defined: numba reads ``config.CACHE_DIR`` when a
function is decorated.
"""

import contextlib
import hashlib
import os
import pathlib
import shutil
import time

from numba.core import config

_GAMES = pathlib.Path(__file__).resolve().parent
_CORE = _GAMES / "core"
KEEP_FOLDERS = 8  # cache folders of other source versions kept per kind (e.g. other checkouts)
# Python-side modules that no kernel imports (they import the kernels): editing a
# position check (position_checks.py, frame_checks.py), a label or a component's words
# (labels.py, component_text.py), a picture (svg.py), the recorded-game format,
# Maracaibo's campaign archive and story deck (campaign.py, data/story.py), its tile-set
# draws (tile_sets.py) or a doc generator must not recompile every kernel.
# ``hidden.py`` (each game's resample_hidden kernel, and games/core's loop over it) is a
# leaf: no other kernel calls it, and numba invalidates its own cached functions when
# the file changes, so editing it recompiles it alone.
NOT_KERNEL_SOURCES = frozenset(
    {
        "game.py",
        "render.py",
        "position_checks.py",
        "frame_checks.py",
        "api_test.py",
        "json_io.py",
        "errors.py",
        "options.py",
        "fuzz.py",
        "decode.py",
        "parallel.py",
        "hidden.py",
        "svg.py",
        "recording.py",
        "documents.py",
        "files.py",
        "campaign.py",
        "campaign_game.py",
        "campaign_history.py",
        "campaign_story.py",
        "chapters.py",
        "tile_sets.py",
        "component_text.py",
        "labels.py",
        "targets.py",
        "screen.py",
        "svg_explorer.py",
        "svg_story.py",
        "svg_picture.py",
        "svg_route.py",
        "action_ranges.py",
        "result.py",
        "menu.py",
        "position_formats.py",
        "closure_cache.py",
        "story_checks.py",
        "story_text.py",
    }
)


def _kernel_sources(root, skip=()):
    skipped = [pathlib.Path(root) / s for s in skip]
    for path in sorted(pathlib.Path(root).rglob("*.py")):
        if (
            "__pycache__" in path.parts
            or path.name in NOT_KERNEL_SOURCES
            or any(path.is_relative_to(s) for s in skipped)
        ):
            continue
        yield path


def source_fingerprint(*roots, skip=()):
    """Hash of the Python sources under ``roots`` that kernels can read (default: every
    engine); ``skip``: sub-folders of a root left out (a variant no kernel of it imports)."""
    digest = hashlib.sha256()
    for root in roots or (_GAMES,):
        for path in _kernel_sources(root, skip):
            digest.update(str(path.relative_to(pathlib.Path(root).parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def prune(base, keep):
    """Remove all but the ``keep`` most recently used folders of each kind (the name before its hash)."""
    try:
        folders = sorted(
            (p for p in pathlib.Path(base).iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True
        )
    except OSError:
        return
    seen = {}
    for folder in folders:
        kind = folder.name.rpartition("-")[0]
        seen[kind] = seen.get(kind, 0) + 1
        if seen[kind] > keep:
            shutil.rmtree(folder, ignore_errors=True)


def cache_base():
    """The folder that holds every cache folder (``NUMBA_CACHE_DIR``, else ~/.cache/doubloon/numba)."""
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "doubloon", "numba"
    )


def _use(kind, fingerprint):
    base = cache_base()
    folder = os.path.join(base, f"{kind}-{fingerprint}")
    if not os.path.isdir(folder):
        prune(base, KEEP_FOLDERS - 1)
    else:
        os.utime(folder, (time.time(), time.time()))  # mark as recently used
    return folder


def configure():
    """Point numba at the folder of kernels that may read any engine."""
    config.CACHE_DIR = _use("engines", source_fingerprint())


@contextlib.contextmanager
def game_kernels(package_dir, skip=(), also=()):
    """Kernels defined inside the block (a game package's imports) are cached by the
    sources of games/core and of that package (less ``skip``, plus the packages in
    ``also`` whose kernels it calls) alone."""
    package = pathlib.Path(package_dir).resolve()
    kind = "_".join(package.relative_to(_GAMES).parts)
    roots = (_CORE, package, *(pathlib.Path(p).resolve() for p in also))
    previous = config.CACHE_DIR
    config.CACHE_DIR = _use(kind, source_fingerprint(*roots, skip=skip))
    try:
        yield
    finally:
        config.CACHE_DIR = previous
