"""Masks at autoreset for every vector route (issue 35, docs/environments.md "Masks at
autoreset"): a masked sampler -- torch's Categorical over logits with illegal actions at
-inf, which raises on an all-False row -- runs through many episode ends unchanged.

- ``gymnasium.make_vec`` in sync and async mode (next-step autoreset, Gymnasium's default):
  the terminal step's mask shows ``END_ACTION`` alone, the action the autoreset step ignores.
- the same with same-step autoreset, and the native vector env (tests/envs/test_vector_env.py).
"""

import gymnasium
import numpy as np
import pytest
import torch
from gymnasium.vector import AutoresetMode
from torch.distributions import Categorical

from envs.single_seat import END_ACTION


def masked_sample(mask):
    logits = torch.zeros(mask.shape).masked_fill(~torch.as_tensor(mask), float("-inf"))
    return Categorical(logits=logits).sample().numpy()


@pytest.mark.parametrize(
    "mode, autoreset",
    [
        ("sync", AutoresetMode.NEXT_STEP),
        ("async", AutoresetMode.NEXT_STEP),
        ("sync", AutoresetMode.SAME_STEP),
        ("vector_entry_point", AutoresetMode.SAME_STEP),
    ],
)
def test_a_masked_sampler_survives_every_episode_end(mode, autoreset):
    vector_kwargs = {} if mode == "vector_entry_point" else {"vector_kwargs": {"autoreset_mode": autoreset}}
    env = gymnasium.make_vec(
        "envs:doubloon/SpanishMain-v0", num_envs=3, vectorization_mode=mode, num_players=2, **vector_kwargs
    )
    assert env.metadata["autoreset_mode"] == autoreset
    torch.manual_seed(0)
    _, info = env.reset(seed=0)
    ends = 0
    for _ in range(150):
        mask = info["action_mask"]
        _, _, terminated, _, info = env.step(masked_sample(mask))  # raises on an all-False row
        if terminated.any() and autoreset == AutoresetMode.NEXT_STEP:
            # the action drawn from this mask is the one the autoreset step ignores
            assert (info["action_mask"][terminated] == np.eye(mask.shape[1], dtype=bool)[END_ACTION]).all()
        ends += terminated.sum()
    env.close()
    assert ends >= 3
