"""docs/design.md: the same kernels run uncompiled with NUMBA_DISABLE_JIT=1 (debugging, coverage)."""

import os
import subprocess
import sys

import pytest

import games

SCRIPT = """
import warnings, numpy as np, games
warnings.simplefilter("error", RuntimeWarning)
game = games.make({name!r})
# the from_json fuzz plays thousands of mutated positions: compiled only (tests/games/test_api.py);
# resample_hidden on one position, one copy per seat
games.api_test(game, num_games=3, alone=1, fuzz=0, resample=1, copies=1)
# the same seed gives the same game compiled and uncompiled
state = game.init(np.array([11]))
print(game.to_json(state[0])["state"]["rng"], game.legal_actions(state[0]))
"""


@pytest.mark.parametrize("name", games.list())
def test_engine_runs_as_plain_python_and_matches_compiled(name):
    code = SCRIPT.format(name=name)
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    plain = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert plain.returncode == 0, plain.stderr[-3000:]
    compiled = subprocess.run([sys.executable, "-c", code.replace("games.api_test(game, num_games=3, alone=1, fuzz=0, resample=1, copies=1)", "")],
                              capture_output=True, text=True, timeout=600)
    assert compiled.returncode == 0, compiled.stderr[-3000:]
    assert plain.stdout.splitlines()[-1] == compiled.stdout.splitlines()[-1]
