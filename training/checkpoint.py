"""Policy checkpoints that load without unpickling, over 400 lines as every check a hostile
file meets sits with the format (carrying a checkpoint over is ``checkpoint_migrate``).

Why: Stable-Baselines3's ``model.zip`` loads by unpickling, so a crafted file runs
code before anything is checked. A doubloon checkpoint is one ``.safetensors`` file:
the policy's tensors, and under the header's ``__metadata__`` -> ``"doubloon"`` (a
JSON string) the game and the architecture that rebuild the MaskableActorCriticPolicy
(``PolicySpec``). It is written and read with the ``safetensors`` package, which
parses a JSON header and copies raw bytes, never unpickles, and refuses a malformed
file (header, offsets, gaps, overlaps, truncation) before any tensor is read.

``load_checkpoint`` checks, in this order, and stops at the first failure with a
one-line ``ValueError`` that names the file: the file exists and is a safetensors
file (a zip or a pickle is named as such) whose header is at most ``MAX_HEADER_BYTES``;
the declaration is well-formed; the
declared game matches the game it will play (observation size, action count); every
tensor's name, shape and dtype, as the header gives them, is what the declared
architecture builds, computed on torch's ``meta`` device (no memory, no
initialisation), so a bogus declaration costs nothing, and all of them together hold
at most ``MAX_TENSOR_BYTES``; only then are the tensors
read and the policy built and filled.
"""

import json
import os
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import numpy as np

FORMAT = "doubloon-policy"
VERSION = 1
SUFFIX = ".safetensors"
DEFAULT_NAME = "model" + SUFFIX  # what training writes; a folder PATH means PATH/model.safetensors
MAX_LAYERS, MAX_WIDTH = 16, 1 << 16
# what a file may declare, checked before anything is read: its header (a few KB for any
# policy: tensor names, shapes and the declaration) and the bytes of all its tensors
# together (the shipped baselines hold under 3 MB; 1 GiB is 64M float32 weights, as wide
# as a flat observation of these games could use), so a file cannot make the loader
# allocate what a sparse file claims
MAX_HEADER_BYTES = 1 << 20
MAX_TENSOR_BYTES = 1 << 30

# torch dtype names -> the safetensors names a header gives (``get_slice(name).get_dtype()``)
DTYPES = {
    "float64": "F64",
    "float32": "F32",
    "float16": "F16",
    "bfloat16": "BF16",
    "int64": "I64",
    "int32": "I32",
    "int16": "I16",
    "int8": "I8",
    "uint8": "U8",
    "bool": "BOOL",
}
ACTIVATIONS = ("Tanh", "ReLU", "LeakyReLU", "ELU", "GELU", "SiLU", "Sigmoid", "Identity")


@dataclass(frozen=True)
class PolicySpec:
    """What rebuilds the policy, declared once: ``save_checkpoint`` writes exactly these
    fields and ``load_checkpoint`` accepts exactly these (no more, no fewer)."""

    game: str  # a name in games.list()
    game_options: dict  # Game.options of the game it was trained on
    obs_size: int
    num_actions: int
    net_arch: object  # [256, 256] or {"pi": [...], "vf": [...]} (SB3's net_arch)
    activation_fn: str  # a name in ACTIVATIONS (torch.nn)
    features_extractor: str  # a name in extractors()
    share_features_extractor: bool


def extractors():
    """Features extractors a checkpoint may name: a checkpoint never names a class to
    import, only one of these (a new extractor in training/features.py goes here)."""
    from stable_baselines3.common.torch_layers import FlattenExtractor

    from . import features

    classes = (
        FlattenExtractor,
        features.SymlogExtractor,
        features.SpanishMainExtractor,
        features.SpanishMainLookaheadExtractor,
        features.ElCaballeroExtractor,
        features.MaracaiboExtractor,
    )
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
    # numpy, not safetensors.torch: the shared features extractor appears under three
    # names with one storage, which safetensors.torch refuses to save
    tensors = {name: t.detach().cpu().contiguous().numpy() for name, t in policy.state_dict().items()}
    _write(path, spec, tensors, info)
    return spec


