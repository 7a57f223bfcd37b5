"""benchmarks/vec_env_boards.py on tiny settings (docs/design.md: benchmarks are never
timed inside tests -- this proves both contenders play the boards; no time is asserted)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from vec_env_boards import TILE_SETS, measure, report

from games.maracaibo.data import legacy


def test_both_contenders_step_and_the_report_names_the_ratio():
    """MA-26.4: the tile sets are valid boards; each contender makes steps; one ratio line."""
    for tiles in TILE_SETS:
        legacy.check_legacy_tiles("maracaibo", tiles)
    mixed, each = measure(2, 4, 0.05)
    assert mixed > 0 and each > 0
    text = report(2, 4, 0.05)
    assert "mixed (variants)" in text and text.splitlines()[-1].startswith("mixed / one board")
