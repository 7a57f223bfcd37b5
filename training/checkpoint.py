"""Policy checkpoints that load without unpickling.

Why: Stable-Baselines3's ``model.zip`` loads by unpickling, so a crafted file runs
code before anything is checked. A doubloon checkpoint is one ``.safetensors`` file:

    8 bytes    little-endian length N of the header
    N bytes    JSON: per tensor {"dtype", "shape", "data_offsets"}, and under
               "__metadata__" -> "doubloon" (a JSON string) the game and the
               architecture that rebuild the MaskableActorCriticPolicy (``PolicySpec``)
    the rest   the tensors' raw little-endian bytes, back to back

That is the safetensors layout, so the ``safetensors`` package and its tools read
these files too, but it is written and read here with ``json`` and ``numpy`` alone:
loading is JSON parsing plus ``numpy.frombuffer``, nothing in the file can run code.

``load_checkpoint`` checks, in this order, and stops at the first failure with a
one-line ``ValueError`` that names the file: the file exists and is a safetensors
file (a zip or a pickle is named as such); the header and the declaration are
well-formed; the declared game matches the game it will play (observation size,
action count); every tensor's name, shape and dtype is what the declared architecture
builds, computed on torch's ``meta`` device (no memory, no initialisation), so a
bogus declaration costs nothing; only then is the policy built and filled.
"""

import json
import os
import struct
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import numpy as np

FORMAT = "doubloon-policy"
VERSION = 1
SUFFIX = ".safetensors"
DEFAULT_NAME = "model" + SUFFIX  # what training writes; a folder PATH means PATH/model.safetensors
MAX_HEADER = 1 << 24  # bytes; a policy's header is a few kB
MAX_LAYERS, MAX_WIDTH = 16, 1 << 16

# safetensors dtype names -> numpy (little-endian) and torch names
DTYPES = {"F64": ("<f8", "float64"), "F32": ("<f4", "float32"), "F16": ("<f2", "float16"),
          "I64": ("<i8", "int64"), "I32": ("<i4", "int32"), "I16": ("<i2", "int16"),
          "I8": ("i1", "int8"), "U8": ("u1", "uint8"), "BOOL": ("?", "bool")}
ACTIVATIONS = ("Tanh", "ReLU", "LeakyReLU", "ELU", "GELU", "SiLU", "Sigmoid", "Identity")


@dataclass(frozen=True)
class PolicySpec:
    """What rebuilds the policy, declared once: ``save_checkpoint`` writes exactly these
    fields and ``load_checkpoint`` accepts exactly these (no more, no fewer)."""

    game: str                 # a name in games.list()
    game_options: dict        # Game.options of the game it was trained on
    obs_size: int
    num_actions: int
    net_arch: object          # [256, 256] or {"pi": [...], "vf": [...]} (SB3's net_arch)
    activation_fn: str        # a name in ACTIVATIONS (torch.nn)
    features_extractor: str   # a name in extractors()
    share_features_extractor: bool


def extractors():
    """Features extractors a checkpoint may name: a checkpoint never names a class to
    import, only one of these (a new extractor in training/features.py goes here)."""
    from stable_baselines3.common.torch_layers import FlattenExtractor

    from . import features

    classes = (FlattenExtractor, features.SymlogExtractor, features.SpanishMainExtractor,
               features.SpanishMainLookaheadExtractor)
    return {cls.__name__: cls for cls in classes}


# ----- saving ----------------------------------------------------------------------
def save_checkpoint(model_or_policy, path, game, info=None):
    """Write a MaskablePPO model's (or a policy's) weights and ``PolicySpec`` for
    ``game`` (a ``games.Game``) to ``path`` (a ``.safetensors`` file, written atomically).
    ``info`` is any JSON-able dict kept in the file for people (never used to build).
    Returns the ``PolicySpec``."""
    policy = getattr(model_or_policy, "policy", model_or_policy)
    spec = spec_of(policy, game)
    path = Path(path)
    if path.suffix != SUFFIX:
        raise ValueError(f"a checkpoint is a {SUFFIX} file, got {path}")
    meta = {"format": FORMAT, "version": VERSION, "policy": asdict(spec), "info": info or {}}
    tensors = {name: t.detach().cpu().contiguous().numpy() for name, t in policy.state_dict().items()}
    _write_safetensors(path, tensors, {"doubloon": json.dumps(meta, sort_keys=True)})
    return spec


