"""``doubloon train GAME``: MaskablePPO through the batched VecEnv.

Read top to bottom (the settings are training/train_config.py): the game and its opponents, the VecEnv, the model,
the callbacks (progress bar, self-play snapshots, periodic arena evaluation), the
run, and what is saved:

    OUT/model.safetensors  the policy (``checkpoint:OUT/model.safetensors`` as a bot; training/checkpoint.py)
    OUT/settings.json      every setting of the run, the evaluation history, versions
    OUT/tb/                TensorBoard logs (``tensorboard --logdir OUT/tb``)

The learner holds one random seat per game; each opponent seat of a new game is
drawn from the opponent list: bots by name and ``self``, a pool of frozen snapshots
of the learner itself (sampling from its policy), refreshed every
``snapshot_every`` steps.

Maracaibo across boards (MA-26.4): ``--tile-sets FILE.json`` (a list of legacy tile
sets, training/tile_sets.py) trains on all of them at once: every new game of the
VecEnv draws one (``GameVecEnv(variants=...)``); the warm start and the evaluations
play the first tile set's board (``doubloon arena --tile-sets`` measures them all).
"""

import json
import platform
import time
from dataclasses import asdict
from pathlib import Path

import numpy as np

import games
from games.core.files import write_atomically

from .bots import make_bot
from .bots.policy_bot import PolicyBot, frozen_copy
from .checkpoint import save_checkpoint
from .train_config import TrainConfig, check_opponents, reproduce_command