def _write(path, spec, tensors, info):
    """``tensors`` (name -> numpy array) under ``spec``'s declaration, atomically."""
    from safetensors.numpy import save_file

    from games.core.files import atomic_output

    meta = {"format": FORMAT, "version": VERSION, "policy": asdict(spec), "info": info or {}}
    with atomic_output(path) as tmp:  # a reader sees the old file or the new one
        save_file(tensors, tmp, metadata={"doubloon": json.dumps(meta, sort_keys=True)})


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
        raise ValueError(
            f"the policy acts on ({obs.shape[0]},) observations and {act.n} actions, "
            f"but {game!r} has ({game.obs_size},) and {game.num_actions}"
        )
    extractor = policy.features_extractor_class.__name__
    if extractors().get(extractor) is not policy.features_extractor_class or policy.features_extractor_kwargs:
        raise ValueError(
            f"features extractor {extractor} (kwargs {policy.features_extractor_kwargs}) is not "
            "one a checkpoint can name; add it to training.checkpoint.extractors()"
        )
    activation = policy.activation_fn.__name__
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation {activation} is not one of {', '.join(ACTIVATIONS)}")
    from games.core.json_io import json_options

    return _checked_spec(
        {
            "game": game.name,
            "game_options": json_options(game.options),
            "obs_size": int(obs.shape[0]),
            "num_actions": int(act.n),
            "net_arch": policy.net_arch,
            "activation_fn": activation,
            "features_extractor": extractor,
            "share_features_extractor": bool(policy.share_features_extractor),
        },
        "the policy",
    )


# ----- loading ---------------------------------------------------------------------
def load_checkpoint(path, game=None):
    """The policy saved at ``path`` (a ``.safetensors`` file, or a folder holding
    ``model.safetensors``), on the CPU, in evaluation mode, without unpickling.
    With ``game`` the checkpoint must be for that game (name, observation size,
    action count); without, the declared game is built to check against."""
    path = resolve(path)
    with _opened(path) as f:  # one open: the tensors checked are the tensors read
        spec = read_spec(path, f.metadata() or {})
        if game is None:
            import games

            try:
                game = games.make(spec.game, **spec.game_options)
            except (ValueError, TypeError) as err:
                raise ValueError(f"{path} declares a game that cannot be built: {err}") from None
        if spec.game != game.name:
            raise ValueError(f"checkpoint {path} was trained for {spec.game}, not {game.name}")
        if (spec.obs_size, spec.num_actions) != (game.obs_size, game.num_actions):
            raise ValueError(
                f"checkpoint {path} was trained for observations ({spec.obs_size},) and "
                f"{spec.num_actions} actions, but {game!r} has ({game.obs_size},) and {game.num_actions}"
            )
        _check_tensors(path, f, _bounded(path, expected_tensors(spec)))
        tensors = {name: f.get_tensor(name) for name in f.keys()}
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


def read_spec(path, metadata=None):
    """The ``PolicySpec`` declared in a checkpoint's header (checked, nothing built);
    ``metadata``: the header's ``__metadata__`` where the file is already open."""
    if metadata is None:
        path = resolve(path)
        with _opened(path) as f:
            metadata = f.metadata()
    meta = _declaration(metadata, path, FORMAT, VERSION, "policy")
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
    kwargs = {
        "net_arch": spec.net_arch,
        "activation_fn": getattr(torch.nn, spec.activation_fn),
        "features_extractor_class": extractors()[spec.features_extractor],
        "share_features_extractor": spec.share_features_extractor,
        "ortho_init": False,
    }
    with torch.random.fork_rng(devices=[]), torch.device(device):
        return cls(obs, spaces.Discrete(spec.num_actions), lambda _: 0.0, **kwargs)


def _bounded(path, expected):
    """``expected`` (as ``expected_tensors`` gives it), once its total size is within
    ``MAX_TENSOR_BYTES``: what the declared architecture would make the loader read."""
    total = sum(np.dtype(_NUMPY[dtype]).itemsize * int(np.prod(shape)) for dtype, shape in expected.values())
    if total > MAX_TENSOR_BYTES:
        raise ValueError(
            f"{path}: the declared architecture holds {total / 2**30:.1f} GiB of weights, more than "
            f"the {MAX_TENSOR_BYTES / 2**30:.0f} GiB a checkpoint may hold; not read"
        )
    return expected


