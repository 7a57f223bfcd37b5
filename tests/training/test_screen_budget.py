"""training/screen.py: the narration of a screen with ``screen_rows`` joins a seat's moves
without losing any, and a screen too long for its rows cuts the narration's oldest lines
and pages the move list, saying how to see what was cut."""

from training.screen import Log, fit_screen, page


def test_a_seats_moves_join_into_one_paragraph_and_repeats_are_counted():
    log = Log()
    log.move("player 1", "Sail to 9")
    for _ in range(3):
        log.move("player 1", "Boost +1 (pay 1 CP)")
    log.move("player 1", "Draw from the deck", ["you drew A012 Sailor (HERB)"])
    log.line("Jean: card A3, sails 9 to 11")
    log.move("player 2", "Done: end Phase B")
    assert log.lines(120) == [
        "player 1: Sail to 9; Boost +1 (pay 1 CP) (x3); Draw from the deck -> you drew A012 Sailor (HERB)",
        "Jean: card A3, sails 9 to 11",
        "player 2: Done: end Phase B",
    ]
    wrapped = log.lines(30)
    assert all(len(line) <= 30 for line in wrapped) and wrapped[1].startswith("    ")


def test_a_screen_that_fits_is_shown_whole():
    board, log, menu = ["b"] * 20, ["l"] * 10, ["m"] * 10
    lines, rest = fit_screen(board, log, menu, 50)
    assert lines == board + log + menu and rest == []


def test_a_long_screen_keeps_the_latest_narration_and_pages_the_menu():
    board = ["b"] * 30
    log = [f"log {i}" for i in range(20)]
    menu = [f"move {i}" for i in range(20)]
    lines, rest = fit_screen(board, log, menu, 50)
    assert len(lines) == 49  # the prompt takes the 50th row
    shown_log = lines[30 : lines.index("move 0")]
    assert shown_log[0] == "(11 earlier lines of what happened: 'l' shows them all)"
    assert shown_log[1:] == log[11:]  # the latest lines, next to the moves
    assert lines[-1] == f"  ... {len(rest)} more lines of moves: 'more' shows them"
    assert lines[lines.index("move 0") : -1] + rest == menu  # nothing lost
    first, more = page(rest, 50)
    assert first == rest and more == []


def test_a_page_longer_than_the_rows_says_how_much_is_left():
    lines = [str(i) for i in range(100)]
    first, rest = page(lines, 50)
    assert len(first) == 49 and first[:-1] == lines[:48] and rest == lines[48:]
    assert first[-1] == "  ... 52 more lines: 'more' shows them"
