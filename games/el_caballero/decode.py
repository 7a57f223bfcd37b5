"""Named views of an El Caballero observation (EC-12), for readers in Python:
``decode(obs, radius).players.court``, ``decode(obs, radius).area_cards.land_value``
(per area card id). Views, no copies; ``planes.board_planes(obs, radius)`` lays the map
out as planes x G x G (plane names in ``spaces.PLANES``)."""

from .spaces import obs_layout


def decode(obs, radius=15, strict=False):
    """``obs``: one observation (obs_size,) or a batch (..., obs_size) of a game of that
    radius; ``strict`` for a game with order="strict" (one more entry, ``turn_step``)."""
    lay = obs_layout(radius, strict)
    if obs.shape[-1] != lay.size:
        raise ValueError(
            f"an El Caballero observation with radius {radius}{' and order=strict' if strict else ''} "
            f"has {lay.size} entries, got {obs.shape[-1]}"
        )
    return lay.decode(obs)
