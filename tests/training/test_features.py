"""The Spanish Main policy input (training/features.py): symlog of the observation, then
for each position 1-9 the facts of the ship standing there (the observation's ``row``
one-hot names the ship id at each position; games/spanish_main/spaces.py).

The reference below reads every fact from its named segment of the observation, ship
by ship, in numpy; the extractor (one gather and one batched product in torch) must
give the same numbers, so a checkpoint reads the input it was trained on.
"""

import numpy as np
import pytest
import torch
from gymnasium import spaces

import games
from games.spanish_main import data as D
from games.spanish_main.spaces import OBS
from training.features import SpanishMainExtractor

from random_positions import random_positions


def _facts_of_ship(obs, ship):
    """One ship's facts in the extractor's order: nation one-hot, then the per-ship
    segments (ship-major ones by ship row, seat x ship ones by ship column)."""
    seg = {name: obs[OBS[name].slice].reshape(OBS[name].shape) for name in OBS.names()}
    nation = np.eye(len(D.NATIONS))[D.SHIP_NATION[ship]]
    return np.concatenate(
        [
            nation,
            [seg["damaged"][ship]],
            [seg["fame"][ship]],
            [seg["mine"][ship]],
            seg["revealed_owner"][ship],
            [seg["known_unowned"][ship]],
            seg["known_not_owner"][:, ship],
            seg["moved_by"][:, ship],
            seg["sabotaged_by"][:, ship],
        ]
    )


def _reference(obs):
    rows = []
    for o in obs.astype(np.float64):
        at = o[OBS["row"].slice].reshape(D.NUM_SHIPS, D.NUM_SHIPS)  # position x ship one-hot
        by_position = [_facts_of_ship(o, int(np.argmax(p))) * p.max() for p in at]
        x = np.concatenate([o, np.concatenate(by_position)])
        rows.append(np.sign(x) * np.log1p(np.abs(x)))
    return np.array(rows)


@pytest.mark.parametrize(
    "options", [dict(num_players=3), dict(num_players=4, move_cards_in_hand=True, upcoming_adventures=True)]
)
def test_each_position_carries_the_facts_of_its_ship(options):
    game = games.make("spanish_main", **options)
    obs, _ = random_positions(game, n=40, max_depth=80, seed=2)
    assert len(obs) > 10
    # real positions: ships have moved, been damaged, owners revealed or accused
    assert obs[:, OBS["moved_by"].slice].any() and obs[:, OBS["fame"].slice].any()
    extractor = SpanishMainExtractor(spaces.Box(-np.inf, np.inf, shape=(game.obs_size,), dtype=np.float32))
    with torch.inference_mode():
        got = extractor(torch.as_tensor(obs)).numpy()
    assert got.shape == (len(obs), extractor.features_dim)
    np.testing.assert_allclose(got, _reference(obs), rtol=1e-6, atol=1e-6)


def test_the_gather_index_is_not_saved_in_checkpoints():
    """Only the nation table is a saved tensor, as before: old checkpoints load unchanged."""
    game = games.make("spanish_main", num_players=3)
    extractor = SpanishMainExtractor(spaces.Box(-np.inf, np.inf, shape=(game.obs_size,), dtype=np.float32))
    assert list(extractor.state_dict()) == ["nation"]
