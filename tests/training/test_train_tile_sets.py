"""``doubloon train maracaibo --tile-sets FILE``: training across boards (MA-26.4), the
VecEnv's rows drawing their legacy tile sets (``GameVecEnv(variants=...)``)."""

import json

import pytest

import training.train
from training.cli import main
from training.train import TrainConfig, make_boards

SETS = [["L2", "L6"], ["L10", "L25"], []]


@pytest.fixture
def sets_file(tmp_path):
    path = tmp_path / "sets.json"
    path.write_text(json.dumps(SETS))
    return path


def test_make_boards_builds_one_game_per_tile_set(sets_file):
    """MA-26.4: one variant per tile set of the file, the other options shared."""
    cfg = TrainConfig(game="maracaibo", game_options={"num_players": 2}, tile_sets=str(sets_file))
    boards = make_boards(cfg)
    assert [list(b.options["legacy_tiles"]) for b in boards] == SETS
    assert {b.num_players for b in boards} == {2}
    alone = make_boards(TrainConfig(game="maracaibo", game_options={"num_players": 2}))  # no file: one board
    assert len(alone) == 1 and alone[0].options["legacy_tiles"] == ()


def test_the_flag_reaches_the_config(monkeypatch, sets_file, tmp_path):
    seen = []

    def capture(cfg):
        seen.append(cfg)
        raise SystemExit(0)

    monkeypatch.setattr(training.train, "train", capture)
    with pytest.raises(SystemExit):
        main(["train", "maracaibo", "--players", "2", "--tile-sets", str(sets_file), "--out", str(tmp_path / "r")])
    assert seen[0].tile_sets == str(sets_file)


@pytest.mark.parametrize(
    "game, content, extra, message",
    [
        ("maracaibo", [["L99"]], [], "entry 0: maracaibo: unknown legacy tile 'L99'"),
        ("maracaibo", {"a": 1}, [], "expected a JSON list of tile sets"),
        ("maracaibo", [["L2"], ["L2"]], [], "entry 1: tile set L2 given twice"),
        ("spanish_main", SETS, [], "tile sets are legacy tiles of maracaibo or maracaibo_solo, not of spanish_main"),
        ("maracaibo", SETS, ["-o", "legacy_tiles=L2"], "do not pass -o legacy_tiles too"),
        ("maracaibo", SETS, ["--engine", "rllib"], "--tile-sets trains through the sb3 engine's VecEnv, not rllib"),
        ("maracaibo", None, [], "tile-set file"),  # no such file
    ],
)
def test_bad_tile_sets_are_one_line(run_cli, tmp_path, game, content, extra, message):
    """MA-26.4: a bad tile-set file stops the run before anything starts, in one line."""
    path = tmp_path / "sets.json"
    if content is not None:
        path.write_text(json.dumps(content))
    code, _, err = run_cli("train", game, "--tile-sets", str(path), *extra, "--out", str(tmp_path / "run"))
    assert code == 2 and message in err, err
    assert err.count("\n") == 1
    assert not (tmp_path / "run").exists()


def test_a_short_run_trains_across_the_boards(run_cli, sets_file, tmp_path):
    """MA-26.4: the run trains on every tile set of the file and records them."""
    out = tmp_path / "run"
    code, stdout, err = run_cli(
        "train",
        "maracaibo",
        "--players",
        "2",
        "--tile-sets",
        str(sets_file),
        "--timesteps",
        "64",
        "--num-envs",
        "8",
        "--n-steps",
        "8",
        "--batch-size",
        "32",
        "--epochs",
        "1",
        "--imitate",
        "",
        "--opponents",
        "random",
        "--eval-every",
        "0",
        "--eval-games",
        "2",
        "--threads",
        "1",
        "--no-progress",
        "--out",
        str(out),
    )
    assert code == 0, err
    assert f"boards: every new game draws a legacy tile set of {sets_file}" in stdout
    settings = json.loads((out / "settings.json").read_text())
    assert settings["tile_sets"] == SETS and settings["config"]["tile_sets"] == str(sets_file)
    assert f"--tile-sets {sets_file}" in settings["reproduce"]
