"""Carrying a policy over into a checkpoint: from a Stable-Baselines3 ``.zip`` (which
unpickles, so only for files one trusts) and to a game whose layouts grew.

Why a module of its own: ``checkpoint`` is what every load runs and keeps to the format
and its checks; these run once, by hand (``convert-checkpoint``,
``tools/migrate_checkpoint.py``), and are the only code here that rewrites weights.
"""

from dataclasses import asdict
from pathlib import Path

import numpy as np

from .checkpoint import (
    DTYPES,
    _bounded,
    _check_tensors,
    _checked_spec,
    _opened,
    _parse_json,
    _write,
    expected_tensors,
    read_spec,
    resolve,
    save_checkpoint,
)


def convert_sb3_zip(src, dst, game):
    """Convert a Stable-Baselines3 MaskablePPO ``.zip`` to a checkpoint. This UNPICKLES
    ``src`` (SB3's own loader runs pickle): run it only on files you trust."""
    from sb3_contrib import MaskablePPO

    src = Path(src)
    if not src.is_file():
        raise ValueError(f"not found: {src}")
    model = MaskablePPO.load(src, device="cpu")
    return save_checkpoint(model, dst, game, info={"converted_from": src.name})


# ----- a grown layout ---------------------------------------------------------------
# extractors whose features are the observation entry by entry (feature i reads entry i)
ELEMENTWISE = ("FlattenExtractor", "SymlogExtractor")


def widen_checkpoint(src, dst, game, added_obs=(), added_actions=(), note=""):
    """Carry the checkpoint ``src`` over to ``game``'s grown layouts and write it to ``dst``.

    Why: a game that gains segments (new tiles, say) keeps every old segment, so the
    trained weights still mean what they meant. ``added_obs`` and ``added_actions`` name
    the segments of ``game.obs_layout`` / ``game.action_layout`` the checkpoint's game
    did not have; the others, in layout order, must be exactly its observation and
    actions. The first layers get zero weights for the added inputs (an input they do
    not read), the action head zero rows and zero biases for the added actions, so on
    an observation whose added entries are anything, the old actions' logits and the
    value are the old policy's on the observation without them; the declared game
    options stay the checkpoint's (an added option takes its default). Only for an
    elementwise features extractor (``ELEMENTWISE``), whose features are the inputs.
    ``note`` goes into the header's ``info`` (``"carried_over"``, after the notes of
    earlier widenings). Returns the new spec."""
    src, dst = resolve(src), Path(dst)
    with _opened(src) as f:
        spec = read_spec(src, f.metadata() or {})
        _check_tensors(src, f, _bounded(src, expected_tensors(spec)))
        info = _parse_json(f.metadata()["doubloon"], src, "declaration").get("info") or {}
        tensors = {name: f.get_tensor(name).numpy() for name in f.keys()}
    if spec.game != game.name:
        raise ValueError(f"checkpoint {src} was trained for {spec.game}, not {game.name}")
    if spec.features_extractor not in ELEMENTWISE:
        raise ValueError(
            f"checkpoint {src}: features extractor {spec.features_extractor} is not elementwise "
            f"({', '.join(ELEMENTWISE)}); its inputs cannot be widened by segment"
        )
    kept_obs = _kept(game.obs_layout, added_obs, spec.obs_size, "observation", src)
    kept_actions = _kept(game.action_layout, added_actions, spec.num_actions, "action", src)
    arch = spec.net_arch if isinstance(spec.net_arch, dict) else {"pi": spec.net_arch, "vf": spec.net_arch}
    readers = [
        "mlp_extractor.policy_net.0.weight" if arch["pi"] else "action_net.weight",
        "mlp_extractor.value_net.0.weight" if arch["vf"] else "value_net.weight",
    ]
    for name in readers:  # the layers that read the features: a zero column per added input
        wide = np.zeros((tensors[name].shape[0], game.obs_size), tensors[name].dtype)
        wide[:, kept_obs] = tensors[name]
        tensors[name] = wide
    for name in ("action_net.weight", "action_net.bias"):  # zero rows: masked out where illegal
        wide = np.zeros((game.num_actions,) + tensors[name].shape[1:], tensors[name].dtype)
        wide[kept_actions] = tensors[name]
        tensors[name] = wide
    wide_spec = _checked_spec(
        {**asdict(spec), "obs_size": game.obs_size, "num_actions": game.num_actions}, "the widened policy"
    )
    found = {name: (DTYPES[str(t.dtype)], t.shape) for name, t in tensors.items()}
    if found != expected_tensors(wide_spec):  # a layer this function does not know reads the inputs
        raise ValueError(f"checkpoint {src}: the widened tensors do not match the widened architecture")
    if note:
        earlier = info.get("carried_over")
        info = {**info, "carried_over": f"{earlier} Then: {note}" if earlier else note}
    _write(dst, wide_spec, tensors, info)
    return wide_spec


def _kept(layout, added, old_size, what, src):
    """Indices of ``layout`` outside the ``added`` segments: where the old entries go."""
    unknown = [name for name in added if name not in layout]
    if unknown:
        raise ValueError(f"no {what} segment {unknown[0]!r}; segments: {', '.join(layout.names())}")
    kept = np.concatenate([np.arange(seg.start, seg.stop) for seg in layout if seg.name not in added])
    if kept.size != old_size:
        raise ValueError(
            f"checkpoint {src} has {old_size} {what} entries, but the layout without {list(added)} has {kept.size}"
        )
    return kept
