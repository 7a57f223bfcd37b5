"""Masked PPO over the native vector env, CleanRL style: one file, settings declared once.

    python examples/ppo_masked.py --game SpanishMain --total-timesteps 2000000

The env is ``gymnasium.make_vec("envs:doubloon/<game>-v0", ..., vectorization_mode=
"vector_entry_point")``: every game in one engine batch, the learner in one seat of each,
uniformly random opponents in the others (docs/environments.md). Its autoreset is
same-step, so every mask it hands over belongs to a live decision and the sampler is a
plain ``Categorical`` over logits with the illegal actions set to -inf; a finished game's
row already holds the next game's first observation, so the bootstrap is cut where
``terminations`` was set (CleanRL's ``dones[t + 1]``).

At the end the policy plays ``eval_games`` games against random opponents, and so does a
uniformly random learner on the same seeds; the last line prints both win rates.
"""

import argparse
import dataclasses
import time
from dataclasses import dataclass

import gymnasium
import numpy as np
import torch
from torch import nn
from torch.distributions import Categorical


@dataclass
class Settings:
    game: str = "SpanishMain"  # the Gymnasium id is doubloon/<game>-v0
    num_players: int = 2  # 0: the game's default
    seed: int = 1
    total_timesteps: int = 1_000_000  # learner decisions, summed over the envs
    num_envs: int = 64
    num_steps: int = 64  # steps per env per rollout
    learning_rate: float = 2.5e-4
    anneal_lr: bool = True
    gamma: float = 0.99
    gae_lambda: float = 0.95
    num_minibatches: int = 4
    update_epochs: int = 4
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 256
    eval_games: int = 2000
    threads: int = 1  # torch threads


