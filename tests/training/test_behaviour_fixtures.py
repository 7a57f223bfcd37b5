"""Refactors keep behaviour bit for bit: the observation vectors of seeded games and
the Spanish Main heuristic's answers at every recorded decision equal the stored
fixtures (behaviour_fixtures.py says how they were made; the Maracaibo heuristic's
are checked in test_maracaibo_bot.py)."""

import numpy as np
import pytest

from behaviour_fixtures import BOT_CASES, FIXTURES, OBS_CASES, assert_recorded_choices, observation_digest


@pytest.mark.parametrize("name", sorted(OBS_CASES))
def test_observations_are_bit_identical(name):
    stored = np.load(FIXTURES / f"obs_{name}.npz")
    digest, _ = observation_digest(OBS_CASES[name], actions=stored["actions"])
    assert digest == str(stored["sha256"]), f"{name}: observe() changed its values or order"


@pytest.mark.parametrize("name", sorted(n for n in BOT_CASES if n.startswith("spanish_main")))
def test_spanish_main_heuristic_chooses_the_recorded_actions(name):
    assert_recorded_choices(name)
