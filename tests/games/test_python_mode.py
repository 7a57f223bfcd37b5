"""docs/design.md: the same kernels run uncompiled with NUMBA_DISABLE_JIT=1 (debugging, coverage)."""

import os
import subprocess
import sys

import pytest

import games

pytestmark = pytest.mark.slow  # every game uncompiled

SCRIPT = """
import warnings, numpy as np, games
warnings.simplefilter("error", RuntimeWarning)
game = games.make({name!r}, **{options!r})
{api_test}
# the same seed and moves give the same game compiled and uncompiled, and the search's cut
# value reads it the same (its Maracaibo and El Caballero loops run on widened rows uncompiled)
from training.bots.search_value import margins_at_cut
state = game.init(np.array([11]))
moves = np.random.default_rng(0)
for _ in range(30):
    if game.terminated(state)[0]:
        break
    game.step(state, np.array([moves.choice(game.legal_actions(state[0]))]))
cut = margins_at_cut(game, state, np.zeros(1, np.int64))
print(game.to_json(state[0])["state"]["rng"], game.legal_actions(state[0]), cut.tolist())
"""
# the from_json fuzz plays thousands of mutated positions: compiled only (tests/games/test_api.py);
# resample_hidden on one position, one copy per seat
API_TEST = "games.api_test(game, num_games={num_games}, alone=1, fuzz=0, resample=1, copies=1)"
# (options, games) where the default game is slow uncompiled: El Caballero's kernels loop
# over every cell of the grid and random play fills every turn up to the sub-action cap,
# so one game on a radius-4 grid with 4 sub-actions a turn (EC-GAP-26), expanded so the
# Grande and Governor kernels run too, instead of 3 games on the 31 x 31 grid
SMALL = {"el_caballero": (dict(num_players=2, expanded=True, radius=4, subaction_cap=4), 1)}


@pytest.mark.parametrize("name", games.list())
def test_engine_runs_as_plain_python_and_matches_compiled(name):
    options, num_games = SMALL.get(name, ({}, 3))
    code = SCRIPT.format(name=name, options=options, api_test=API_TEST.format(num_games=num_games))
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    plain = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert plain.returncode == 0, plain.stderr[-3000:]
    code = SCRIPT.format(name=name, options=options, api_test="")
    compiled = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert compiled.returncode == 0, compiled.stderr[-3000:]
    assert plain.stdout.splitlines()[-1] == compiled.stdout.splitlines()[-1]
