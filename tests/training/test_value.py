"""Learned cut values (training/value): the data, the file, its checks, and the search with one."""

import json
import struct
from dataclasses import asdict

import numpy as np
import pytest

import games
from training.bots import make_bot, make_bots
from training.simulate import play_games
from training.bots.search_value import margins_at_cut
from training.value import dataset, model, train

SMALL = "search:3:2:4"  # three candidates, two worlds, four steps: cheap, and every part runs


@pytest.fixture(scope="module")
def game():
    return games.make("spanish_main", num_players=3)


@pytest.fixture(scope="module")
def data(game):
    return dataset.play_positions(game, 10, per_game=6, seed=1)


@pytest.fixture(scope="module")
def value_file(game, data, tmp_path_factory):
    net, spec, metrics = train.fit(game, data, minutes=1, epochs=2, hidden=[8], log=lambda _: None)
    path = tmp_path_factory.mktemp("value") / "value.safetensors"
    model.save_value(net, spec, path, {"metrics": metrics})
    return path


def test_rows_are_every_seats_view_and_its_final_margin(game, data):
    n = len(data["margin"])
    assert n > 0 and data["obs"].shape == (n, game.obs_size)
    # every kept position is seen by each seat: as many rows per seat
    assert np.bincount(data["seat"], minlength=3).tolist() == [n // 3] * 3
    # the margins of one position's seats: one seat leads, so at most one margin is positive
    for g in np.unique(data["game"]):
        final = {int(s): float(m) for s, m in zip(data["seat"][data["game"] == g], data["margin"][data["game"] == g])}
        assert sum(m > 0 for m in final.values()) <= 1
    assert np.array_equal(data["win"], data["margin"] > 0)


def test_endings_average_redrawn_endings_of_the_same_positions(game, data):
    with_endings = dataset.play_positions(game, 10, per_game=6, seed=1, endings=3)
    # the same positions and their own endings: the endings draw from their own stream
    assert all(np.array_equal(with_endings[k], data[k]) for k in data)
    expected, won = with_endings["expected"], with_endings["expected_win"]
    assert expected.shape == won.shape == data["margin"].shape
    assert set(np.round(won * 3).astype(int)) <= {0, 1, 2, 3}
    assert (expected[won == 1] > 0).all() and (expected[won == 0] <= 0).all()
    # redrawn worlds end differently (hidden decks, chance): the mean is not one ending
    assert np.mean((won > 0) & (won < 1)) > 0 and not np.array_equal(expected, data["margin"])
    # the network fits the mean where the data has it
    assert np.array_equal(train.training_target(with_endings, "margin"), expected)
    assert np.array_equal(train.training_target(with_endings, "win"), won)
    assert np.array_equal(train.training_target(data, "margin"), data["margin"])


def test_expected_margins_are_the_seats_margins_reproducibly(game):
    state = game.init(np.array([3]))
    heuristic = make_bot("heuristic", game, seed=0)
    masks, obs = game.legal_action_mask(state), game.observe(state, game.current_player(state))
    for _ in range(10):
        game.advance(state, heuristic(obs, masks), masks, obs)
    records = np.concatenate([state, state])
    seeds = np.array([[11, 12], [11, 12]])
    margins = dataset.expected_margins(game, records, np.array([0, 1]), seeds)
    assert np.array_equal(margins, dataset.expected_margins(game, records, np.array([0, 1]), seeds))
    # each is an ending of the world redrawn from its seat's view, played out by the heuristic
    for seat in range(2):
        for k in range(2):
            world = game.resample_hidden(records[seat], seat, seeds[seat, k : k + 1])
            ended = _play_out(game, world, heuristic)
            assert margins[seat, k] == margins_at_cut(game, ended, np.array([seat]))[0]


def _play_out(game, state, policy):
    masks, obs = game.legal_action_mask(state), game.observe(state, game.current_player(state))
    while masks.any():
        game.advance(state, policy(obs, masks), masks, obs)
    return state


def test_held_out_split_keeps_a_games_rows_together(data):
    train_rows, test_rows = dataset.split_by_game(data, 0.3, seed=0)
    assert not set(data["game"][train_rows]) & set(data["game"][test_rows])
    assert train_rows.size + test_rows.size == len(data["game"])


def test_data_file_round_trips_and_a_bad_one_is_refused(data, tmp_path):
    path = tmp_path / "rows.npz"
    dataset.save_data(path, data)
    back = dataset.load_data(path)
    assert all(np.array_equal(back[k], data[k]) for k in data)
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not an npz")
    with pytest.raises(ValueError, match="not a value data file") as err:
        dataset.load_data(bad)
    assert "\n" not in str(err.value)


def test_value_file_round_trips(game, data, value_file):
    value = model.load_value(value_file, game)
    spec, info, _ = model.read_value(value_file)
    assert spec.game == "spanish_main" and spec.num_players == 3 and spec.obs_size == game.obs_size
    assert spec.obs_layout == model.layout_of(game) and info["metrics"]["held_out_rows"] > 0
    obs, cut = data["obs"][:20].astype(np.float32), data["cut"][:20]
    again = model.load_value(value_file, game)
    assert np.array_equal(value.predict(obs, cut), again.predict(obs, cut))
    assert np.isfinite(value.predict(obs, cut)).all()


def test_a_margin_value_is_the_cut_plus_a_correction(game, data, value_file):
    # the network's head at zero: the value is the hand-written cut value (plus the mean correction)
    loaded = model.load_value(value_file, game)
    weight, bias = model.linear_names(loaded.spec)[-1]
    tensors = {**loaded.tensors, weight: np.zeros_like(loaded.tensors[weight]), bias: np.zeros(1, np.float32)}
    value = model.LearnedValue(loaded.spec, tensors, value_file)
    obs, cut = data["obs"][:10].astype(np.float32), data["cut"][:10]
    np.testing.assert_allclose(value.predict(obs, cut), cut + float(tensors["out_mean"][0]), rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("target", model.TARGETS)
def test_numpy_prediction_is_the_torch_modules_output(game, data, target, tmp_path):
    import torch

    spec = model.ValueSpec(
        game=game.name,
        game_options={},
        num_players=3,
        obs_layout=model.layout_of(game),
        hidden=[16, 8],
        target=target,
    )
    net = model.build_net(spec)
    # the file's tensors are what the module holds, named and shaped without torch
    held = {
        name: (model.DTYPES[str(t.dtype).removeprefix("torch.")], tuple(t.shape))
        for name, t in net.state_dict().items()
    }
    assert held == model.expected_tensors(spec)
    gen = torch.Generator().manual_seed(3)
    with torch.no_grad():  # every weight and statistic drawn, so a misplaced one shows
        for name, t in net.state_dict().items():
            t.copy_(
                torch.rand(t.shape, generator=gen) * (2.0 if "scale" in name else 1.0)
                + (0.5 if "scale" in name else -0.5)
            )
    path = tmp_path / "v.safetensors"
    model.save_value(net, spec, path)
    value = model.load_value(path, game)
    rng = np.random.default_rng(0)
    obs = np.concatenate([data["obs"][:30], rng.normal(0, 3, (30, spec.obs_size))]).astype(np.float32)
    cut = rng.normal(0, 20, len(obs))
    with torch.no_grad():
        want = net(torch.from_numpy(np.concatenate([obs, cut[:, None].astype(np.float32)], 1))).numpy()
    got = value.predict(obs, cut)
    assert got.dtype == np.float64 and np.ptp(got) > 1.0  # varied inputs give varied outputs
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * np.abs(want).max())


def test_a_value_loads_and_predicts_without_torch(game, value_file):
    import subprocess
    import sys
    from pathlib import Path

    # the core install has no torch: a module set to None makes `import torch` raise
    script = f"""
import sys
sys.modules["torch"] = None
import numpy as np
import games
from training.value import model
game = games.make("spanish_main", num_players=3)
value = model.load_value({str(value_file)!r}, game)
state = game.init(np.arange(2))
out = value.margins(game, state, np.array([0, 1]))
assert np.isfinite(out).all() and out.shape == (2,), out
try:
    import torch
except ImportError:
    print("no torch", value.spec.hidden)
"""
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "no torch [8]"


def test_a_finished_game_is_valued_by_its_real_margin(game, value_file):
    from training.bots.search_value import margins_at_cut

    state = game.init(np.arange(3))
    bot = make_bot("heuristic", game)
    while not game.terminated(state).all():
        live = ~game.terminated(state)
        masks = game.legal_action_mask(state)
        actions = np.zeros(len(state), np.int64)
        actions[live] = bot(game.observe(state[live], game.current_player(state[live])), masks[live])
        sub = state[live]
        game.step(sub, actions[live])
        state[live] = sub
    seats = np.array([0, 1, 2])
    value = model.load_value(value_file, game)
    assert np.array_equal(value.margins(game, state, seats), margins_at_cut(game, state, seats))


def _one_line_refusal(path, game, match):
    with pytest.raises(ValueError, match=match) as err:
        model.load_value(path, game)
    assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_a_corrupt_value_file_is_refused_in_one_line(game, value_file, tmp_path):
    raw = value_file.read_bytes()
    cut = tmp_path / "truncated.safetensors"
    cut.write_bytes(raw[: len(raw) // 2])
    _one_line_refusal(cut, game, "not a valid")
    junk = tmp_path / "junk.safetensors"
    junk.write_bytes(b"\x00" * 64)
    _one_line_refusal(junk, game, "junk.safetensors")
    pickle = tmp_path / "pickle.safetensors"
    pickle.write_bytes(b"\x80\x04\x95" + b"\x00" * 40)
    _one_line_refusal(pickle, game, "pickle")


def _rewrite_header(src, dst, change):
    """``src`` with its declaration changed by ``change(meta)`` (the tensors as they were)."""
    raw = src.read_bytes()
    size = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8 : 8 + size])
    meta = json.loads(header["__metadata__"]["doubloon"])
    change(meta)
    header["__metadata__"]["doubloon"] = json.dumps(meta)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    dst.write_bytes(struct.pack("<Q", len(text)) + text + raw[8 + size :])
    return dst


def test_a_mismatched_value_file_is_refused_in_one_line(game, value_file, tmp_path):
    _one_line_refusal(value_file, games.make("spanish_main", num_players=4), "trained for 3 players, not 4")
    _one_line_refusal(value_file, games.make("pirates_of_nassau", num_players=3), "trained for spanish_main")
    wider = _rewrite_header(
        value_file, tmp_path / "wider.safetensors", lambda m: m["value"]["hidden"].__setitem__(0, 9)
    )
    _one_line_refusal(wider, game, "tensor net.0.weight is F32")
    odd = _rewrite_header(value_file, tmp_path / "odd.safetensors", lambda m: m["value"].__setitem__("target", "fame"))
    _one_line_refusal(odd, game, "target = fame is not one of")
    other = _rewrite_header(value_file, tmp_path / "other.safetensors", lambda m: m.__setitem__("format", "x"))
    _one_line_refusal(other, game, "not a doubloon-value declaration")
    with pytest.raises(ValueError, match="value file not found"):
        model.load_value(tmp_path / "absent.safetensors", game)


def test_a_value_from_before_a_layout_grew_is_refused_then_carried_over(game, data, tmp_path):
    # a value trained without the layout's last segment: the game now has it
    last = model.layout_of(game)[-1]
    spec = model.ValueSpec(
        game=game.name,
        game_options={},
        num_players=3,
        obs_layout=model.layout_of(game)[:-1],
        hidden=[4],
        target="margin",
    )
    net = model.build_net(spec)
    for p in net.parameters():
        p.data.uniform_(-0.1, 0.1)
    old = tmp_path / "old.safetensors"
    model.save_value(net, spec, old)
    _one_line_refusal(old, game, f"added {last[0]}.*migrate_checkpoint.py --value")
    new = tmp_path / "new.safetensors"
    model.widen_value(old, new, game, note="test")
    value = model.load_value(new, game)
    assert model.read_value(new)[1]["carried_over"] == "test"
    obs = data["obs"][:12].astype(np.float32)
    import torch

    narrow = net(torch.from_numpy(np.concatenate([obs[:, : spec.obs_size], data["cut"][:12, None]], 1))).detach()
    noisy = obs.copy()
    noisy[:, spec.obs_size :] = 7.0  # the added entries, whatever they hold, are read as nothing
    np.testing.assert_allclose(value.predict(noisy, data["cut"][:12]), narrow.numpy(), rtol=1e-5, atol=1e-4)


def test_search_with_a_value_plays_legal_reproducible_games(game, value_file):
    spec = f"{SMALL}:value={value_file}"
    seat_bots = np.array([[0, 1, 1], [1, 0, 1]])

    def run():
        bots = make_bots([spec, "heuristic"], game, seed=4)
        scores, _ = play_games(game, bots, seat_bots, [11, 12])  # raises on an illegal move
        return scores, bots[0]

    first, bot = run()
    assert bot.decisions > 0 and bot.value is not None and "value=" in bot.name
    assert np.array_equal(first, run()[0])


def test_search_value_specs(game, value_file, tmp_path):
    bot = make_bot(f"search:value={value_file}:3", game)
    assert bot.candidates == 3 and bot.value.path == value_file
    for spec, message in [
        ("search:colour=red", "'colour' is not a setting"),
        ("search:3:candidates=2", "given twice"),
        (f"search:value={tmp_path / 'none.safetensors'}", "value file not found"),
    ]:
        with pytest.raises(ValueError, match=message):
            make_bot(spec, game)


def test_solo_search_values_its_cut_with_the_shipped_value_unless_told_none():
    # measured better against Jean (docs/baselines.md, issue 41): solo's default; 3 players: none
    solo = games.make("maracaibo_solo", level=2)
    default = make_bot("search", solo)
    assert default.name == "search" and default.value.path == model.resolve("shipped", "maracaibo_solo")
    assert make_bot("search:value=shipped", solo).name == "search"  # the default spelled out
    plain = make_bot("search:value=none", solo)
    assert plain.value is None and plain.name == "search:value=none"
    assert make_bot("search:2:value=none", solo).name == "search:2:8:24:2:value=none"
    assert make_bot("search:2", solo).name == "search:2:8:24:2"  # the default value: not in the name
    multi = games.make("maracaibo", num_players=3)
    assert make_bot("search", multi).value is None and make_bot("search:value=none", multi).name == "search"
    assert make_bot("search:value=shipped", multi).name == "search:value=shipped"
    # Nassau's search with its value beat the one without (docs/baselines.md): its default too
    nassau = games.make("pirates_of_nassau", num_players=4)
    assert make_bot("search", nassau).value.path == model.resolve("shipped", "pirates_of_nassau")
    assert make_bot("search:value=none", nassau).value is None
    three = games.make("pirates_of_nassau", num_players=3)  # no value learned for 3 seats: none
    assert make_bot("search", three).value is None and make_bot("search", three).name == "search"
    with pytest.raises(ValueError, match="trained for 4 players, not 3"):
        make_bot("search:value=shipped", three)  # asked for by name: refused in one line


def test_solo_search_with_its_default_value_plays_legal_reproducible_games():
    from training.bench_jean import run_ladder

    solo = games.make("maracaibo_solo", level=2)
    state = solo.init(np.arange(6))
    rng = np.random.default_rng(0)
    for _ in range(15):  # a few random legal moves: positions the rollouts cut in mid-game
        masks = solo.legal_action_mask(state)
        solo.step(state, np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1))
    seats, masks = solo.current_player(state), solo.legal_action_mask(state)
    picks = [make_bot("search:3:4:6", solo, seed=3).plan(state, seats, masks) for _ in range(2)]
    assert np.array_equal(picks[0], picks[1]) and masks[np.arange(6), picks[0]].all()  # same seed, same moves

    def run():  # bench-jean's path: envs.seats.play_seats asks the bot to plan; raises on an illegal move
        return run_ladder({}, "search:2:2:3", (2,), 2, seed=5)

    first = run()
    assert first.levels[0].games == 2 and first.levels[0].margins == run().levels[0].margins


