"""benchmarks/throughput.py runs end to end (docs/design.md: benchmarks are never timed
inside tests -- this only proves the script works; no speed is asserted)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_throughput_script_runs(tmp_path):
    out = tmp_path / "throughput.json"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "throughput.py"), "--seconds", "0.2", "--json", str(out),
         "--no-progress"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "x reference" in proc.stdout
    results = json.loads(out.read_text())["results"]
    configs = [(r["game"], r["config"]) for r in results]
    assert configs[0] == ("connect_four_v3", "aec env (reference)")
    for config in ("batch 1", "batch 64", "batch 1024", "aec env"):
        assert ("spanish_main", config) in configs
    assert all(r["steps_per_s"] > 0 for r in results)
