"""The settings of a ``doubloon train`` run (``TrainConfig``, declared with their flags)
and the helpers both engines share: the game's defaults, the opponent check and the
command that runs a configuration again (training/train.py: SB3; training/rllib_train.py:
Ray RLlib)."""

import shlex
from dataclasses import dataclass, field, fields, replace

import games

from . import argtypes as A

# settings whose default depends on the game (``defaults_for``): the CLI leaves them unset
PER_GAME_SETTINGS = (
    "total_timesteps",
    "opponents",
    "opponent_weights",
    "imitate",
    "imitation_decisions",
    "eval_bots",
    "reward_shaping",
)

# per game, the TrainConfig fields whose default differs from the one below (``defaults_for``),
# each with the reason it differs
GAME_DEFAULTS = {
    "el_caballero": {
        # scores are in twelfths of a point (EC-8.7): 0.1 per point, as in the other games
        "reward_shaping": 0.1 / 12,
        # a conv policy over 26 planes of 31 x 31 (training/features.py): the baseline's
        # budget is what trained in about 75 minutes on 2 shared CPU cores (~90 steps/s, the
        # warm start and the evaluations included)
        "total_timesteps": 250_000,
        # one batch of 512 teacher games (~120 decisions each) is enough; a float16
        # observation is ~5 KB, so the demonstrations stay near 200 MB
        "imitation_decisions": 40_000,
    },
    "pirates_of_nassau": {
        # the heuristic warm start already beats random (96% after 25k steps); PPO then
        # fine-tunes against heuristic and self-play seats (~15 min on 2 idle cores)
        "total_timesteps": 300_000,
    },
}


def setting(default, help, *, flag=None, parse=None):
    """A TrainConfig field and its ``doubloon train`` flag, declared together (as
    CleanRL's ``Args``): the CLI is generated from these (training/cli.py). ``flag``
    defaults to ``--field-name``; ``parse`` is the argparse type of its text."""
    return field(default=default, metadata={"help": help, "flag": flag, "parse": parse})


@dataclass
class TrainConfig:
    game: str = "spanish_main"
    game_options: dict = field(default_factory=lambda: {"num_players": 3})
    total_timesteps: int = setting(
        1_500_000,
        "learner decisions; PPO runs whole rollouts of --num-envs x "
        "--n-steps, so this rounds up to the next whole rollout",
        flag="--timesteps",
        parse=A.positive_int,
    )
    # opponents: bot names and "self" (the snapshot pool), drawn per seat with these weights
    opponents: tuple = setting(
        ("heuristic", "self", "random"),
        "opponent bots and 'self' for past snapshots (games without a heuristic: self,random)",
        parse=A.names,
    )
    opponent_weights: tuple = setting(
        (0.6, 0.3, 0.1),
        "probability weights, one per opponent (with --opponents and no weights: equal)",
        parse=A.floats,
    )
    tile_sets: str = setting(
        "",
        "Maracaibo: train across these legacy tile sets (MA-26.4), a JSON file like "
        '[["L2", "L6"], []]; each new game draws one; warm start and evaluation play the first',
    )
    reward_shaping: float = setting(
        0.1, "each step also pays this x the change of the learner's score margin (see envs.vec_env)", parse=float
    )
    snapshot_every: int = setting(100_000, "steps between self-play snapshots", parse=A.positive_int)
    pool_size: int = setting(8, "snapshots kept in the self-play pool", parse=A.positive_int)
    # warm start: the weights of a checkpoint, then behaviour cloning of a bot, before PPO
    init_from: str = setting(
        "",
        "start from this checkpoint's weights (the same game and architecture; "
        "training/checkpoint.py), before any imitation",
    )
    imitate: str = setting(
        "heuristic",
        "warm start: behaviour cloning of this bot before PPO, '' for none (games without a heuristic: none)",
    )
    imitation_decisions: int = setting(60_000, "teacher decisions recorded for the warm start", parse=A.positive_int)
    imitation_epochs: int = setting(8, "behaviour-cloning epochs", parse=A.positive_int)
    imitation_final_lr: float = setting(
        1e-3,
        "behaviour cloning's learning rate at its last batch (falling linearly from 1e-3; 1e-3: constant)",
        parse=float,
    )
    imitation_holdout: float = setting(
        0.1,
        "teacher decisions from other games, as a share of "
        "--imitation-decisions, to measure the imitation on (0: none)",
        parse=A.fraction,
    )
    dagger_rounds: int = setting(
        0,
        "DAgger after the warm start: rounds of --imitation-decisions states the "
        "student reaches, labelled by the teacher, added and refit",
        parse=A.non_negative_int,
    )
    # PPO
    num_envs: int = setting(128, "games played in parallel", parse=A.games_count)
    n_steps: int = setting(64, "rollout length per game slot", parse=A.positive_int)
    batch_size: int = setting(2048, "PPO minibatch size", parse=A.positive_int)
    n_epochs: int = setting(4, "PPO epochs per rollout", flag="--epochs", parse=A.positive_int)
    learning_rate: float = setting(3e-4, "Adam learning rate", flag="--lr", parse=float)
    gamma: float = setting(0.99, "discount", parse=float)
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    ent_coef: float = setting(0.01, "entropy bonus", parse=float)
    vf_coef: float = 0.5
    net_arch: tuple = (256, 256)
    # evaluation: seat-rotated arena games per pairing against these bots
    eval_every: int = setting(250_000, "steps between evaluations (0: only at the end)", parse=A.non_negative_int)
    eval_games: int = setting(150, "arena games per evaluation pairing", parse=A.games_count)
    eval_bots: tuple = ("random", "heuristic")
    seed: int = setting(0, "0..2**32-1 (stable-baselines3 seeds numpy's legacy generator)", parse=A.train_seed)
    threads: int = setting(
        2, "CPU threads of torch and of the game's batches (at most NUMBA_NUM_THREADS)", parse=A.threads
    )
    # the engine: SB3 in this process, or Ray RLlib (the ``scale`` extra; training/rllib_train.py)
    engine: str = setting(
        "sb3",
        "sb3 (MaskablePPO, one process) or rllib (Ray RLlib PPO; the scale extra, docs/scaling.md)",
        parse=A.engine,
    )
    address: str = setting(
        "",
        "rllib: the Ray cluster to join (ray start --head prints it; 'auto': the one on "
        "this machine); '' starts a private one",
    )
    num_env_runners: int = setting(
        2, "rllib: env-runner processes sampling games (0: in the driver)", parse=A.non_negative_int
    )
    envs_per_runner: int = setting(
        8, "rllib: games each env runner plays at once (one batched forward pass)", parse=A.positive_int
    )
    out: str = "runs/spanish_main"
    progress: bool = True


