"""Named views of an El Caballero observation (EC-12), for readers in Python:
``decode(obs, radius).players.court``, ``decode(obs, radius)["board"]`` (planes x G x G,
plane names in ``spaces.PLANES``). Views, no copies."""

from .spaces import obs_layout


def decode(obs, radius=15):
    """``obs``: one observation (obs_size,) or a batch (..., obs_size) of a game of that radius."""
    lay = obs_layout(radius)
    if obs.shape[-1] != lay.size:
        raise ValueError(f"an El Caballero observation with radius {radius} has {lay.size} entries, "
                         f"got {obs.shape[-1]}")
    return lay.decode(obs)
