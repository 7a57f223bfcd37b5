"""Live positions reached by uniformly random legal moves (policy and features tests)."""

import numpy as np
from gymnasium import spaces


def random_positions(game, n=48, max_depth=60, seed=0):
    """Observations and masks of the live ones of ``n`` games, each after a random
    number (below ``max_depth``) of uniformly random legal moves; the seat to act
    observes, the rules give the masks."""
    state = random_live_states(game, n, max_depth, seed)
    return game.observe(state, game.current_player(state)), game.legal_action_mask(state)


def random_live_states(game, n=48, max_depth=60, seed=0):
    """The records of ``random_positions``: the live ones of ``n`` games, each after a
    random number (below ``max_depth``) of uniformly random legal moves."""
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(n))
    depth = rng.integers(0, max_depth, size=n)
    for t in range(max_depth):
        moving = ~game.terminated(state) & (depth > t)
        if not moving.any():
            break
        masks = game.legal_action_mask(state)
        scores = np.where(masks, rng.random(masks.shape), -1.0)
        sub = state[moving]
        game.step(sub, scores.argmax(axis=1)[moving])
        state[moving] = sub
    return state[~game.terminated(state)]


def obs_box(size):
    """The observation space of a policy over ``size`` floats."""
    return spaces.Box(-np.inf, np.inf, (size,), np.float32)


def played_observations(game, batch=6, steps=60):
    """Observations of the player to act, ``steps`` random moves into each of ``batch``
    games (a game that ends on the way stays over)."""
    state = game.init(np.arange(batch))
    rng = np.random.default_rng(0)
    for _ in range(steps):
        live = ~game.terminated(state)
        mask = game.legal_action_mask(state)
        game.step(state, [rng.choice(np.flatnonzero(m)) if ok else 0 for m, ok in zip(mask, live)])
    return game.observe(state, game.current_player(state))


def mixed_positions(game, bot, n=16, p_random=0.3, seed=0, max_steps=1000):
    """Observations and masks of every decision of ``n`` games played to the end (or
    ``max_steps``), each move uniformly random with probability ``p_random``, else ``bot``'s."""
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(n) + 1000 * seed)
    observations, masks = [], []
    for _ in range(max_steps):
        live = np.flatnonzero(~game.terminated(state))
        if live.size == 0:
            break
        sub = state[live]
        obs, mask = game.observe(sub, game.current_player(sub)), game.legal_action_mask(sub)
        observations.append(obs)
        masks.append(mask)
        drawn = np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)
        game.step(sub, np.where(rng.random(live.size) < p_random, drawn, bot(obs, mask)))
        state[live] = sub
    return np.concatenate(observations), np.concatenate(masks)
