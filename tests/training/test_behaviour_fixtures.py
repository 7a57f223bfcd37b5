"""Refactors keep behaviour bit for bit: the observation vectors of seeded games and
the heuristics' answers at every recorded decision equal the stored fixtures
(behaviour_fixtures.py says how they were made)."""

import numpy as np
import pytest

from behaviour_fixtures import BOT_CASES, FIXTURES, OBS_CASES, heuristic_decisions, observation_digest


@pytest.mark.parametrize("name", sorted(OBS_CASES))
def test_observations_are_bit_identical(name):
    stored = np.load(FIXTURES / f"obs_{name}.npz")
    digest, _ = observation_digest(OBS_CASES[name], actions=stored["actions"])
    assert digest == str(stored["sha256"]), f"{name}: observe() changed its values or order"


@pytest.mark.parametrize("name", sorted(BOT_CASES))
def test_heuristic_chooses_the_recorded_actions(name):
    stored = np.load(FIXTURES / f"bot_{name}.npz")
    proposed, _ = heuristic_decisions(BOT_CASES[name], played=stored["played"])
    assert proposed.shape == stored["proposed"].shape
    diff = np.argwhere(proposed != stored["proposed"])
    assert len(diff) == 0, f"{name}: {len(diff)} decisions differ, first at (step, game) {tuple(diff[0])}"