_NUMPY = {
    "F64": "float64",
    "F32": "float32",
    "F16": "float16",
    "BF16": "uint16",
    "I64": "int64",
    "I32": "int32",
    "I16": "int16",
    "I8": "int8",
    "U8": "uint8",
    "BOOL": "bool",
}


def expected_tensors(spec):
    """{name: (dtype name, shape)} of the state dict the spec builds (meta device)."""
    out = {}
    for name, t in build_policy(spec, device="meta").state_dict().items():
        out[name] = (DTYPES[str(t.dtype).removeprefix("torch.")], tuple(t.shape))
    return out


# ----- the file -------------------------------------------------------------------
@contextmanager
def _opened(path, framework="pt"):
    """The file open with ``safetensors.safe_open``, its tensors read as ``framework``
    gives them (``"pt"``: torch, for policies; ``"numpy"``: numpy, for learned values,
    which load without torch); the library's refusals become one-line ValueErrors naming
    the file, and a zip or a pickle is named as such."""
    from safetensors import SafetensorError, safe_open

    _check_sizes(path)
    try:
        with safe_open(str(path), framework=framework) as f:
            yield f
    except SafetensorError as err:
        raise ValueError(_unreadable(path, err)) from None
    except RuntimeError as err:  # the library maps the whole file: a mapping the system refuses
        raise ValueError(f"{path}: cannot map it ({str(err).splitlines()[0][:120]})") from None


def _check_sizes(path):
    """Before the library maps the file: a file larger than any checkpoint (its header and
    ``MAX_TENSOR_BYTES`` of weights; a sparse file claims terabytes cheaply) is refused,
    and so is a header length (the first 8 bytes, little-endian) past ``MAX_HEADER_BYTES``."""
    try:
        with open(path, "rb") as f:
            head = f.read(8)
            size = os.fstat(f.fileno()).st_size
    except OSError as err:
        raise ValueError(f"{path}: cannot read it ({err.strerror or err})") from None
    if size > 8 + MAX_HEADER_BYTES + MAX_TENSOR_BYTES:
        raise ValueError(
            f"{path}: {size:,} bytes, more than a checkpoint holds (a header of at most "
            f"{MAX_HEADER_BYTES:,} bytes and {MAX_TENSOR_BYTES / 2**30:.0f} GiB of weights); not read"
        )
    if len(head) == 8 and head[:2] != b"PK" and head[:1] != b"\x80":  # a zip or a pickle is named later
        declared = int.from_bytes(head, "little")
        if declared > MAX_HEADER_BYTES:
            raise ValueError(
                f"{path}: its header declares {declared:,} bytes, more than the "
                f"{MAX_HEADER_BYTES:,} a checkpoint's header may hold; not read"
            )


def _unreadable(path, err):
    """Why ``path`` is not a checkpoint: only looked at once the library refused it
    (a header length whose first byte is pickle's 0x80 loads)."""
    with open(path, "rb") as f:
        head = f.read(4)
    if head == b"PK\x03\x04":
        return _zip_message(path)
    if head[:1] == b"\x80" and head[1:2] in (b"\x02", b"\x03", b"\x04", b"\x05"):  # pickle protocol 2-5
        return f"{path} is a pickle file, which loads by unpickling; it is not read"
    reason = (str(err).splitlines() or [type(err).__name__])[0].removeprefix("Error while deserializing header: ")
    return f"{path} is not a valid {SUFFIX} file: {reason[:120]}"


def _check_tensors(path, f, expected):
    """Names, dtypes and shapes as the header gives them (nothing read yet) against ``expected``."""
    found = {}
    for name in f.keys():
        info = f.get_slice(name)
        found[name] = (info.get_dtype(), tuple(info.get_shape()))
    missing, extra = sorted(set(expected) - set(found)), sorted(set(found) - set(expected))
    if missing or extra:
        raise ValueError(
            f"{path}: tensors do not match the declared architecture (missing {missing[:3]}, unexpected {extra[:3]})"
        )
    for name, (dtype, shape) in expected.items():
        if found[name] != (dtype, shape):
            raise ValueError(
                f"{path}: tensor {name} is {found[name][0]} {list(found[name][1])}, but the declared "
                f"architecture builds {dtype} {list(shape)}"
            )


