"""Recorded games of every game replay exactly; the writers (play, arena, bench-jean
--record) and ``doubloon replay FILE --html`` (training/replay.py)."""

import io
import json
import sys

import numpy as np
import pytest

import games
from games.core import recording
from training.bots import make_bots
from training.simulate import play_games, save_recordings


@pytest.mark.parametrize("name", games.list())
def test_recorded_games_of_every_game_replay_to_the_same_final_records(name, tmp_path):
    game = games.make(name)
    bots = make_bots("random" if game.num_players == 1 else "random,random", game, seed=1)
    seat_bots = np.array([[(s + g) % len(bots) for s in range(game.num_players)] for g in range(2)])
    seeds = np.array([11, 12])
    moves = []
    scores, _, log = play_games(game, bots, seat_bots, seeds, log=True, moves=moves)
    paths = save_recordings(game, bots, seat_bots, seeds, moves, scores, tmp_path)
    assert [p.name for p in paths] == [f"{name}-00000-seed11.json", f"{name}-00001-seed12.json"]
    for g, path in enumerate(paths):
        rec, replayed_game, records = recording.load(path)
        assert rec.bots == [bots[b].name for b in seat_bots[g]]
        assert len(records) == len(moves[g]) + 1 and records["terminated"][-1]
        assert replayed_game.equal(records[-1:], log["final"][g : g + 1])  # the final record, bit for bit


def replayable(path):
    """The recording at ``path`` loads (it replays legally to its recorded scores)."""
    return recording.load(path)[0]


def test_arena_record_writes_every_game(run_cli, tmp_path):
    code, out, _ = run_cli(
        "arena",
        "spanish_main",
        "--bots",
        "random,heuristic",
        "--games",
        "6",
        "--no-progress",
        "--record",
        str(tmp_path / "rec"),
    )
    assert code == 0 and f"recordings: {tmp_path / 'rec'}/spanish_main-*.json" in out
    paths = sorted((tmp_path / "rec").glob("*.json"))
    assert len(paths) == 6  # one per game: 1 seed under each of the 6 seat assignments
    assert {tuple(replayable(p).bots) for p in paths} == {
        (a, b, c) for a in ("random", "heuristic") for b in ("random", "heuristic") for c in ("random", "heuristic")
    } - {("random",) * 3, ("heuristic",) * 3}


def test_play_record_writes_the_game_with_the_person_as_human(run_cli, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    code, out, _ = run_cli(
        "play", "spanish_main", "--bots", "heuristic,random", "--seed", "4", "--seat", "1", "--record", str(tmp_path)
    )
    assert code == 0
    (path,) = tmp_path.glob("spanish_main-seed4-*.json")
    assert f"recorded: {path}" in out and "doubloon replay" in out
    rec = replayable(path)
    assert rec.bots == ["heuristic", "human", "random"] and rec.seed == 4


def test_play_record_keeps_a_game_left_unfinished(run_cli, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\nq\n"))
    code, _, _ = run_cli("play", "spanish_main", "--record", str(tmp_path))
    (path,) = tmp_path.glob("*.json")
    rec, _, records = recording.load(path)
    assert code == 0 and not records["terminated"][-1] and len(rec.actions) >= 2


def test_bench_jean_record_writes_every_game_per_level(tmp_path):
    from training.bench_jean import run_ladder

    run_ladder({"expansion_cards": False}, "random", (1, 2), 2, seed=3, record=tmp_path)
    names = sorted(p.name for p in tmp_path.glob("*.json"))
    assert names == [
        "maracaibo_solo-level1-00000-seed3.json",
        "maracaibo_solo-level1-00001-seed4.json",
        "maracaibo_solo-level2-00000-seed3.json",
        "maracaibo_solo-level2-00001-seed4.json",
    ]
    assert replayable(tmp_path / "maracaibo_solo-level2-00001-seed4.json").options["level"] == 2


@pytest.fixture(scope="module")
def spanish_recording(tmp_path_factory):
    game = games.make("spanish_main", num_players=3)
    bots = make_bots("random,heuristic", game, seed=0)
    seat_bots, seeds, moves = np.array([[0, 1, 1]]), np.array([21]), []
    scores, _ = play_games(game, bots, seat_bots, seeds, moves=moves)
    (path,) = save_recordings(game, bots, seat_bots, seeds, moves, scores, tmp_path_factory.mktemp("rec"))
    return path


def page_data(html_text):
    """The data a replay page carries, its boards inflated."""
    import base64
    import gzip

    blob = html_text.split('<script type="application/json" id="data">')[1].split("</script>")[0]
    data = json.loads(blob.replace("<\\/", "</"))
    data["boards"] = json.loads(gzip.decompress(base64.b64decode(data["boards"])))
    return data


def test_the_replay_page_holds_every_step_board_label_and_view(run_cli, spanish_recording, tmp_path):
    out_path = tmp_path / "page" / "game.html"
    code, out, _ = run_cli("replay", str(spanish_recording), "--html", str(out_path))
    rec, game, records = recording.load(spanish_recording)
    assert code == 0 and f"wrote {out_path}: {len(rec.actions)} moves" in out
    text = out_path.read_text()
    for outside in ("http:", "https:", " src=", "<link"):  # self-contained: nothing fetched
        assert outside not in text
    data = page_data(text)
    assert [s["label"] for s in data["steps"][1:]] == [
        game.action_label(records[i], a) for i, a in enumerate(rec.actions)
    ]
    assert len(data["boards"]) == 1 + game.num_players  # everything, then each seat's view
    for view, seat in enumerate([None, 0, 1, 2]):
        assert data["boards"][view] == [game.render_svg(r, player=seat) for r in records]
    assert [s["scores"] for s in data["steps"]] == game.scores(records).tolist()
    assert data["result"].startswith("Winner: ")


@pytest.mark.parametrize(
    "content, problem",
    [
        ("{not json", "not JSON"),
        (json.dumps({"kind": "doubloon recording", "format": 99}), "format version 99"),
    ],
)
def test_replay_of_a_bad_file_says_why_in_one_line_and_writes_nothing(run_cli, tmp_path, content, problem):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code, out, err = run_cli("replay", str(bad), "--html", str(tmp_path / "out.html"))
    assert code == 2 and err.startswith(f"doubloon replay: error: {bad}: ") and problem in err
    assert err.count("\n") == 1 and not (tmp_path / "out.html").exists()


def test_replay_of_an_illegal_action_names_its_step_and_writes_nothing(run_cli, spanish_recording, tmp_path):
    obj = json.loads(spanish_recording.read_text())
    obj["actions"][4] = 10**6
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(obj))
    code, _, err = run_cli("replay", str(bad), "--html", str(tmp_path / "out.html"))
    assert code == 2 and "step 5: action 1000000 is outside spanish_main's action space 0..90" in err
    assert not (tmp_path / "out.html").exists()
