"""A learned cut value: a small network from a seat's observation to how its game ends,
saved as one ``.safetensors`` file that loads without unpickling.

The network reads the seat's observation (``Game.observe``) and the hand-written cut
value (``search_value.margins_at_cut``), each input standardised by the training set's
mean and spread (kept in the file), through ``hidden`` ReLU layers to one number: the
final margin (``target="margin"``, in points: the cut value plus a learned correction,
so a network that learned nothing is the hand-written value, late in a game where that
is already good) or the win's logit (``"win"``). The
file's header holds, under ``__metadata__`` -> ``"doubloon"``, a JSON declaration
(``ValueSpec``: the game, its options, the observation layout segment by segment, the
widths, the target) and ``info`` (the training's data and held-out metrics, for
people). Loading checks as ``training.checkpoint`` does, with its helpers (the file's
size and header, the JSON, every tensor's name, dtype and shape against what the
declaration builds), and refuses a value for another game, another seat count or
another observation layout in one line naming the segments that differ; a value whose
layout only lacks appended segments is carried over with ``widen_value``.

Loading and predicting need numpy and ``safetensors`` only (core dependencies), so the
search plays with a value on the core install: ``LearnedValue.predict`` is the network's
forward pass in float32 numpy. Torch is imported only to train (``build_net``,
``save_value``).
"""

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from training.checkpoint import (
    DTYPES,
    MAX_LAYERS,
    SUFFIX,
    _bounded,
    _check_tensors,
    _declaration,
    _declaration_fields,
    _opened,
)

FORMAT = "doubloon-value"
VERSION = 1
DEFAULT_NAME = "value" + SUFFIX  # the shipped file: training/baselines/GAME/value.safetensors
TARGETS = ("margin", "win")
MAX_WIDTH = 4096
EXTRA_INPUTS = ("cut",)  # after the observation: the hand-written cut value


@dataclass(frozen=True)
class ValueSpec:
    """What rebuilds a value network, declared once (written and accepted exactly)."""

    game: str
    game_options: dict  # Game.options it was trained on (the solo level: one of several)
    num_players: int
    obs_layout: list  # [[segment name, entries], ...] in order: the observation it reads
    hidden: list  # widths of the ReLU layers
    target: str  # one of TARGETS

    @property
    def obs_size(self):
        return sum(size for _, size in self.obs_layout)


def layout_of(game):
    """``[[name, entries], ...]`` of the game's observation layout."""
    return [[seg.name, int(seg.size)] for seg in game.obs_layout]


def build_net(spec, device="cpu"):
    """The torch module a spec declares (fresh weights, torch's RNG untouched; ``"meta"``:
    shapes only)."""
    import torch

    class ValueNet(torch.nn.Module):
        def __init__(self, inputs, hidden, residual):
            super().__init__()
            self.residual = residual
            self.register_buffer("in_mean", torch.zeros(inputs))
            self.register_buffer("in_scale", torch.ones(inputs))
            self.register_buffer("out_mean", torch.zeros(1))
            self.register_buffer("out_scale", torch.ones(1))
            layers, width = [], inputs
            for h in hidden:
                layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
                width = h
            self.net = torch.nn.Sequential(*layers, torch.nn.Linear(width, 1))

        def forward(self, x):
            """The target in its own units (margin: points; win: logit); a margin is the
            hand-written cut (the last input) plus what the network adds to it."""
            out = self.net((x - self.in_mean) / self.in_scale).squeeze(-1) * self.out_scale + self.out_mean
            return out + x[:, -1] if self.residual else out

    with torch.random.fork_rng(devices=[]), torch.device(device):
        return ValueNet(spec.obs_size + len(EXTRA_INPUTS), list(spec.hidden), spec.target == "margin")


def linear_names(spec):
    """The (weight, bias) names of ``build_net(spec)``'s affine layers, in order: the
    ``hidden`` ReLU layers, then the output (``net.0``, ``net.2``, ...: a ReLU between)."""
    return [(f"net.{2 * i}.weight", f"net.{2 * i}.bias") for i in range(len(spec.hidden) + 1)]


def expected_tensors(spec):
    """{name: (safetensors dtype, shape)} of the state dict ``build_net(spec)`` holds,
    worked out without torch (a test checks it against the module's): the inputs'
    and the output's standardisation, then each affine layer."""
    inputs = spec.obs_size + len(EXTRA_INPUTS)
    out = {"in_mean": ("F32", (inputs,)), "in_scale": ("F32", (inputs,))}
    out |= {"out_mean": ("F32", (1,)), "out_scale": ("F32", (1,))}
    widths = [inputs, *spec.hidden, 1]
    for (weight, bias), width, h in zip(linear_names(spec), widths, widths[1:]):
        out[weight], out[bias] = ("F32", (h, width)), ("F32", (h,))
    return out


