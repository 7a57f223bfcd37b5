"""Fixtures every test folder shares."""

import pytest


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
