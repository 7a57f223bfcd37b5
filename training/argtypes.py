"""Argument types of the ``doubloon`` command, declared once for every subcommand.

Each is an argparse ``type=``: a bad value stops the command at parse time with
argparse's one-line ``error:`` (exit code 2, no traceback), before any game is
played or any model built.

- ``positive_int``: an integer >= 1 (``--games``, ``--num-envs``, ``--batch-size``...)
- ``non_negative_int``: an integer >= 0 (``--eval-every``, where 0 means "only at the end")
- ``threads``: an integer in 1..NUMBA_NUM_THREADS, the threads a game's batches may
  use (``games.core.parallel``; ``--threads`` of train and arena)
- ``seed``: an integer in 0..2**63-1, the engine's seed range (``Game.init``);
  ``train_seed``: 0..2**32-1 (stable-baselines3 passes it to ``np.random.seed``)
- ``engine``: ``sb3`` or ``rllib`` (``train --engine``); ``rllib`` needs the ``scale`` extra
- ``names`` / ``floats``: comma-separated lists (``--opponents heuristic,self``)
- ``parse_options``: ``-o KEY=VALUE`` items as game options (every command's ``-o``)
- ``output_file`` / ``output_dir``: a path the command can write: an existing file
  or folder must be writable, a missing one's first existing ancestor folder must
  let us create it (checked by creating and removing a temporary file there). The
  missing folders themselves are created when the output is written
  (``make_parent``), so a run that fails early leaves nothing behind.
"""

import argparse
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import games
from games.core.game import SEED_MAX
from games.core.parallel import check_threads

MAX_DIGITS = 30  # no count or seed the commands take has more digits (seeds: 19)


def _integer(text):
    """``text`` as an int; more than ``MAX_DIGITS`` digits is refused before Python
    converts it (past 4300 digits that fails with a hint about ``sys.set_int_max_str_digits``)."""
    if isinstance(text, str) and len(text.strip().lstrip("+-")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"expected an integer of at most {MAX_DIGITS} digits, got one of "
            f"{len(text.strip().lstrip('+-')):,} characters"
        )
    try:
        return int(text)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None


def integer(text: str) -> int:
    """Any integer of at most ``MAX_DIGITS`` digits (``--players``: the game names its own range)."""
    return _integer(text)


def names(text):
    return tuple(x.strip() for x in text.split(",") if x.strip())


def floats(text):
    try:
        return tuple(float(x) for x in names(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated numbers, got {text!r}") from None


def fraction(text):
    """A number in [0, 1)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not 0.0 <= value < 1.0:
        raise argparse.ArgumentTypeError(f"must be at least 0 and below 1, got {value}")
    return value


# the largest count a flag takes unless it names its own: far beyond any real run, but a
# plain number (a step counter or a loop bound), never a size something is allocated by
MAX_COUNT = 10**12


def positive_int(text):
    return bounded_int(1, MAX_COUNT)(text)


def non_negative_int(text):
    return bounded_int(0, MAX_COUNT)(text)


def bounded_int(low: int, high: int, why: str = "") -> Callable[[str], int]:
    """An argparse type: an integer in ``low..high``; ``why`` says, in the error, what
    the bound protects (a count that sizes a batch is bounded by the memory it takes)."""

    def parse(text):
        value = _integer(text)
        if value < low:
            raise argparse.ArgumentTypeError(
                f"must be {'a positive' if low == 1 else 'a non-negative'} integer, got {value}"
            )
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}{why}, got {value:,}")
        return value

    return parse


# games per pairing / per level / per evaluation: every game of an arena is one row of one
# batch, with its observation buffer (up to 27 KB a row for Maracaibo), so the count sizes memory
MAX_GAMES = 100_000
games_count = bounded_int(1, MAX_GAMES, " (every game is a row of one batch in memory)")


def threads(text):
    value = _integer(text)
    try:
        return check_threads(value, "--threads")
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def add_threads_argument(p):
    """``--threads``, as arena, bench-jean and play-style commands take it."""
    import games

    p.add_argument(
        "--threads",
        type=threads,
        default=None,
        help=f"threads of the game's batches of 64 games or more (default 1; at most {games.max_threads()}, "
        "NUMBA_NUM_THREADS)",
    )


ENGINES = ("sb3", "rllib")


def engine(text):
    if text not in ENGINES:
        raise argparse.ArgumentTypeError(f"the engine is one of {', '.join(ENGINES)}, got {text!r}")
    if text == "rllib":
        import importlib.util

        from envs.extras import install_command

        if importlib.util.find_spec("ray") is None:
            raise argparse.ArgumentTypeError(
                "--engine rllib needs Ray RLlib, the scale extra: "
                f"{install_command('train', 'scale')} (docs/scaling.md)"
            )
    return text


def game_seed(text):
    value = _integer(text)
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"a seed is an integer in 0..2**63-1 ({SEED_MAX}), got {value}")
    return value


TRAIN_SEED_MAX = 2**32 - 1  # stable-baselines3 seeds numpy's legacy generator, which takes 32 bits


def train_seed(text):
    value = _integer(text)
    if not 0 <= value <= TRAIN_SEED_MAX:
        raise argparse.ArgumentTypeError(
            f"a training seed is an integer in 0..2**32-1 ({TRAIN_SEED_MAX}; "
            f"stable-baselines3 seeds numpy with it), got {value}"
        )
    return value


def _can_write_in(folder):
    """Whether a file can be created in the existing folder ``folder`` (a real probe:
    ``os.access`` says yes to root everywhere, /proc included)."""
    if not os.access(folder, os.W_OK | os.X_OK):
        return False
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


def _writable(text, want_dir):
    if not text or not str(text).strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty string")
    path = Path(text).expanduser()
    what = "folder" if want_dir else "file"
    if path.exists():
        if want_dir and not path.is_dir():
            raise argparse.ArgumentTypeError(f"{text} exists and is not a folder")
        if not want_dir and path.is_dir():
            raise argparse.ArgumentTypeError(f"{text} is a folder, expected a {what} name")
        if not (os.access(path, os.W_OK) and (_can_write_in(path) if want_dir else _can_write_in(path.parent))):
            raise argparse.ArgumentTypeError(f"cannot write to {text} (permission denied)")
        return str(path)
    ancestor = path.absolute().parent
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise argparse.ArgumentTypeError(f"cannot create {text}: {ancestor} is not a folder")
    if not _can_write_in(ancestor):
        raise argparse.ArgumentTypeError(f"cannot create {text}: {ancestor} is not writable")
    return str(path)


def output_file(text):
    return _writable(text, want_dir=False)


def output_dir(text):
    return _writable(text, want_dir=True)


def make_parent(path):
    """Create the missing folders above the output file ``path``; returns ``path``."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return path


def parse_options(game, items, options=None):
    """``-o KEY=VALUE`` items as game options, each value typed by the option's default
    (``games.option_from_text``: true/false/yes/no/1/0 for switches, integers for
    numbers); an unknown option is refused, naming those the game accepts."""
    options = dict(options or {})
    for item in items or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"game options are KEY=VALUE, got {item!r}")
        options[key] = games.option_from_text(game, key, value)
    return options
