"""tools/search_ladder.py pools bench-jean results split over seed chunks and plots win
rate against simulations per decision (issue 27: the ladder of a larger budget)."""

import json

import games
from tools import search_ladder


def _run(path, bot, level, wins, draws, games_played):
    path.write_text(json.dumps({"bot": bot, "levels": [
        {"level": level, "wins": wins, "draws": draws, "losses": games_played - wins - draws, "games": games_played}]}))
    return str(path)


def test_chunks_of_one_level_are_pooled_and_each_bot_counts_its_simulations(tmp_path, capsys):
    runs = [_run(tmp_path / "a.json", "search", 1, 30, 1, 50), _run(tmp_path / "b.json", "search", 1, 31, 0, 50),
            _run(tmp_path / "c.json", "search:5:16:24:2", 1, 35, 0, 50),
            _run(tmp_path / "d.json", "heuristic", 1, 25, 1, 50)]
    tally = search_ladder.pooled(runs)
    assert tally["search", 1] == [61, 1, 100]
    solo = games.make("maracaibo_solo")
    assert [search_ladder.simulations(b, solo) for b in ("heuristic", "search", "search:5:16:24:2")] == [1, 24, 80]
    search_ladder.main([str(tmp_path / "ladder.png"), *runs])
    assert (tmp_path / "ladder.png").stat().st_size > 0
    assert "61.0% [51.2%, 70.0%]" in capsys.readouterr().out  # 61 of 100, Wilson 95%
