"""games.core: the pieces every engine shares (docs/design.md, "The engine contract")."""

import os

import numpy as np
import pytest

import games
from tools import docs
from games.core import json_io, rng
from games.core.errors import IllegalActionError, PositionError
from games.core.layout import Layout


def _stream(seed):
    s = np.zeros(2, dtype=np.uint64)
    rng.seed_stream(s, seed)
    return s


def test_rng_depends_only_on_seed_and_draw_count():
    a, b = _stream(42), _stream(42)
    xs = [rng.next_u64(a) for _ in range(5)]
    assert xs == [rng.next_u64(b) for _ in range(5)]
    assert xs != [rng.next_u64(_stream(43)) for _ in range(5)]
    assert a[1] == 5  # the counter is the stream's whole progress


def test_randint_is_in_range_and_roughly_uniform():
    s = _stream(7)
    draws = np.array([rng.randint(s, 6) for _ in range(6000)])
    assert draws.min() == 0 and draws.max() == 5
    counts = np.bincount(draws, minlength=6)
    assert np.all(np.abs(counts - 1000) < 150)  # ~5 sigma


def test_shuffle_permutes_only_the_slice():
    s = _stream(3)
    arr = np.arange(10)
    rng.shuffle(s, arr, 2, 8)
    assert list(arr[:2]) == [0, 1] and list(arr[8:]) == [8, 9]
    assert sorted(arr[2:8]) == list(range(2, 8))
    orders = set()
    for seed in range(50):
        arr = np.arange(4)
        rng.shuffle(_stream(seed), arr, 0, 4)
        orders.add(tuple(arr))
    assert len(orders) > 12  # of 24 possible


def test_layout_offsets_views_and_lookup():
    lay = Layout()
    lay.add("a", 3, "first")
    lay.add("b", (2, 4), "second")
    assert lay.size == 11 and lay.offset("b") == 3
    seg, i = lay.locate(7)
    assert seg.name == "b" and i == 4
    vec = np.arange(11)
    assert lay.view(vec, "b").shape == (2, 4) and lay.view(vec, "b")[1, 0] == 7
    assert lay.view(np.stack([vec, vec]), "a").shape == (2, 3)
    with pytest.raises(ValueError, match="declared twice"):
        lay.add("a", 1)
    with pytest.raises(IndexError):
        lay.locate(11)
    assert "| `b` | 3-10 | 2x4 | second |" in lay.markdown()


def test_illegal_action_error_names_rows_actions_and_legal_set():
    err = IllegalActionError([3], [99], [[0, 1]])
    assert "row 3" in str(err) and "99" in str(err) and "[0, 1]" in str(err)


def test_json_rejects_non_json_text_and_wrong_documents(tmp_path):
    g = games.make("spanish_main", num_players=3)
    with pytest.raises(PositionError, match="not valid JSON"):
        g.from_json("{not json")
    with pytest.raises(PositionError, match="expected a JSON object"):
        g.from_json([1, 2])
    bad = tmp_path / "pos.json"
    bad.write_text("[1,", encoding="utf-8")
    with pytest.raises(PositionError, match="pos.json is not valid JSON"):
        g.load(bad)
    good = tmp_path / "good.json"
    state = g.init([5])
    g.save(state[0], good)
    assert g.equal(g.load(good), state)


def test_out_of_range_names_the_first_bad_field_per_row():
    # the ranges from_json checks, over a whole batch at once (api_test and the soak)
    g = games.make("spanish_main", num_players=3)
    bounds = g.field_bounds()
    state = g.init(np.arange(4))
    assert json_io.out_of_range(state, bounds).tolist() == [None] * 4
    header = ("num_players", "current_player", "terminated", "turn", *g.config_fields)
    field = next(f for f in bounds if f not in header and bounds[f][1] < np.iinfo(state.dtype[f].base).max)
    state[field][2] = bounds[field][1] + 1
    assert json_io.out_of_range(state, bounds).tolist() == [None, None, field, None]
    with pytest.raises(PositionError, match=field):
        g.from_json(g.to_json(state[2]))


def test_json_format_version_is_checked():
    g = games.make("spanish_main", num_players=2)
    obj = g.to_json(g.init([1])[0])
    obj["format"] = g.position_format + 1
    message = "spanish_main position format 2 cannot be read: this version reads format 1$"
    with pytest.raises(PositionError, match=message):
        g.from_json(obj)


