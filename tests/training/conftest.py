"""Shared fixtures for the training layer tests (small games, fast)."""

import pytest

import games


@pytest.fixture(scope="session")
def spanish3():
    return games.make("spanish_main", num_players=3)


@pytest.fixture
def run_cli(capsys):
    """``run_cli(*argv) -> (exit code, stdout, stderr)`` of the doubloon CLI, in process."""
    from training.cli import main

    def run(*argv):
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code
        out = capsys.readouterr()
        return code, out.out, out.err

    return run
