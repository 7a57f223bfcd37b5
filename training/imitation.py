"""Warm start for PPO: behaviour cloning of a teacher bot.

The teacher (by default the game's heuristic bot) plays batched games against a
mix of itself and ``random``; every decision it takes is recorded with the final
outcome of its seat. The policy is then fit to the teacher's moves (cross-entropy
under the action mask) and the value head to the outcomes (the ``Game.returns``
of the seat), so PPO starts from sensible play with a value function that already
knows it, and spends its budget on improving rather than on learning the rules.

How well the student imitates is measured on demonstrations from other games than the
ones it was fit on (``matches``: the teacher's move is the student's most likely legal
one), overall and per action family of the game's ``action_layout`` (``by_family``):
the accuracy on the fitted decisions says little once the network can memorise them.
"""

import numpy as np

from envs.seats import play_seats


def collect_demonstrations(game, teacher, others, decisions, seed=0, batch=512, progress=False, actor=None):
    """Exactly ``decisions`` teacher moves: (observations float16, masks, actions, returns).

    ``actor`` (DAgger): a bot that plays the teacher's seats instead of the teacher; the
    teacher still labels every state the actor meets with its own move, so a student
    as ``actor`` is shown what to do in the states its own play leads to (and the
    returns are the outcomes of the actor's games).

    Each game seats the teacher in every seat except one random seat, which plays
    a bot from ``others`` half of the time (the teacher itself otherwise). Games are
    played ``batch`` at a time (fewer when fewer decisions are missing); the last
    batch's surplus is dropped by a uniform random choice of the decisions kept, so
    the kept ones come from every stage of the game. ``progress``: a bar of the
    decisions recorded (a batch of slow teachers can take minutes).
    """
    if isinstance(decisions, bool) or not isinstance(decisions, (int, np.integer)) or decisions < 1:
        raise ValueError(f"decisions must be a positive integer, got {decisions!r}")
    rng = np.random.default_rng(seed)
    policies = [teacher, *others]
    obs_parts, mask_parts, act_parts, ret_parts = [], [], [], []
    collected, next_seed = 0, seed * 1_000_003 % 2**62
    bar = None
    if progress:
        from .progress import progress_bar

        bar = progress_bar(total=decisions, desc="demonstrations", unit="decision", leave=False)
    while collected < decisions:
        batch_games = min(batch, decisions - collected)
        state = game.init(np.arange(next_seed, next_seed + batch_games))
        next_seed += batch_games
        other_seat = np.where(rng.random(batch_games) < 0.5, rng.integers(0, game.num_players, batch_games), -1)
        other_bot = rng.integers(0, max(len(others), 1), batch_games)
        rows, seats, o_parts, m_parts, a_parts = [], [], [], [], []
        while not game.terminated(state).all():
            live = np.flatnonzero(~game.terminated(state))
            sub = state[live]
            cur = game.current_player(sub)
            taught = cur != other_seat[live]
            who = np.where(taught, 0, 1 + other_bot[live])  # the teacher first, then the others in order
            obs, masks, actions = play_seats(game, sub, cur, who, policies)
            played = actions
            if actor is not None and taught.any():
                played = actions.copy()
                played[taught] = actor(obs[taught], masks[taught])
            rows.append(live[taught])
            seats.append(cur[taught])
            o_parts.append(obs[taught].astype(np.float16))
            m_parts.append(masks[taught])
            a_parts.append(actions[taught])
            if bar is not None:
                bar.update(min(int(taught.sum()), decisions - bar.n))
            full = np.zeros(batch_games, dtype=np.int64)
            full[live] = played
            game.step_unchecked(state, full)
        returns = game.returns(state)
        rows, seats = np.concatenate(rows), np.concatenate(seats)
        keep = slice(None)
        if collected + rows.size > decisions:  # the surplus of the last batch
            keep = np.sort(rng.choice(rows.size, size=decisions - collected, replace=False))
        obs_parts.append(np.concatenate(o_parts)[keep])
        mask_parts.append(np.concatenate(m_parts)[keep])
        act_parts.append(np.concatenate(a_parts)[keep])
        ret_parts.append(returns[rows, seats][keep])
        collected += len(act_parts[-1])
    if bar is not None:
        bar.close()
    return (
        np.concatenate(obs_parts),
        np.concatenate(mask_parts),
        np.concatenate(act_parts),
        np.concatenate(ret_parts).astype(np.float32),
    )


