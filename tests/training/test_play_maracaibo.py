"""``doubloon play`` for Maracaibo and its solo mode (issue 8 section 4): what a person
sees is true and complete. Each test drives ``play`` with scripted input and reads
the printed text."""

import io
import sys
from types import SimpleNamespace

import numpy as np

import games
from training.cli import main
from training.play import kernels_cached, play


def run(game, script, seed=3, **kw):
    """Play with ``script`` (a list of lines, then seeded random move numbers)."""
    out, lines = [], list(script)
    rng = np.random.default_rng(seed)

    def read():
        if lines:
            return lines.pop(0) + "\n"
        return f"{int(rng.integers(1, 4))}\n"

    def write(text):
        out.append(text)

    result = play(game, kw.pop("bots", []), seed=seed, read=read, write=write, warm_up=False, **kw)
    return "\n".join(out), result


def test_solo_cli_needs_no_bots_and_names_jean(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code = main(["play", "maracaibo_solo", "-o", "level=4"])
    out = capsys.readouterr().out
    assert code == 0 and "no heuristic bot" not in out
    assert "maracaibo_solo: you play against Jean (level 4, hard)" in out
    assert "You left the game." in out


def test_solo_game_over_shows_both_scores_and_the_result_against_jean():
    g = games.make("maracaibo_solo")
    text, scores = run(g, [])
    lines = text.splitlines()
    assert not any(line.startswith("Winner:") for line in lines)
    final = [line for line in lines if line.startswith("Final scores:")]
    assert len(final) == 1
    (you,) = scores
    assert final[0].startswith(f"Final scores: you {int(you)} VP, Jean (level 3, medium) ")
    jean = int(final[0].split("Jean (level 3, medium) ")[1].split()[0])
    assert (f"Jean wins by {jean - you} VP" in final[0]) == (jean > you)


def test_jean_turns_are_printed_and_her_cards_explained():
    g = games.make("maracaibo_solo")
    text, _ = run(g, ["i A3", "i", "i nonsense"])
    assert "Jean's solo card A3: sail 1 counted location (lower branch)" in text
    assert "Jean's solo cards:" in text and "Nothing is called 'nonsense'" in text
    jean = [line for line in text.splitlines() if line.startswith("Jean: card ")]
    assert len(jean) > 10 and all(" to " in line or "stays at" in line for line in jean)


def test_narration_names_the_card_as_the_move_did():
    """The label is computed before the move; afterwards the hand card is gone."""
    g = games.make("maracaibo_solo")
    text, _ = run(g, [])
    lines = text.splitlines()
    mine = [i for i, line in enumerate(lines) if line.startswith("player 0 (you): ")]
    assert mine and not any("hand card" in lines[i] or "planning slot" in lines[i] for i in mine)
    assert any(lines[i].startswith("player 0 (you): Discard A") for i in mine)
    # MA-24: her turn came after the move, narrated under it
    assert any(lines[i + 1].startswith("Jean: card ") for i in mine if i + 1 < len(lines))


def test_screens_fit_120_columns_and_moves_redraw_alone():
    g = games.make("maracaibo", num_players=2)

    class First:
        name = "first"

        def __call__(self, obs, mask):
            return np.array([int(np.flatnonzero(mask[0])[0])])

    text, _ = run(g, ["m", "q"], bots=[First()])
    assert g.screen_width == 120 and max(len(line) for line in text.splitlines()) <= 120
    assert text.count("Your moves (") == 2  # the screen's list, then 'm' alone
    after_m = text.split("Your moves (")[2]
    assert "Map: " not in after_m


def test_compile_notice_when_the_kernels_are_not_cached():
    fake = SimpleNamespace(
        kernels=SimpleNamespace(
            step_one=SimpleNamespace(_cache=SimpleNamespace(_cache_file=SimpleNamespace(_index_path="/no/such.nbi")))
        )
    )
    assert not kernels_cached(fake)
    g = games.make("maracaibo_solo")
    assert kernels_cached(g)  # the tests above compiled them
    out = []
    play(g, [], read=lambda: "q\n", write=out.append, warm_up=True)
    assert out[0].replace("\n    ", " ") == (
        "maracaibo_solo: compiling the game's kernels (first run only, about 3 minutes); later games start at once."
    )
    assert out[1].startswith("  compiled in ")


def test_compile_check_covers_the_bots_kernels(monkeypatch):
    """A bot with numba kernels of its own (the Maracaibo heuristic) compiles on its
    first move: the notice covers it too."""
    import types

    module = types.ModuleType("fake_bot_module")
    module.kernel = SimpleNamespace(_cache=SimpleNamespace(_cache_file=SimpleNamespace(_index_path="/no/such.nbi")))
    monkeypatch.setitem(sys.modules, "fake_bot_module", module)
    Bot = type("Bot", (), {"__module__": "fake_bot_module"})
    g = games.make("maracaibo_solo")
    assert kernels_cached(g) and not kernels_cached(g, [Bot()])


def test_a_forced_move_is_made_not_asked_for():
    """A decision with one legal move (MA-29: e.g. the only delivery left to skip) is
    played for the person and said so; no prompt asks for move 1 of 1."""
    g = games.make("maracaibo_solo")
    text, _ = run(g, [])
    assert "(your only move)" in text
    assert "Your move (1-1," not in text
