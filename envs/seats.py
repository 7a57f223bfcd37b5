"""``play_seats``: the move of every game of a batch, each seat's policy asked once.

The batched loops (the SB3 VecEnv's opponents, arena games, imitation data) all ask
the same thing of a batch of live games: for the seat to act in each, the action its
policy chooses. Each policy sees all its rows at once, so the Python work per step
does not grow with the number of games; policies are asked in the order of their
index, so seeded policies draw the same numbers whatever the batch holds.
(The single-seat env plays one record through the engine's per-record fast path
instead: ``SingleSeatEnv._play_opponents``.)
"""

import numpy as np


def play_seats(game, sub, seats, who, policies, keep_observations=True):
    """``(observations, masks, actions)`` for ``sub``, a batch of live games with seat
    ``seats[i]`` to act; ``who[i]`` indexes ``policies`` (batched policies, see
    ``envs.policies``; one with ``reads_state``, a search bot, is asked
    ``plan(states, seats, masks)``). The actions are not checked: see games.core.legality.
    ``keep_observations=False``: the observations are made only if a policy asked reads
    them (``reads_observations``, True unless a policy says otherwise: the uniform random
    one does not), and None is returned in their place."""
    masks = game.legal_action_mask(sub)
    asked = np.unique(who)
    reads = [p for p in asked if getattr(policies[p], "reads_observations", True)]
    obs = game.observe(sub, seats) if keep_observations or reads else None
    actions = np.empty(len(sub), dtype=np.int64)
    for p in asked:
        sel = slice(None) if len(asked) == 1 else who == p  # one policy: no copies of the batch
        if getattr(policies[p], "reads_state", False):  # a search bot plans from the records
            actions[sel] = policies[p].plan(sub[sel], seats[sel], masks[sel])
        else:
            actions[sel] = policies[p](None if obs is None else obs[sel], masks[sel])
    return obs, masks, actions
