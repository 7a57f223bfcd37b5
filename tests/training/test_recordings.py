"""Recorded games of every game replay exactly; the writers (play, arena, bench-jean
--record) and ``doubloon replay FILE --html`` (training/replay.py)."""

import io
import json
import sys

import numpy as np
import pytest

import games
from games.core import recording
from training.bots import make_bots
from training.simulate import play_games, save_recordings


@pytest.mark.parametrize("name", games.list())
def test_recorded_games_of_every_game_replay_to_the_same_final_records(name, tmp_path):
    game = games.make(name)
    bots = make_bots("random" if game.num_players == 1 else "random,random", game, seed=1)
    seat_bots = np.array([[(s + g) % len(bots) for s in range(game.num_players)] for g in range(2)])
    seeds = np.array([11, 12])
    moves = []
    scores, _, log = play_games(game, bots, seat_bots, seeds, log=True, moves=moves)
    paths = save_recordings(game, bots, seat_bots, seeds, moves, scores, tmp_path)
    assert [p.name for p in paths] == [f"{name}-00000-seed11.json", f"{name}-00001-seed12.json"]
    for g, path in enumerate(paths):
        rec, replayed_game, records = recording.load(path)
        assert rec.bots == [bots[b].name for b in seat_bots[g]]
        assert len(records) == len(moves[g]) + 1 and records["terminated"][-1]
        assert replayed_game.equal(records[-1:], log["final"][g:g + 1])  # the final record, bit for bit
