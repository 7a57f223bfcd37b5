"""Versioned JSON documents a user keeps on disk (game recordings, campaign archives).

Each document names its ``kind`` and ``format`` version, so a file of another kind or
from another version is refused with a one-line reason instead of being half-read; it
is written to a temporary file beside it and renamed over the old one, so a crash or a
full disk never leaves a document half-written. Plain Python: no kernel reads this.
"""

import json
import numbers
import os
import tempfile
from pathlib import Path


def read_document(path, error):
    """The bytes of the file ``path``; a file that cannot be read is one
    ``error(path, reason)``."""
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as err:
        raise error(path, f"cannot read it ({err.strerror or err})") from None


def parse_json(raw, source, error, what):
    """JSON text (str or bytes) as Python objects. Text that is not UTF-8, not JSON, uses
    NaN / Infinity (numbers JSON does not have) or nests too deeply for ``what`` is one
    ``error(source, reason)``."""
    try:
        return json.loads(raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw,
                          parse_constant=_no_constant)
    except UnicodeDecodeError as err:
        raise error(source, f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    except json.JSONDecodeError as err:
        raise error(source, f"not JSON ({err.msg} at line {err.lineno} column {err.colno})") from None
    except RecursionError:
        raise error(source, f"nests too deeply to be {what}") from None
    except ValueError as err:  # NaN / Infinity
        raise error(source, str(err)) from None


def _no_constant(name):
    raise ValueError(f"not JSON ({name} is not a number JSON has)")


def is_int(value):
    """A JSON integer (``true``/``false`` are not numbers here)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_str(value):
    return isinstance(value, str)


def envelope_problem(obj, kind, what, version, keys):
    """Why ``obj`` is not a document of ``kind`` (``what`` in words) at format ``version``
    with exactly the top-level ``keys``, or None when its envelope is right."""
    if not isinstance(obj, dict):
        return f"expected a JSON object, got {type(obj).__name__}"
    if obj.get("kind") != kind:
        return f"not {what} (its \"kind\" is {obj.get('kind')!r}, expected {kind!r})"
    if obj.get("format") != version:
        return f"written by format version {obj.get('format')!r}; this doubloon reads version {version}"
    missing = [k for k in keys if k not in obj]
    if missing:
        return f"missing {missing[0]!r}"
    unknown = sorted(set(obj) - set(keys))
    if unknown:
        return f"unknown key {unknown[0]!r}"
    return None


def write_atomically(path, text):
    """Write ``text`` to ``path``: a temporary file in the same folder, flushed to disk,
    then renamed over ``path`` (``os.replace``); on any failure the temporary file goes
    and the old file stays as it was."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