def train(cfg: TrainConfig):
    if cfg.engine == "rllib":
        from .rllib_train import train_rllib

        return train_rllib(cfg)
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import VecMonitor

    from envs.vec_env import GameVecEnv

    from .callbacks import EvalCallback, ProgressCallback, SelfPlayCallback
    from .features import extractor_for
    from .imitation import behaviour_clone, by_family, collect_demonstrations, matches

    torch.set_num_threads(cfg.threads)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()

    # the game and the opponents (none in one-seat games: the rules play the other side)
    # the game's batches take turns with torch (rollout, then update), so they share the count;
    # capped where NUMBA_NUM_THREADS allows fewer (the default of 2 under NUMBA_NUM_THREADS=1)
    boards = make_boards(cfg, threads=min(cfg.threads, games.max_threads()))
    game = boards[0]
    check_opponents(cfg, game)
    pairs = list(zip(cfg.opponents, cfg.opponent_weights)) if game.num_players > 1 else []
    bots = [(make_bot(name, game, seed=cfg.seed + i), w) for i, (name, w) in enumerate(pairs) if name != "self"]
    self_weight = sum(w for name, w in pairs if name == "self")

    # the batched VecEnv and the model; until the first snapshot, "self" seats play random
    placeholder = [(make_bot("random", game, seed=cfg.seed), 1.0)] if game.num_players > 1 and not bots else []
    env = VecMonitor(
        GameVecEnv(
            game,
            cfg.num_envs,
            [b for b, _ in bots + placeholder],
            [w for _, w in bots + placeholder] or None,
            seed=cfg.seed,
            reward_shaping=cfg.reward_shaping,
            variants=boards,
        )
    )
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=cfg.n_steps,
        batch_size=cfg.batch_size,
        n_epochs=cfg.n_epochs,
        learning_rate=cfg.learning_rate,
        gamma=cfg.gamma,
        gae_lambda=cfg.gae_lambda,
        clip_range=cfg.clip_range,
        ent_coef=cfg.ent_coef,
        vf_coef=cfg.vf_coef,
        policy_kwargs={"features_extractor_class": extractor_for(cfg.game), "net_arch": list(cfg.net_arch)},
        tensorboard_log=str(out / "tb"),
        seed=cfg.seed,
        device="cpu",
        verbose=0,
    )

    # warm start: a checkpoint's weights, then imitate a bot (its moves and the outcomes of its games)
    if cfg.init_from:
        init_weights(model.policy, cfg.init_from, game)
    imitation = None
    if cfg.imitate:
        teacher = make_bot(cfg.imitate, game, seed=cfg.seed)
        others = [make_bot("random", game, seed=cfg.seed)]
        demos = collect_demonstrations(
            game, teacher, others, cfg.imitation_decisions, seed=cfg.seed, progress=cfg.progress
        )
        fit = {"epochs": cfg.imitation_epochs, "progress": cfg.progress, "final_lr": cfg.imitation_final_lr}
        accuracy, value_mse = behaviour_clone(model.policy, *demos, seed=cfg.seed, **fit)
        rounds = []
        for r in range(cfg.dagger_rounds):  # the student plays, the teacher labels, all is refit
            student = PolicyBot(model.policy, name="student")
            reached = collect_demonstrations(
                game,
                teacher,
                others,
                cfg.imitation_decisions,
                seed=cfg.seed + 2 + r,
                progress=cfg.progress,
                actor=student,
            )
            rounds.append({"student_accuracy": round(float(matches(model.policy, *reached[:3]).mean()), 4)})
            demos = tuple(np.concatenate(pair) for pair in zip(demos, reached))
            del reached
            accuracy, value_mse = behaviour_clone(model.policy, *demos, seed=cfg.seed + 1 + r, **fit)
        imitation = {
            "teacher": cfg.imitate,
            "decisions": int(len(demos[2])),
            "accuracy": round(accuracy, 4),
            "value_mse": round(value_mse, 4),
        }
        if rounds:
            imitation["dagger"] = rounds  # per round: how often the student already chose the teacher's move
        del demos
        if cfg.imitation_holdout > 0:  # other games (seed + 1): how well it imitates beyond what it was fit on
            held = collect_demonstrations(
                game, teacher, others, max(1, round(cfg.imitation_holdout * cfg.imitation_decisions)), seed=cfg.seed + 1
            )
            hits = matches(model.policy, held[0], held[1], held[2])
            imitation["held_out"] = {
                "decisions": int(len(hits)),
                "accuracy": round(float(hits.mean()), 4),
                "by_family": by_family(hits, held[2], game.action_layout),
            }
            del held

    # callbacks: self-play pool, evaluation, progress bar
    def snapshot():
        return PolicyBot(frozen_copy(model), name="snapshot", deterministic=False, seed=cfg.seed + model.num_timesteps)

    eval_bots = [make_bot(name, game, seed=cfg.seed) for name in cfg.eval_bots]
    evaluator = EvalCallback(game, eval_bots, cfg.eval_every, cfg.eval_games, cfg.seed)
    callbacks = [evaluator]
    if self_weight > 0:
        callbacks.append(SelfPlayCallback(bots, self_weight, snapshot, cfg.snapshot_every, cfg.pool_size))
    if cfg.progress:
        callbacks.append(ProgressCallback(cfg.total_timesteps))

    if imitation is not None:
        imitation["eval"] = evaluator.evaluate(model)["win_rate"]
    interrupted = False
    try:
        model.learn(cfg.total_timesteps, callback=callbacks, tb_log_name="ppo")
    except KeyboardInterrupt:  # Ctrl-C keeps what was learnt: saved below, marked as interrupted
        interrupted = True
    if not interrupted:
        evaluator.evaluate(model)  # the final result, always

    # what is saved: the policy's weights and architecture, loadable without unpickling
    # (no optimizer state, so not for resuming PPO; see training/checkpoint.py)
    save_checkpoint(
        model, out / "model.safetensors", game, info={"timesteps": int(model.num_timesteps), "config": asdict(cfg)}
    )
    settings = {
        "config": asdict(cfg),
        "tile_sets": [list(b.options["legacy_tiles"]) for b in boards] if cfg.tile_sets else None,
        "timesteps": int(model.num_timesteps),
        "wall_seconds": round(time.time() - started, 1),
        "imitation": imitation,
        "interrupted": interrupted,
        "final_eval": evaluator.history[-1] if evaluator.history else None,
        "eval_history": evaluator.history,
        "versions": _versions(),
        "reproduce": reproduce_command(cfg),
    }
    write_atomically(out / "settings.json", json.dumps(settings, indent=2))
    env.close()
    return model, settings