def save_value(net, spec, path, info=None):
    """Write ``net`` (built from ``spec``) to ``path`` (``.safetensors``, atomically)."""
    tensors = {name: t.detach().cpu().contiguous().numpy() for name, t in net.state_dict().items()}
    _write(tensors, spec, path, info)


def _write(tensors, spec, path, info):
    """``tensors`` (name -> numpy array, as ``expected_tensors(spec)`` declares them)
    under ``spec``'s declaration, to ``path`` atomically."""
    from safetensors.numpy import save_file

    from games.core.files import atomic_output

    path = Path(path)
    if path.suffix != SUFFIX:
        raise ValueError(f"a value file is a {SUFFIX} file, got {path}")
    found = {name: (DTYPES[str(t.dtype)], tuple(t.shape)) for name, t in tensors.items()}
    if found != expected_tensors(spec):
        raise ValueError(f"{path}: the tensors to write are not those the value declaration builds")
    meta = {"format": FORMAT, "version": VERSION, "value": asdict(spec), "info": info or {}}
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_output(path) as tmp:
        save_file(tensors, tmp, metadata={"doubloon": json.dumps(meta, sort_keys=True)})


def resolve(path, game_name=None):
    """The value file ``path`` names: ``shipped`` -> training/baselines/GAME/value.safetensors,
    a folder -> its value.safetensors."""
    if str(path) == "shipped":
        if game_name is None:
            raise ValueError("value=shipped needs a game")
        path = Path(__file__).resolve().parents[1] / "baselines" / game_name / DEFAULT_NAME
    path = Path(path)
    if path.is_dir():
        path = path / DEFAULT_NAME
    if not path.is_file():
        raise ValueError(f"value file not found: {path}")
    return path


def read_value(path):
    """(spec, info, tensors as numpy) of a value file, every check but the game's done."""
    with _opened(path, framework="numpy") as f:
        meta = _declaration(f.metadata(), path, FORMAT, VERSION, "value")
        spec = _checked_spec(meta.get("value"), path)
        _check_tensors(path, f, _bounded(path, expected_tensors(spec)))
        tensors = {name: f.get_tensor(name) for name in f.keys()}
    info = meta.get("info") if isinstance(meta.get("info"), dict) else {}
    return spec, info, tensors


def check_game(spec, game, path):
    """Refuse, in one line, a value learned for another game, seat count or layout."""
    if spec.game != game.name:
        raise ValueError(f"value {path} was trained for {spec.game}, not {game.name}")
    if spec.num_players != game.num_players:
        raise ValueError(f"value {path} was trained for {spec.num_players} players, not {game.num_players}")
    ours = layout_of(game)
    if spec.obs_layout != ours:
        theirs = dict(map(tuple, spec.obs_layout))
        now = dict(map(tuple, ours))
        added = [n for n in now if n not in theirs]
        gone = [n for n in theirs if n not in now]
        resized = [n for n in now if n in theirs and now[n] != theirs[n]]
        what = "; ".join(
            f"{label} {', '.join(names[:4])}"
            for label, names in (("added", added), ("removed", gone), ("resized", resized))
            if names
        )
        raise ValueError(
            f"value {path} was trained on a {spec.obs_size}-entry observation, {game.name} has "
            f"{game.obs_size} ({what or 'segments reordered'}); carry it over with tools/migrate_checkpoint.py --value"
        )


