"""The wheel, installed without extras in a fresh venv (issues 24.6 and 35.5): it holds the
games, envs and training packages with the trained baselines and no repository tooling,
and every command of the ``doubloon`` CLI either works or says in one line which extra to
install, in the wheel's form (``pip install 'doubloon[train]'``), before any work starts.

Slow by nature (the wheel built once, a fresh venv, its core dependencies installed by pip
from its cache or the index: about a minute here); skipped when pip cannot reach them
(offline). The games run uncompiled (NUMBA_DISABLE_JIT=1), so no kernel compiles in the
new environment."""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import games

# slow: a fresh venv and a pip install; one xdist worker runs the module, so the wheel and
# the venv (module fixtures) are built once, not once in each worker that reaches a test
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("core_install")]

ROOT = Path(__file__).resolve().parents[2]
BASELINES = sorted(
    path.relative_to(ROOT).as_posix() for path in (ROOT / "training" / "baselines").glob("*/model.safetensors")
)
# what pip says when it cannot fetch a dependency (no network, no index): a reason to skip, not a failure
OFFLINE = re.compile(
    r"No matching distribution found|Could not find a version|NewConnectionError|"
    r"Temporary failure in name resolution|Network is unreachable"
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The wheel of this checkout's tracked and new files, built once (``pip wheel --no-deps``)."""
    home = tmp_path_factory.mktemp("wheel")
    # built from a copy, so that no build/ of the checkout (or of an earlier build, stale) goes in
    source = home / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "runs", "results"
        ),
    )
    # this environment's setuptools where it has one: an isolated build would fetch it from the index
    isolation = [] if importlib.util.find_spec("setuptools") is None else ["--no-build-isolation"]
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation, "-w", str(home / "dist"), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if proc.returncode != 0 and OFFLINE.search(proc.stderr):
        pytest.skip(f"pip could not fetch the build backend (offline?): {proc.stderr.strip().splitlines()[-1]}")
    assert proc.returncode == 0, proc.stderr
    (path,) = (home / "dist").glob("doubloon-*.whl")
    return path


