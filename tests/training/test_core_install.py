"""``pip install .`` without extras (issue 24.6): the wheel holds the games, envs and
training packages and no repository tooling, and every command of the ``doubloon`` CLI
either works or says in one line which extra to install.

Slow by nature (a fresh venv and a pip install, about half a minute here); the games
run uncompiled (NUMBA_DISABLE_JIT=1), so no kernel compiles in the new environment."""

import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a fresh venv and a pip install

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def core_venv(tmp_path_factory):
    """A venv with ``pip install ROOT`` (no extras); returns its bin folder."""
    home = tmp_path_factory.mktemp("core-install")
    # pip builds in the source tree: from a copy, so that no build/ of the checkout (or of an
    # earlier build, stale) goes into the wheel or stays behind
    source = home / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "runs", "results"))
    venv.create(home / "venv", with_pip=True)
    bin_dir = home / "venv" / "bin"
    proc = subprocess.run([bin_dir / "python", "-m", "pip", "install", "-q", str(source)], cwd=home,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    return bin_dir


def run(bin_dir, *argv, stdin=None):
    """A command of the venv, run outside the checkout (nothing of it on sys.path), the
    games uncompiled and any numba cache kept out of the user's."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "NUMBA_CACHE_DIR": str(bin_dir.parent / "numba-cache")}
    env.pop("PYTHONPATH", None)
    return subprocess.run([bin_dir / argv[0], *argv[1:]], cwd=bin_dir.parent, input=stdin, capture_output=True,
                          text=True, timeout=300, env=env)


def test_the_wheel_holds_the_packages_and_no_repository_tooling(core_venv):
    proc = run(core_venv, "python", "-c", "import games, envs, training; print(games.list())")
    assert proc.returncode == 0, proc.stderr
    assert "spanish_main" in proc.stdout
    for tooling in ("tools", "benchmarks"):  # top-level names a user's own packages have
        proc = run(core_venv, "python", "-c", f"import {tooling}")
        assert f"No module named '{tooling}'" in proc.stderr
    proc = run(core_venv, "python", "-c", "import torch")  # the core install pulls in no torch
    assert "No module named 'torch'" in proc.stderr


def test_a_command_works_with_the_core_install(core_venv):
    proc = run(core_venv, "doubloon", "--help")
    assert proc.returncode == 0 and "arena" in proc.stdout, proc.stderr
    proc = run(core_venv, "doubloon", "play", "spanish_main", "--bots", "heuristic", stdin="q\n")
    assert proc.returncode == 0, proc.stderr
    assert "Your move" in proc.stdout and "You left the game." in proc.stdout


@pytest.mark.parametrize("argv, extra", [
    (("arena", "spanish_main", "--bots", "heuristic,random", "--games", "2", "--no-progress"), "train"),
    (("train", "spanish_main", "--timesteps", "10"), "train"),
])
def test_a_command_needing_an_extra_says_which_in_one_line(core_venv, argv, extra):
    proc = run(core_venv, "doubloon", *argv)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"doubloon {argv[0]} needs ")
    assert lines[0].endswith(f"pip install 'doubloon[{extra}]'")


def test_bench_says_it_runs_from_a_checkout(core_venv):
    proc = run(core_venv, "doubloon", "bench", "spanish_main")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "benchmarks/throughput.py of a checkout" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_only_a_package_of_an_extra_gets_the_hint():
    """A missing module that no extra provides is a bug to see whole, not an install hint."""
    from importlib import metadata

    from training.extras import missing_extra_hint

    assert missing_extra_hint("arena", ModuleNotFoundError("No module named 'nosuch'", name="nosuch")) is None
    try:
        metadata.requires("doubloon")
    except metadata.PackageNotFoundError:
        pytest.skip("doubloon is not installed here (a bare checkout): no extras to read")
    hint = missing_extra_hint("arena", ModuleNotFoundError("No module named 'openskill'", name="openskill"))
    assert hint == "doubloon arena needs openskill, which the core install lacks: pip install 'doubloon[train]'"
