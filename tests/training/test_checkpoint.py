"""Checkpoints load without unpickling (training/checkpoint.py, issue 8 section 2).

What is checked: a save/load round trip gives identical logits; files whose loading
would unpickle (a crafted pickle, a torch.save file, an SB3 zip) are refused and the
code inside never runs; a declared architecture that does not match the tensors, a
mismatched game, malformed headers and declarations, and missing files each stop
with a one-line ValueError before any policy is built; the shipped baseline loads and
plays the moves the original SB3 model played.
"""

import json
import pickle
import struct
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch

import games
from training import checkpoint as ck
from training import checkpoint_migrate as ckm
from training.bots import make_bot
from training.bots.policy_bot import PolicyBot
from tools.migrate_checkpoint import LEGACY_ACTIONS, LEGACY_OBS, LEGACY_STEPS

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "training" / "baselines" / "spanish_main" / "model.safetensors"
# what the safetensors library refuses (its own reason follows, worded per library version)
INVALID = r"is not a valid \.safetensors file: "


def _policy(game, net_arch=(32, 16), extractor=None, **kwargs):
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    from training.features import extractor_for

    obs = spaces.Box(-np.inf, np.inf, shape=(game.obs_size,), dtype=np.float32)
    return MaskableActorCriticPolicy(
        obs,
        spaces.Discrete(game.num_actions),
        lambda _: 0.0,
        net_arch=net_arch if isinstance(net_arch, dict) else list(net_arch),
        features_extractor_class=extractor or extractor_for(game.name),
        **kwargs,
    )


def _observations(game, n=40):
    state = game.init(np.arange(n))
    return game.observe(state, game.current_player(state)), game.legal_action_mask(state)


@pytest.fixture(scope="module")
def saved(tmp_path_factory, spanish3):
    """A small random-initialised Spanish Main policy saved once, and its file."""
    policy = _policy(spanish3)
    path = tmp_path_factory.mktemp("ck") / "model.safetensors"
    ck.save_checkpoint(policy, path, spanish3, info={"note": "test"})
    return policy, path


def _rewrite(path, out, edit_header=None, edit_spec=None):
    """Copy a checkpoint with its header (or its policy declaration) edited."""
    raw = path.read_bytes()
    n = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8 : 8 + n])
    if edit_spec:
        meta = json.loads(header["__metadata__"]["doubloon"])
        edit_spec(meta["policy"])
        header["__metadata__"]["doubloon"] = json.dumps(meta)
    if edit_header:
        edit_header(header)
    new = json.dumps(header).encode()
    out.write_bytes(struct.pack("<Q", len(new)) + new + raw[8 + n :])
    return out


# ----- round trip ------------------------------------------------------------------
@pytest.mark.slow
def test_round_trip_gives_identical_logits_and_values(saved, spanish3):
    policy, path = saved
    loaded = ck.load_checkpoint(path, spanish3)
    obs, masks = _observations(spanish3)
    assert np.array_equal(PolicyBot(loaded).logits(obs), PolicyBot(policy).logits(obs))
    with torch.no_grad():
        x = torch.as_tensor(obs)
        assert torch.equal(loaded.predict_values(x), policy.predict_values(x))
    # and the bot built from the spec plays legal moves
    bot = make_bot(f"checkpoint:{path}", spanish3)
    assert masks[np.arange(len(masks)), bot(obs, masks)].all()


def test_a_different_policy_gives_different_logits(saved, spanish3):
    """The round-trip comparison can fail: two initialisations differ."""
    _, path = saved
    obs, _ = _observations(spanish3)
    other = _policy(spanish3)
    assert not np.array_equal(PolicyBot(ck.load_checkpoint(path)).logits(obs), PolicyBot(other).logits(obs))


def test_loading_leaves_torch_rng_alone(saved):
    torch.manual_seed(3)
    before = torch.random.get_rng_state()
    ck.load_checkpoint(saved[1])
    assert torch.equal(torch.random.get_rng_state(), before)


