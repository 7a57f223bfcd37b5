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
    assert [(p.a, p.b) for p in result.pairings] == [
        ("random", "heuristic"),
        ("random", "random#2"),
        ("heuristic", "random#2"),
    ]
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
    for n in range(1, 1200):  # every interval holds its rate (the plot's error bars need it)
        for wins in (0, n):
            lo, hi = wilson_interval(wins, n)
            assert lo <= wins / n <= hi, (wins, n)


def _drawn_figure(monkeypatch, draw):
    """The figure ``draw()`` saves, kept open for inspection."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    kept = {}
    original = Figure.savefig

    def keep(fig, path, **kwargs):
        kept["fig"] = fig
        fig.canvas.draw()
        kept["renderer"] = fig.canvas.get_renderer()
        return original(fig, path, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    draw()
    return kept["fig"], kept["renderer"]


def test_arena_plot_labels_never_touch_the_confidence_bars(spanish3, tmp_path, monkeypatch):
    """Win rates near 0, 50% and 100% put the interval where the labels used to be."""
    bots = make_bots(["random", "heuristic", "random"], spanish3, seed=0)
    result = run_arena(spanish3, bots, 12, seed=0)
    fig, renderer = _drawn_figure(monkeypatch, lambda: plot_result(result, tmp_path / "arena.png"))
    ax = fig.axes[0]
    labels = [t.get_window_extent(renderer) for t in ax.texts]
    assert len(labels) == 2 * len(result.pairings)
    bars = [path.get_extents(ax.transData) for c in ax.collections for path in c.get_paths()]
    assert bars
    for label in labels:
        for bar in bars:
            assert not label.overlaps(bar), (label, bar)
    axes_box = ax.get_window_extent(renderer)
    assert all(axes_box.x0 <= lb.x0 and lb.x1 <= axes_box.x1 for lb in labels)  # labels inside the panel
