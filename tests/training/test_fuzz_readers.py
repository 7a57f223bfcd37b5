"""Every reader of a user's file, fed random bytes and random JSON (issue 34, checks):
positions of every game (``Game.load``), recordings, campaign archives, tile-set files
and checkpoint headers each accept the file or refuse it with one line of the suite's
own error naming the file: never a traceback of another type, never more than a line.

Random documents are whole random JSON values, and the reader's real envelope with one
key's value replaced by a random JSON value (which gets past the first checks). The
example counts are kept small so the test runs in seconds; the positions' own
field-by-field fuzz is games.api_test's (games/core/fuzz.py).
"""

import json
import os
import struct
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.core import recording
from games.core.errors import PositionError
from games.maracaibo import campaign as C
from games.maracaibo.data.legacy import LEGACY_TILE_IDS
from training import checkpoint as ck
from training.tile_sets import tile_sets_from_args

# `make test` runs a fixed set of examples (derandomized), so a landing never hinges on a
# draw; FUZZ_EXAMPLES=N runs N fresh random examples per test, which is how bugs are hunted.
HUNT = int(os.environ.get("FUZZ_EXAMPLES", 0))
EXAMPLES = settings(
    max_examples=HUNT or 15, derandomize=not HUNT, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(LEGACY_TILE_IDS),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=24,
)


def _changed(envelope):
    """``envelope`` with one of its keys (or one of its ``state`` fields) set to random JSON."""
    keys = sorted(envelope) + [f"state.{k}" for k in sorted(envelope.get("state", {}))]

    def put(key, value):
        out = json.loads(json.dumps(envelope))
        if key.startswith("state."):
            out["state"][key[6:]] = value
        else:
            out[key] = value
        return out

    return st.builds(put, st.sampled_from(keys), json_values)


def documents(envelope):
    """Raw bytes for a reader: random bytes, a random JSON value, or the envelope changed."""
    return st.one_of(
        st.binary(max_size=200),
        json_values.map(lambda v: json.dumps(v).encode()),
        _changed(envelope).map(lambda v: json.dumps(v).encode()),
    )


def refuses_in_one_line(read, raw, errors, suffix=".json", names_file=True):
    """``read(path)`` of a file holding ``raw`` returns, or raises one of ``errors`` in
    one line (that names the file, unless ``names_file`` is False: a ``PositionError``
    names the field instead)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"doc{suffix}"
        path.write_bytes(raw)
        try:
            read(path)
        except errors as err:
            message = str(err)
            assert "\n" not in message and len(message) < 1000, message
            assert str(path) in message or not names_file, message


@pytest.fixture(scope="module")
def spanish():
    return games.make("spanish_main", num_players=3)


@pytest.mark.parametrize("name", games.list())
def test_positions_of_every_game(name):
    game = games.make(name)
    envelope = game.to_json(game.init([7])[0])

    @EXAMPLES
    @given(documents(envelope))
    def check(raw):
        refuses_in_one_line(game.load, raw, PositionError, names_file=False)

    check()


def test_recordings(spanish):
    state = spanish.init([3])
    actions = []
    for _ in range(4):
        actions.append(spanish.legal_actions(state[0])[0])
        spanish.step(state, [actions[-1]])
    envelope = recording.record(spanish, 3, actions, ["random"] * 3).to_json()

    @EXAMPLES
    @given(documents(envelope))
    def check(raw):
        refuses_in_one_line(recording.load, raw, recording.RecordingError)

    check()


def test_campaign_archives():
    archive = C.new_archive("maracaibo", 5)
    for scores in ([50, 20], [10, 3]):
        archive, _ = C.finish_game(archive, scores)
    envelope = archive.to_json()  # with a history of two games, whose entries change too

    def put(index, key, value):
        out = json.loads(json.dumps(envelope))
        out["history"][index][key] = value
        return out

    entries = st.builds(put, st.sampled_from([0, 1]), st.sampled_from(sorted(envelope["history"][0])), json_values)

    @EXAMPLES
    @given(st.one_of(documents(envelope), entries.map(lambda v: json.dumps(v).encode())))
    def check(raw):
        refuses_in_one_line(C.load, raw, C.ArchiveError)

    check()


@EXAMPLES
@given(
    st.one_of(
        st.binary(max_size=200),
        json_values.map(lambda v: json.dumps(v).encode()),
        st.lists(st.lists(st.sampled_from(LEGACY_TILE_IDS) | st.text(max_size=4), max_size=4), max_size=5).map(
            lambda v: json.dumps(v).encode()
        ),
    )
)
def test_tile_set_files(raw):
    refuses_in_one_line(lambda path: tile_sets_from_args("maracaibo", path=str(path)), raw, ValueError)


@pytest.fixture(scope="module")
def checkpoint_file(tmp_path_factory, spanish):
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    obs = spaces.Box(-1.0, 1.0, shape=(spanish.obs_size,))
    policy = MaskableActorCriticPolicy(obs, spaces.Discrete(spanish.num_actions), lambda _: 0.0, net_arch=[8])
    path = tmp_path_factory.mktemp("ck") / "model.safetensors"
    ck.save_checkpoint(policy, path, spanish)
    return path.read_bytes()


def test_checkpoint_headers(checkpoint_file, spanish):
    """Random headers (the header's JSON, and the declaration inside it) before the real tensors."""
    n = struct.unpack("<Q", checkpoint_file[:8])[0]
    header = json.loads(checkpoint_file[8 : 8 + n])
    declaration = json.loads(header["__metadata__"]["doubloon"])

    def framed(head):
        text = json.dumps(head).encode()
        return struct.pack("<Q", len(text)) + text + checkpoint_file[8 + n :]

    with_declaration = _changed(declaration["policy"]).map(
        lambda policy: framed({**header, "__metadata__": {"doubloon": json.dumps({**declaration, "policy": policy})}})
    )
    raws = st.one_of(st.binary(max_size=200), json_values.map(framed), _changed(header).map(framed), with_declaration)

    @EXAMPLES
    @given(raws)
    def check(raw):
        refuses_in_one_line(lambda path: ck.load_checkpoint(path, spanish), raw, ValueError, suffix=".safetensors")

    check()