def test_nassau_search_with_its_default_value_plays_legal_reproducible_games():
    nassau = games.make("pirates_of_nassau", num_players=4)

    def play():  # the search in seats 0 and 2; play_games raises on an illegal move
        bots = make_bots("search:2:2:4,heuristic", nassau, seed=1)
        assert bots[0].value is not None  # the default: the shipped 4-player value
        return play_games(nassau, bots, np.array([[0, 1, 0, 1]]), [4])[0]

    assert np.array_equal(play(), play())


def test_train_value_command_writes_a_loadable_value(game, tmp_path, capsys):
    from training.cli import main

    out = tmp_path / "v.safetensors"
    args = ["train-value", "spanish_main", "--players", "3", "--games", "6", "--per-game", "3"]
    assert main(args + ["--epochs", "1", "--hidden", "4", "--out", str(out)]) == 0
    assert "held-out correlation" in capsys.readouterr().out
    spec, info, _ = model.read_value(out)
    assert (
        spec.hidden == [4] and info["data"]["games"] == 6 and asdict(model.load_value(out, game).spec) == asdict(spec)
    )


def test_migrate_tool_carries_a_value_over(game, tmp_path, capsys):
    from tools.migrate_checkpoint import main

    spec = model.ValueSpec(
        game=game.name,
        game_options={"num_players": 3},
        num_players=3,
        obs_layout=model.layout_of(game)[:-2],
        hidden=[4],
        target="margin",
    )
    old, new = tmp_path / "old.safetensors", tmp_path / "new.safetensors"
    model.save_value(model.build_net(spec), spec, old)
    main(["--value", "spanish_main", str(old), str(new), "--note", "by the tool"])
    assert f"observation {spec.obs_size} -> {game.obs_size}" in capsys.readouterr().out
    assert model.load_value(new, game).info["carried_over"] == "by the tool"


