"""arena / bench-jean over several Maracaibo boards (--tile-set, --tile-sets; MA-26.4):
each tile set's result equals the plain command's with that legacy_tiles, and the pooled
rows count the games of every tile set together."""

import json

import games
import pytest

from training import tile_sets as TS
from training.arena import BotSummary, Pairing, run_arena, wilson_interval
from training.bench_jean import run_ladder
from training.bots import make_bots


def test_tile_sets_from_the_flags_and_from_a_file(tmp_path):
    """MA-26.4: each set checked (check_legacy_tiles) and canonical; "none" is the board without tiles."""
    assert TS.tile_sets_from_args("maracaibo", ["L6,L2", "none"]) == [("L2", "L6"), ()]
    path = tmp_path / "sets.json"
    path.write_text(json.dumps([["L25", "L10"], []]))
    assert TS.tile_sets_from_args("maracaibo_solo", None, str(path)) == [("L10", "L25"), ()]
    assert TS.tile_sets_from_args("maracaibo", None, None) is None


@pytest.mark.parametrize(
    "args, message",
    [
        (dict(texts=["L2"], path="x.json"), "not both"),
        (dict(texts=["L2"], options={"legacy_tiles": ("L6",)}), "do not pass -o legacy_tiles too"),
        (dict(texts=["L2", "L2"]), "tile set L2 given twice"),
        (dict(texts=["L2,L99"]), "--tile-set 'L2,L99': .*unknown legacy tile 'L99'"),
        (dict(texts=["L2,L2"]), "given twice \\(each tile exists once, MA-26.4\\)"),
        (dict(path="missing.json"), "tile-set file missing.json: cannot read it"),
        (dict(game="spanish_main", texts=["L2"]), "legacy tiles of maracaibo or maracaibo_solo"),
    ],
)
def test_bad_tile_sets_are_one_line(args, message):
    args = {"game": "maracaibo", **args}
    with pytest.raises(ValueError, match=message) as err:
        TS.tile_sets_from_args(args["game"], args.get("texts"), args.get("path"), args.get("options"))
    assert "\n" not in str(err.value)


def test_a_bad_file_is_refused(tmp_path):
    for text, message in (
        ("{", "tile-set file .*: not JSON"),
        ("[NaN]", "NaN is not a number JSON has"),
        ('{"a": 1}', "expected a JSON list"),
        ("[]", "no tile set"),
        ('[["L2"], ["L99"]]', "entry 1: .*unknown legacy tile"),
    ):
        path = tmp_path / "bad.json"
        path.write_text(text)
        with pytest.raises(ValueError, match=message):
            TS.tile_sets_from_args("maracaibo", None, str(path))


def test_pooled_arena_rows_sum_the_games_of_every_tile_set():
    """Pooled win counts and games are sums; scores are means weighted by games."""

    class Result:
        def __init__(self, pairings, bots):
            self.pairings, self.bots = pairings, bots

    per_set = [
        (
            ("L2",),
            Result(
                [Pairing("a", "b", 4, 3, 10.0, 5.0)],
                [BotSummary("a", 4, 3, 10.0, 0, 0), BotSummary("b", 4, 1, 5.0, 0, 0)],
            ),
        ),
        (
            (),
            Result(
                [Pairing("a", "b", 12, 3, 6.0, 7.0)],
                [BotSummary("a", 12, 3, 6.0, 0, 0), BotSummary("b", 12, 9, 7.0, 0, 0)],
            ),
        ),
    ]
    pairings, bots = TS.arena_rows(per_set)
    assert pairings[-1] == ("pooled", "a vs b", 16, 6, 7.0, 6.5)
    assert bots[-2:] == [("pooled", "a", 16, 6, 7.0), ("pooled", "b", 16, 10, 6.5)]
    assert [r[0] for r in bots] == ["L2", "L2", "none", "none", "pooled", "pooled"]


def test_arena_over_tile_sets_is_the_arena_of_each_board(run_cli, tmp_path):
    """MA-26.4: each tile set's rows are the plain arena with that legacy_tiles (same seeds
    and bots); the pooled row adds them up; --json keeps both."""
    out_json = tmp_path / "a.json"
    code, out, err = run_cli(
        "arena",
        "maracaibo",
        "--players",
        "2",
        "--bots",
        "random,random",
        "--games",
        "4",
        "--tile-set",
        "L2,L6",
        "--tile-set",
        "none",
        "--no-progress",
        "--json",
        str(out_json),
    )
    assert code == 0, err
    saved = json.loads(out_json.read_text())
    wins = 0
    for tiles, entry in zip([("L2", "L6"), ()], saved["tile_sets"]):
        game = games.make("maracaibo", num_players=2, legacy_tiles=tiles)
        plain = run_arena(game, make_bots("random,random", game, seed=0), 4, seed=0)
        assert entry["legacy_tiles"] == list(tiles) and entry["result"] == json.loads(json.dumps(plain.to_json()))
        wins += plain.pairings[0].wins_a
        assert any(line.startswith(TS.label(tiles)) and "random vs random#2" in line for line in out.splitlines())
    pooled = saved["pooled"]["pairings"][0]
    assert (pooled["games"], pooled["wins_a"]) == (8, wins)
    lo, hi = wilson_interval(wins, 8)
    assert (
        f"{wins / 8:6.1%} [{lo:6.1%}, {hi:6.1%}]" in [line for line in out.splitlines() if line.startswith("pooled")][0]
    )


def test_bench_jean_over_tile_sets_is_the_ladder_of_each_board(run_cli, tmp_path):
    """MA-26.4 in the solo game: each board's level rows are run_ladder's with that
    legacy_tiles; pooled W/D/L per level are the sums."""
    out_json = tmp_path / "j.json"
    code, out, err = run_cli(
        "bench-jean",
        "--bot",
        "random",
        "--level",
        "2",
        "--games",
        "3",
        "--tile-set",
        "L4,L7",
        "--tile-set",
        "L3",
        "--no-progress",
        "--json",
        str(out_json),
    )
    assert code == 0, err
    saved = json.loads(out_json.read_text())
    total = [0, 0, 0, 0]
    for tiles, entry in zip([("L4", "L7"), ("L3",)], saved["tile_sets"]):
        plain = run_ladder({"expansion_cards": False, "legacy_tiles": tiles}, "random", (2,), 3).levels[0]
        assert entry["result"]["levels"][0]["margins"] == plain.margins
        total = [t + v for t, v in zip(total, (plain.games, plain.wins, plain.draws, plain.losses))]
    pooled = saved["pooled"][0]
    assert [pooled[k] for k in ("games", "wins", "draws", "losses")] == total
    row = [line for line in out.splitlines() if line.startswith("pooled")][0].split()
    assert row[1:4] == ["2", "6", f"{total[1]}/{total[2]}/{total[3]}"]


def test_plot_and_legacy_tiles_option_are_refused_with_tile_sets(run_cli, tmp_path):
    code, _, err = run_cli(
        "arena", "maracaibo", "--bots", "random,random", "--tile-set", "L2", "--plot", str(tmp_path / "p.png")
    )
    assert code == 2 and "--plot draws one board's arena" in err
    code, _, err = run_cli("bench-jean", "--bot", "random", "--tile-set", "L2", "-o", "legacy_tiles=L6")
    assert code == 2 and "do not pass -o legacy_tiles too" in err
