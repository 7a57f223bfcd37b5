"""``python -m tools.warm``: the compile step ``make test`` runs before the tests."""

import subprocess
import sys
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_warm_plays_the_named_game_through_its_compiled_entry_points():
    done = subprocess.run(
        [sys.executable, "-m", "tools.warm", "spanish_main", "--jobs", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "warm: spanish_main compiled in" in done.stdout
    assert "warm: 1 games in" in done.stdout


def test_warm_refuses_an_unknown_game():
    done = subprocess.run(
        [sys.executable, "-m", "tools.warm", "chess"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0 and "unknown game 'chess'" in done.stderr