def test_train_value_fits_the_mean_of_endings_and_refuses_data_made_otherwise(game, tmp_path, capsys):
    from training.cli import main

    out, rows = tmp_path / "v.safetensors", tmp_path / "rows.npz"
    args = ["train-value", "spanish_main", "--players", "3", "--games", "6", "--per-game", "3", "--epochs", "1"]
    assert main(args + ["--hidden", "4", "--endings", "2", "--data", str(rows), "--out", str(out)]) == 0
    info = model.read_value(out)[1]
    assert info["data"]["endings"] == 2 and "--endings 2" in info["command"]
    assert "corr_value_expected" in info["metrics"]
    capsys.readouterr()
    with pytest.raises(SystemExit) as err:  # the rows hold a mean of endings; asked for one ending
        main(args + ["--data", str(rows), "--out", str(out)])
    message = capsys.readouterr().err.strip()
    assert err.value.code == 2 and "made with --endings" in message and "\n" not in message


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["--games", "3"], "--games must be at least 5"),
        (["--hidden", "8,x"], "--hidden must be widths"),
        (["--out", "v.bin"], "--out must be a .safetensors file"),
    ],
)
def test_train_value_refuses_bad_settings_in_one_line(argv, problem, capsys, tmp_path, monkeypatch):
    from training.cli import main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as err:
        main(["train-value", "spanish_main", "--per-game", "2"] + argv)
    assert err.value.code == 2
    message = capsys.readouterr().err.strip()
    assert problem in message and "\n" not in message


