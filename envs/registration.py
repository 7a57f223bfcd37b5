"""Registry ids for the envs, where the installed libraries have registries.

PettingZoo (1.25+): ``pettingzoo.make("aec", "doubloon/spanish_main-v0", num_players=3)``.
Gymnasium: ``gymnasium.make("doubloon/SpanishMain-v0", num_players=3)`` -- the
single-seat env (the learner against opponent policies).
"""

import gymnasium

# (PettingZoo id, Gymnasium id, engine name, module of the AEC env)
ENVS = [
    ("doubloon/spanish_main-v0", "doubloon/SpanishMain-v0", "spanish_main", "envs.spanish_main_v0"),
    ("doubloon/maracaibo-v0", "doubloon/Maracaibo-v0", "maracaibo", "envs.maracaibo_v0"),
    ("doubloon/maracaibo_solo-v0", "doubloon/MaracaiboSolo-v0", "maracaibo_solo", "envs.maracaibo_solo_v0"),
]


def register_all():
    try:
        from pettingzoo import aec_registry, register as pz_register
    except ImportError:  # PettingZoo before 1.25 has no registry
        aec_registry = pz_register = None
    for pz_id, gym_id, game, module in ENVS:
        if pz_register is not None and pz_id not in aec_registry:
            pz_register("aec", pz_id, entry_point=f"{module}:env")
        if gym_id not in gymnasium.registry:
            gymnasium.register(gym_id, entry_point="envs.single_seat:SingleSeatEnv", kwargs={"game_or_name": game})
