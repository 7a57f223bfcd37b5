"""tools/search_ladder.py pools bench-jean results split over seed chunks and plots win
rate against simulations per decision (issue 27: the ladder of a larger budget)."""

import json

import games
from tools import search_ladder


def _run(path, bot, level, wins, draws, games_played):
    path.write_text(
        json.dumps(
            {
                "bot": bot,
                "levels": [
                    {
                        "level": level,
                        "wins": wins,
                        "draws": draws,
                        "losses": games_played - wins - draws,
                        "games": games_played,
                    }
                ],
            }
        )
    )
    return str(path)


def test_chunks_of_one_level_are_pooled_and_each_bot_counts_its_simulations(tmp_path, capsys):
    runs = [
        _run(tmp_path / "a.json", "search", 1, 30, 1, 50),
        _run(tmp_path / "b.json", "search", 1, 31, 0, 50),
        _run(tmp_path / "c.json", "search:5:16:24:2", 1, 35, 0, 50),
        _run(tmp_path / "d.json", "heuristic", 1, 25, 1, 50),
    ]
    tally = search_ladder.pooled(runs)
    assert tally["search", 1] == [61, 1, 100]
    solo = games.make("maracaibo_solo")
    assert [search_ladder.simulations(b, solo) for b in ("heuristic", "search", "search:5:16:24:2")] == [1, 24, 80]
    search_ladder.main([str(tmp_path / "ladder.png"), *runs])
    assert (tmp_path / "ladder.png").stat().st_size > 0
    assert "61.0% [51.2%, 70.0%]" in capsys.readouterr().out  # 61 of 100, Wilson 95%


def _margins(path, bot, level, seeds, margins):
    wins = sum(m > 0 for m in margins)
    path.write_text(
        json.dumps(
            {
                "bot": bot,
                "seeds": seeds,
                "levels": [
                    {"level": level, "wins": wins, "draws": margins.count(0), "games": len(seeds), "margins": margins}
                ],
            }
        )
    )
    return str(path)


def test_same_seeds_compares_a_level_only_on_the_games_every_bot_played(tmp_path, capsys):
    # the default budget over seeds 0..3 in two chunks, the larger budget over seeds 0..1 only
    runs = [
        _margins(tmp_path / "a.json", "search", 1, [0, 1], [5, -3]),
        _margins(tmp_path / "b.json", "search", 1, [2, 3], [7, 9]),
        _margins(tmp_path / "c.json", "search:5:16:24:2", 1, [0, 1], [0, 4]),
    ]
    assert search_ladder.pooled(runs)["search", 1] == [3, 0, 4]
    same = search_ladder.on_same_seeds(runs)
    assert same["search", 1] == [1, 0, 2]  # seeds 0 and 1: +5 wins, -3 loses
    assert same["search:5:16:24:2", 1] == [1, 1, 2]  # 0 is a draw
    search_ladder.main([str(tmp_path / "same.png"), "--same-seeds", *runs])
    out = capsys.readouterr().out
    assert "50.0%" in out and "75.0%" not in out  # pooled, the default would read 3 of 4
