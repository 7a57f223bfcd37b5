"""Registry ids for the envs, where the installed libraries have registries.

PettingZoo (1.25+): ``pettingzoo.make("aec", "doubloon/spanish_main-v0", num_players=3)``.

Gymnasium: the single-seat env (the learner against opponent policies,
``envs.single_seat.SingleSeatEnv``), one id per game of ``ENVS`` (``doubloon/SpanishMain-v0``,
...); keyword arguments are the env's and the game's options::

    env = gymnasium.make("envs:doubloon/SpanishMain-v0", num_players=3)

- The ``envs:`` prefix makes Gymnasium import this package (which registers the
  ids) first, so no ``import envs`` is needed. Without the prefix the ids exist only
  once ``envs`` has been imported: Gymnasium 1.0 removed the plugin entry point
  (``gymnasium.envs`` entry points are no longer loaded by ``import gymnasium``), and
  this project needs ``gymnasium>=1.0``.
- ``env.action_masks()`` works on the made env: every id ends with the
  ``envs.single_seat.ActionMasks`` wrapper. Behind further wrappers of your own use
  ``env.get_wrapper_attr("action_masks")()`` (it walks the wrappers down, as
  sb3-contrib's ``get_action_masks`` does) or ``env.unwrapped.action_masks()``.
- ``gymnasium.utils.env_checker.check_env`` steps unmasked
  ``action_space.sample()`` actions, which are mostly illegal: make the env with
  ``illegal_action="penalize"`` (an illegal action ends the episode with -1) for it;
  the default ``"raise"`` stops the checker with ``games.IllegalActionError``.
"""

import gymnasium
from gymnasium.envs.registration import WrapperSpec

# (PettingZoo id, Gymnasium id, engine name, module of the AEC env)
ENVS = [
    ("doubloon/spanish_main-v0", "doubloon/SpanishMain-v0", "spanish_main", "envs.spanish_main_v0"),
    ("doubloon/maracaibo-v0", "doubloon/Maracaibo-v0", "maracaibo", "envs.maracaibo_v0"),
    ("doubloon/el_caballero-v0", "doubloon/ElCaballero-v0", "el_caballero", "envs.el_caballero_v0"),
    ("doubloon/maracaibo_solo-v0", "doubloon/MaracaiboSolo-v0", "maracaibo_solo", "envs.maracaibo_solo_v0"),
    ("doubloon/pirates_of_nassau-v0", "doubloon/PiratesOfNassau-v0", "pirates_of_nassau", "envs.pirates_of_nassau_v0"),
]
ACTION_MASKS = WrapperSpec("ActionMasks", "envs.single_seat:ActionMasks", {})


def register_all():
    try:
        from pettingzoo import aec_registry, register as pz_register
    except ImportError:  # PettingZoo before 1.25 has no registry
        aec_registry = pz_register = None
    for pz_id, gym_id, game, module in ENVS:
        if pz_register is not None and pz_id not in aec_registry:
            pz_register("aec", pz_id, entry_point=f"{module}:env")
        if gym_id not in gymnasium.registry:
            gymnasium.register(gym_id, entry_point="envs.single_seat:SingleSeatEnv", kwargs={"game_or_name": game},
                               additional_wrappers=(ACTION_MASKS,))
