"""doubloon bench-jean: a bot against Jean (Maracaibo solo) per level; numbers checked
against the engine's own returns and scores, computed here independently."""

import numpy as np
import pytest

import games
from training.arena import wilson_interval
from games.maracaibo.solo.stats import JEAN_SOURCES, jean_vp_by_source
from training.bench_jean import BOT_SEED, SPEED_PREFIX, parse_levels, run_ladder
from training.bots import make_bot


def level_rows(out):
    return [
        line for line in out.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"], ["4"], ["5"]) and "%" in line
    ]


@pytest.mark.slow
def test_prints_one_row_per_level_and_draws_the_plot(run_cli, tmp_path):
    png = tmp_path / "m.png"
    code, out, err = run_cli(
        "bench-jean",
        "--bot",
        "random",
        "--levels",
        "1-2",
        "--games",
        "4",
        "--no-progress",
        "--plot",
        str(png),
        "--json",
        str(tmp_path / "r.json"),
    )
    assert code == 0, err
    rows = level_rows(out)
    assert [r.split()[0] for r in rows] == ["1", "2"]
    assert "95% CI" in out and "margin" in out and "Jean's VP by source" in out
    for source in JEAN_SOURCES:
        assert source in out
    assert png.is_file() and png.stat().st_size > 0 and (tmp_path / "r.json").is_file()


def test_single_level_and_checkpoint_flag(run_cli):
    code, out, _ = run_cli("bench-jean", "--bot", "random", "--level", "4", "--games", "3", "--no-progress")
    assert code == 0 and [r.split()[0] for r in level_rows(out)] == ["4"]


def _without_speed(text):
    """The output less the speed line (the machine's, not the bot's)."""
    lines = text.splitlines()
    assert sum(line.startswith(SPEED_PREFIX) for line in lines) == 1
    return [line for line in lines if not line.startswith(SPEED_PREFIX)]


def test_reproducible_on_the_fixed_seed_list(run_cli):
    argv = ("bench-jean", "--bot", "random", "--levels", "1-2", "--games", "4", "--no-progress")
    first, second = run_cli(*argv)[1], run_cli(*argv)[1]
    assert _without_speed(first) == _without_speed(second)
    a = run_ladder({"expansion_cards": False}, "random", (1,), 4, seed=7)
    b = run_ladder({"expansion_cards": False}, "random", (1,), 4, seed=7)
    assert a.to_json() == b.to_json() and a.seeds == [7, 8, 9, 10]


@pytest.mark.slow
def test_a_ladder_split_into_chunks_plays_the_games_of_one_run():
    # the search decides game by game, so seeds 0..3 in one run and as two 2-game chunks
    # (--seed 0 and --seed 2) give every seed the same game
    bot = "search:2:2:3"
    whole = run_ladder({"expansion_cards": False}, bot, (1,), 4, seed=0).levels[0]
    parts = [run_ladder({"expansion_cards": False}, bot, (1,), 2, seed=s).levels[0] for s in (0, 2)]
    assert whole.margins == parts[0].margins + parts[1].margins


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--bot", "alphazero", "--level", "1"), "unknown bot 'alphazero'"),
        (("--bot", "random", "--level", "0"), "Jean's level must be in 1..5"),
        (("--bot", "random", "--level", "6"), "Jean's level must be in 1..5"),
        (("--bot", "random", "--levels", "0-5"), "Jean's level must be in 1..5"),
        (("--bot", "random", "--levels", "1-6"), "Jean's level must be in 1..5"),
        (("--bot", "random", "--levels", "five"), "levels are N, A-B or A,B,C"),
        (("--bot", "random", "--level", "1-3"), "--level takes one level"),
        (("--bot", "random", "--checkpoint", "x.zip"), "not allowed with argument"),
        (("--level", "1"), "one of the arguments --bot --checkpoint is required"),
        (("--checkpoint", "/no/such.zip", "--level", "1"), "checkpoint not found"),
        (("--bot", "random", "--level", "1", "--games", "0"), "argument --games: must be a positive integer, got 0"),
    ],
)
def test_bad_input_is_rejected_clearly(run_cli, argv, message):
    extra = () if "--games" in argv else ("--games", "2")
    code, out, err = run_cli("bench-jean", *argv, *extra, "--no-progress")
    assert code == 2 and message in err, err
    assert not level_rows(out)


def test_parse_levels():
    assert parse_levels("1-5") == (1, 2, 3, 4, 5) and parse_levels("3") == (3,) and parse_levels("1,3,5") == (1, 3, 5)