def cli_settings():
    """The TrainConfig fields that are ``doubloon train`` flags, with their metadata."""
    return [f for f in fields(TrainConfig) if "help" in f.metadata]


def check_opponents(cfg, game):
    """One weight per opponent, where the game has opponent seats (a one-seat game's
    opponent is the rules' own): the error names both lists and their lengths."""
    names, weights = cfg.opponents, cfg.opponent_weights
    if game.num_players > 1 and len(names) != len(weights):
        raise ValueError(
            f"{len(names)} opponents ({', '.join(names)}) but {len(weights)} opponent weights "
            f"({', '.join(map(str, weights))}): give one weight per opponent (--opponent-weights)"
        )


# settings the RLlib engine does not use (training/rllib_train.py, docs/scaling.md) and the
# values that say so, which its plan and settings.json then show
RLLIB_OFF = {"imitate": "", "dagger_rounds": 0, "reward_shaping": 0.0, "eval_every": 0}


def for_engine(cfg: TrainConfig, asked: dict | None = None) -> TrainConfig:
    """``cfg`` as its engine runs it: for RLlib the settings it does not use turned off
    (their defaults would say, e.g., a warm start the run never does); one of them set on
    in ``asked`` (the settings given other than their defaults) is refused in one line."""
    if cfg.engine != "rllib":
        return cfg
    unused = [_flag(name) for name, off in RLLIB_OFF.items() if (asked or {}).get(name, off) != off]
    if unused:
        raise ValueError(f"--engine rllib does not use {', '.join(unused)} (docs/scaling.md): leave it out")
    return replace(cfg, **RLLIB_OFF)


def _flag(name):
    return next(f.metadata["flag"] or "--" + f.name.replace("_", "-") for f in cli_settings() if f.name == name)


def reproduce_command(cfg):
    """The ``doubloon train`` command that runs ``cfg`` again (settings.json's
    ``reproduce``): the game, its options, every flag whose value is not the game's
    default, and ``--out``."""
    default = TrainConfig(**defaults_for(games.make(cfg.game, **cfg.game_options)))
    if cfg.engine == "rllib":  # the settings RLlib turns off are not flags to type
        default = replace(default, **RLLIB_OFF)
    words = ["doubloon", "train", cfg.game]
    for key, value in cfg.game_options.items():
        words += ["-o", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
    for f in cli_settings():
        value = getattr(cfg, f.name)
        if value != getattr(default, f.name):
            flag = f.metadata["flag"] or "--" + f.name.replace("_", "-")
            words += [flag, ",".join(map(str, value)) if isinstance(value, tuple) else str(value)]
    return shlex.join([*words, "--out", cfg.out])


def defaults_for(game):
    """The TrainConfig fields whose default depends on the game: opponents, warm start
    and evaluation bots it supports, then its ``GAME_DEFAULTS``."""
    from .bots import HEURISTICS

    out = dict(GAME_DEFAULTS.get(game.name, {}))
    if game.name not in HEURISTICS or game.num_players == 1:
        # no heuristic, or a one-seat game (Maracaibo solo: --imitate heuristic on request)
        out.update(
            {"opponents": ("self", "random"), "opponent_weights": (0.75, 0.25), "imitate": "", "eval_bots": ("random",)}
        )
    return out
