"""examples/ppo_masked.py runs end to end on tiny settings, as a user runs it (a subprocess
from another folder, the checkout on the path): rollouts through the native vector env, a
masked sampler at every step, PPO updates and the closing evaluation. No learning is
asserted here (docs/training.md reports a longer run)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TINY = [
    "--total-timesteps",
    "512",
    "--num-envs",
    "8",
    "--num-steps",
    "16",
    "--num-minibatches",
    "2",
    "--update-epochs",
    "1",
    "--hidden",
    "16",
    "--eval-games",
    "8",
]


def test_the_example_trains_and_evaluates_on_tiny_settings(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "ppo_masked.py"), *TINY],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("update 1/4")
    assert lines[-1].startswith("win rate against random opponents over 8 games: trained ")


def test_settings_that_do_not_divide_are_refused_in_one_line(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "ppo_masked.py"),
            "--num-envs",
            "3",
            "--num-steps",
            "3",
            "--num-minibatches",
            "4",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 2 and "must divide into 4 minibatches" in proc.stderr.splitlines()[-1]