def test_game_options_are_validated():
    with pytest.raises(ValueError, match="num_players"):
        games.make("spanish_main", num_players=5)
    with pytest.raises(ValueError, match="reward"):
        games.make("spanish_main", reward="glory")
    # an unknown option names what the game accepts
    with pytest.raises(
        ValueError, match="unknown option 'nonsense'; spanish_main accepts: num_players, reward, upcoming_adventures"
    ):
        games.make("spanish_main", nonsense=True)


def test_init_rejects_bad_seeds():
    g = games.make("spanish_main")
    with pytest.raises(TypeError, match="seeds"):
        g.init(np.array([1.5]))
    with pytest.raises(ValueError, match="non-negative"):
        g.init(np.array([-1]))


@pytest.mark.parametrize("name", games.list())
def test_generated_doc_sections_match_the_code(name):
    path = docs.page_for(name)
    text = path.read_text(encoding="utf-8")
    assert docs.regenerate(text, docs.sections(docs.doc_game(name))) == text, (
        f"{path} is out of date: run `python -m tools.docs`"
    )


def test_numba_cache_is_keyed_by_engine_sources_and_data(tmp_path):
    # kernels freeze data tables and inline callees from other files: any change to
    # an engine's sources or data must not reuse old compiled kernels
    from games import numba_cache

    (tmp_path / "some_game" / "rules").mkdir(parents=True)
    data = tmp_path / "some_game" / "data.py"
    helper = tmp_path / "some_game" / "rules" / "helper.py"
    data.write_text("COUNTS = (2, 3)\n", encoding="utf-8")
    helper.write_text("def f(x):\n    return x\n", encoding="utf-8")
    before = numba_cache.source_fingerprint(tmp_path)
    assert numba_cache.source_fingerprint(tmp_path) == before
    data.write_text("COUNTS = (2, 4)\n", encoding="utf-8")
    after_data = numba_cache.source_fingerprint(tmp_path)
    assert after_data != before
    helper.write_text("def f(x):\n    return x + 1\n", encoding="utf-8")
    assert numba_cache.source_fingerprint(tmp_path) != after_data


def test_numba_cache_key_of_a_game_covers_core_and_that_game_alone(tmp_path):
    # an edit to one game recompiles that game only; an edit to core recompiles all
    from games import numba_cache

    files = {name: tmp_path / name / "rules.py" for name in ("core", "game_a", "game_b")}
    for path in files.values():
        path.parent.mkdir()
        path.write_text("X = 1\n", encoding="utf-8")

    def keys():
        return {g: numba_cache.source_fingerprint(tmp_path / "core", tmp_path / g) for g in ("game_a", "game_b")}

    before = keys()
    files["game_a"].write_text("X = 2\n", encoding="utf-8")
    after_a = keys()
    assert after_a["game_a"] != before["game_a"] and after_a["game_b"] == before["game_b"]
    files["core"].write_text("X = 2\n", encoding="utf-8")
    after_core = keys()
    assert all(after_core[g] != after_a[g] for g in after_core)


def test_numba_cache_game_kernels_live_in_their_game_folder():
    import os

    from games.maracaibo.rules import sailing
    from games.spanish_main import rules

    def folder_of(module):
        kernel = next(v for v in vars(module).values() if hasattr(v, "_cache") and hasattr(v._cache, "_cache_path"))
        return os.path.basename(os.path.dirname(kernel._cache._cache_path.rstrip(os.sep)))

    assert folder_of(rules).startswith("spanish_main-")
    assert folder_of(sailing).startswith("maracaibo-")


def test_numba_cache_prunes_folders_of_old_versions(tmp_path):
    from games import numba_cache

    for kind in ("engines", "spanish_main"):
        for i in range(5):
            (tmp_path / f"{kind}-v{i}").mkdir()
            os.utime(tmp_path / f"{kind}-v{i}", (1000 + i, 1000 + i))
    numba_cache.prune(tmp_path, keep=2)  # per kind: one game's versions never push out another's
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "engines-v3",
        "engines-v4",
        "spanish_main-v3",
        "spanish_main-v4",
    ]


