"""benchmarks/floors.py on tiny settings (docs/design.md: benchmarks are never timed
inside tests -- this proves the table holds every part and the floor's arithmetic; no
time is asserted)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from floors import bandwidth, main, measure, table


def test_bandwidth_is_bytes_over_seconds_of_a_positive_write():
    assert bandwidth(4, 256, passes=2) > 0


def test_a_row_holds_each_part_and_the_floor_of_the_bytes_it_writes():
    row = measure("el_caballero", 4, 0.3)
    assert all(row[part] > 0 for part in ("step", "mask", "observe", "advance", "bandwidth"))
    # 2,451 float32 of observation (EC-12) and a byte for each of 2,944 actions (EC-11)
    assert row["bytes"] == 2451 * 4 + 2944
    assert row["floor"] == pytest.approx(row["bytes"] / row["bandwidth"])
    text = table([row], 4)
    assert "el_caballero" in text and "x floor" in text and "batch 4" in text


def test_bad_settings_are_refused_in_one_line(capsys):
    with pytest.raises(SystemExit):
        main(["--batch", "0"])
    assert "--batch must be positive, got 0" in capsys.readouterr().err
