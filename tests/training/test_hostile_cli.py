"""The ``doubloon`` command with hostile or careless arguments and failing disks
(issue 34 items 3, 7, 8): counts are bounded before anything is allocated, integers of
any size are refused in one line, and a write that fails (a full disk, a file-size
limit) is one line naming the file with a non-zero exit code; the old file stays
whole and no temporary is left behind."""

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import games
from games.core import files, recording
from training import argtypes
from training.bots import make_bots
from training.simulate import play_games

ROOT = Path(__file__).resolve().parents[2]
HUGE = "9" * 5000


def _one_error_line(code, err, command, want_code=2):
    assert code == want_code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"doubloon {command}: error: "), err
    assert "Traceback" not in err and len(err) < 400, err
    return lines[0]


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["arena", "spanish_main", "--bots", "random,heuristic", "--games", "10000000000"], "at most 100,000"),
        (["arena", "spanish_main", "--bots", "random,heuristic", "--games", "99999999999999999999"], "at most 100,000"),
        (["arena", "spanish_main", "--bots", "random,heuristic", "--games", HUGE], "at most 30 digits"),
        (["arena", "spanish_main", "--bots", "random,heuristic", "--seed", HUGE], "at most 30 digits"),
        (["arena", "spanish_main", "--bots", "random,heuristic", "--seed", str(2**64)], "a seed is an integer in"),
        (["arena", "spanish_main", "--bots", "random,heuristic", "--players", HUGE], "at most 30 digits"),
        (["campaign", "maracaibo", "--archive", "a.json", "--games", "10000000000"], "at most 100,000"),
        (["bench-jean", "--games", "10000000000"], "at most 100,000"),
        (["train", "spanish_main", "--timesteps", str(10**13)], f"at most {argtypes.MAX_COUNT:,}"),
        (["train", "spanish_main", "--num-envs", "10000000"], "at most 100,000"),
    ],
)
def test_counts_and_integers_out_of_range_are_one_line(run_cli, tmp_path, monkeypatch, argv, problem):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(*argv)
    line = err.strip().splitlines()[-1]  # argparse's usage, then its one error line
    assert code == 2 and line.startswith(f"doubloon {argv[0]}: error: ") and problem in line, err
    assert "Traceback" not in err and len(line) < 300, err
    assert os.listdir(tmp_path) == []  # nothing written


def test_an_option_of_5000_digits_is_one_short_line(run_cli):
    code, _, err = run_cli("arena", "maracaibo", "--bots", "random,heuristic", "-o", f"num_players={HUGE}")
    line = _one_error_line(code, err, "arena")
    assert "takes an integer" in line and "(5,000 characters)" in line and "set_int_max_str_digits" not in line


def test_an_arena_too_big_for_memory_is_refused_before_it_allocates(spanish3):
    from training.arena import run_arena
    from training.simulate import MAX_BATCH_BYTES

    bots = make_bots("random,heuristic", spanish3, seed=0)
    with pytest.raises(ValueError, match=r"would take .* GiB") as err:
        run_arena(spanish3, bots, games_per_pairing=10**10)
    per_game = spanish3.dtype.itemsize + 4 * spanish3.obs_size + spanish3.num_actions
    assert f"at most {MAX_BATCH_BYTES // per_game:,} games" in str(err.value)


@pytest.fixture(scope="module")
def spanish_file(tmp_path_factory):
    game = games.make("spanish_main", num_players=3)
    bots = make_bots("random,heuristic", game, seed=0)
    moves = []
    play_games(game, bots, np.array([[0, 1, 1]]), np.array([2]), moves=moves)
    path = tmp_path_factory.mktemp("rec") / "game.json"
    recording.record(game, 2, moves[0][:20], ["random", "heuristic", "heuristic"]).save(path)
    return path


