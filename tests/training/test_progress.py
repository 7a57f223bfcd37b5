"""Progress bars without a terminal (a pipe, a CI log) print a few plain lines, not one
endless line of carriage-return redraws (training/progress.py)."""

import io

from training.progress import PLAIN_LINES, progress_bar


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_without_a_terminal_a_bar_prints_a_plain_line_per_quarter():
    log = io.StringIO()
    bar = progress_bar(total=100, desc="games", unit="game", leave=False, file=log)
    for _ in range(100):
        bar.update()
    bar.close()
    text = log.getvalue()
    lines = text.splitlines()
    assert "\r" not in text and len(lines) == 1 + PLAIN_LINES  # the start, then every quarter
    assert [line.split("|")[0].split()[-1] for line in lines] == ["0%", "25%", "50%", "75%", "100%"]


def test_an_iterable_bar_without_a_terminal_too():
    log = io.StringIO()
    assert list(progress_bar(range(10), desc="weights", file=log)) == list(range(10))
    assert "\r" not in log.getvalue() and len(log.getvalue().splitlines()) <= 1 + PLAIN_LINES


def test_on_a_terminal_the_bar_redraws_in_place():
    screen = _Terminal()
    bar = progress_bar(total=100, desc="games", file=screen, mininterval=0)
    for _ in range(100):
        bar.update()
    bar.close()
    assert screen.getvalue().count("\r") > PLAIN_LINES
