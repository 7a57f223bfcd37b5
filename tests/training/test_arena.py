"""Arena: balanced seat rotation, reproducible results, table and plot."""

import numpy as np

from training.arena import format_result, plot_result, run_arena, seat_assignments, wilson_interval
from training.bots import make_bots


def test_seat_assignments_are_balanced():
    for players in (2, 3, 4):
        rot = seat_assignments(players)
        assert len(rot) == 2**players - 2
        assert len({tuple(r) for r in rot}) == len(rot)
        # each bot holds every seat equally often, and as many seats in total
        assert np.all(rot.sum(axis=0) == len(rot) // 2)
        assert rot.sum() == rot.size // 2


def test_arena_is_reproducible_for_a_fixed_seed_list(spanish3):
    def run():
        return run_arena(spanish3, make_bots("random,heuristic", spanish3), 30, seed=3).to_json()

    first, second = run(), run()
    assert first == second
    assert first["pairings"][0]["games"] == 30 and first["seed_count"] == 5


def test_three_bots_play_every_pairing(spanish3, tmp_path):
    bots = make_bots("random,heuristic,random", spanish3)
    result = run_arena(spanish3, bots, 12, seed=0)
    assert [(p.a, p.b) for p in result.pairings] == [("random", "heuristic"), ("random", "random#2"),
                                                     ("heuristic", "random#2")]
    assert all(b.games == 24 for b in result.bots)
    text = format_result(result)
    for needed in ("win rate", "95%", "openskill", "random vs heuristic", "heuristic"):
        assert needed in text
    plot_result(result, tmp_path / "arena.png")
    assert (tmp_path / "arena.png").stat().st_size > 1000


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