@pytest.mark.slow
def test_round_trip_of_other_architectures(tmp_path):
    """Symlog extractor (games without a custom one), split pi/vf layers, ReLU, separate extractors;
    a folder PATH names its model.safetensors."""
    game = games.make("pirates_of_nassau")
    policy = _policy(
        game, net_arch={"pi": [24], "vf": [8, 8]}, activation_fn=torch.nn.ReLU, share_features_extractor=False
    )
    spec = ck.save_checkpoint(policy, tmp_path / "model.safetensors", game)
    assert spec.net_arch == {"pi": [24], "vf": [8, 8]} and spec.features_extractor == "SymlogExtractor"
    assert spec.activation_fn == "ReLU" and spec.share_features_extractor is False
    loaded = ck.load_checkpoint(tmp_path)
    assert ck.resolve(tmp_path / "model") == ck.resolve(tmp_path) == tmp_path / "model.safetensors"
    obs, _ = _observations(game, 8)
    assert np.array_equal(PolicyBot(loaded).logits(obs), PolicyBot(policy).logits(obs))


def test_a_set_option_round_trips(tmp_path):
    """A game built with a set option (maracaibo's legacy_tiles, MA-26.4) is declared with
    the set as a list of names and rebuilt from the declaration alone."""
    game = games.make("maracaibo", num_players=2, legacy_tiles=("L25", "L2"))
    spec = ck.save_checkpoint(_policy(game), tmp_path / "model.safetensors", game)
    assert spec.game_options["legacy_tiles"] == ["L2", "L25"]
    obs, _ = _observations(game, 4)
    assert PolicyBot(ck.load_checkpoint(tmp_path)).logits(obs).shape == (4, game.num_actions)


def test_the_file_is_plain_safetensors(saved):
    """The layout is safetensors: the safetensors package's own loaders read the same tensors."""
    import safetensors.torch

    policy, path = saved
    tensors = safetensors.torch.load_file(str(path))
    assert tensors.keys() == policy.state_dict().keys()
    assert all(torch.equal(tensors[k], v) for k, v in policy.state_dict().items())