def spec_of(policy, game):
    """The ``PolicySpec`` of a live policy; refuses what a checkpoint cannot rebuild."""
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    if type(policy) is not MaskableActorCriticPolicy:
        raise ValueError(f"only MaskableActorCriticPolicy (\"MlpPolicy\") is saved, got {type(policy).__name__}")
    obs, act = policy.observation_space, policy.action_space
    if not (isinstance(obs, spaces.Box) and len(obs.shape) == 1 and isinstance(act, spaces.Discrete)):
        raise ValueError(f"the policy's spaces {obs} / {act} are not a flat Box and a Discrete")
    if (obs.shape[0], int(act.n)) != (game.obs_size, game.num_actions):
        raise ValueError(f"the policy acts on ({obs.shape[0]},) observations and {act.n} actions, "
                         f"but {game!r} has ({game.obs_size},) and {game.num_actions}")
    extractor = policy.features_extractor_class.__name__
    if extractors().get(extractor) is not policy.features_extractor_class or policy.features_extractor_kwargs:
        raise ValueError(f"features extractor {extractor} (kwargs {policy.features_extractor_kwargs}) is not "
                         "one a checkpoint can name; add it to training.checkpoint.extractors()")
    activation = policy.activation_fn.__name__
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation {activation} is not one of {', '.join(ACTIVATIONS)}")
    return _checked_spec({"game": game.name, "game_options": dict(game.options), "obs_size": int(obs.shape[0]),
                          "num_actions": int(act.n), "net_arch": policy.net_arch, "activation_fn": activation,
                          "features_extractor": extractor,
                          "share_features_extractor": bool(policy.share_features_extractor)}, "the policy")


# ----- loading ---------------------------------------------------------------------
def load_checkpoint(path, game=None):
    """The policy saved at ``path`` (a ``.safetensors`` file, or a folder holding
    ``model.safetensors``), on the CPU, in evaluation mode, without unpickling.
    With ``game`` the checkpoint must be for that game (name, observation size,
    action count); without, the declared game is built to check against."""
    path = resolve(path)
    header, data_start = _read_header(path)
    spec = read_spec(path, header)
    if game is None:
        import games

        try:
            game = games.make(spec.game, **spec.game_options)
        except (ValueError, TypeError) as err:
            raise ValueError(f"{path} declares a game that cannot be built: {err}") from None
    if spec.game != game.name:
        raise ValueError(f"checkpoint {path} was trained for {spec.game}, not {game.name}")
    if (spec.obs_size, spec.num_actions) != (game.obs_size, game.num_actions):
        raise ValueError(f"checkpoint {path} was trained for observations ({spec.obs_size},) and "
                         f"{spec.num_actions} actions, but {game!r} has ({game.obs_size},) and {game.num_actions}")
    _check_tensors(path, header, expected_tensors(spec))
    tensors = _read_tensors(path, header, data_start)
    policy = build_policy(spec)
    policy.load_state_dict(tensors, strict=True)
    policy.set_training_mode(False)
    return policy


def resolve(path):
    """The checkpoint file ``path`` names (a folder -> its model.safetensors; the
    suffix may be left out)."""
    path = Path(path)
    if path.is_dir():  # a run folder from before this format holds model.zip: refuse that by name
        legacy = path / "model.zip"
        path = legacy if legacy.is_file() and not (path / DEFAULT_NAME).is_file() else path / DEFAULT_NAME
    elif not path.exists() and path.with_name(path.name + SUFFIX).is_file():
        path = path.with_name(path.name + SUFFIX)
    if not path.is_file():
        raise ValueError(f"checkpoint not found: {path}")
    return path


def read_spec(path, header=None):
    """The ``PolicySpec`` declared in a checkpoint's header (checked, nothing built)."""
    if header is None:
        header, _ = _read_header(resolve(path))
    raw = header.get("__metadata__", {}).get("doubloon")
    if raw is None:
        raise ValueError(f"{path} is a safetensors file without a doubloon policy declaration")
    meta = _parse_json(raw, path, "declaration")
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ValueError(f"{path}: the declaration is not a {FORMAT} declaration")
    if meta.get("version") != VERSION:
        raise ValueError(f"{path}: {FORMAT} version {meta.get('version')!r} is not supported (this is {VERSION})")
    return _checked_spec(meta.get("policy"), path)


def build_policy(spec, device="cpu"):
    """The MaskableActorCriticPolicy a spec declares: freshly initialised (without
    touching torch's global RNG) on ``device``, or shape-only on ``"meta"``."""
    import torch
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    cls = MaskableActorCriticPolicy
    if device == "meta":  # SB3 moves sub-networks to policy.device; keep that on meta too
        cls = type("MetaPolicy", (MaskableActorCriticPolicy,), {"device": property(lambda self: torch.device("meta"))})
    obs = spaces.Box(-np.inf, np.inf, shape=(spec.obs_size,), dtype=np.float32)
    kwargs = {"net_arch": spec.net_arch, "activation_fn": getattr(torch.nn, spec.activation_fn),
              "features_extractor_class": extractors()[spec.features_extractor],
              "share_features_extractor": spec.share_features_extractor, "ortho_init": False}
    with torch.random.fork_rng(devices=[]), torch.device(device):
        return cls(obs, spaces.Discrete(spec.num_actions), lambda _: 0.0, **kwargs)