class LearnedValue:
    """A loaded value: ``margins(game, states, seats)`` stands in for ``margins_at_cut``.
    ``tensors``: the file's float32 arrays by name (``expected_tensors``), in numpy."""

    def __init__(self, spec, tensors, path, info=None):
        self.spec, self.tensors, self.path, self.info = spec, tensors, Path(path), info or {}
        layers = [(tensors[w], tensors[b]) for w, b in linear_names(spec)]
        # the inputs' scale folded into the first layer's weights (W / scale; the mean is still
        # subtracted first, so a nearly constant input loses no precision), each weight as
        # (inputs, width) for x @ W: a pass less over the wide observation
        first = tensors["net.0.weight"].astype(np.float64) / tensors["in_scale"].astype(np.float64)
        layers[0] = (first.astype(np.float32), layers[0][1])
        self.layers = [(np.ascontiguousarray(w.T), b) for w, b in layers]

    def predict(self, obs, cut):
        """The network's output for float32 observations (n, obs_size) and cut values (n,):
        ``build_net``'s forward pass in float32 numpy (standardise, the affine layers with a
        ReLU between, the output in its units; a margin adds the cut value, the last input)."""
        t = self.tensors
        cut = np.asarray(cut, np.float32)
        h = np.concatenate([np.asarray(obs, np.float32), cut[:, None]], axis=1)
        h -= t["in_mean"]  # a copy of the inputs: centred in place
        for i, (weight, bias) in enumerate(self.layers):
            h = h @ weight + bias
            if i < len(self.layers) - 1:
                np.maximum(h, 0, out=h)
        out = h[:, 0] * t["out_scale"] + t["out_mean"]
        return (out + cut if self.spec.target == "margin" else out).astype(np.float64)

    def margins(self, game, states, seats):
        """The learned value of each row for ``seats[i]``; a finished row keeps its real
        end (its margin, or for ``win`` 1 / 0 as the logit's sign would say: +-10)."""
        from training.bots.search_value import margins_at_cut

        seats = np.asarray(seats, dtype=np.int64)
        cut = margins_at_cut(game, states, seats)
        out = cut.copy() if self.spec.target == "margin" else np.where(cut > 0, 10.0, -10.0)
        live = np.flatnonzero(~game.terminated(states))
        if live.size:
            out[live] = self.predict(game.observe(states[live], seats[live]), cut[live])
        return out


def load_value(path, game):
    """The value at ``path`` (a file, a folder, or ``shipped``) for ``game``, checked."""
    path = resolve(path, game.name)
    spec, info, tensors = read_value(path)
    check_game(spec, game, path)
    return LearnedValue(spec, tensors, path, info)


def shipped_fits(game):
    """Whether the shipped value of ``game`` was learned for its seat count (a value is
    learned for one: solo Maracaibo's and 4-player Nassau's ship)."""
    spec, _, _ = read_value(resolve("shipped", game.name))
    return spec.num_players == game.num_players


def widen_value(src, dst, game, note=""):
    """Carry a value over to ``game``'s grown observation layout: every segment the file
    declares must still be there with its size; the first layer gets zero weights (and
    mean 0, scale 1) for the added entries, so the value reads them as nothing.
    Returns the new spec."""
    src = resolve(src, game.name)
    spec, info, tensors = read_value(src)
    if spec.game != game.name or spec.num_players != game.num_players:
        check_game(spec, game, src)
    now = {seg.name: seg for seg in game.obs_layout}
    for name, size in spec.obs_layout:
        if name not in now or now[name].size != size:
            raise ValueError(f"value {src}: segment {name!r} ({size} entries) is not in {game.name}'s layout as it was")
    kept = np.concatenate([np.arange(now[n].start, now[n].start + s) for n, s in spec.obs_layout])
    kept = np.concatenate([kept, game.obs_size + np.arange(len(EXTRA_INPUTS))])
    inputs = game.obs_size + len(EXTRA_INPUTS)
    for name, fill in (("in_mean", 0.0), ("in_scale", 1.0)):
        wide = np.full(inputs, fill, tensors[name].dtype)
        wide[kept] = tensors[name]
        tensors[name] = wide
    first = tensors["net.0.weight"]
    wide = np.zeros((first.shape[0], inputs), first.dtype)
    wide[:, kept] = first
    tensors["net.0.weight"] = wide
    new = ValueSpec(**{**asdict(spec), "obs_layout": layout_of(game)})
    if note:
        info = {**info, "carried_over": f"{info['carried_over']} Then: {note}" if "carried_over" in info else note}
    _write(tensors, new, dst, info)
    return new


def _checked_spec(obj, where):
    fail = _declaration_fields(obj, ValueSpec, "value", where)

    if not isinstance(obj["game"], str):
        fail("game", "is not a string")
    if not isinstance(obj["game_options"], dict):
        fail("game_options", "is not an object")
    if type(obj["num_players"]) is not int or not 1 <= obj["num_players"] <= 8:
        fail("num_players", "is not a seat count")
    layout = obj["obs_layout"]
    if not (
        isinstance(layout, list)
        and layout
        and all(
            isinstance(s, list) and len(s) == 2 and isinstance(s[0], str) and type(s[1]) is int and 0 < s[1] <= 1 << 20
            for s in layout
        )
    ):
        fail("obs_layout", "is not a list of [segment name, entries]")
    hidden = obj["hidden"]
    if not (
        isinstance(hidden, list)
        and len(hidden) <= MAX_LAYERS
        and all(type(w) is int and 0 < w <= MAX_WIDTH for w in hidden)
    ):
        fail("hidden", f"is not a list of up to {MAX_LAYERS} widths in 1..{MAX_WIDTH}")
    if obj["target"] not in TARGETS:
        fail("target", f"is not one of {', '.join(TARGETS)}")
    return ValueSpec(**obj)