@pytest.fixture(scope="module")
def core_venv(wheel, tmp_path_factory):
    """A fresh venv (no system packages) with the wheel and its core dependencies; its bin folder."""
    home = tmp_path_factory.mktemp("core-install")
    venv.create(home / "venv", with_pip=True)
    bin_dir = home / "venv" / "bin"
    proc = subprocess.run(
        [bin_dir / "python", "-m", "pip", "install", "-q", str(wheel)],
        cwd=home,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if proc.returncode != 0 and OFFLINE.search(proc.stderr):
        pytest.skip(f"pip could not fetch the core dependencies (offline?): {proc.stderr.strip().splitlines()[-1]}")
    assert proc.returncode == 0, proc.stderr
    return bin_dir


def run(bin_dir, *argv, stdin=None):
    """A command of the venv, run outside the checkout (nothing of it on sys.path), the
    games uncompiled and any numba cache kept out of the user's."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "NUMBA_CACHE_DIR": str(bin_dir.parent / "numba-cache")}
    env.pop("PYTHONPATH", None)
    return subprocess.run(
        [bin_dir / argv[0], *argv[1:]],
        cwd=bin_dir.parent,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )


def test_the_wheel_holds_the_packages_and_the_baselines_and_no_repository_tooling(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names if not name.startswith("doubloon-")} == {"games", "envs", "training"}
    assert {Path(path).parent.name for path in BASELINES} == set(games.list())  # every game has one
    assert set(BASELINES) <= set(names)


def test_the_core_install_has_no_torch_and_no_tooling(core_venv):
    proc = run(core_venv, "python", "-c", "import games, envs, training; print(games.list())")
    assert proc.returncode == 0, proc.stderr
    assert "spanish_main" in proc.stdout
    for tooling in ("tools", "benchmarks"):  # top-level names a user's own packages have
        proc = run(core_venv, "python", "-c", f"import {tooling}")
        assert f"No module named '{tooling}'" in proc.stderr
    proc = run(core_venv, "python", "-c", "import torch")  # the core install pulls in no torch
    assert "No module named 'torch'" in proc.stderr


def test_play_and_arena_work_with_the_core_install(core_venv):
    proc = run(core_venv, "doubloon", "--help")
    assert proc.returncode == 0 and "arena" in proc.stdout, proc.stderr
    proc = run(core_venv, "doubloon", "play", "spanish_main", "--bots", "heuristic", stdin="q\n")
    assert proc.returncode == 0, proc.stderr
    assert "Your move" in proc.stdout and "You left the game." in proc.stdout
    proc = run(
        core_venv, "doubloon", "arena", "spanish_main", "--bots", "heuristic,random", "--games", "6", "--no-progress"
    )
    assert proc.returncode == 0, proc.stderr
    assert "heuristic vs random" in proc.stdout and "rating" in proc.stdout  # openskill is core


def test_run_plays_without_torch_and_says_why_the_baseline_is_left_out(core_venv):
    proc = run(core_venv, "doubloon", "run", "--games", "6", "--no-progress")
    assert proc.returncode == 0, proc.stderr
    assert "heuristic vs random" in proc.stdout and "baseline" not in proc.stdout
    assert proc.stderr == (
        "doubloon run: the table leaves out the trained baseline: baseline:spanish_main needs "
        "torch, which the core install lacks: pip install 'doubloon[train]'\n"
    )


def test_a_baseline_resolves_in_the_installed_package(core_venv):
    proc = run(
        core_venv,
        "python",
        "-c",
        "from training.bots.policy_bot import baseline_path; print(baseline_path('maracaibo'))",
    )
    assert proc.returncode == 0, proc.stderr
    path = Path(proc.stdout.strip())
    assert path.is_file() and "site-packages" in path.parts  # the wheel's copy, not the checkout's
    assert path.read_bytes() == (ROOT / "training" / "baselines" / "maracaibo" / "model.safetensors").read_bytes()


@pytest.mark.parametrize(
    "argv, extra",
    [
        (("arena", "spanish_main", "--bots", "baseline:spanish_main,random", "--games", "2", "--no-progress"), "train"),
        (("train", "spanish_main", "--timesteps", "10"), "train"),
        (("train", "spanish_main", "--engine", "rllib"), "train,scale"),
    ],
)
def test_a_command_needing_an_extra_says_which_in_one_line_before_any_work(core_venv, argv, extra):
    proc = run(core_venv, "doubloon", *argv)
    assert proc.returncode in (1, 2) and proc.stdout == ""  # nothing planned or played first
    assert "Traceback" not in proc.stderr
    line = proc.stderr.strip().splitlines()[-1]  # argparse's usage lines come before its error line
    assert line.startswith(f"doubloon {argv[0]}") and f"pip install 'doubloon[{extra}]'" in line


def test_the_sb3_vec_env_without_sb3_names_the_extra(core_venv):
    proc = run(core_venv, "python", "-c", "from envs.vec_env import GameVecEnv")
    assert proc.stderr.strip().splitlines()[-1] == (
        "ModuleNotFoundError: envs.vec_env (an SB3 VecEnv) needs stable_baselines3, which the core install lacks: "
        "pip install 'doubloon[train]'"
    )


def test_bench_says_it_runs_from_a_checkout(core_venv):
    proc = run(core_venv, "doubloon", "bench", "spanish_main")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "benchmarks/throughput.py of a checkout" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_a_learned_cut_value_loads_and_predicts_with_the_core_install(core_venv):
    # safetensors is core and the value predicts in numpy: the search's value needs no torch
    # (the network alone: Maracaibo's hand-written cut reads records as numba does, not uncompiled)
    proc = run(
        core_venv,
        "python",
        "-c",
        "import numpy as np, games; from training.value.model import load_value; "
        "g = games.make('maracaibo_solo'); v = load_value('shipped', g); seats = np.zeros(2, np.int64); "
        "print(np.isfinite(v.predict(g.observe(g.init(np.arange(2)), seats), np.zeros(2))).all())",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "True"
