"""Named views of a Spanish Main observation ("Observation" in the rules spec), for
readers in Python: ``decode(obs).variants.move_cards_in_hand``, ``decode(obs).fame``
(per ship id), ``decode(obs)["row"]`` (position x ship one-hot). Views, no copies."""

from .spaces import OBS


def decode(obs):
    """``obs``: one observation (obs_size,) or a batch (..., obs_size)."""
    if obs.shape[-1] != OBS.size:
        raise ValueError(f"a Spanish Main observation has {OBS.size} entries, got {obs.shape[-1]}")
    return OBS.decode(obs)
