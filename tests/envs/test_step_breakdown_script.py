"""benchmarks/step_breakdown.py on tiny settings (docs/design.md: benchmarks are never
timed inside tests -- this proves the parts cover the loop's calls; no time is asserted)."""

import sys
from pathlib import Path

import games

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from step_breakdown import PARTS, breakdown, report


def test_breakdown_times_every_part_and_counts_the_steps():
    spent, steps = breakdown(games.make("el_caballero", threads=1), batch_size=4, seconds=0.2)
    assert list(spent) == list(PARTS) and all(t >= 0 for t in spent.values())
    assert steps > 0 and steps % 4 == 0 and spent["observe"] > 0 and spent["mask"] > 0


def test_report_names_each_part_and_the_bytes_per_step():
    text = report("el_caballero", 4, 0.2)
    assert all(f"\n{part} " in text for part in PARTS)
    assert "observation 9,804 bytes, mask 2,944 bytes" in text  # 2,451 float32 (EC-12), A = 2,944 (EC-11)
