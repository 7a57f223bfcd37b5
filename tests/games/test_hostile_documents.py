"""Files that would cost memory, time or a traceback (issue 34 items 2, 6, 7, 9).

What a file declares is bounded before anything is allocated for it: a recording's
action count (``recording.MAX_ACTIONS``, the soak's bound) and name lengths, a
document's size (``documents.MAX_BYTES``), a position's size by its game's own record
layout (``json_io.max_bytes``), an archive's list lengths by what exists (each card or
tile at most once, so the duplicate checks stay linear) and its game count. Integers
out of range, missing files and folders are each one line of the suite's own error.
"""

import json

import pytest

import games
from games.core import documents, json_io, recording
from games.core.errors import PositionError
from games.core.recording import RecordingError
from games.maracaibo import campaign as C
from games.maracaibo.campaign import ArchiveError


@pytest.fixture(scope="module")
def spanish():
    return games.make("spanish_main")


@pytest.fixture(scope="module")
def good_recording(spanish):
    state = spanish.init([5])
    actions = []
    for _ in range(6):
        a = spanish.legal_actions(state[0])[0]
        spanish.step(state, [a])
        actions.append(a)
    return recording.record(spanish, 5, actions, ["random", "heuristic", "random"]).to_json()


def _one_line(err_info, path):
    message = str(err_info.value)
    assert "\n" not in message and str(path) in message and len(message) < 400, message
    return message


def _write(tmp_path, obj, name="doc.json"):
    path = tmp_path / name
    path.write_text(json.dumps(obj) if not isinstance(obj, str) else obj)
    return path


def _refused(load, error, path):
    before = path.read_bytes()
    with pytest.raises(error) as err:
        load(path)
    assert path.read_bytes() == before
    return _one_line(err, path)


# ----- recordings ----------------------------------------------------------------------
def test_a_recording_declaring_more_actions_than_any_game_is_refused_unreplayed(tmp_path, good_recording, monkeypatch):
    def never(*_):
        raise AssertionError("replayed (and allocated a record per action) before the count was checked")

    monkeypatch.setattr(recording.Recording, "replay", never)
    doc = {**good_recording, "actions": [0] * (recording.MAX_ACTIONS + 1)}
    message = _refused(recording.load, RecordingError, _write(tmp_path, doc))
    assert f"{recording.MAX_ACTIONS + 1:,} actions, more than any game takes" in message


def test_bot_names_are_bounded_and_record_shortens_them(tmp_path, spanish, good_recording):
    doc = {**good_recording, "bots": ["x" * (recording.MAX_NAME + 1), "random", "random"]}
    message = _refused(recording.load, RecordingError, _write(tmp_path, doc))
    assert "'bots': entry 0 is 'xxxx" in message and f"of at most {recording.MAX_NAME} characters" in message
    long = "checkpoint:" + "/very/long/path" * 100 + "/model.safetensors"
    rec = recording.record(spanish, 5, good_recording["actions"], [long, "random", "random"])
    rec.save(tmp_path / "short.json")
    loaded = recording.load(tmp_path / "short.json")[0]
    assert len(loaded.bots[0]) == recording.MAX_NAME
    assert loaded.bots[0].startswith("checkpoint:") and loaded.bots[0].endswith("model.safetensors")


def test_a_document_larger_than_any_recording_is_refused_unread(tmp_path, good_recording):
    doc = {**good_recording, "options": {"pad": "x" * documents.MAX_BYTES}}
    message = _refused(recording.load, RecordingError, _write(tmp_path, doc))
    assert f"larger than {documents.MAX_BYTES:,} bytes" in message


@pytest.mark.parametrize(
    "text, problem",
    [
        ('{"seed": 1' + "9" * 5000 + "}", "holds an integer of 5001 digits"),
        ('{"seed": NaN}', "NaN is not a number JSON has"),
    ],
)
def test_integers_of_thousands_of_digits_are_one_line(tmp_path, text, problem):
    message = _refused(recording.load, RecordingError, _write(tmp_path, text))
    assert problem in message and "set_int_max_str_digits" not in message


