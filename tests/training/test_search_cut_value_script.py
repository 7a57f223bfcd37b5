"""benchmarks/search_cut_value.py on tiny settings: what it compares is what the search
plays (its candidates, the redrawn worlds, the margin at the cut); no number is asserted."""

import sys
from pathlib import Path

import numpy as np
import pytest

import games
from training.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from search_cut_value import main, rollouts, sample_positions


def test_candidates_start_with_the_heuristic_move_at_the_sampled_decisions():
    game = games.make("spanish_main", num_players=2)
    states, seats, candidates = sample_positions(game, 1, 5, 3, np.random.default_rng(0))
    assert len(states) == 5 and candidates.shape == (5, 3) and (candidates[:, 1] >= 0).all()
    heuristic = make_bot("heuristic", game, seed=3)
    assert np.array_equal(candidates[:, 0], heuristic(game.observe(states, seats), game.legal_action_mask(states)))


def test_a_cut_past_every_rollouts_end_is_the_final_margin():
    game = games.make("spanish_main", num_players=2)
    rng = np.random.default_rng(1)
    states, seats, candidates = sample_positions(game, 1, 3, 2, rng)
    cuts, final, wins, learned = rollouts(game, states, seats, candidates, 4, [1, 10**6], rng)
    assert final.shape == (3, 2, 4) and not np.isnan(final).any()
    assert np.array_equal(cuts[10**6], final) and np.array_equal(cuts["end"], final)
    assert np.array_equal(wins, (final > 0).astype(float))  # a win: strictly first
    assert learned is None


def test_prints_a_row_per_horizon_and_the_end(capsys):
    main(
        [
            "--game",
            "spanish_main",
            "--players",
            "2",
            "--games",
            "1",
            "--positions",
            "4",
            "--worlds",
            "4",
            "--horizons",
            "2,4",
        ]
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("spanish_main (2 seats): 4 positions, 3 candidates, 4 worlds")
    assert lines[1] == "hand-written cut value"
    assert [line.split()[0] for line in lines[3:]] == ["2", "4", "end"]


def test_a_learned_value_is_read_at_the_same_cuts(tmp_path, capsys):
    from training.value import dataset, model, train

    game = games.make("spanish_main", num_players=2)
    net, spec, _ = train.fit(game, dataset.play_positions(game, 6, 4), epochs=1, hidden=[4], log=lambda _: None)
    path = tmp_path / "v.safetensors"
    model.save_value(net, spec, path)
    rng = np.random.default_rng(1)
    states, seats, candidates = sample_positions(game, 1, 3, 2, rng)
    cuts, final, _, learned = rollouts(
        game, states, seats, candidates, 4, [0, 10**6], rng, model.load_value(path, game)
    )
    assert learned.keys() == cuts.keys() and np.array_equal(learned[10**6], final)  # past the end: the final margin
    assert not np.array_equal(learned[0], cuts[0])  # at the first cut: the network's value
    main(
        ["--game", "spanish_main", "--players", "2", "--games", "1", "--positions", "3", "--worlds", "4"]
        + ["--horizons", "2", "--value", str(path)]
    )
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "hand-written cut value" and out[5] == f"learned value {path}"
    assert [line.split()[0] for line in out[7:]] == ["2", "end"]


def test_past_every_end_any_value_could_know_the_final_margin():
    # --ceiling: endings replayed from a finished rollout are the rollout's own final
    # margin, so the best value of the seat's view correlates with it perfectly
    from search_cut_value import ceilings

    game = games.make("spanish_main", num_players=2)
    rng = np.random.default_rng(2)
    states, seats, candidates = sample_positions(game, 1, 4, 2, rng)
    kept = {}
    cuts, final, _, _ = rollouts(game, states, seats, candidates, 4, [0, 10**6], rng, kept=kept)
    assert kept.keys() == {0, 10**6} and len(kept[0]) == final.size
    best = ceilings(game, kept, seats, candidates, 4, 2, rng)
    assert np.allclose(best[10**6], 1.0)
    corr, level = best[0]  # at the first cut the endings differ by what the seat cannot see
    assert 0.0 <= corr <= 1.0 and 0.0 <= level <= 1.0


def test_ceiling_needs_two_endings(capsys):
    with pytest.raises(SystemExit):
        main(["--game", "spanish_main", "--ceiling", "1"])
    assert "--ceiling must be 0 (none) or at least 2 endings" in capsys.readouterr().err
