"""benchmarks/throughput.py runs end to end (docs/design.md: benchmarks are never timed
inside tests -- this only proves the script works; no speed is asserted)."""

import json
import subprocess
import sys
from pathlib import Path

import games

ROOT = Path(__file__).resolve().parents[2]


def test_throughput_script_runs(tmp_path):
    out = tmp_path / "throughput.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "throughput.py"),
            "--seconds",
            "0.2",
            "--json",
            str(out),
            "--no-progress",
            "--game",
            "spanish_main",
        ],  # one game: the path is the same for all, compiling all is minutes
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "x reference" in proc.stdout
    results = json.loads(out.read_text())["results"]
    configs = [(r["game"], r["config"]) for r in results]
    assert configs[0] == ("connect_four_v3", "aec env (reference)")
    for config in ("batch 1", "batch 64", "batch 1024", "aec env"):
        assert ("spanish_main", config) in configs
    assert all(r["steps_per_s"] > 0 for r in results)
    scaling = json.loads(out.read_text())["meta"].get("machine_scaling")
    if games.max_threads() > 1:  # the threaded rows come with the machine's own ceiling
        assert scaling["threads"] == games.max_threads() and scaling["compute"] > 0 and scaling["memory"] > 0
        assert "the ceiling of the 'x 1 thread' column" in proc.stdout


def test_one_results_file_per_game(tmp_path):
    """``doubloon bench GAME`` writes DIR/GAME.json: measuring one game never overwrites another's."""
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "throughput.py"),
            "--game",
            "spanish_main",
            "--seconds",
            "0.1",
            "--results-dir",
            str(tmp_path),
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["spanish_main.json"]
    rows = json.loads((tmp_path / "spanish_main.json").read_text())["results"]
    assert {r["game"] for r in rows} == {"connect_four_v3", "spanish_main"}
    assert f"wrote {tmp_path / 'spanish_main.json'}" in proc.stdout


def test_write_results_splits_by_game(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from throughput import write_results
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    rows = [
        {"game": g, "config": c}
        for g, c in [("connect_four_v3", "aec env (reference)"), ("a", "batch 1"), ("b", "batch 1"), ("a", "aec env")]
    ]
    paths = write_results(rows, {"seconds": 1}, results_dir=tmp_path / "r")
    assert [p.name for p in paths] == ["a.json", "b.json"]
    a = json.loads((tmp_path / "r" / "a.json").read_text())
    assert [r["config"] for r in a["results"]] == ["aec env (reference)", "batch 1", "aec env"]
    assert a["meta"] == {"seconds": 1}
    (tmp_path / "r" / "b.json").write_text("kept")
    write_results(rows[:2], {"seconds": 2}, results_dir=tmp_path / "r")  # game a again: b's file stays
    assert (tmp_path / "r" / "b.json").read_text() == "kept"
    one = write_results(rows, {}, json_path=tmp_path / "all.json")
    assert one == [tmp_path / "all.json"] and len(json.loads(one[0].read_text())["results"]) == 4
