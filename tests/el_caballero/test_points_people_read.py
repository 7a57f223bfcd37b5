"""El Caballero's scores as a person reads them (issue 37 item 2): the engine counts
twelfths of a point as a tie-break (EC-8.7), and the arena's table and JSON and the
recordings it writes say points, the engine's score / 12 (``Game.points``)."""

import json

import numpy as np

from games.core import recording
from training.arena import format_result, run_arena
from training.bots import make_bots

from .positions import make


def test_the_arenas_json_table_and_recordings_say_points(tmp_path):
    # EC-8.7: scores() are twelfths; EC-8.1: a played game has scored, so they are not 0
    g = make(2)
    result = run_arena(g, make_bots("random,heuristic", g), 2, seed=5, record=tmp_path)
    held = {name: [] for name in ("random", "heuristic")}  # the engine's score of each seat held
    paths = sorted(tmp_path.glob("*.json"))
    assert len(paths) == 2  # one seed, both seat orders
    for path in paths:
        rec, game, records = recording.load(path)
        twelfths = game.scores(records[-1:])[0]
        assert twelfths.max() > 12
        assert rec.scores == [recording.plain_number(round(s / 12, 2)) for s in twelfths.tolist()]
        assert json.loads(path.read_text())["scores"] == rec.scores  # the file itself
        for seat, bot in enumerate(rec.bots):
            held[bot].append(twelfths[seat] / 12)
    saved = tmp_path / "arena.json"
    result.save(saved)
    bots = {b["name"]: b for b in json.loads(saved.read_text())["bots"]}
    [pairing] = json.loads(saved.read_text())["pairings"]
    table = format_result(result)
    for name, points in held.items():
        assert np.isclose(bots[name]["mean_score"], np.mean(points), atol=0.01)
        assert f"{np.mean(points):6.2f}" in table
    assert np.isclose(pairing["score_a"], np.mean(held[pairing["a"]]), atol=0.01)
    assert np.isclose(pairing["score_b"], np.mean(held[pairing["b"]]), atol=0.01)