def test_a_recording_that_is_a_folder_or_missing_is_one_line(tmp_path):
    for path, problem in ((tmp_path, "it is a folder"), (tmp_path / "missing.json", "No such file")):
        with pytest.raises(RecordingError, match=problem) as err:
            recording.load(path)
        _one_line(err, path)


# ----- positions -----------------------------------------------------------------------
@pytest.mark.parametrize("name", games.list())
def test_a_position_file_larger_than_its_game_allows_is_refused_unread(tmp_path, name):
    game = games.make(name)
    limit = json_io.max_bytes(game.dtype)
    path = tmp_path / "pos.json"
    game.save(game.init([3])[0], path)
    assert path.stat().st_size < limit / 2  # a real position is far below the bound
    path.write_text(path.read_text() + " " * limit)
    message = _refused(game.load, PositionError, path)
    assert f"larger than {limit:,} bytes" in message


def test_game_load_of_a_missing_file_or_a_folder_is_a_position_error(tmp_path, spanish):
    for path, problem in ((tmp_path / "missing.json", "No such file"), (tmp_path, "it is a folder")):
        with pytest.raises(PositionError, match=problem) as err:
            spanish.load(path)
        _one_line(err, path)


def test_a_position_with_a_5000_digit_integer_is_one_line(tmp_path, spanish):
    obj = spanish.to_json(spanish.init([3])[0])
    text = json.dumps(obj).replace('"turn": 0', '"turn": ' + "7" * 5000)
    message = _refused(spanish.load, PositionError, _write(tmp_path, text))
    assert "an integer of 5000 digits" in message


# ----- campaign archives ---------------------------------------------------------------
def _archive(**changes):
    return {**C.new_archive("maracaibo", 3).to_json(), **changes}


@pytest.mark.parametrize(
    "key, values",
    [
        ("cards", list(range(90, 100)) * 6_000),  # 60k cards
        ("story_read", [1] * (len(C.STORY) + 1)),
        ("tiles", ["L2"] * 24),
    ],
)
def test_archive_lists_longer_than_what_exists_are_refused_by_count(tmp_path, key, values):
    message = _refused(C.load, ArchiveError, _write(tmp_path, _archive(**{key: values})))
    assert f"{key!r} holds {len(values):,} entries; there are only {len(C.KNOWN[key])}" in message


def test_a_history_longer_than_kept_is_refused_by_count(tmp_path):
    history = [None] * (C.MAX_HISTORY + 1)  # refused before any entry is read
    message = _refused(C.load, ArchiveError, _write(tmp_path, _archive(history=history)))
    assert f"'history' holds {C.MAX_HISTORY + 1:,} games; an archive keeps at most {C.MAX_HISTORY:,}" in message


def test_a_million_story_entries_are_refused_unread(tmp_path):
    message = _refused(C.load, ArchiveError, _write(tmp_path, _archive(story_read=[1] * 1_000_000)))
    assert "larger than" in message


def test_an_archive_duplicate_is_found_at_the_end_of_a_full_list(tmp_path):
    cards = list(range(91, 100)) + [99]  # as long as the known set, the repeat last
    message = _refused(C.load, ArchiveError, _write(tmp_path, _archive(cards=cards)))
    assert "'cards': 99 is there twice" in message


@pytest.mark.parametrize("games_played", [2**70, C.MAX_GAMES_PLAYED + 1, -1])
def test_games_played_out_of_range_is_refused(tmp_path, games_played):
    message = _refused(C.load, ArchiveError, _write(tmp_path, _archive(games_played=games_played)))
    assert f'"games_played" must be in 0..{C.MAX_GAMES_PLAYED:,}' in message


def test_a_long_bad_value_is_quoted_short(tmp_path):
    message = _refused(C.load, ArchiveError, _write(tmp_path, _archive(tiles=["L" * 10_000_0])))
    assert "unknown tile 'LLLL" in message and "..." in message
