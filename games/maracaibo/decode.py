"""Named views of a Maracaibo observation (MA-29), for readers in Python: bots,
features extractors, notebooks, tests.

    d = decode(game.observe(state, 0))
    d.turn_context.extra_main       # (B,) the pending extra main action
    d.figures.general[..., 0]       # the observer's figures in the general supply
    d["supply"].value               # (B, 3) each nation's value

Every segment of ``spaces.OBS`` (and of the solo layout, whose vector is longer) is a
shaped view without a copy; segments with named fields come as ``layout.Fields``.
Kernels read the same entries through ``OBS.index(segment, field)`` constants.
"""

from .spaces import OBS


def layout_for(size):
    """The observation layout whose vectors have ``size`` entries (2-4 players or solo)."""
    if size == OBS.size:
        return OBS
    from .solo.spaces import OBS_SOLO

    if size == OBS_SOLO.size:
        return OBS_SOLO
    raise ValueError(f"no Maracaibo observation layout has {size} entries (multiplayer {OBS.size})")


def decode(obs):
    """``obs``: one observation (obs_size,) or a batch (..., obs_size)."""
    return layout_for(obs.shape[-1]).decode(obs)