@pytest.mark.parametrize("bot", ["random", pytest.param("heuristic", marks=pytest.mark.slow)])
def test_numbers_match_the_engine(bot):
    """Play the same seeds step by step here (no play_games) and compare."""
    n, levels = 6, (2, 5)
    result = run_ladder({"expansion_cards": False}, bot, levels, n, seed=3)
    for row, level in zip(result.levels, levels):
        game = games.make("maracaibo_solo", level=level, expansion_cards=False)
        player = make_bot(bot, game, seed=BOT_SEED)  # the ladder seeds every bot alike
        state = game.init(np.arange(3, 3 + n, dtype=np.int64))
        while not game.terminated(state).all():
            live = ~game.terminated(state)
            obs, mask = game.observe(state, np.zeros(n, dtype=np.int64)), game.legal_action_mask(state)
            act = np.zeros(n, dtype=np.int64)
            act[live] = player(obs[live], mask[live])
            game.step_unchecked(state, act)  # finished rows ignore their action, as in play_games
        ret = game.returns(state)[:, 0]
        margin = game.scores(state)[:, 0].astype(int) - game.jean_scores(state).astype(int)
        assert row.level == level and row.games == n
        assert row.margins == margin.tolist()
        assert row.wins == int((ret == 1).sum()) and row.draws == int((ret == 0.5).sum())
        assert row.losses == int((ret == 0).sum()) and row.mean_return == pytest.approx(ret.mean())
        assert row.ci == wilson_interval(int((ret == 1).sum()), n)
        assert row.jean_vp == pytest.approx(game.jean_scores(state).mean())
        assert row.human_vp == pytest.approx(game.scores(state)[:, 0].mean())
        assert np.array_equal((margin > 0), ret == 1)
        parts = jean_vp_by_source(state)
        assert np.array_equal(parts.sum(axis=1), game.jean_scores(state))
        assert (parts[:, 1:] >= 0).all()
        assert sum(row.jean_sources.values()) == pytest.approx(row.jean_vp)
        stats = row.margin_stats()
        assert stats["median"] == pytest.approx(np.median(margin)) and stats["mean"] == pytest.approx(margin.mean())


