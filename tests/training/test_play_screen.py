"""``doubloon play``, the parts every game shares (issue 24 section 4): a move typed as
the start of its label, a forced move, the ``i`` command offered only where a game
answers it, and the compile wait on one line. Each test drives ``play`` with scripted
input and reads the printed text, as a person would."""

import io
import re

import numpy as np
import pytest

from tests.spanish_main.positions import build, make
from training.play import _warm_up, parse_move, play, prompt, terminal_status


class First:
    """A bot that plays the first legal action."""

    name = "first"

    def __call__(self, obs, mask):
        return np.array([int(np.flatnonzero(mask[0])[0])])


def scripted(game, script, state=None, seed=0):
    """Play ``game`` (from ``state``, a batch of one, if given) with the lines of ``script``;
    the printed lines."""
    if state is not None:
        game.init = lambda seeds: state.copy()
    feed = iter(line + "\n" for line in script)
    out = []
    play(
        game,
        [First()] * (game.num_players - 1),
        seed=seed,
        read=lambda: next(feed, ""),
        write=out.append,
        warm_up=False,
    )
    return "\n".join(out).splitlines()


OWNERS = ["E1 S1", "D1 E2", "S2 D2"]


def position(g, **kw):
    return build(g, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", owners=OWNERS, current=0, adventure="Kraken", **kw)


def test_the_start_of_one_label_is_that_move():
    g = make(3)
    s = position(g, move_row=["M01", "M11", "M12"])
    legal = g.legal_actions(s[0])
    fog = g.action_from_label(s[0], "There Be Fog Ahead")
    assert parse_move(g, s[0], legal, "there be") == fog  # SM-5.2.8, the only label starting so
    assert parse_move(g, s[0], legal, "  REPAIR   all") == g.action_from_label(s[0], "Repair all ships")
    assert parse_move(g, s[0], legal, "Pass") == g.action_from_label(s[0], "Pass")  # a whole label wins


def test_an_ambiguous_start_lists_its_moves_and_a_wrong_one_says_so():
    g = make(3)
    s = position(g, move_row=["M01", "M11", "M12"])
    legal = g.legal_actions(s[0])
    answer = parse_move(g, s[0], legal, "full speed ahead:")
    assert isinstance(answer, str) and answer.startswith("'full speed ahead:' is ambiguous: it starts 9 moves: ")
    first = legal.index(g.action_from_label(s[0], "Full Speed Ahead: E1 at 1 +6")) + 1
    assert f"{first}. Full Speed Ahead: E1 at 1 +6" in answer.replace("\n    ", " ")
    assert "and 1 more" in answer and "Type more of the label, or its number." in answer.replace("\n    ", " ")
    wrong = parse_move(g, s[0], legal, "sail to 9")
    assert wrong.startswith("'sail to 9' is not a legal move here, nor the start of one.")


def test_a_forced_move_is_made_not_asked_for():
    # SM-10.2.4: an accuser holding two cards of one kind has one card to discard
    g = make(3, move_cards_in_hand=True)
    s = position(g, hands=[["M01", "M01"], ["M02", "M03", "M04"], ["M05", "M06", "M07"]])
    lines = scripted(g, ["Accuse player 1 of pirate E2", "q"], state=s)
    at = lines.index("player 0 (you): Accuse player 1 of pirate E2")
    forced = lines.index("player 0 (you): Discard Full Speed Ahead to accuse (your only move)")
    assert at < forced and not any(line.startswith("Your move (") for line in lines[at:forced])
    assert not any(line.startswith("Your move (1-1,") for line in lines)
    assert lines[forced + 1].startswith("    Accusation right: E2 is player 1's")  # answered after the payment


def test_the_move_numbers_run_down_the_screen_and_pick_what_they_show():
    g = make(3)
    s = position(g, move_row=["M01", "M11", "M12"])
    lines = scripted(g, ["3", "q"], state=s)
    menu = lines[lines.index("Your moves (a number, or a move's label or its start):") + 1 :]
    menu = menu[: next(i for i, line in enumerate(menu) if line.startswith("Your move ("))]
    numbers = [int(n) for n in re.findall(r"(\d+)\)", " ".join(menu))]
    assert numbers == list(range(1, len(numbers) + 1))
    third = g.menu_order(s[0], g.legal_actions(s[0]))[2]
    assert f"player 0 (you): {g.action_label(s[0], third)}" in lines


def test_i_is_offered_only_by_a_game_that_answers_it():
    g = make(3)
    s = position(g, move_row=["M01", "M11", "M12"])
    lines = scripted(g, ["i Kraken", "q"], state=s)
    assert "A15 Kraken (2 cards): ships at positions 4, 6, 8: damaged" in lines  # SM-6.9.12
    assert prompt(g, 9) == "Your move (1-9, a label, b, m, i ID, q):"

    class Silent(type(g)):
        info = None  # a game with nothing to explain

    quiet = Silent(num_players=3)
    assert prompt(quiet, 9) == "Your move (1-9, a label, b, m, q):"
    lines = scripted(quiet, ["i Kraken", "q"], state=position(quiet, move_row=["M01", "M11", "M12"]))
    assert not any("'i ID'" in line or "i ID," in line for line in lines)
    assert "spanish_main has no 'i' command: the board and the move labels say everything." in lines


class Compiles:
    """A game whose kernels 'compile' while ``hold`` is set: enough to drive ``_warm_up``."""

    name, compile_minutes = "fake", 3

    def init(self, seeds):
        import time

        time.sleep(0.05)
        return np.zeros(1)

    def legal_action_mask(self, state):
        return np.ones((1, 1), dtype=bool)

    def observe(self, state, seat):
        return None

    def scores(self, state):
        return None

    ranks = scores

    def step(self, state, actions):
        return None


def test_the_compile_wait_is_one_line():
    out, shown = [], []
    _warm_up(Compiles(), [], 0, out.append, status=shown.append, tick=0.01)
    assert out[0] == (
        "fake: compiling the game's kernels (first run only, about 3 minutes); later\n    games start at once."
    )  # 80 columns
    assert len(out) == 2 and out[1].startswith("  compiled in ")  # the counting went to the status line
    assert shown[-1] == "" and all(text.startswith("  ... compiling, ") for text in shown[:-1])
    out = []
    _warm_up(Compiles(), [], 0, out.append, tick=0.01)  # not a terminal: no counting at all
    assert len(out) == 2
    stream = io.StringIO()
    terminal_status("  ... compiling, 12 s", stream)
    assert stream.getvalue() == "\r" + "  ... compiling, 12 s".ljust(79) + "\r" and "\n" not in stream.getvalue()


def test_menu_order_may_offer_one_of_equal_moves_but_only_legal_ones():
    g = make(3)
    s = position(g, move_row=["M01", "M11", "M12"])
    keep = g.legal_actions(s[0])[:2]

    class Fewer(type(g)):
        def menu_order(self, record, legal):
            return keep  # the others stand for moves equal to these

    few = Fewer(num_players=3)
    lines = scripted(few, ["m", "q"], state=s.copy())
    assert "Your move (1-2, a label, b, m, i ID, q):" in lines

    class Wrong(type(g)):
        def menu_order(self, record, legal):
            return [g.action_id("play_m02", 0)]  # Lost at Sea is not in the row: a bug in the game, named

    with pytest.raises(ValueError, match="menu_order must return legal actions"):
        scripted(Wrong(num_players=3), ["q"], state=s.copy())