def expected_tensors(spec):
    """{name: (dtype name, shape)} of the state dict the spec builds (meta device)."""
    torch_to_st = {torch_name: st for st, (_, torch_name) in DTYPES.items()}
    out = {}
    for name, t in build_policy(spec, device="meta").state_dict().items():
        out[name] = (torch_to_st[str(t.dtype).removeprefix("torch.")], tuple(t.shape))
    return out


def convert_sb3_zip(src, dst, game):
    """Convert a Stable-Baselines3 MaskablePPO ``.zip`` to a checkpoint. This UNPICKLES
    ``src`` (SB3's own loader runs pickle): run it only on files you trust."""
    from sb3_contrib import MaskablePPO

    src = Path(src)
    if not src.is_file():
        raise ValueError(f"not found: {src}")
    model = MaskablePPO.load(src, device="cpu")
    return save_checkpoint(model, dst, game, info={"converted_from": src.name})


# ----- the safetensors layout ------------------------------------------------------
def _write_safetensors(path, tensors, metadata):
    header = {"__metadata__": metadata}
    order = sorted(tensors, key=lambda n: (-tensors[n].dtype.itemsize, n))  # keeps every tensor aligned
    arrays, offset = [], 0
    for name in order:
        arr = tensors[name]
        st = next((k for k, (np_name, _) in DTYPES.items() if np.dtype(np_name) == arr.dtype.newbyteorder("<")), None)
        if st is None:
            raise ValueError(f"tensor {name} has dtype {arr.dtype}, which a checkpoint does not store")
        arr = np.ascontiguousarray(arr, dtype=np.dtype(DTYPES[st][0]))
        header[name] = {"dtype": st, "shape": list(arr.shape), "data_offsets": [offset, offset + arr.nbytes]}
        arrays.append(arr)
        offset += arr.nbytes
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * (-len(raw) % 8)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(struct.pack("<Q", len(raw)))
        f.write(raw)
        for arr in arrays:
            f.write(arr.tobytes())
    os.replace(tmp, path)


def _read_header(path):
    """(header dict, offset of the data) of a safetensors file; names a zip or a pickle."""
    size = path.stat().st_size
    with open(path, "rb") as f:
        head = f.read(8)
        if head[:4] == b"PK\x03\x04":
            raise ValueError(_zip_message(path))
        n = struct.unpack("<Q", head)[0] if len(head) == 8 else None
        raw = f.read(n) if n is not None and n <= min(MAX_HEADER, size - 8) else b""
    if not raw.startswith(b"{"):  # not a safetensors header: say what it is instead
        if head[:1] == b"\x80" and head[1:2] in (b"\x02", b"\x03", b"\x04", b"\x05"):  # pickle protocol 2-5
            raise ValueError(f"{path} is a pickle file, which loads by unpickling; it is not read")
        if n is None:
            raise ValueError(f"{path} is not a {SUFFIX} checkpoint (too short)")
        if not raw:
            raise ValueError(f"{path} is not a {SUFFIX} checkpoint (header length {n} for a file of {size} bytes)")
        raise ValueError(f"{path} is not a {SUFFIX} checkpoint (no JSON header)")
    header = _parse_json(raw, path, "header")
    if not isinstance(header, dict):
        raise ValueError(f"{path}: the header is not a JSON object")
    meta = header.get("__metadata__", {})
    if not isinstance(meta, dict) or not all(isinstance(v, str) for v in meta.values()):
        raise ValueError(f"{path}: __metadata__ is not an object of strings")
    spans = []
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if not (isinstance(entry, dict) and set(entry) == {"dtype", "shape", "data_offsets"}
                and entry["dtype"] in DTYPES and _ints(entry["shape"]) and _ints(entry["data_offsets"], 2)):
            raise ValueError(f"{path}: tensor {name!r} has a malformed entry {str(entry)[:80]}")
        begin, end = entry["data_offsets"]
        if end - begin != np.dtype(DTYPES[entry["dtype"]][0]).itemsize * int(np.prod(entry["shape"], dtype=object)):
            raise ValueError(f"{path}: tensor {name!r} has offsets {entry['data_offsets']} for shape {entry['shape']}")
        spans.append((begin, end, name))
    at = 0
    for begin, end, name in sorted(spans):
        if begin != at:
            raise ValueError(f"{path}: tensor {name!r} starts at byte {begin}, not {at} (gaps or overlaps)")
        at = end
    if at != size - 8 - n:
        raise ValueError(f"{path}: the tensors hold {at} bytes but the file has {size - 8 - n} after the header")
    return header, 8 + n


