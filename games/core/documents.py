"""Versioned JSON documents a user keeps on disk (game recordings, campaign archives).

Each document names its ``kind`` and ``format`` version, so a file of another kind or
from another version is refused with a one-line reason instead of being half-read. A
file larger than any such document (``MAX_BYTES``) is refused unread, and an integer
of more than ``MAX_DIGITS`` digits before Python converts it. Documents are written by
games/core/files.py (atomically). Plain Python: no kernel reads this.
"""

import json
import numbers
import os
import stat

MAX_BYTES = 1 << 20  # a document larger than this is refused unread (recordings and archives are KBs)
SHOWN = 60  # characters of a bad value a message quotes


def read_document(path, error, max_bytes=MAX_BYTES):
    """The bytes of the file ``path``; a file that cannot be read (missing, a folder) or
    holds more than ``max_bytes`` (refused before it is read: its size costs memory) is
    one ``error(path, reason)``."""
    try:
        with open(path, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise error(path, "cannot read it (not a regular file)")
            raw = fh.read(max_bytes + 1)
    except IsADirectoryError:
        raise error(path, "cannot read it (it is a folder)") from None
    except OSError as err:
        raise error(path, f"cannot read it ({err.strerror or err})") from None
    if len(raw) > max_bytes:
        raise error(path, f"larger than {max_bytes:,} bytes, more than any such file holds; not read")
    return raw


def brief(value: object, limit: int = SHOWN) -> str:
    """``repr(value)`` cut to ``limit`` characters, for a message quoting a bad value
    (a file may hold a 10 MB name; the message stays one short line)."""
    if isinstance(value, int) and value.bit_length() > 4 * limit:  # repr fails past 4300 digits
        return f"an integer of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_json(raw, source, error, what):
    """JSON text (str or bytes) as Python objects. Text that is not UTF-8, not JSON, uses
    NaN / Infinity (numbers JSON does not have) or nests too deeply for ``what`` is one
    ``error(source, reason)``."""
    try:
        return json.loads(
            raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw,
            parse_constant=_no_constant,
            parse_int=plain_int,
        )
    except UnicodeDecodeError as err:
        raise error(source, f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    except json.JSONDecodeError as err:
        raise error(source, f"not JSON ({err.msg} at line {err.lineno} column {err.colno})") from None
    except RecursionError:
        raise error(source, f"nests too deeply to be {what}") from None
    except ValueError as err:  # NaN / Infinity, an integer of too many digits
        raise error(source, str(err)) from None


MAX_DIGITS = 40  # no number a document holds has more (seeds: 19 digits)


def plain_int(digits: str) -> int:
    """A JSON integer's text as an int (``json.loads``' ``parse_int``); more than
    ``MAX_DIGITS`` digits is refused before Python converts it (which, past 4300
    digits, fails with a hint about ``sys.set_int_max_str_digits``)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(
            f"holds an integer of {len(digits.lstrip('-'))} digits; no number here has more than {MAX_DIGITS}"
        )
    return int(digits)


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
        return f"not {what} (its \"kind\" is {brief(obj.get('kind'))}, expected {kind!r})"
    if obj.get("format") != version:
        return f"written by format version {brief(obj.get('format'))}; this doubloon reads version {version}"
    missing = [k for k in keys if k not in obj]
    if missing:
        return f"missing {brief(missing[0])}"
    unknown = sorted(set(obj) - set(keys))
    if unknown:
        return f"unknown key {brief(unknown[0])}"
    return None
