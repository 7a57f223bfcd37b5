"""benchmarks/aec_step.py runs end to end (docs/design.md: benchmarks are never timed
inside tests -- this only proves the script works; no speed is asserted)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_aec_step_script_prints_each_env_against_the_reference(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "aec_step.py"), "--seconds", "0.2", "--game", "spanish_main"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    header, reference, game = proc.stdout.strip().splitlines()
    assert "x connect_four_v3" in header and "target" in header
    assert reference.split()[0] == "connect_four_v3" and reference.split()[2] == "1.00"
    assert game.split()[0] == "spanish_main" and game.split()[3] == "5x" and game.split()[4] in ("yes", "NO")
