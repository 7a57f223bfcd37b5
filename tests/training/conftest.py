"""Shared fixtures for the training layer tests (small games, fast)."""

import pytest

import games


@pytest.fixture(scope="session")
def spanish3():
    return games.make("spanish_main", num_players=3)
