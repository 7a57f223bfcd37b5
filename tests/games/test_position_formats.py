"""Position formats (docs/design.md, "Versions"): a game's record never changes without a
new position format, and ``from_json`` reads its own format, migrates an older one it
knows how to, and refuses any other in one line naming both."""

import hashlib
import json
from pathlib import Path

import pytest

import games
from games.core.errors import PositionError

FINGERPRINTS = json.loads((Path(__file__).parent / "position_formats.json").read_text(encoding="utf-8"))


def fingerprint(dtype):
    """The record's fields, in order, with their types and shapes."""
    return hashlib.sha256(json.dumps(dtype.descr).encode()).hexdigest()[:16]


@pytest.mark.parametrize("name", games.list())
def test_a_record_change_bumps_the_position_format(name):
    g = games.make(name)
    stored = FINGERPRINTS.get(name, {})
    assert str(g.position_format) in stored, f"{name}: no fingerprint stored for position format {g.position_format}"
    assert fingerprint(g.dtype) == stored[str(g.position_format)], (
        f"{name}: the record changed ({fingerprint(g.dtype)}) but the position format is still "
        f"{g.position_format}: bump {type(g).__name__}.position_format, migrate or refuse the older format, "
        "and store the new fingerprint in tests/games/position_formats.json"
    )
    assert all(int(v) <= g.position_format for v in stored), f"{name}: a stored format is newer than the game's"


@pytest.mark.parametrize("name", games.list())
def test_migrations_lead_up_to_the_current_format(name):
    g = games.make(name)
    assert all(1 <= v < g.position_format for v in g.position_migrations)


def test_a_format_not_read_is_refused_naming_both_versions():
    g = games.make("spanish_main", num_players=2)
    obj = g.to_json(g.init([3])[0])
    for found in (0, 2, "1", True, None):
        message = f"spanish_main position format {found!r} cannot be read: this version reads format 1"
        with pytest.raises(PositionError, match=rf"^bad position field 'format': {message}$"):
            g.from_json({**obj, "format": found})