SHIPPED = sorted((model.Path(__file__).resolve().parents[2] / "training" / "baselines").glob("*/" + model.DEFAULT_NAME))


def test_every_game_ships_a_value():
    assert sorted(p.parent.name for p in SHIPPED) == sorted(games.list())


@pytest.mark.parametrize("path", SHIPPED, ids=[p.parent.name for p in SHIPPED])
def test_shipped_values_load_for_their_game_and_predict_finite_values(path):
    # after a game's observation layout grows: python -m tools.migrate_checkpoint --shipped-values
    spec, info, _ = model.read_value(path)
    assert spec.game == path.parent.name
    game = games.make(spec.game, **spec.game_options)
    value = model.load_value("shipped", game)
    assert value.path == path and info["metrics"]["corr_value"] > 0
    state = game.init(np.arange(4))
    rng = np.random.default_rng(0)
    for _ in range(20):  # into the game: live rows the network values
        live = ~game.terminated(state)
        masks = game.legal_action_mask(state[live])
        sub = state[live]
        game.step(sub, np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1))
        state[live] = sub
    seats = np.arange(4) % game.num_players
    out = value.margins(game, state, seats)
    assert out.shape == (4,) and np.isfinite(out).all()


def test_train_value_without_torch_says_which_extra_before_playing(capsys, monkeypatch, tmp_path):
    import sys

    from envs.extras import install_command
    from training.cli import main

    monkeypatch.setitem(sys.modules, "torch", None)  # as the core install: no train extra
    with pytest.raises(SystemExit) as err:
        main(["train-value", "spanish_main", "--out", str(tmp_path / "v.safetensors")])
    out = capsys.readouterr()
    assert err.value.code == 1 and out.out == ""
    assert out.err == f"doubloon train-value needs torch, which the core install lacks: {install_command('train')}\n"
