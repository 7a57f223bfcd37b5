"""SB3 callbacks of ``doubloon train``: progress bar, self-play pool, arena evaluation."""

import time

from stable_baselines3.common.callbacks import BaseCallback

from .bots.policy_bot import PolicyBot


class ProgressCallback(BaseCallback):
    """A tqdm bar over learner steps, with the recent win rate and the last evaluation."""

    def __init__(self, total_timesteps):
        super().__init__()
        self.total = total_timesteps
        self.bar = None
        self.wins, self.games = 0, 0

    def _on_training_start(self):
        from .progress import progress_bar

        self.bar = progress_bar(total=self.total, desc="train", unit="step", smoothing=0.05)

    def _on_step(self):
        self.bar.update(self.training_env.num_envs)
        for info in self.locals.get("infos", []):
            if "is_success" in info:
                self.wins += info["is_success"]
                self.games += 1
        if self.games >= 500:
            self.bar.set_postfix(win=f"{self.wins / self.games:.2f}", refresh=False)
            self.logger.record("rollout/win_rate", self.wins / self.games)
            self.wins, self.games = 0, 0
        return True

    def _on_training_end(self):
        self.bar.close()


class SelfPlayCallback(BaseCallback):
    """Keeps a pool of frozen snapshots of the learner among the opponents.

    ``bots``: [(bot, weight)] that stay; the snapshots share ``self_weight`` equally.
    """

    def __init__(self, bots, self_weight, make_snapshot, every, pool_size):
        super().__init__()
        self.bots, self.self_weight = bots, self_weight
        self.make_snapshot, self.every, self.pool_size = make_snapshot, every, pool_size
        self.pool = []
        self.next_at = 0

    def _on_rollout_start(self):
        if self.num_timesteps < self.next_at:
            return
        self.next_at = self.num_timesteps + self.every
        self.pool = (self.pool + [self.make_snapshot()])[-self.pool_size :]
        policies = [b for b, _ in self.bots] + self.pool
        weights = [w for _, w in self.bots] + [self.self_weight / len(self.pool)] * len(self.pool)
        self.training_env.unwrapped.set_opponents(policies, weights)
        self.logger.record("selfplay/pool_size", len(self.pool))

    def _on_step(self):
        return True


class EvalCallback(BaseCallback):
    """Every ``every`` steps: seat-rotated arena games of the greedy learner against each bot."""

    def __init__(self, game, bots, every, games_per_pairing, seed):
        super().__init__()
        self.game, self.bots, self.every = game, bots, every
        self.games_per_pairing, self.seed = games_per_pairing, seed
        self.history = []
        self.next_at = every

    def _on_step(self):
        if self.every and self.num_timesteps >= self.next_at:
            self.next_at += self.every
            entry = self.evaluate(self.model)
            for name, rate in entry["win_rate"].items():
                self.logger.record(f"eval/win_rate_vs_{name}", rate)
            self.logger.dump(self.num_timesteps)
        return True

    def evaluate(self, model):
        """Play the arena now; the entry is kept in ``history`` and printed."""
        from tqdm import tqdm

        from .arena import evaluate_policy_bot

        if self.history and self.history[-1]["timesteps"] == model.num_timesteps:
            return self.history[-1]
        started = time.time()
        learner = PolicyBot(model.policy, name="learner", deterministic=True)
        rates = evaluate_policy_bot(self.game, learner, self.bots, self.games_per_pairing, self.seed + 10_000)
        entry = {"timesteps": int(model.num_timesteps), "win_rate": rates, "seconds": round(time.time() - started, 1)}
        self.history.append(entry)
        tqdm.write(
            f"[eval @ {model.num_timesteps:,} steps] learner win rate "
            + ", ".join(f"vs {k}: {v:.1%}" for k, v in rates.items())
        )
        return entry
