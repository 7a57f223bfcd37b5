"""Registry ids for the envs, where the installed libraries have registries.

PettingZoo: ``pettingzoo.make("aec", "doubloon/spanish_main-v0", num_players=3)`` needs
PettingZoo 1.27+, the first with ``make`` and ``register``. The envs themselves work from
1.24 (pyproject.toml's floor; AgileRL pins ``pettingzoo<1.27``) through their constructors,
``envs.spanish_main_v0.env(num_players=3)`` or ``envs.make_env("spanish_main", ...)``; on an
older PettingZoo, ``pettingzoo.make`` is an ``AttributeError`` that says so in one line.

Gymnasium: the single-seat env (the learner against opponent policies,
``envs.single_seat.SingleSeatEnv``), one id per game of ``ENVS`` (``doubloon/SpanishMain-v0``,
...); keyword arguments are the env's and the game's options::

    env = gymnasium.make("envs:doubloon/SpanishMain-v0", num_players=3)

- The ``envs:`` prefix makes Gymnasium import this package (which registers the
  ids) first, so no ``import envs`` is needed. Without the prefix the ids exist only
  once ``envs`` has been imported: Gymnasium 1.0 removed the plugin entry point
  (``gymnasium.envs`` entry points are no longer loaded by ``import gymnasium``), and
  this project needs ``gymnasium>=1.0``.
- ``gymnasium.make_vec(id, num_envs=1024)`` (``vectorization_mode="vector_entry_point"``,
  the default for these ids) builds the batched ``envs.vector_env.GameVectorEnv``: every
  game in one engine batch, opponents included. ``vectorization_mode="sync"`` or
  ``"async"`` builds one single-seat env per copy instead (docs/environments.md).
- ``env.action_masks()`` works on the made env: every id ends with the
  ``envs.single_seat.ActionMasks`` wrapper (applied by the entry point,
  ``make_single_seat_env``, not by the spec's ``additional_wrappers``: ``make_vec``
  refuses its vector entry point for a spec that lists any). Behind further wrappers of your own use
  ``env.get_wrapper_attr("action_masks")()`` (it walks the wrappers down, as
  sb3-contrib's ``get_action_masks`` does) or ``env.unwrapped.action_masks()``.
- ``gymnasium.utils.env_checker.check_env`` steps unmasked
  ``action_space.sample()`` actions, which are mostly illegal: make the env with
  ``illegal_action="penalize"`` (an illegal action ends the episode with -1) for it;
  the default ``"raise"`` stops the checker with ``games.IllegalActionError``.
"""

import gymnasium
import pettingzoo

# (PettingZoo id, Gymnasium id, engine name, module of the AEC env)
ENVS = [
    ("doubloon/spanish_main-v0", "doubloon/SpanishMain-v0", "spanish_main", "envs.spanish_main_v0"),
    ("doubloon/maracaibo-v0", "doubloon/Maracaibo-v0", "maracaibo", "envs.maracaibo_v0"),
    ("doubloon/el_caballero-v0", "doubloon/ElCaballero-v0", "el_caballero", "envs.el_caballero_v0"),
    ("doubloon/maracaibo_solo-v0", "doubloon/MaracaiboSolo-v0", "maracaibo_solo", "envs.maracaibo_solo_v0"),
    ("doubloon/pirates_of_nassau-v0", "doubloon/PiratesOfNassau-v0", "pirates_of_nassau", "envs.pirates_of_nassau_v0"),
]
REGISTRY_NAMES = ("make", "register", "aec_registry", "parallel_registry")  # PettingZoo 1.27's registry API
PETTINGZOO_TOO_OLD = (
    "pettingzoo.{name} needs PettingZoo 1.27+ (installed: {version}): "
    "pip install 'pettingzoo>=1.27', or make the env directly: "
    "envs.make_env(\"spanish_main\") / envs.spanish_main_v0.env()"
)


def register_all():
    pettingzoo_registry = hasattr(pettingzoo, "register")
    if not pettingzoo_registry:
        explain_missing_registry(pettingzoo)
    for pz_id, gym_id, game, module in ENVS:
        if pettingzoo_registry and pz_id not in pettingzoo.aec_registry:
            pettingzoo.register("aec", pz_id, entry_point=f"{module}:env")
        if gym_id not in gymnasium.registry:
            # the entry point applies the checker and order wrappers itself, under ActionMasks
            gymnasium.register(
                gym_id,
                entry_point="envs.single_seat:make_single_seat_env",
                vector_entry_point="envs.vector_env:GameVectorEnv",
                kwargs={"game_or_name": game},
                order_enforce=False,
                disable_env_checker=True,
            )


def explain_missing_registry(module) -> None:
    """On a PettingZoo before 1.27 (``module``), ``pettingzoo.make`` (the README's route) stays
    an ``AttributeError``, now one that names the version it needs and the constructors that
    work: a module ``__getattr__`` answers only names the module has not defined."""
    if hasattr(module, "__getattr__"):  # PettingZoo's own: leave it alone
        return

    def __getattr__(name):
        if name in REGISTRY_NAMES:
            raise AttributeError(PETTINGZOO_TOO_OLD.format(name=name, version=module.__version__))
        raise AttributeError(f"module {module.__name__!r} has no attribute {name!r}")

    module.__getattr__ = __getattr__