def _plain_option(value):
    """An option value a declaration may hold: a bool, number or name, or a list of names
    (a set option such as maracaibo's ``legacy_tiles``)."""
    if isinstance(value, list):
        return all(isinstance(x, str) for x in value)
    return isinstance(value, (bool, int, float, str))


def _declaration_fields(obj, spec_class, what, where):
    """Check that ``obj`` is a JSON object with exactly ``spec_class``'s fields; returns
    ``fail(field, why)``, which raises the one-line error naming a field and its value.
    Shared by the policy and the value declarations (training/value/model.py)."""
    if not isinstance(obj, dict):
        raise ValueError(f"{where}: the {what} declaration is not a JSON object")
    names = [f.name for f in fields(spec_class)]
    if set(obj) != set(names):
        raise ValueError(f"{where}: the {what} declaration has fields {sorted(obj)}, expected {names}")

    def fail(field, why):
        raise ValueError(f"{where}: {field} = {str(obj[field])[:60]} {why}")

    return fail


def _checked_spec(obj, where):
    fail = _declaration_fields(obj, PolicySpec, "policy", where)

    if not isinstance(obj["game"], str):
        fail("game", "is not a string")
    opts = obj["game_options"]
    if not (isinstance(opts, dict) and all(_plain_option(v) for v in opts.values())):
        fail("game_options", "is not an object of plain values")
    for key in ("obs_size", "num_actions"):
        if type(obj[key]) is not int or not 0 < obj[key] <= 1 << 20:
            fail(key, "is not a positive integer")
    arch = obj["net_arch"]
    layers = (
        [arch]
        if isinstance(arch, list)
        else [arch.get("pi"), arch.get("vf")]
        if isinstance(arch, dict) and set(arch) == {"pi", "vf"}
        else None
    )
    if layers is None or not all(
        isinstance(x, list) and len(x) <= MAX_LAYERS and _ints(x) and all(0 < w <= MAX_WIDTH for w in x) for x in layers
    ):
        fail("net_arch", f"is not a list of up to {MAX_LAYERS} widths in 1..{MAX_WIDTH} (or {{pi, vf}} of two)")
    if not isinstance(obj["activation_fn"], str) or obj["activation_fn"] not in ACTIVATIONS:
        fail("activation_fn", f"is not one of {', '.join(ACTIVATIONS)}")
    if not isinstance(obj["features_extractor"], str) or obj["features_extractor"] not in extractors():
        fail("features_extractor", f"is not one of {', '.join(extractors())}")
    if not isinstance(obj["share_features_extractor"], bool):
        fail("share_features_extractor", "is not true or false")
    return PolicySpec(**obj)


def _ints(value, length=None):
    """A JSON list of non-negative integers (of that length): bools and floats are not."""
    return (
        isinstance(value, list)
        and (length is None or len(value) == length)
        and all(type(v) is int and v >= 0 for v in value)
    )


def _declaration(metadata, path, fmt, version, kind):
    """The doubloon declaration (a dict) in a safetensors header's ``metadata``, refused
    in one line when it is missing, not JSON, of another format or of another version."""
    raw = (metadata or {}).get("doubloon")
    if raw is None:
        raise ValueError(f"{path} is a safetensors file without a doubloon {kind} declaration")
    meta = _parse_json(raw, path, "declaration")
    if not isinstance(meta, dict) or meta.get("format") != fmt:
        raise ValueError(f"{path}: the declaration is not a {fmt} declaration")
    if meta.get("version") != version:
        raise ValueError(f"{path}: {fmt} version {meta.get('version')!r} is not supported (this is {version})")
    return meta


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
    return (
        f"{path} is {what}, which loads by unpickling; if you trust it, convert it with "
        f"`python -m training convert-checkpoint GAME {path}` (runs pickle) and load the {SUFFIX} file"
    )
