"""The weight search of the 2-4 player Maracaibo heuristic (training/tune_maracaibo.py)."""

import json

import pytest

import games
from training.arena import run_arena
from training.bots import make_bots
from training.tune_maracaibo import PLAYERS, SMALL, STEP, candidates, evaluate, logged, parse_overrides


def test_candidates_step_each_way_and_leave_zero_for_small_values():
    assert candidates("explore_step", 1.0) == [STEP, round(1 / STEP, 4)]
    assert candidates("upgrade_extra", 0.0) == list(SMALL)
    assert candidates("d_value", 0.8, step=2.0) == [1.6, 0.4]


def test_overrides_are_checked_by_name():
    assert parse_overrides(["quest_extra=2.8", "mp_cost=0"]) == {"quest_extra": 2.8, "mp_cost": 0.0}
    with pytest.raises(ValueError, match="no_such_weight"):
        parse_overrides(["no_such_weight=1"])
    with pytest.raises(ValueError, match="NAME=VALUE"):
        parse_overrides(["quest_extra"])


def test_no_override_is_the_registered_heuristic_against_v1(tmp_path):
    """An empty override plays the CLI arena's pairing heuristic vs heuristic_v1 on the
    same seeds (seat-rotated, 6 assignments with 3 players), and is logged as one line."""
    record = evaluate({}, games_count=6, seed=1000, progress=False)
    game = games.make("maracaibo", num_players=PLAYERS)
    pairing = run_arena(game, make_bots("heuristic,heuristic_v1", game), 6, seed=1000).pairings[0]
    assert record["games"] == pairing.games == 6
    assert record["win_rate"] == 100 * pairing.win_rate_a
    assert record["score"] == pairing.score_a
    log = tmp_path / "log" / "search.jsonl"
    logged(record, str(log), role="eval")
    logged(record, str(log), role="eval")
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(lines) == 2 and lines[0]["role"] == "eval" and lines[0]["seed"] == 1000