# ----- text functions take one record and one action id (issue: batch read at row 0) -----
@pytest.mark.parametrize("name", ["spanish_main", "maracaibo_solo"])
def test_text_functions_refuse_a_batch_and_a_float_action(name):
    g = games.make(name)
    state = g.init(np.arange(3))
    legal = g.legal_actions(state[0])[0]
    assert g.action_label(state[0], legal) == g.action_label(state[:1], np.int64(legal))
    for text in (lambda s: g.to_json(s), lambda s: g.render(s), lambda s: g.action_label(s, legal)):
        with pytest.raises(ValueError, match="expected one game's record"):
            text(state)
    with pytest.raises(TypeError, match="an action is an integer"):
        g.action_label(state[0], legal + 0.5)
    with pytest.raises(TypeError, match="an action is an integer"):
        g.action_label(state[0], True)
    with pytest.raises(ValueError, match="outside"):
        g.action_label(state[0], g.num_actions)


def test_step_refuses_a_read_only_state():
    g = games.make("spanish_main")
    state = g.init(np.arange(2))
    before = state.copy()
    state.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        g.step(state, g.legal_action_mask(state).argmax(axis=1))
    assert games.core.state.records_equal(state, before)


def test_output_buffers_are_checked_and_refilled():
    g = games.make("spanish_main")
    state = g.init(np.arange(3))
    for wrong in (np.zeros((3, g.obs_size), np.float64), np.zeros((2, g.obs_size), np.float32), [[0.0]]):
        with pytest.raises(TypeError, match=r"observe\(out=...\) needs a float32 array of shape \(3, "):
            g.observe(state, 0, out=wrong)
    with pytest.raises(ValueError, match="C-contiguous"):
        g.observe(state, 0, out=np.zeros((g.obs_size, 3), np.float32).T)
    with pytest.raises(TypeError, match=r"legal_action_mask\(out=...\) needs a bool array"):
        g.legal_action_mask(state, out=np.zeros((3, g.num_actions), np.int8))
    with pytest.raises(TypeError, match=r"advance\(obs_out=...\) needs a float32 array of shape \(3, "):
        g.advance(state, g.legal_action_mask(state).argmax(axis=1), obs_out=np.zeros((3, 1), np.float32))
    stale = np.full((3, g.obs_size), 7.0, np.float32)
    assert g.observe(state, 1, out=stale) is stale
    assert np.array_equal(stale, g.observe(state, 1))  # every entry rewritten, none of the 7s left


def test_a_state_of_another_configuration_is_refused_naming_both():
    # the mask kernel would index the hands of a record made without them
    plain, hands = games.make("spanish_main"), games.make("spanish_main", move_cards_in_hand=True)
    with pytest.raises(ValueError, match="made with move_cards_in_hand=0, but this game .* has move_cards_in_hand=1"):
        hands.legal_action_mask(plain.init(np.arange(2)))
    solo3, solo5 = games.make("maracaibo_solo", level=3), games.make("maracaibo_solo", level=5)
    with pytest.raises(ValueError, match="jean_level=3.*jean_level=5"):
        solo5.observe(solo3.init(np.arange(1)), 0)


def test_seeds_beyond_int64_are_refused():
    g = games.make("spanish_main")
    for bad in ([2**63], [99999999999999999999], [-1]):
        with pytest.raises(ValueError, match="below 2\\*\\*63"):
            g.init(np.array(bad, dtype=object) if bad[0] > 2**64 else bad)


@pytest.mark.parametrize(
    "bad, where",
    [
        (lambda: games.make("spanish_main", upcoming_adventures="no"), "upcoming_adventures must be True or False"),
        (lambda: games.make("maracaibo", prestige_open="False"), "prestige_open must be True or False"),
        (lambda: games.make("spanish_main", upcoming_adventures=5), "upcoming_adventures must be True or False"),
        (lambda: games.make("maracaibo_solo", level=True), "level must be an integer in 1..5"),
        (lambda: games.make("spanish_main", fame_source=1), "fame_source must be one of"),
    ],
)
def test_options_take_only_their_own_type(bad, where):
    with pytest.raises(ValueError, match=where):
        bad()


def test_json_text_errors_are_position_errors(tmp_path):
    g = games.make("spanish_main")
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(games.PositionError, match="nests too deeply"):
        g.from_json(deep)
    with pytest.raises(games.PositionError, match="not UTF-8"):
        g.from_json(b'{"game": "\xff"}')
    path = tmp_path / "latin1.json"
    path.write_bytes('{"game": "é"}'.encode("latin-1"))
    with pytest.raises(games.PositionError, match="latin1.json is not UTF-8"):
        g.load(path)


def test_layouts_name_their_segments():
    layout = games.make("spanish_main").obs_layout
    assert all(name in repr(layout) for name in layout.names())
    with pytest.raises(KeyError, match="no segment 'nope'; segments: "):
        layout.view(np.zeros(layout.size), "nope")