def parse_settings(argv=None) -> Settings:
    """``--name value`` for every field of ``Settings`` (``--anneal-lr false`` for a bool)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for f in dataclasses.fields(Settings):
        kind = (lambda s: s.lower() in ("1", "true", "yes")) if f.type is bool else f.type
        p.add_argument("--" + f.name.replace("_", "-"), type=kind, default=f.default)
    s = Settings(**vars(p.parse_args(argv)))
    if s.num_envs * s.num_steps % s.num_minibatches:
        p.error(f"num_envs * num_steps ({s.num_envs * s.num_steps}) must divide into {s.num_minibatches} minibatches")
    return s


def make_env(s: Settings, num_envs: int, seed: int):
    options = {"num_players": s.num_players} if s.num_players else {}
    return gymnasium.make_vec(
        f"envs:doubloon/{s.game}-v0", num_envs=num_envs, vectorization_mode="vector_entry_point", seed=seed, **options
    )


def layer(n_in, n_out, std=2**0.5):
    lin = nn.Linear(n_in, n_out)
    nn.init.orthogonal_(lin.weight, std)
    nn.init.zeros_(lin.bias)
    return lin


class Agent(nn.Module):
    def __init__(self, obs_size, num_actions, hidden):
        super().__init__()
        self.critic = nn.Sequential(
            layer(obs_size, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(), layer(hidden, 1, std=1.0)
        )
        self.actor = nn.Sequential(
            layer(obs_size, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(), layer(hidden, num_actions, std=0.01)
        )

    def value(self, obs):
        return self.critic(obs).squeeze(-1)

    def policy(self, obs, mask):
        """The masked distribution: illegal actions get logit -inf, so probability 0."""
        return Categorical(logits=self.actor(obs).masked_fill(~mask, float("-inf")))


def win_rate(s: Settings, act, games: int, seed: int) -> float:
    """Share of won games (``final_info["is_success"]``) when ``act(obs, mask)`` plays the
    learner: each row counts its first games only, so short games are not favoured."""
    env = make_env(s, min(s.num_envs, games), seed)
    per_row = -(-games // env.num_envs)
    obs, info = env.reset(seed=seed)
    played, won = np.zeros(env.num_envs, dtype=int), np.zeros(env.num_envs, dtype=int)
    while (played < per_row).any():
        obs, _, ended, _, info = env.step(act(obs, info["action_mask"]))
        counted = ended & (played < per_row)
        if counted.any():
            won[counted] += info["final_info"]["is_success"][counted]
            played[counted] += 1
    return won.sum() / played.sum()


def train(s: Settings) -> dict:
    torch.manual_seed(s.seed)
    torch.set_num_threads(s.threads)
    env = make_env(s, s.num_envs, s.seed)
    obs_size, num_actions = env.single_observation_space.shape[0], env.single_action_space.n
    agent = Agent(obs_size, num_actions, s.hidden)
    optimizer = torch.optim.Adam(agent.parameters(), lr=s.learning_rate, eps=1e-5)

    T, N = s.num_steps, s.num_envs
    obs_buf = torch.zeros((T, N, obs_size))
    mask_buf = torch.zeros((T, N, num_actions), dtype=torch.bool)
    actions, logprobs = torch.zeros((T, N), dtype=torch.long), torch.zeros((T, N))
    rewards, dones, values = torch.zeros((T, N)), torch.zeros((T, N)), torch.zeros((T, N))

    next_obs, info = env.reset(seed=s.seed)
    next_obs, next_mask = torch.as_tensor(next_obs), torch.as_tensor(info["action_mask"])
    next_done = torch.zeros(N)
    updates = max(1, s.total_timesteps // (T * N))
    recent_wins, started = [], time.time()
    for update in range(1, updates + 1):
        if s.anneal_lr:
            optimizer.param_groups[0]["lr"] = s.learning_rate * (1.0 - (update - 1.0) / updates)
        for t in range(T):
            obs_buf[t], mask_buf[t], dones[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                dist = agent.policy(next_obs, next_mask)
                action = dist.sample()
                logprobs[t], values[t] = dist.log_prob(action), agent.value(next_obs)
            actions[t] = action
            obs, reward, terminated, _, info = env.step(action.numpy())
            rewards[t] = torch.as_tensor(reward)
            next_obs, next_mask = torch.as_tensor(obs), torch.as_tensor(info["action_mask"])
            next_done = torch.as_tensor(terminated, dtype=torch.float32)
            if "final_info" in info:
                recent_wins = (recent_wins + info["final_info"]["is_success"][terminated].tolist())[-1000:]

        # generalised advantage estimation; dones[t + 1] marks obs[t + 1] as a new game's first
        with torch.no_grad():
            next_value = agent.value(next_obs)
            advantages, last = torch.zeros((T, N)), torch.zeros(N)
            for t in reversed(range(T)):
                not_done = 1.0 - (next_done if t == T - 1 else dones[t + 1])
                following = next_value if t == T - 1 else values[t + 1]
                delta = rewards[t] + s.gamma * following * not_done - values[t]
                advantages[t] = last = delta + s.gamma * s.gae_lambda * not_done * last
            returns = advantages + values

        b_obs, b_mask = obs_buf.reshape(T * N, obs_size), mask_buf.reshape(T * N, num_actions)
        b_actions, b_logprobs = actions.reshape(-1), logprobs.reshape(-1)
        b_adv, b_returns = advantages.reshape(-1), returns.reshape(-1)
        minibatch = T * N // s.num_minibatches
        for _ in range(s.update_epochs):
            order = torch.randperm(T * N)
            for start in range(0, T * N, minibatch):
                idx = order[start : start + minibatch]
                dist = agent.policy(b_obs[idx], b_mask[idx])
                ratio = (dist.log_prob(b_actions[idx]) - b_logprobs[idx]).exp()
                adv = (b_adv[idx] - b_adv[idx].mean()) / (b_adv[idx].std() + 1e-8)
                pg_loss = torch.max(-adv * ratio, -adv * ratio.clamp(1 - s.clip_coef, 1 + s.clip_coef)).mean()
                v_loss = 0.5 * ((agent.value(b_obs[idx]) - b_returns[idx]) ** 2).mean()
                loss = pg_loss - s.ent_coef * dist.entropy().mean() + s.vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), s.max_grad_norm)
                optimizer.step()
        if update % max(1, updates // 20) == 0 or update == updates:
            rate = np.mean(recent_wins) if recent_wins else float("nan")
            steps = update * T * N
            print(
                f"update {update}/{updates}  steps {steps:,}  {steps / (time.time() - started):,.0f} steps/s"
                f"  win rate (last {len(recent_wins)} games) {rate:.3f}  value loss {v_loss.item():.3f}",
                flush=True,
            )

    def trained(obs, mask):
        with torch.no_grad():
            return agent.policy(torch.as_tensor(obs), torch.as_tensor(mask)).sample().numpy()

    rng = np.random.default_rng(s.seed)

    def random_learner(obs, mask):
        return np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)

    result = {
        "trained": win_rate(s, trained, s.eval_games, s.seed + 1),
        "random": win_rate(s, random_learner, s.eval_games, s.seed + 1),
    }
    print(
        f"win rate against random opponents over {s.eval_games} games: trained {result['trained']:.3f}, "
        f"random learner {result['random']:.3f}"
    )
    return result


if __name__ == "__main__":
    train(parse_settings())
