"""doubloon environments over the ``games`` engines (docs/design.md, "envs/").

- ``GameEnv`` / ``make_env(name, **options)``: one PettingZoo AEC env for any game;
  per game a ``<game>_v0`` module with ``env()`` and ``raw_env`` (classic style).
- ``SingleSeatEnv``: Gymnasium env, the learner in one seat, opponent policies in
  the others.
- ``policies``: the batched opponent-policy protocol and ``UniformRandomPolicy``.

Importing the package registers the ids listed in ``envs.registration``.
"""

from . import el_caballero_v0, maracaibo_solo_v0, maracaibo_v0, pirates_of_nassau_v0, policies, spanish_main_v0
from .aec import GameEnv, classic_wrappers, make_env
from .policies import UniformRandomPolicy
from .registration import register_all
from .single_seat import SingleSeatEnv

register_all()

__all__ = [
    "GameEnv",
    "SingleSeatEnv",
    "UniformRandomPolicy",
    "classic_wrappers",
    "el_caballero_v0",
    "make_env",
    "maracaibo_solo_v0",
    "maracaibo_v0",
    "pirates_of_nassau_v0",
    "policies",
    "spanish_main_v0",
]
