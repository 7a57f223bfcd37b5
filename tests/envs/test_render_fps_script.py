"""benchmarks/render_fps.py runs end to end (no speed is asserted: benchmarks are never
timed inside tests; this only proves the script works and writes what it prints)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_render_fps_script_prints_each_mode_against_the_text_board(tmp_path):
    pytest.importorskip("cairosvg", reason="rgb_array needs the render extra: pip install 'doubloon[render]'")
    out = tmp_path / "fps.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "render_fps.py"),
            "--game",
            "spanish_main",
            "--positions",
            "3",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    lines = [line.split() for line in proc.stdout.strip().splitlines()[:3]]
    assert [line[1] for line in lines] == ["text", "svg", "rgb_array"]
    assert lines[0][4] == "1.000x" and all(float(line[2]) > 0 for line in lines)
    rows = json.loads(out.read_text())
    assert [row["config"] for row in rows] == ["text", "svg", "rgb_array"]
    bad = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "render_fps.py"), "--positions", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert bad.returncode == 2 and "--positions must be a positive integer" in bad.stderr