# ----- files that would unpickle ----------------------------------------------------
class _Exploit:
    """Unpickling this creates the file named in ``marker`` (os.system would run as easily)."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (Path(self.marker),))


def test_the_exploit_works_when_unpickled(tmp_path):
    """Guards the next test: the crafted payload really does run when unpickled."""
    marker = tmp_path / "pwned"
    pickle.loads(pickle.dumps(_Exploit(marker)))
    assert marker.exists()


@pytest.mark.parametrize(
    "name, kind",
    [
        ("evil.pt", "zip"),
        ("model.zip", "zip"),
        ("evil.pkl", "pickle"),
        ("evil.safetensors", "zip"),
        ("model.safetensors", "pickle"),  # a misleading suffix changes nothing
    ],
)
def test_crafted_pickles_are_refused_and_never_run(tmp_path, spanish3, name, kind):
    marker = tmp_path / "pwned"
    path = tmp_path / name
    if kind == "zip":
        torch.save({"weights": _Exploit(marker)}, path)  # torch.save writes a zip holding data.pkl
    else:
        path.write_bytes(pickle.dumps(_Exploit(marker)))
    with pytest.raises(ValueError, match="loads by unpickling") as err:
        make_bot(f"checkpoint:{path}", spanish3)
    assert "\n" not in str(err.value)
    assert not marker.exists()


def test_sb3_zip_is_refused_with_how_to_convert(tmp_path, spanish3):
    path = tmp_path / "model.zip"
    with zipfile.ZipFile(path, "w") as z:  # the members of a Stable-Baselines3 save
        for member in ("data", "policy.pth", "pytorch_variables.pth", "_stable_baselines3_version"):
            z.writestr(member, b"")
    with pytest.raises(ValueError, match="model.zip is a Stable-Baselines3 zip"):
        ck.load_checkpoint(tmp_path, spanish3)  # an old run folder: its model.zip is named
    with pytest.raises(ValueError) as err:
        ck.load_checkpoint(path, spanish3)
    assert str(err.value) == (
        f"{path} is a Stable-Baselines3 zip, which loads by unpickling; if you trust it, convert it with "
        f"`python -m training convert-checkpoint GAME {path}` (runs pickle) and load the .safetensors file"
    )


# ----- sizes checked before building -----------------------------------------------
def _no_build(monkeypatch):
    """Fail the test if a real (non-meta) policy gets built."""
    real = ck.build_policy

    def guarded(spec, device="cpu"):
        assert device == "meta", "a policy was built before the check failed"
        return real(spec, device)

    monkeypatch.setattr(ck, "build_policy", guarded)


@pytest.mark.parametrize(
    "edit, message",
    [
        (
            lambda s: s.update(net_arch=[64, 16]),
            r"tensor mlp_extractor.policy_net.0.weight is F32 \[32, 880\], "
            r"but the declared architecture builds F32 \[64, 880\]",
        ),
        (
            lambda s: s.update(net_arch=[32]),
            r"tensors do not match the declared architecture \(missing \[\], "
            r"unexpected \['mlp_extractor.policy_net.2.bias'",
        ),
        (lambda s: s.update(net_arch={"pi": [32, 16], "vf": [32]}), "unexpected \\['mlp_extractor.value_net.2.bias'"),
        (lambda s: s.update(features_extractor="SymlogExtractor"), "unexpected \\['features_extractor.nation'"),
        (lambda s: s.update(net_arch=[10**9]), "net_arch = .* is not a list of up to 16 widths"),
        (lambda s: s.update(activation_fn="os.system"), "activation_fn = os.system is not one of Tanh"),
        (
            lambda s: s.update(features_extractor="subprocess.Popen"),
            "features_extractor = subprocess.Popen is not one of",
        ),
        (lambda s: s.update(features_extractor=[]), "features_extractor = \\[\\] is not one of"),  # fuzz-found
        (lambda s: s.update(activation_fn={}), "activation_fn = {} is not one of"),
        (lambda s: s.update(obs_size=True), "obs_size = True is not a positive integer"),
        (lambda s: s.update(extra=1), "the policy declaration has fields"),
        (lambda s: s.pop("num_actions"), "the policy declaration has fields"),
    ],
)
def test_a_declaration_that_does_not_match_is_refused_before_building(
    saved, spanish3, tmp_path, monkeypatch, edit, message
):
    path = _rewrite(saved[1], tmp_path / "m.safetensors", edit_spec=edit)
    _no_build(monkeypatch)
    with pytest.raises(ValueError, match=message) as err:
        ck.load_checkpoint(path, spanish3)
    assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_tensor_dtype_and_shape_in_the_header_are_checked(saved, spanish3, tmp_path, monkeypatch):
    def to_f64(h):  # same bytes, read as half as many float64 values of another shape
        h["action_net.bias"]["dtype"] = "F64"
        h["action_net.bias"]["shape"] = [91 // 2]

    _no_build(monkeypatch)
    with pytest.raises(ValueError, match=INVALID):
        ck.load_checkpoint(_rewrite(saved[1], tmp_path / "a.safetensors", edit_header=to_f64), spanish3)

    def dtype_only(h):
        h["value_net.bias"]["dtype"] = "I32"  # 4 bytes like F32: sizes agree, dtype does not

    with pytest.raises(
        ValueError, match="tensor value_net.bias is I32 \\[1\\], but the declared architecture builds F32 \\[1\\]"
    ):
        ck.load_checkpoint(_rewrite(saved[1], tmp_path / "b.safetensors", edit_header=dtype_only), spanish3)


def test_the_game_must_match(saved, tmp_path):
    path = saved[1]
    with pytest.raises(ValueError, match=r"was trained for observations \(546,\) and 91 actions, but"):
        make_bot(f"checkpoint:{path}", games.make("spanish_main", move_cards_in_hand=True))  # 103 actions
    with pytest.raises(ValueError, match="was trained for spanish_main, not maracaibo"):
        make_bot(f"checkpoint:{path}", games.make("maracaibo"))
    lying = _rewrite(path, tmp_path / "m.safetensors", edit_spec=lambda s: s.update(obs_size=547))
    with pytest.raises(ValueError, match=r"was trained for observations \(547,\)"):
        ck.load_checkpoint(lying)  # the declared game itself has 546
    bad = _rewrite(path, tmp_path / "g.safetensors", edit_spec=lambda s: s.update(game="chess"))
    with pytest.raises(ValueError, match="declares a game that cannot be built: unknown game 'chess'"):
        ck.load_checkpoint(bad)


def test_malformed_files_are_refused_in_one_line(saved, tmp_path, spanish3, monkeypatch):
    good = saved[1].read_bytes()
    n = struct.unpack("<Q", good[:8])[0]
    cases = {  # the safetensors library refuses all but text and huge (ck.MAX_HEADER_BYTES) and the last two
        "empty.safetensors": (b"", INVALID),
        "text.safetensors": (b"hello world, not a checkpoint", "its header declares 8,031,924,123,371,070,824 bytes"),
        "nojson.safetensors": (struct.pack("<Q", 4) + b"abcd", INVALID),
        "badjson.safetensors": (struct.pack("<Q", 6) + b"{oops}", INVALID),
        "list.safetensors": (struct.pack("<Q", 2) + b"[]", INVALID),
        "dup.safetensors": (struct.pack("<Q", 16) + b'{"a":1, "a":2}  ', INVALID),
        "truncated.safetensors": (good[:-4], INVALID),
        "longer.safetensors": (good + b"\0" * 4, INVALID),
        "huge.safetensors": (struct.pack("<Q", 1 << 40) + good[8:], "its header declares 1,099,511,627,776 bytes"),
        "metaint.safetensors": (struct.pack("<Q", 24) + b'{"__metadata__":{"a":1}}', INVALID),
        "nometa.safetensors": (struct.pack("<Q", 8) + b"{}      ", "without a doubloon policy declaration"),
    }
    header = json.loads(good[8 : 8 + n])
    header["__metadata__"]["doubloon"] = "{not json"
    raw = json.dumps(header).encode()
    cases["badmeta.safetensors"] = (
        struct.pack("<Q", len(raw)) + raw + good[8 + n :],
        "the declaration is not valid JSON",
    )
    _no_build(monkeypatch)
    for name, (data, message) in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(ValueError, match=message) as err:
            ck.load_checkpoint(path, spanish3)
        assert "\n" not in str(err.value) and str(path) in str(err.value), name


def test_a_header_length_that_starts_like_a_pickle_still_loads(saved, tmp_path, spanish3):
    """Header length 0x180: its first byte is 0x80, pickle's first byte; sniffing must not misread it."""
    raw = saved[1].read_bytes()
    n = struct.unpack("<Q", raw[:8])[0]
    header = raw[8 : 8 + n].rstrip()
    length = -(-len(header) // 256) * 256 + 0x80
    path = tmp_path / "padded.safetensors"
    path.write_bytes(struct.pack("<Q", length) + header.ljust(length) + raw[8 + n :])
    assert path.read_bytes()[:1] == b"\x80"
    obs, _ = _observations(spanish3, 8)
    assert np.array_equal(PolicyBot(ck.load_checkpoint(path, spanish3)).logits(obs), PolicyBot(saved[0]).logits(obs))


def test_gaps_and_overlaps_between_tensors_are_refused(saved, tmp_path, spanish3, monkeypatch):
    def overlap(h):
        h["value_net.bias"]["data_offsets"] = [0, 4]  # the bytes of the first tensor again

    def gap(h):  # the first tensor starts 4 bytes in; the last one ends 4 bytes early
        first = min(h.values(), key=lambda e: e.get("data_offsets", [1 << 62])[0])
        first["data_offsets"][0] += 4
        first["shape"][-1] -= 1

    def out_of_file(h):
        last = max((e for e in h.values() if "data_offsets" in e), key=lambda e: e["data_offsets"][1])
        last["data_offsets"][1] += 4
        last["shape"][-1] += 1

    _no_build(monkeypatch)
    for name, edit in [("o", overlap), ("g", gap), ("x", out_of_file)]:
        path = _rewrite(saved[1], tmp_path / f"{name}.safetensors", edit_header=edit)
        with pytest.raises(ValueError, match=INVALID) as err:
            ck.load_checkpoint(path, spanish3)
        assert "\n" not in str(err.value) and str(path) in str(err.value), name


def test_a_tensor_named_twice_is_refused(tmp_path, spanish3):
    entry = '{{"dtype":"F32","shape":[1],"data_offsets":[{},{}]}}'
    header = ('{"a":' + entry.format(0, 4) + ',"a":' + entry.format(4, 8) + "}").encode()
    path = tmp_path / "twice.safetensors"
    path.write_bytes(struct.pack("<Q", len(header)) + header + b"\0" * 8)
    with pytest.raises(ValueError, match=INVALID):
        ck.load_checkpoint(path, spanish3)


def test_missing_files_and_folders(tmp_path, spanish3):
    with pytest.raises(ValueError, match="checkpoint not found: /no/such/model.safetensors"):
        make_bot("checkpoint:/no/such/model.safetensors", spanish3)
    with pytest.raises(ValueError, match=f"checkpoint not found: {tmp_path / 'model.safetensors'}"):
        ck.load_checkpoint(tmp_path)


def test_save_refuses_what_it_cannot_rebuild(spanish3, tmp_path):
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

    class Custom(BaseFeaturesExtractor):
        def __init__(self, observation_space):
            super().__init__(observation_space, features_dim=int(observation_space.shape[0]))

        def forward(self, x):
            return x

    with pytest.raises(ValueError, match="features extractor Custom .* is not one a checkpoint can name"):
        ck.save_checkpoint(_policy(spanish3, extractor=Custom), tmp_path / "m.safetensors", spanish3)
    with pytest.raises(ValueError, match="the policy acts on \\(546,\\) observations and 91 actions"):
        ck.save_checkpoint(
            _policy(spanish3), tmp_path / "m.safetensors", games.make("spanish_main", move_cards_in_hand=True)
        )
    with pytest.raises(ValueError, match="a checkpoint is a .safetensors file"):
        ck.save_checkpoint(_policy(spanish3), tmp_path / "m.zip", spanish3)
    assert not list(tmp_path.iterdir())


# ----- a grown layout ----------------------------------------------------------------


def _narrow_checkpoint(game, path, net_arch, extractor="SymlogExtractor", without=(LEGACY_OBS, LEGACY_ACTIONS)):
    """A random policy for ``game``'s layouts without the legacy segments (MA-26.4; or the
    ``without`` observation and action segments), as a checkpoint from before them would
    be; returns (policy, kept obs indices, kept action ids)."""
    kept_obs = np.concatenate([np.arange(s.start, s.stop) for s in game.obs_layout if s.name not in without[0]])
    kept_act = np.concatenate([np.arange(s.start, s.stop) for s in game.action_layout if s.name not in without[1]])
    spec = ck.PolicySpec(game.name, {}, int(kept_obs.size), int(kept_act.size), net_arch, "Tanh", extractor, True)
    policy = ck.build_policy(spec)
    with torch.no_grad():  # non-zero biases everywhere, so a zero-filled row would show
        for t in policy.parameters():
            t.uniform_(-0.5, 0.5)
    tensors = {name: t.detach().numpy().copy() for name, t in policy.state_dict().items()}
    ck._write(path, spec, tensors, {"timesteps": 7})
    return policy, kept_obs, kept_act


def _heads(policy, obs):
    """Raw action logits (before normalising) and values, in float64 (so that the float32
    rounding of a longer matrix product does not hide or fake a difference)."""
    import copy

    policy = copy.deepcopy(policy).double()
    with torch.inference_mode():
        features = policy.features_extractor(torch.as_tensor(obs, dtype=torch.float64))
        raw = policy.action_net(policy.mlp_extractor.forward_actor(features))
        return raw.numpy(), policy.value_net(policy.mlp_extractor.forward_critic(features))[:, 0].numpy()


@pytest.mark.parametrize("net_arch", [[32, 16], {"pi": [], "vf": [8]}])
def test_a_checkpoint_widened_to_added_segments_computes_what_it_did(tmp_path, net_arch):
    """Maracaibo solo's legacy segments sit between the 3-player observation and Jean's
    (MA-26.4): the old actions' logits and the value on any observation are the narrow
    policy's on that observation without the added entries; added actions get 0."""
    game = games.make("maracaibo_solo")
    narrow, kept_obs, kept_act = _narrow_checkpoint(game, tmp_path / "old.safetensors", net_arch)
    spec = ckm.widen_checkpoint(
        tmp_path / "old.safetensors",
        tmp_path / "new.safetensors",
        game,
        LEGACY_OBS,
        LEGACY_ACTIONS,
        note="carried over",
    )
    assert (spec.obs_size, spec.num_actions) == (game.obs_size, game.num_actions)
    wide = ck.load_checkpoint(tmp_path / "new.safetensors", game)
    obs = np.random.default_rng(0).normal(size=(64, game.obs_size)).astype(np.float32)  # added entries too
    raw, values = _heads(wide, obs)
    old_raw, old_values = _heads(narrow, obs[:, kept_obs])
    np.testing.assert_allclose(raw[:, kept_act], old_raw, rtol=0, atol=1e-12)
    np.testing.assert_allclose(values, old_values, rtol=0, atol=1e-12)
    assert not np.delete(raw, kept_act, axis=1).any()
    raw_header = (tmp_path / "new.safetensors").read_bytes()
    header = json.loads(raw_header[8 : 8 + struct.unpack("<Q", raw_header[:8])[0]])
    info = json.loads(header["__metadata__"]["doubloon"])["info"]
    assert info == {"timesteps": 7, "carried_over": "carried over"}


def test_widening_refuses_what_it_cannot_carry_over(tmp_path):
    from training.features import MaracaiboExtractor

    game = games.make("maracaibo_solo")
    src = tmp_path / "old.safetensors"
    _narrow_checkpoint(game, src, [8])
    with pytest.raises(ValueError, match=r"has 6675 observation entries, but the layout without \['legacy_tiles'\]"):
        ckm.widen_checkpoint(src, tmp_path / "new.safetensors", game, ("legacy_tiles",), LEGACY_ACTIONS)
    with pytest.raises(ValueError, match="no action segment 'legacy_fly'; segments: setup_plan, "):
        ckm.widen_checkpoint(src, tmp_path / "new.safetensors", game, LEGACY_OBS, ("legacy_fly",))
    with pytest.raises(ValueError, match="was trained for maracaibo_solo, not maracaibo"):
        ckm.widen_checkpoint(src, tmp_path / "new.safetensors", games.make("maracaibo"), LEGACY_OBS, LEGACY_ACTIONS)
    embedded = tmp_path / "embedded.safetensors"
    policy = _policy(game, extractor=MaracaiboExtractor)
    ck.save_checkpoint(policy, embedded, game)
    with pytest.raises(ValueError, match="features extractor MaracaiboExtractor is not elementwise"):
        ckm.widen_checkpoint(embedded, tmp_path / "new.safetensors", game, LEGACY_OBS, LEGACY_ACTIONS)
    assert not (tmp_path / "new.safetensors").exists()


def test_migrate_checkpoint_command_widens_and_refuses_in_one_line(tmp_path, capsys):
    from tools.migrate_checkpoint import main

    game = games.make("maracaibo_solo")
    _narrow_checkpoint(game, tmp_path / "old.safetensors", [8])
    main(
        [
            "maracaibo_solo",
            str(tmp_path / "old.safetensors"),
            str(tmp_path / "new.safetensors"),
            "--added-obs",
            ",".join(LEGACY_OBS),
            "--added-actions",
            ",".join(LEGACY_ACTIONS),
            "--note",
            "why",
        ]
    )
    old_obs = game.obs_size - sum(game.obs_layout[name].size for name in LEGACY_OBS)
    old_actions = game.num_actions - sum(game.action_layout[name].size for name in LEGACY_ACTIONS)
    assert (old_obs, old_actions) == (6675, 277)  # the layouts before the legacy tiles
    assert f"observation 6675 -> {game.obs_size}, actions 277 -> {game.num_actions}" in capsys.readouterr().out
    assert ck.read_spec(tmp_path / "new.safetensors").obs_size == game.obs_size
    with pytest.raises(SystemExit) as stop:
        main(
            [
                "maracaibo_solo",
                str(tmp_path / "new.safetensors"),
                str(tmp_path / "x.safetensors"),
                "--added-obs",
                "legacy_tiles",
            ]
        )
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"has {game.obs_size} observation entries, but the layout without" in err


def test_a_checkpoint_of_an_earlier_legacy_layout_gets_only_the_later_segments(tmp_path):
    """A checkpoint of the first legacy layout lacks only the later steps' segments
    (MA-26.4 L4 / L7 annexing): ``missing_legacy_steps`` finds them, the widened policy
    computes what it did, and a second widening keeps the first note."""
    from tools.migrate_checkpoint import missing_legacy_steps

    game = games.make("maracaibo_solo")
    later_obs = tuple(x for step in LEGACY_STEPS[1:] for x in step[1])
    later_act = tuple(x for step in LEGACY_STEPS[1:] for x in step[2])
    narrow, kept_obs, kept_act = _narrow_checkpoint(
        game, tmp_path / "old.safetensors", [16], without=(later_obs, later_act)
    )
    assert missing_legacy_steps(game, ck.read_spec(tmp_path / "old.safetensors")) == LEGACY_STEPS[1:]
    spec = ckm.widen_checkpoint(
        tmp_path / "old.safetensors", tmp_path / "new.safetensors", game, later_obs, later_act, note="first"
    )
    assert missing_legacy_steps(game, spec) == ()
    obs = np.random.default_rng(1).normal(size=(32, game.obs_size)).astype(np.float32)
    raw, values = _heads(ck.load_checkpoint(tmp_path / "new.safetensors", game), obs)
    old_raw, old_values = _heads(narrow, obs[:, kept_obs])
    np.testing.assert_allclose(raw[:, kept_act], old_raw, rtol=0, atol=1e-12)
    np.testing.assert_allclose(values, old_values, rtol=0, atol=1e-12)
    ckm.widen_checkpoint(tmp_path / "new.safetensors", tmp_path / "again.safetensors", game, (), (), note="second")
    raw_header = (tmp_path / "again.safetensors").read_bytes()
    header = json.loads(raw_header[8 : 8 + struct.unpack("<Q", raw_header[:8])[0]])
    assert json.loads(header["__metadata__"]["doubloon"])["info"]["carried_over"] == "first Then: second"


# ----- the shipped baselines ---------------------------------------------------------
SHIPPED = sorted(p.parent.name for p in (ROOT / "training" / "baselines").glob("*/model.safetensors"))


def test_the_spanish_main_baseline_reads_its_lookahead_features():
    spec = ck.read_spec(BASELINE)
    assert (spec.game, spec.net_arch, spec.features_extractor) == (
        "spanish_main",
        [256, 256],
        "SpanishMainLookaheadExtractor",
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_baseline_loads_and_plays_its_game_to_the_end(name):
    path = ROOT / "training" / "baselines" / name / "model.safetensors"
    assert not path.with_suffix(".zip").exists()
    settings = json.loads((path.parent / "settings.json").read_text())
    game = games.make(name, **settings["config"]["game_options"])
    assert ck.read_spec(path).game == name
    bot = make_bot(f"checkpoint:{path}", game)
    state = game.init(np.arange(4))
    while not game.terminated(state).all():
        live = ~game.terminated(state)
        seats = np.where(live, game.current_player(state), 0)
        actions = np.zeros(len(state), dtype=np.int64)
        masks = game.legal_action_mask(state)
        actions[live] = bot(game.observe(state, seats)[live], masks[live])
        game.step(state, actions)  # step checks every action against the rules
    assert game.terminated(state).all()


@pytest.mark.parametrize("name", SHIPPED)
def test_a_baselines_settings_and_arena_name_its_file(name):
    folder = ROOT / "training" / "baselines" / name
    # a one-seat game has no arena of bots: its record is the bench-jean ladder (MA-24)
    record = "bench_jean" if games.make(name).num_players == 1 else "arena"
    for what in (f"{record}.json", f"{record}.txt", f"{record}.png", "settings.json"):
        assert (folder / what).is_file(), what
    for what in (f"{record}.json", f"{record}.txt"):
        assert "model.zip" not in (folder / what).read_text(), what
    assert f"checkpoint:training/baselines/{name}/model.safetensors" in (folder / f"{record}.json").read_text()


def test_the_spanish_main_settings_name_the_converted_file():
    assert json.loads((BASELINE.parent / "settings.json").read_text())["checkpoint"]["file"] == BASELINE.name


def test_no_loading_path_unpickles():
    """No project module calls an unpickling loader (the converter is the one, named exception)."""
    offenders = []
    for path in (ROOT / "training").rglob("*.py"):
        for i, line in enumerate(path.read_text().splitlines(), 1):
            if any(s in line for s in ("MaskablePPO.load(", "torch.load(", "pickle.load", "PPO.load(")):
                offenders.append(f"{path.relative_to(ROOT)}:{i}")
    assert offenders == ["training/checkpoint_migrate.py:" + str(_line_of("model = MaskablePPO.load(src"))]


def _line_of(text):
    lines = (ROOT / "training" / "checkpoint_migrate.py").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_convert_checkpoint_command_converts_a_trusted_zip_and_says_it_unpickles(tmp_path, spanish3, capsys):
    from sb3_contrib import MaskablePPO

    from envs.vec_env import GameVecEnv
    from training.bots import RandomBot
    from training.cli import main
    from training.features import extractor_for

    env = GameVecEnv(spanish3, 2, [RandomBot(0)], seed=0)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=8,
        batch_size=8,
        device="cpu",
        seed=0,
        policy_kwargs={"features_extractor_class": extractor_for("spanish_main"), "net_arch": [16]},
    )
    zip_path = tmp_path / "old.zip"
    model.save(zip_path)
    assert main(["convert-checkpoint", "spanish_main", "--players", "3", str(zip_path)]) == 0
    out = capsys.readouterr()
    assert "unpickling" in out.err and "only files you trust" in out.err
    converted = tmp_path / "old.safetensors"
    assert f"checkpoint:{converted}" in out.out
    obs, _ = _observations(spanish3)
    new = make_bot(f"checkpoint:{converted}", spanish3)
    assert np.array_equal(new.logits(obs), PolicyBot(model.policy).logits(obs))
    with pytest.raises(ValueError, match="is a Stable-Baselines3 zip, which loads by unpickling"):
        make_bot(f"checkpoint:{zip_path}", spanish3)


# ----- what a file may declare (issue 34 item 2) ----------------------------------------
def test_a_declared_architecture_too_large_to_hold_is_refused_unread(saved, spanish3, tmp_path, monkeypatch):
    """Widths within MAX_WIDTH can still declare hundreds of GiB (a sparse file holds
    them cheaply): the total is bounded by MAX_TENSOR_BYTES before any tensor is read."""

    def wide(spec):
        spec["net_arch"] = [ck.MAX_WIDTH] * ck.MAX_LAYERS

    path = _rewrite(saved[1], tmp_path / "wide.safetensors", edit_spec=wide)
    _no_build(monkeypatch)
    monkeypatch.setattr(ck, "_check_tensors", lambda *a: pytest.fail("the tensors were looked at"))
    with pytest.raises(
        ValueError,
        match=r"the declared architecture holds 480\.5 GiB of weights, more than the "
        r"1 GiB a checkpoint may hold; not read",
    ) as err:
        ck.load_checkpoint(path, spanish3)
    assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_a_header_longer_than_any_checkpoint_needs_is_refused_unread(saved, spanish3, tmp_path):
    raw = saved[1].read_bytes()
    n = struct.unpack("<Q", raw[:8])[0]
    path = tmp_path / "long.safetensors"
    length = ck.MAX_HEADER_BYTES + 8
    path.write_bytes(struct.pack("<Q", length) + raw[8 : 8 + n].ljust(length) + raw[8 + n :])
    with pytest.raises(
        ValueError, match=f"its header declares {length:,} bytes, more than the {ck.MAX_HEADER_BYTES:,}"
    ):
        ck.load_checkpoint(path, spanish3)


def test_a_checkpoint_written_over_keeps_its_mode_and_leaves_no_temporary(saved, spanish3, tmp_path):
    path = tmp_path / "model.safetensors"
    ck.save_checkpoint(saved[0], path, spanish3)
    path.chmod(0o640)
    ck.save_checkpoint(saved[0], path, spanish3)
    assert path.stat().st_mode & 0o777 == 0o640 and sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_file_larger_than_any_checkpoint_is_refused_before_it_is_mapped(saved, spanish3, tmp_path, monkeypatch):
    """A sparse file claims any size cheaply; the library would map all of it (480 GiB
    failed to map, 1 GiB loaded to 2.5 GB RSS): refused by its size first. The bound is
    lowered here so the test writes megabytes, not gigabytes."""
    monkeypatch.setattr(ck, "MAX_TENSOR_BYTES", 1 << 20)
    path = tmp_path / "sparse.safetensors"
    path.write_bytes(saved[1].read_bytes())
    with open(path, "r+b") as f:
        f.truncate(8 + ck.MAX_HEADER_BYTES + ck.MAX_TENSOR_BYTES + 1)
    monkeypatch.setattr("safetensors.safe_open", lambda *a, **k: pytest.fail("the file was opened by the library"))
    with pytest.raises(ValueError, match=r"sparse\.safetensors: 2,097,161 bytes, more than a checkpoint holds"):
        ck.load_checkpoint(path, spanish3)
