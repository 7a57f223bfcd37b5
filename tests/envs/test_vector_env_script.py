"""benchmarks/vector_env.py on tiny settings (docs/design.md: benchmarks are never timed
inside tests -- this proves both contenders step through the same ids; no speed is asserted)."""

import pytest

from benchmarks.vector_env import main, run


def test_both_routes_step_with_random_and_heuristic_opponents():
    lines = []
    rows = run(["spanish_main"], ["random", "fast-random", "heuristic"], [2], 0.01, 1, out=lines.append)
    assert [kind for _, kind, n, _, _ in rows] == ["random", "fast-random", "heuristic"]
    assert all(native > 0 and sync > 0 for *_, native, sync in rows)
    assert lines[0].split()[-1] == "native/sync" and all(line.endswith("x") for line in lines[1:])


def test_a_one_seat_game_has_one_row():
    """Maracaibo solo: Jean is part of the rules (MA-24), so there are no opponents to choose."""
    rows = run(["maracaibo_solo"], ["random", "heuristic"], [1], 0.01, 1, out=lambda line: None)
    assert [(name, kind) for name, kind, *_ in rows] == [("maracaibo_solo", "(rules)")]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--games", "chess"], "unknown games ['chess']"),
        (["--num-envs", "0"], "--num-envs takes positive integers"),
        (["--opponents", "search"], "--opponents takes random, fast-random, heuristic"),
    ],
)
def test_bad_arguments_stop_in_one_line(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and message in capsys.readouterr().err