def _disk_full_after(monkeypatch, after_bytes):
    """Every file the atomic writer writes fails with ENOSPC past ``after_bytes``."""
    real_open = open

    class Full:
        def __init__(self, fh):
            self.fh, self.written = fh, 0

        def write(self, data):
            if self.written + len(data) > after_bytes:
                self.fh.write(data[: max(0, after_bytes - self.written)])
                raise OSError(errno.ENOSPC, "No space left on device")
            self.written += len(data)
            return self.fh.write(data)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

    monkeypatch.setattr(
        files,
        "open",
        lambda path, mode="r", *a, **k: (
            Full(real_open(path, mode, *a, **k)) if "w" in mode else real_open(path, mode, *a, **k)
        ),
        raising=False,
    )


def test_replay_on_a_full_disk_keeps_the_old_page(run_cli, spanish_file, tmp_path, monkeypatch):
    page = tmp_path / "page.html"
    assert run_cli("replay", str(spanish_file), "--html", str(page))[0] == 0
    before = page.read_bytes()
    _disk_full_after(monkeypatch, 20_000)
    code, _, err = run_cli("replay", str(spanish_file), "--html", str(page), "--theme", "dark")
    line = _one_error_line(code, err, "replay", want_code=1)
    assert line.endswith(f"cannot write {page}: No space left on device")
    assert page.read_bytes() == before and os.listdir(tmp_path) == ["page.html"]


def test_replay_under_a_file_size_limit_exits_in_one_line(spanish_file, tmp_path):
    """A real EFBIG: ``doubloon replay`` in a process limited to 10 KB files."""
    page = tmp_path / "page.html"
    page.write_text("the old page")
    code = (
        "import resource, signal, sys; sys.path.insert(0, sys.argv[1])\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (10_000, 10_000))\n"
        "from training.cli import main; sys.exit(main(sys.argv[2:]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), "replay", str(spanish_file), "--html", str(page)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    line = _one_error_line(run.returncode, run.stderr, "replay", want_code=1)
    assert line.endswith(f"cannot write {page}: File too large")
    assert page.read_text() == "the old page" and os.listdir(tmp_path) == ["page.html"]


def test_arena_record_and_json_on_a_full_disk_are_one_line(run_cli, tmp_path, monkeypatch):
    _disk_full_after(monkeypatch, 100)
    code, _, err = run_cli(
        "arena",
        "spanish_main",
        "--bots",
        "random,heuristic",
        "--games",
        "6",
        "--record",
        str(tmp_path / "rec"),
        "--no-progress",
    )
    line = _one_error_line(code, err, "arena", want_code=1)
    assert f"cannot write {tmp_path / 'rec'}" in line and "No space left on device" in line
    assert not any(name.endswith(".tmp") for name in os.listdir(tmp_path / "rec"))
    code, _, err = run_cli(
        "arena",
        "spanish_main",
        "--bots",
        "random,heuristic",
        "--games",
        "6",
        "--json",
        str(tmp_path / "result.json"),
        "--no-progress",
    )
    assert _one_error_line(code, err, "arena", want_code=1).endswith(
        f"cannot write {tmp_path / 'result.json'}: No space left on device"
    )
    assert not (tmp_path / "result.json").exists()


def test_campaign_on_a_full_disk_keeps_the_old_archive(run_cli, tmp_path, monkeypatch):
    archive = tmp_path / "campaign.json"
    args = (
        "campaign",
        "maracaibo",
        "--games",
        "1",
        "--archive",
        str(archive),
        "--bots",
        "random,random",
        "--players",
        "2",
        "--no-progress",
    )
    assert run_cli(*args)[0] == 0
    before = archive.read_bytes()
    _disk_full_after(monkeypatch, 50)
    code, _, err = run_cli(*args)
    line = _one_error_line(code, err, "campaign", want_code=1)
    assert line.endswith(f"cannot write {archive}: No space left on device")
    assert archive.read_bytes() == before and json.loads(before)["games_played"] == 1
    assert os.listdir(tmp_path) == ["campaign.json"]
