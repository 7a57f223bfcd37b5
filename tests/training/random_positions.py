"""Live positions reached by uniformly random legal moves (policy and features tests)."""

import numpy as np
from gymnasium import spaces


def random_positions(game, n=48, max_depth=60, seed=0):
    """Observations and masks of the live ones of ``n`` games, each after a random
    number (below ``max_depth``) of uniformly random legal moves; the seat to act
    observes, the rules give the masks."""
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
    state = state[~game.terminated(state)]
    return game.observe(state, game.current_player(state)), game.legal_action_mask(state)


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
