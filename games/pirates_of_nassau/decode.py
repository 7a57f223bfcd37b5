"""Named views of a Pirates of Nassau observation (PN-20), for readers in Python:
``decode(obs).players.notoriety`` (per relative seat), ``decode(obs).board.merchant``
(per position 1-20), ``decode(obs)["chest"]``. Views, no copies."""

from .spaces import OBS


def decode(obs):
    """``obs``: one observation (obs_size,) or a batch (..., obs_size)."""
    if obs.shape[-1] != OBS.size:
        raise ValueError(f"a Pirates of Nassau observation has {OBS.size} entries, got {obs.shape[-1]}")
    return OBS.decode(obs)
