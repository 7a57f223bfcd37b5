"""One game record <-> a human-readable JSON object, with strict validation.

The JSON object is ``{"game", "format", "options", "state": {field: value}}``; ``format``
is the game's position format, bumped whenever its record changes (``Game.position_format``;
an older one is migrated or refused, ``upgrade``; docs/design.md, "Versions"). Every
field of the record appears by name, as an int or nested lists of ints, so the
round trip is exact. ``record_from_json`` checks structure, types, shapes and value
ranges and names the first bad field; the game then checks its own consistency
rules (card conservation and the like) on the decoded record.
"""

import json
import numbers

import numpy as np

from .documents import plain_int, read_document
from .errors import PositionError
from .files import write_atomically

FORMAT_VERSION = 1  # a game's first position format (``Game.position_format``)


def json_options(options):
    """Options as JSON writes them back: a tuple option (a set of names) becomes a list."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in dict(options).items()}


def record_to_json(record, game_name, options, format_version=FORMAT_VERSION):
    state = {}
    for name in record.dtype.names:
        value = record[name]
        state[name] = value.tolist() if isinstance(value, np.ndarray) else int(value)
    return {"game": game_name, "format": format_version, "options": json_options(options), "state": state}


def _check_int(field, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise PositionError(field, f"expected an integer, got {type(value).__name__} {value!r}")
    if not lo <= value <= hi:
        raise PositionError(field, f"value {value} outside [{lo}, {hi}]")


def _check_array(field, value, shape, lo, hi):
    if len(shape) == 0:
        _check_int(field, value, lo, hi)
        return
    if not isinstance(value, list):
        raise PositionError(field, f"expected a list of length {shape[0]}, got {type(value).__name__}")
    if len(value) != shape[0]:
        raise PositionError(field, f"expected length {shape[0]}, got {len(value)}")
    if len(shape) == 1 and all(type(v) is int for v in value) and (not value or lo <= min(value) and max(value) <= hi):
        return  # the common case in one pass (plain ints in range); otherwise find the bad entry
    for item in value:
        _check_array(field, item, shape[1:], lo, hi)


def upgrade(obj, game_name, format_version, migrations):
    """``obj`` (a position object of ``game_name``) in ``format_version``: as it is, or an
    older format brought up by ``migrations[v]`` (format v -> v + 1, each on the object
    and returning it), on a copy; any other format is refused in one line naming the
    format found and the one read."""
    found = obj["format"]
    if found == format_version and type(found) is int:
        return obj
    chain = range(found, format_version) if type(found) is int and 1 <= found < format_version else None
    if chain is None or any(v not in migrations for v in chain):
        migrated = f" (and migrates {', '.join(map(str, sorted(migrations)))})" if migrations else ""
        raise PositionError(
            "format",
            f"{game_name} position format {found!r} cannot be read: this version reads "
            f"format {format_version}{migrated}",
        )
    obj = json.loads(json.dumps(obj))  # the caller's object stays as it was
    for v in chain:
        obj = migrations[v](obj)
        obj["format"] = v + 1
    return obj


def record_from_json(obj, dtype, game_name, options, bounds, format_version=FORMAT_VERSION, migrations=None):
    """Decode and validate; returns a batch of one record. ``bounds[field] = (lo, hi)``;
    ``migrations``: the game's older position formats it brings up (``upgrade``)."""
    if isinstance(obj, (str, bytes, bytearray)):
        obj = parse(obj)
    if not isinstance(obj, dict):
        raise PositionError("<document>", f"expected a JSON object, got {type(obj).__name__}")
    for key in ("game", "format", "options", "state"):
        if key not in obj:
            raise PositionError(key, "missing")
    if obj["game"] != game_name:
        raise PositionError("game", f"position is for {obj['game']!r}, not {game_name!r}")
    obj = upgrade(obj, game_name, format_version, migrations or {})
    if obj["options"] != json_options(options):
        raise PositionError(
            "options", f"position options {obj['options']!r} differ from this game's {json_options(options)!r}"
        )
    state = obj["state"]
    if not isinstance(state, dict):
        raise PositionError("state", "expected an object of fields")
    missing = [n for n in dtype.names if n not in state]
    if missing:
        raise PositionError(missing[0], "missing")
    unknown = sorted(set(state) - set(dtype.names))
    if unknown:
        raise PositionError(unknown[0], "unknown field")

    out = np.zeros(1, dtype=dtype)
    for name in dtype.names:
        base, shape = dtype[name].base, dtype[name].shape
        info = np.iinfo(base)
        lo, hi = bounds.get(name, (info.min, info.max))
        _check_array(name, state[name], shape, max(lo, info.min), min(hi, info.max))
        out[0][name] = np.asarray(state[name], dtype=base) if shape else state[name]
    return out


def out_of_range(state, bounds):
    """The first field of each row of a batch outside its ``bounds[field] = (lo, hi)``
    (the ranges ``record_from_json`` checks), ``None`` for a row in range: the cheap,
    vectorised part of the position check, for every row of every step."""
    bad = np.full(state.shape[0], None, dtype=object)
    if state.shape[0] == 0:
        return bad
    for name, (lo, hi) in bounds.items():
        values = state[name].reshape(state.shape[0], -1)
        if values.shape[1] == 0:
            continue
        rows = (values.min(axis=1) < lo) | (values.max(axis=1) > hi)
        bad[rows & np.equal(bad, None)] = name  # an object array, compared entrywise
    return bad


def parse(text, source="the document"):
    """JSON text (str or UTF-8 bytes) -> Python objects; every failure is a PositionError."""
    try:
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8")
        return json.loads(text, parse_int=plain_int, parse_constant=_no_constant)
    except UnicodeDecodeError as err:
        raise PositionError("<document>", f"{source} is not UTF-8 text ({err.reason} at byte {err.start})") from None
    except json.JSONDecodeError as err:
        raise PositionError("<document>", f"{source} is not valid JSON: {err}") from None
    except RecursionError:
        raise PositionError("<document>", f"{source} nests too deeply to be a position") from None
    except ValueError as err:  # NaN / Infinity, an integer of too many digits
        raise PositionError("<document>", f"{source} {err}") from None


def _no_constant(name):
    raise ValueError(f"holds {name}, which is no number JSON has")


def max_bytes(dtype: np.dtype) -> int:
    """The most bytes a position file of records of ``dtype`` can need: 64 per number
    (an int64 is at most 20 characters, with its indent, comma and line end well under
    64) and 64 KB for the envelope. A larger file is refused before it is read."""
    numbers_in = 0
    for name in dtype.names or ():
        numbers_in += int(np.prod(dtype[name].shape))
    return 64 * numbers_in + (64 << 10)


def load(path, limit: int | None = None) -> dict:
    """Read a JSON position file (never pickle), of at most ``limit`` bytes; a missing,
    unreadable or oversized file and bad JSON are each one ``PositionError`` naming it."""

    def error(source, reason):
        return PositionError("<document>", f"{source}: {reason}")

    raw = read_document(path, error, **({} if limit is None else {"max_bytes": limit}))
    obj = parse(raw, source=str(path))
    if not isinstance(obj, dict):  # a JSON string would otherwise be taken for the text of a position
        raise PositionError("<document>", f"{path}: expected a JSON object, got {type(obj).__name__}")
    return obj


def save(obj, path):
    """Write a position file atomically (games/core/files.py)."""
    write_atomically(path, json.dumps(obj, indent=1) + "\n")
