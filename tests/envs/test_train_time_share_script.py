"""benchmarks/train_time_share.py runs end to end on tiny settings (docs/design.md:
benchmarks are never timed inside tests -- this proves the script works and that its
parts add up; no share is asserted)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_train_time_share_script_runs(tmp_path):
    out = tmp_path / "share.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "train_time_share.py"),
            "--timesteps",
            "32",
            "--num-envs",
            "4",
            "--n-steps",
            "8",
            "--batch-size",
            "16",
            "--threads",
            "1",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    rows = {r["game"]: r for r in json.loads(out.read_text())["rows"]}
    assert list(rows) == ["spanish_main", "maracaibo_solo"]
    for game, r in rows.items():
        assert game in proc.stdout
        assert r["num_envs"] == 4 and r["n_steps"] == 8 and r["timesteps"] >= 32
        s = r["seconds"]
        assert all(v >= 0 for v in s.values()), s
        # env, rollout, update and other split learn; opponents is a part of env
        assert s["env"] + s["rollout"] + s["update"] + s["other"] == pytest.approx(r["learn_seconds"], abs=0.01)
        assert s["opponents"] <= s["env"] and s["update"] > 0 and s["env"] > 0
    sm = rows["spanish_main"]
    assert sm["seconds"]["opponents"] > 0  # heuristic, self and random seats move in step
    assert set(sm["opponent_share"]) <= {"heuristic", "random", "snapshot"} and sm["opponent_share"]
    assert sum(sm["opponent_share"].values()) == pytest.approx(sm["share"]["opponents"], abs=0.002)
    assert rows["maracaibo_solo"]["seconds"]["opponents"] == 0  # Jean is part of the rules (MA-24)
    assert rows["maracaibo_solo"]["opponents"] == [] and rows["maracaibo_solo"]["opponent_share"] == {}


def test_bad_flags_are_rejected(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "train_time_share.py"), "--timesteps", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 2 and "--timesteps" in proc.stderr
