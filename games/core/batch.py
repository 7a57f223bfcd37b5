"""Batch loops shared by every game: a game hands in its one-record kernels.

The kernels are numba first-class functions, so one compiled loop per game serves
the whole batch without a Python call per row.
"""

from numba import njit


@njit(cache=True)
def init_rows(init_one, states, seeds, config):
    for b in range(states.shape[0]):
        init_one(states[b], seeds[b], config)


@njit(cache=True)
def step_rows(step_one, states, actions):
    for b in range(states.shape[0]):
        if states[b].terminated == 0:
            step_one(states[b], actions[b])


@njit(cache=True)
def mask_rows(mask_one, states, out):
    for b in range(states.shape[0]):
        out[b, :] = False
        if states[b].terminated == 0:
            mask_one(states[b], out[b])


@njit(cache=True)
def observe_rows(observe_one, states, players, out):
    for b in range(states.shape[0]):
        out[b, :] = 0.0
        observe_one(states[b], players[b], out[b])


@njit(cache=True)
def per_player_rows(fn, states, out):
    """Fill ``out[b, :num_players]`` with a per-player quantity (scores, ranks)."""
    for b in range(states.shape[0]):
        fn(states[b], out[b])
