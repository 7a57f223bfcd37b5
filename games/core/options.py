"""Checked game options: each ``Game.__init__`` passes its options through these.

Python would accept ``upcoming_adventures="no"`` as a truthy switch and
``level=True`` as level 1; an option is a real boolean, a real integer in range, or
one of a fixed set of names, and the error names the game, the option and the value.
Parsing text (the CLI's ``-o key=value``) is ``from_text``: the option's default
value says which type the text must become (a tuple default: comma-separated names).
"""

import inspect
import numbers

import numpy as np

TRUE_WORDS = ("true", "yes", "1")
FALSE_WORDS = ("false", "no", "0")


def boolean(game, name, value):
    """``value`` as a bool; only ``True``/``False`` (numpy's too) are accepted."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ValueError(f"{game}: option {name} must be True or False, got {value!r}")


def integer(game, name, value, lo, hi):
    """``value`` as an int in ``lo..hi``; booleans and floats are refused."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{game}: option {name} must be an integer in {lo}..{hi}, got {value!r}")
    if not lo <= value <= hi:
        raise ValueError(f"{game}: option {name} must be an integer in {lo}..{hi}, got {value}")
    return int(value)


def choice(game, name, value, choices):
    """``value`` if it is one of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{game}: option {name} must be one of {', '.join(map(repr, choices))}, got {value!r}")
    return value


def defaults(game_class):
    """``{option: default}`` of a Game class, read from its ``__init__`` signature."""
    params = inspect.signature(game_class.__init__).parameters
    return {name: p.default for name, p in params.items() if name != "self"}


def check_names(game, game_class, options):
    """Refuse an option the game does not have, listing those it accepts."""
    accepted = defaults(game_class)
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise ValueError(
            f"{game}: unknown option {', '.join(map(repr, unknown))}; {game} accepts: {', '.join(accepted)}"
        )


def from_text(game, game_class, name, text):
    """The value of option ``name`` written as text (``-o name=text``), typed by its default."""
    check_names(game, game_class, {name: None})
    default = defaults(game_class)[name]
    low = text.strip().lower()
    quoted = repr(text) if len(text) <= 60 else repr(text[:57]) + f"... ({len(text):,} characters)"
    if isinstance(default, bool):
        if low in TRUE_WORDS:
            return True
        if low in FALSE_WORDS:
            return False
        raise ValueError(f"{game}: option {name} takes true/false/yes/no/1/0, got {quoted}")
    if isinstance(default, int):
        try:
            return int(low)  # more than 4300 digits is a ValueError too
        except ValueError:
            raise ValueError(f"{game}: option {name} takes an integer, got {quoted}") from None
    if isinstance(default, tuple):  # a set of names: "L2,L6"; "" or "none" is the empty set
        if low in ("", "none"):
            return ()
        return tuple(item.strip() for item in text.split(","))
    return text.strip()