def _read_tensors(path, header, data_start):
    import torch

    with open(path, "rb") as f:
        f.seek(data_start)
        data = f.read()
    out = {}
    for name, entry in header.items():
        if name != "__metadata__":
            begin, end = entry["data_offsets"]
            dtype = np.dtype(DTYPES[entry["dtype"]][0])
            arr = np.frombuffer(data[begin:end], dtype=dtype).reshape(entry["shape"])
            out[name] = torch.from_numpy(arr.astype(dtype.newbyteorder("="), copy=True))
    return out


def _check_tensors(path, header, expected):
    found = {name: (e["dtype"], tuple(e["shape"])) for name, e in header.items() if name != "__metadata__"}
    missing, extra = sorted(set(expected) - set(found)), sorted(set(found) - set(expected))
    if missing or extra:
        raise ValueError(f"{path}: tensors do not match the declared architecture "
                         f"(missing {missing[:3]}, unexpected {extra[:3]})")
    for name, (dtype, shape) in expected.items():
        if found[name] != (dtype, shape):
            raise ValueError(f"{path}: tensor {name} is {found[name][0]} {list(found[name][1])}, but the declared "
                             f"architecture builds {dtype} {list(shape)}")


def _checked_spec(obj, where):
    if not isinstance(obj, dict):
        raise ValueError(f"{where}: the policy declaration is not a JSON object")
    names = [f.name for f in fields(PolicySpec)]
    if set(obj) != set(names):
        raise ValueError(f"{where}: the policy declaration has fields {sorted(obj)}, expected {names}")

    def fail(field, why):
        raise ValueError(f"{where}: {field} = {str(obj[field])[:60]} {why}")

    if not isinstance(obj["game"], str):
        fail("game", "is not a string")
    opts = obj["game_options"]
    if not (isinstance(opts, dict) and all(isinstance(v, (bool, int, float, str)) for v in opts.values())):
        fail("game_options", "is not an object of plain values")
    for key in ("obs_size", "num_actions"):
        if type(obj[key]) is not int or not 0 < obj[key] <= 1 << 20:
            fail(key, "is not a positive integer")
    arch = obj["net_arch"]
    layers = [arch] if isinstance(arch, list) else [arch.get("pi"), arch.get("vf")] \
        if isinstance(arch, dict) and set(arch) == {"pi", "vf"} else None
    if layers is None or not all(isinstance(x, list) and len(x) <= MAX_LAYERS and _ints(x)
                                 and all(0 < w <= MAX_WIDTH for w in x) for x in layers):
        fail("net_arch", f"is not a list of up to {MAX_LAYERS} widths in 1..{MAX_WIDTH} (or {{pi, vf}} of two)")
    if obj["activation_fn"] not in ACTIVATIONS:
        fail("activation_fn", f"is not one of {', '.join(ACTIVATIONS)}")
    if obj["features_extractor"] not in extractors():
        fail("features_extractor", f"is not one of {', '.join(extractors())}")
    if not isinstance(obj["share_features_extractor"], bool):
        fail("share_features_extractor", "is not true or false")
    return PolicySpec(**obj)


def _ints(value, length=None):
    """A JSON list of non-negative integers (of that length): bools and floats are not."""
    return isinstance(value, list) and (length is None or len(value) == length) and \
        all(type(v) is int and v >= 0 for v in value)


def _parse_json(raw, path, what):
    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        if len(set(keys)) != len(keys):
            raise ValueError(f"{path}: the {what} repeats a key")
        return dict(pairs)

    try:
        return json.loads(raw, object_pairs_hook=no_duplicates)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
        raise ValueError(f"{path}: the {what} is not valid JSON ({str(err).splitlines()[0][:80]})") from None


def _zip_message(path):
    import zipfile  # reading a zip's table of contents runs no pickle

    try:
        names = set(zipfile.ZipFile(path).namelist())
    except zipfile.BadZipFile:
        names = set()
    what = "a Stable-Baselines3 zip" if {"data", "policy.pth"} <= names else "a zip archive (torch.save or SB3)"
    return (f"{path} is {what}, which loads by unpickling; if you trust it, convert it with "
            f"`python -m training convert-checkpoint GAME {path}` (runs pickle) and load the {SUFFIX} file")