def matches(policy, observations, masks, actions, batch_size=2048):
    """Per decision, whether ``policy``'s most likely legal action is the recorded one
    (a bool array; the policy is evaluated without gradients, as it stands)."""
    import torch

    out = np.empty(len(actions), dtype=np.bool_)
    with torch.no_grad():
        for start in range(0, len(actions), batch_size):
            part = slice(start, start + batch_size)
            obs = torch.as_tensor(observations[part].astype(np.float32))
            logits = policy.get_distribution(obs, action_masks=masks[part]).distribution.logits
            out[part] = logits.argmax(dim=1).numpy() == actions[part]
    return out


def by_family(hits, actions, layout):
    """{action family: {"decisions", "accuracy"}} of the recorded moves ``actions`` (ids
    in ``layout``, the game's action layout), ``hits`` from ``matches``; families the
    teacher never chose are left out, the rest in layout order."""
    family, _ = layout.family_of()
    chosen = family[actions]
    out = {}
    for code, seg in enumerate(layout):
        mine = chosen == code
        if mine.any():
            out[seg.name] = {"decisions": int(mine.sum()), "accuracy": round(float(hits[mine].mean()), 4)}
    return out


def behaviour_clone(
    policy,
    observations,
    masks,
    actions,
    returns,
    epochs=3,
    batch_size=1024,
    lr=1e-3,
    seed=0,
    progress=False,
    final_lr=None,
):
    """Fit ``policy`` (a MaskableActorCriticPolicy) in place; returns the last epoch's
    (policy accuracy, value mean squared error), measured on the batches as they are fit.
    ``final_lr``: the learning rate falls linearly from ``lr`` to it over the batches
    (None: constant)."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    optimizer = torch.optim.Adam(policy.parameters(), lr=lr)
    steps = epochs * -(-len(actions) // batch_size)
    end = lr if final_lr is None else final_lr
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda k: 1.0 + (end / lr - 1.0) * min(k, max(steps - 1, 1)) / max(steps - 1, 1)
    )
    n = len(actions)
    policy.set_training_mode(True)
    bar = None
    if progress:
        from .progress import progress_bar

        bar = progress_bar(total=epochs * -(-n // batch_size), desc="imitation", unit="batch", leave=False)
    for _ in range(epochs):
        order = torch.randperm(n, generator=gen).numpy()
        hits, sq_err = 0, 0.0
        for start in range(0, n, batch_size):
            idx = order[start : start + batch_size]
            obs = torch.as_tensor(observations[idx].astype(np.float32))
            act = torch.as_tensor(actions[idx])
            target = torch.as_tensor(returns[idx])
            logits, values = _forward(policy, obs)
            logits = logits.masked_fill(~torch.as_tensor(masks[idx]), -torch.inf)
            log_prob = torch.log_softmax(logits, dim=1).gather(1, act[:, None]).squeeze(1)
            loss = -log_prob.mean() + 0.5 * torch.nn.functional.mse_loss(values, target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            with torch.no_grad():  # on the batch as it was before this step (one forward pass)
                hits += int((logits.argmax(dim=1) == act).sum())
                sq_err += float(((values - target) ** 2).sum())
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    policy.set_training_mode(False)
    return hits / n, sq_err / n


def _forward(policy, obs):
    """(action logits, values) of a MaskableActorCriticPolicy in one pass (what its
    ``evaluate_actions`` computes, with the logits kept for the accuracy)."""
    features = policy.extract_features(obs)
    if policy.share_features_extractor:
        latent_pi, latent_vf = policy.mlp_extractor(features)
    else:
        latent_pi = policy.mlp_extractor.forward_actor(features[0])
        latent_vf = policy.mlp_extractor.forward_critic(features[1])
    return policy.action_net(latent_pi), policy.value_net(latent_vf).flatten()
