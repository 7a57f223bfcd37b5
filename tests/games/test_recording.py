"""Recorded games (games/core/recording.py): the file format, its exact replay, and a
one-line error naming the file and the problem for every kind of bad file."""

import json

import numpy as np
import pytest

import games
from games.core import recording
from games.core.recording import RecordingError


@pytest.fixture(scope="module")
def spanish():
    return games.make("spanish_main", num_players=3)


def random_game(game, seed, steps=None):
    """The actions of a game played by uniform random choice from the mask, and its records."""
    rng = np.random.default_rng(seed)
    state = game.init(np.array([seed], dtype=np.int64))
    actions, records = [], [state[0].copy()]
    while not game.terminated(state)[0] and (steps is None or len(actions) < steps):
        action = int(rng.choice(game.legal_actions(state[0])))
        game.step(state, np.array([action]))
        actions.append(action)
        records.append(state[0].copy())
    return actions, np.array(records, dtype=game.dtype)


@pytest.fixture(scope="module")
def saved(spanish, tmp_path_factory):
    """A finished random game of Spanish Main, saved; its path, recording and records."""
    actions, records = random_game(spanish, 5)
    rec = recording.record(spanish, 5, actions, ["random", "random", "human"])
    path = tmp_path_factory.mktemp("rec") / "game.json"
    rec.save(path)
    return path, rec, records


def test_a_saved_game_replays_every_position_exactly(saved):
    path, rec, played = saved
    loaded, game, records = recording.load(path)
    assert loaded == rec and game.name == "spanish_main" and game.options == rec.options
    assert len(records) == len(rec.actions) + 1
    assert game.equal(records, played)  # the deal and every position after it, bit for bit
    assert loaded.scores == game.scores(played[-1:])[0].tolist()


def test_the_file_holds_what_the_issue_lists_and_no_state(saved):
    path, rec, _ = saved
    obj = json.loads(path.read_text())
    assert set(obj) == {"kind", "format", "game", "options", "seed", "bots", "actions", "scores"}
    assert obj["format"] == recording.FORMAT_VERSION and obj["bots"] == ["random", "random", "human"]
    assert path.stat().st_size < 4000  # the actions, not the positions


def test_an_unfinished_game_records_the_scores_where_it_stopped(spanish, tmp_path):
    actions, records = random_game(spanish, 2, steps=7)
    path = tmp_path / "left.json"
    recording.record(spanish, 2, actions, ["human", "a", "b"]).save(path)
    _, game, replayed = recording.load(path)
    assert game.equal(replayed, records) and not replayed["terminated"][-1]


def rewrite(saved, tmp_path, name="bad.json", **changes):
    obj = saved[1].to_json()
    obj.update(changes)
    path = tmp_path / name
    path.write_text(json.dumps(obj))
    return path


def refused(path):
    with pytest.raises(RecordingError) as err:
        recording.load(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ") and "\n" not in message  # one line naming the file
    return message


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("game: spanish_main\n")
    assert "not JSON" in refused(path)
    path.write_bytes(b"\xff\xfe{}")
    assert "not UTF-8" in refused(path)
    path.write_text("[1, 2]")
    assert "expected a JSON object" in refused(path)
    path.write_text('{"scores": [NaN, 1]}')  # Python's json would read it; JSON has no NaN
    assert "NaN is not a number JSON has" in refused(path)
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert "nests too deeply to be a recording" in refused(path)


def test_a_missing_file_is_refused_by_name(tmp_path):
    assert "cannot read it" in refused(tmp_path / "nowhere.json")


def test_an_unknown_game_or_option_is_refused(saved, tmp_path):
    assert "unknown game 'treasure_island'" in refused(rewrite(saved, tmp_path, game="treasure_island"))
    options = {**saved[1].options, "parrots": True}
    assert "parrots" in refused(rewrite(saved, tmp_path, options=options))
    options = {**saved[1].options, "num_players": 9}
    assert "num_players" in refused(rewrite(saved, tmp_path, options=options))


def test_another_format_version_or_kind_is_refused(saved, tmp_path):
    assert "format version 2" in refused(rewrite(saved, tmp_path, format=2))
    assert "not a doubloon recording" in refused(rewrite(saved, tmp_path, kind="position"))
    position = tmp_path / "position.json"
    position.write_text(json.dumps(games.make("spanish_main").to_json(saved[2][0])))
    assert "not a doubloon recording" in refused(position)


def test_an_illegal_action_is_refused_with_its_step_number(saved, tmp_path):
    actions = list(saved[1].actions)
    legal_at_3 = set(games.make("spanish_main").legal_actions(saved[2][2]))
    actions[2] = next(a for a in range(200) if a not in legal_at_3)
    message = refused(rewrite(saved, tmp_path, actions=actions))
    assert f"step 3: action {actions[2]} is not legal there" in message
    for outside in (10**6, -1, 2**63, 2**70):  # outside the action space, int64 or not (issue 34 item 7)
        actions[2] = outside
        assert f"step 3: action {outside} is outside spanish_main's action space 0..90" in refused(
            rewrite(saved, tmp_path, actions=actions)
        )
    actions[2] = "49"
    assert "'actions': step 3 is '49'" in refused(rewrite(saved, tmp_path, actions=actions))


def test_actions_past_the_end_or_scores_the_replay_does_not_reach_are_refused(saved, tmp_path):
    n = len(saved[1].actions)
    extra = rewrite(saved, tmp_path, actions=[*saved[1].actions, saved[1].actions[-1]])
    assert f"the game is over after step {n}, but the file has {n + 1} actions" in refused(extra)
    wrong = [s + 1 for s in saved[1].scores]
    assert "differ from the replay's" in refused(rewrite(saved, tmp_path, scores=wrong))
    assert "3 seats" in refused(rewrite(saved, tmp_path, bots=["random"]))


def test_bad_fields_are_named(saved, tmp_path):
    assert "missing 'seed'" in refused(rewrite_without(saved, tmp_path, "seed"))
    assert "unknown key 'notes'" in refused(rewrite(saved, tmp_path, notes="x"))
    assert "\"seed\" must be an integer" in refused(rewrite(saved, tmp_path, seed=-1))
    assert "\"seed\" must be an integer" in refused(rewrite(saved, tmp_path, seed=True))
    assert "'bots': entry 1 is 3" in refused(rewrite(saved, tmp_path, bots=["a", 3, "c"]))


def rewrite_without(saved, tmp_path, key):
    obj = saved[1].to_json()
    del obj[key]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(obj))
    return path


def test_el_caballero_scores_are_recorded_in_points(tmp_path):
    # EC-8.7: the engine counts twelfths of a point as a tie-break; the file a person
    # opens says points, two decimals (Game.points), and an older file in twelfths loads
    game = games.make("el_caballero", num_players=3)
    actions, records = random_game(game, 4)
    twelfths = game.scores(records[-1:])[0]
    assert twelfths.max() > 12  # a game that scored (EC-8.1)
    path = tmp_path / "ec.json"
    recording.record(game, 4, actions, ["a", "b", "c"]).save(path)
    saved = json.loads(path.read_text())["scores"]
    assert saved == [recording.plain_number(round(s / 12, 2)) for s in twelfths.tolist()]
    assert recording.load(path)[0].scores == saved
    old = json.loads(path.read_text()) | {"scores": twelfths.tolist()}  # written before the points
    path.write_text(json.dumps(old))
    assert recording.load(path)[0].scores == twelfths.tolist()
    path.write_text(json.dumps(old | {"scores": [s + 1 for s in saved]}))
    assert "differ from the replay's" in refused(path)
