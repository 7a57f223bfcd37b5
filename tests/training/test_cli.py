"""The doubloon CLI: clear errors, arena output, a scripted terminal game, bench wiring."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

from training.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run_cli(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_unknown_game_is_rejected_clearly(capsys):
    code, _, err = run_cli(capsys, "arena", "chess", "--bots", "random,heuristic")
    assert code == 2 and "invalid choice: 'chess'" in err and "spanish_main" in err


@pytest.mark.parametrize("bots, message", [
    ("random,alphazero", "unknown bot 'alphazero'; use random, heuristic or checkpoint:PATH"),
    ("random,checkpoint:/no/such.zip", "checkpoint not found"),
    ("random", "the arena needs at least two bots"),
])
def test_unknown_bots_are_rejected_clearly(capsys, bots, message):
    code, _, err = run_cli(capsys, "arena", "spanish_main", "--bots", bots, "--no-progress")
    assert code == 2 and message in err


def test_bad_game_options_are_rejected_clearly(capsys):
    code, _, err = run_cli(capsys, "arena", "spanish_main", "--players", "9", "--bots", "random,heuristic")
    assert code == 2 and "num_players must be an integer in 2..4" in err
    code, _, err = run_cli(capsys, "train", "spanish_main", "--opponents", "random,nobody", "--timesteps", "10")
    assert code == 2 and "unknown bot 'nobody'" in err


def test_arena_prints_the_table_and_draws_the_plot(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "arena", "spanish_main", "--bots", "random,heuristic", "--games", "12",
                           "--no-progress", "--plot", str(tmp_path / "a.png"), "--json", str(tmp_path / "a.json"))
    assert code == 0
    assert "random vs heuristic" in out and "95% CI" in out and "rating" in out
    assert (tmp_path / "a.png").is_file() and (tmp_path / "a.json").is_file()


def test_run_prints_the_short_arena(capsys):
    code, out, _ = run_cli(capsys, "run", "--games", "6", "--no-progress")
    assert code == 0 and "heuristic vs random" in out and "checkpoint:" in out


def test_play_a_scripted_game_to_the_end(capsys, monkeypatch):
    # bad input first, then the first listed move every turn
    script = "hello\n0\n999\n\nb\n?\nrepair all ships\n" + "1\n" * 200
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code, out, _ = run_cli(capsys, "play", "spanish_main", "--bots", "heuristic,random", "--seed", "4")
    assert code == 0
    assert "'hello' is not a legal move here" in out
    assert "There is no move 0" in out and "There is no move 999" in out
    assert "Please type a move" in out
    assert "player 0 (you): Repair all ships" in out
    assert "player 1 (heuristic):" in out and "player 2 (random):" in out
    assert "Final scores: player 0 (you)" in out and "Winner: player" in out


def test_play_stops_cleanly_when_input_ends(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    code, out, _ = run_cli(capsys, "play", "spanish_main", "--seat", "2")
    assert code == 0 and "Input ended" in out


def test_console_entry_point_and_bench_wiring():
    help_ = subprocess.run([sys.executable, "-m", "training", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert help_.returncode == 0
    for command in ("train", "arena", "play", "bench", "run"):
        assert command in help_.stdout
    bench = subprocess.run([sys.executable, "-m", "training", "bench", "spanish_main", "--help"], cwd=ROOT,
                           capture_output=True, text=True)
    assert bench.returncode == 0 and "--seconds" in bench.stdout