def test_margin_histogram_has_integer_ticks(tmp_path, monkeypatch):
    """Counts of games and VP margins are whole numbers: so are the ticks (and bin edges sit between)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from training.bench_jean import plot_margins

    kept = {}
    original = Figure.savefig

    def keep(fig, path, **kwargs):
        fig.canvas.draw()
        kept["ax"] = fig.axes[0]
        return original(fig, path, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    result = run_ladder({"expansion_cards": False}, "random", (1, 2), 4, seed=0)
    plot_margins(result, tmp_path / "m.png")
    ax = kept["ax"]
    lo, hi = ax.get_ylim()
    yticks = [t for t in ax.get_yticks() if lo <= t <= hi]
    assert yticks and all(float(t).is_integer() for t in yticks), yticks
    xlo, xhi = ax.get_xlim()
    xticks = [t for t in ax.get_xticks() if xlo <= t <= xhi]
    assert xticks and all(float(t).is_integer() for t in xticks), xticks
    margins = np.concatenate([r.margins for r in result.levels])
    edges = np.unique(ax.patches[0].get_xy()[:, 0])
    assert not np.isin(margins, edges).any()  # no margin on a bin edge


# ----- the per-game table and its summary (notebooks/maracaibo_vs_jean) -----------------------
@pytest.fixture(scope="module")
def table():
    from training.bench_jean import game_table

    return game_table({"expansion_cards": False}, ["heuristic", "random"], (1, 4), 5, seed=2)


def test_game_table_agrees_with_the_ladder_and_jean_s_bonuses(table):
    from games.maracaibo.data.jean import JEAN_VP_PER_QUEST
    from games.maracaibo.solo.rules import lead_bonus
    from games.maracaibo.solo.stats import END_COUNTS

    assert table["bot"].tolist() == ["heuristic"] * 10 + ["random"] * 10
    assert table["level"].tolist() == ([1] * 5 + [4] * 5) * 2 and table["seed"].tolist() == list(range(2, 7)) * 4
    for bot in ("heuristic", "random"):
        ladder = run_ladder({"expansion_cards": False}, bot, (1, 4), 5, seed=2)
        for row in ladder.levels:
            sel = (table["bot"] == bot) & (table["level"] == row.level)
            assert table["margin"][sel].tolist() == row.margins
            assert (table["bot_vp"][sel] - table["jean_vp"][sel]).tolist() == row.margins
    parts = np.column_stack([table[f"jean_{s}"] for s in JEAN_SOURCES])
    assert np.array_equal(parts.sum(axis=1), table["jean_vp"])
    assert (table[f"bot_{END_COUNTS[0]}"] >= 0).all()
    # MA-24.14: her lead bonuses are set by the end counts the table reports
    for i in range(len(table["bot"])):
        assert table["jean_bonus_quests"][i] == JEAN_VP_PER_QUEST * table["jean_quests"][i]
        assert table["jean_bonus_quest_lead"][i] == lead_bonus(0, table["jean_quests"][i] - table["bot_quests"][i])
        assert table["jean_bonus_upgrade_lead"][i] == lead_bonus(
            1, table["jean_upgrades"][i] - table["bot_upgrades"][i]
        )
        assert table["jean_bonus_explorer_lead"][i] == lead_bonus(
            2, table["bot_explorer_to_end"][i] - table["jean_explorer_to_end"][i]
        )


def test_outcome_summary_counts_every_game_once(table):
    import json

    from training.bench_jean import COUNT_COLUMNS, outcome_summary

    summary = json.loads(json.dumps(outcome_summary(table)))  # JSON as committed
    assert list(summary) == ["heuristic", "random"] and list(summary["random"]) == ["1", "4"]
    for bot, levels in summary.items():
        for level, entry in levels.items():
            sel = (table["bot"] == bot) & (table["level"] == int(level))
            margin = table["margin"][sel]
            assert entry["games"] == 5 == entry["wins"] + entry["draws"] + entry["losses"]
            assert entry["wins"] == int((margin > 0).sum()) and entry["losses"] == int((margin < 0).sum())
            assert sorted(np.repeat(entry["margin"]["values"], entry["margin"]["counts"]).tolist()) == sorted(
                margin.tolist()
            )
            assert entry["mean"]["all"]["jean_vp"] == pytest.approx(table["jean_vp"][sel].mean())
            if entry["wins"] == 0:
                assert entry["mean"]["win"]["bot_vp"] is None and entry["counts"]["win"]["bot_quests"]["counts"] == []
            for column in COUNT_COLUMNS:
                assert sum(entry["counts"]["loss"][column]["counts"]) == entry["losses"]
    assert summary["random"]["1"]["wins"] == 0  # the random bot never wins (docs/bench_jean.md)


def test_the_breakdown_reads_finished_games_only():
    from games.maracaibo.solo.stats import end_counts
    from games.maracaibo.state import DTYPE as MARACAIBO_DTYPE

    game = games.make("maracaibo_solo", level=1)
    state = game.init(np.arange(2))
    with pytest.raises(ValueError, match="rows \\[0, 1\\] are still running"):
        jean_vp_by_source(state)
    with pytest.raises(ValueError, match="batch of maracaibo_solo records"):
        end_counts(np.zeros(1, dtype=MARACAIBO_DTYPE), 0)  # a 3-4 player record has no Jean


def test_the_breakdown_reads_the_same_uncompiled(tmp_path):
    # the kernels run as plain Python (NUMBA_DISABLE_JIT=1, docs/design.md): the breakdown of
    # Jean's VP (MA-24.14) and the end counts read the records as the rule queries do
    import json
    import os
    import subprocess
    import sys

    from games.maracaibo.solo.stats import end_counts

    game = games.make("maracaibo_solo", level=2)
    state, bot = game.init(np.array([3])), make_bot("heuristic", game, seed=3)
    while not game.terminated(state)[0]:
        game.step(state, bot(game.observe(state, 0), game.legal_action_mask(state)))
    (tmp_path / "end.json").write_text(json.dumps(game.to_json(state[0])))
    code = (
        f"import json, numpy as np, games; from games.maracaibo.solo.stats import end_counts, jean_vp_by_source\n"
        f"g = games.make('maracaibo_solo', level=2)\n"
        f"s = g.from_json(json.load(open({str(tmp_path / 'end.json')!r})))\n"
        f"print(json.dumps([jean_vp_by_source(s).tolist(), end_counts(s, 0).tolist(), end_counts(s, 1).tolist()]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == [
        jean_vp_by_source(state).tolist(),
        end_counts(state, 0).tolist(),
        end_counts(state, 1).tolist(),
    ]