def make_boards(cfg, threads=None):
    """The games the VecEnv's rows play: the one game of the options, or with
    ``tile_sets`` one per tile set of the file (MA-26.4; one ValueError line per problem)."""
    from .tile_sets import tile_sets_from_args

    sets = tile_sets_from_args(cfg.game, path=cfg.tile_sets, options=cfg.game_options) if cfg.tile_sets else None
    if sets is None:
        return [games.make(cfg.game, threads=threads, **cfg.game_options)]
    if cfg.engine != "sb3":
        raise ValueError(f"--tile-sets trains through the sb3 engine's VecEnv, not {cfg.engine}")
    return [games.make(cfg.game, threads=threads, **cfg.game_options, legacy_tiles=t) for t in sets]


def learner_steps(cfg):
    """The learner steps a run takes: PPO learns in whole rollouts of ``num_envs x n_steps``
    steps until ``total_timesteps`` is reached, so the total rounds up to a whole rollout."""
    rollout = cfg.num_envs * cfg.n_steps
    return -(-cfg.total_timesteps // rollout) * rollout


def plan(cfg):
    """What a run will do before PPO and how long PPO runs, in lines for the screen: the
    warm start can take most of a short run's time, and --timesteps rounds up."""
    if cfg.engine == "rllib":
        return [
            f"PPO (RLlib): iterations of about {cfg.num_envs * cfg.n_steps:,} sampled steps ({cfg.num_envs} "
            f"games x {cfg.n_steps}) until the learner has made {cfg.total_timesteps:,} decisions, as RLlib "
            "counts them (the total passes it by part of an iteration); no warm start, reward shaping or "
            "evaluation before the end (docs/scaling.md)"
        ]
    lines = []
    if cfg.init_from:
        lines.append(f"start: the weights of {cfg.init_from}")
    if cfg.imitate:
        held = (
            f" (+{max(1, round(cfg.imitation_holdout * cfg.imitation_decisions)):,} held out to measure it)"
            if cfg.imitation_holdout > 0
            else ""
        )
        dagger = f", then {cfg.dagger_rounds} DAgger rounds" if cfg.dagger_rounds else ""
        lines.append(
            f"warm start: imitating {cfg.imitate} on {cfg.imitation_decisions:,} of its decisions{held}, "
            f"{cfg.imitation_epochs} epochs{dagger}, before PPO; in a short run this takes most of the "
            "time (skip it: --imitate '')"
        )
    if cfg.tile_sets:
        lines.append(f"boards: every new game draws a legacy tile set of {cfg.tile_sets} (MA-26.4)")
    rollout, steps = cfg.num_envs * cfg.n_steps, learner_steps(cfg)
    rounded = "" if steps == cfg.total_timesteps else f" (--timesteps {cfg.total_timesteps:,} rounded up)"
    lines.append(
        f"PPO: {steps:,} learner steps{rounded}, in whole rollouts of {cfg.num_envs} games x "
        f"{cfg.n_steps} steps = {rollout:,}"
    )
    return lines


def init_weights(policy, path, game):
    """Copy the weights of the checkpoint at ``path`` (for ``game``) into ``policy``;
    a checkpoint of another architecture is refused by name."""
    from dataclasses import replace

    from .checkpoint import load_checkpoint, spec_of

    loaded = load_checkpoint(path, game)
    mine, theirs = spec_of(policy, game), spec_of(loaded, game)
    if replace(theirs, game_options=mine.game_options) != mine:
        raise ValueError(
            f"--init-from {path}: its policy ({theirs.features_extractor}, net_arch {theirs.net_arch}) "
            f"is not the one this run builds ({mine.features_extractor}, net_arch {mine.net_arch})"
        )
    policy.load_state_dict(loaded.state_dict(), strict=True)


def _versions():
    import sb3_contrib
    import stable_baselines3
    import torch

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "torch": torch.__version__,
        "stable_baselines3": stable_baselines3.__version__,
        "sb3_contrib": sb3_contrib.__version__,
    }
