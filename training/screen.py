"""``doubloon play``'s screen for a game that sets ``screen_rows`` (Maracaibo: 50): the
board, then what happened since the person's last choice, then the moves, then the
prompt, all within that many rows, so that a terminal of that height keeps the
narration in view next to the prompt.

The narration (``Log``) joins a seat's consecutive moves into one paragraph ("player 1
(heuristic): Sail to 9; City action: COMBAT; Boost +1 (pay 1 CP) (x3); End combat"):
nothing is left out, only the repeated names. Where board, narration and moves do not
fit, the narration keeps its latest lines (``l`` prints it whole) and the move list is
paged (``more`` prints the next page).
"""

import textwrap

MIN_MENU = 6  # rows the move list keeps at least (half of what the board leaves, if more)


class Log:
    """The moves since the person's last prompt, as ``play`` makes them."""

    def __init__(self):
        self.entries = []  # (who, text, detail lines); who None: a line of its own

    def move(self, who, text, details=()):
        self.entries.append((who, text, list(details)))

    def line(self, text):
        self.entries.append((None, text, []))

    def clear(self):
        self.entries = []

    def lines(self, width):
        """The narration wrapped to ``width``: one paragraph per run of one seat's moves
        (a move repeated in a row counted once, "(x3)"); a move's outcome after it."""
        runs = []  # [who, [texts]]
        for who, text, details in self.entries:
            text = text + "".join(f" -> {d}" for d in details)
            if who is not None and runs and runs[-1][0] == who:
                runs[-1][1].append(text)
            else:
                runs.append([who, [text]])
        out = []
        for who, texts in runs:
            counted = []
            for text in texts:
                if counted and counted[-1][0] == text:
                    counted[-1][1] += 1
                else:
                    counted.append([text, 1])
            body = "; ".join(t + (f" (x{k})" if k > 1 else "") for t, k in counted)
            text = f"{who}: {body}" if who else body
            out += textwrap.wrap(text, width, subsequent_indent="    ", break_on_hyphens=False)
        return out


def fit_screen(board, log, menu, rows):
    """The screen's lines (board, narration, menu; the prompt line not included, it takes
    one of ``rows``) and the menu lines left for ``more``. The board stays whole; the
    narration keeps its latest lines (the first saying how many earlier ones ``l`` shows);
    the menu is cut last, its final line saying how to see the rest."""
    room = rows - 1 - len(board)
    if len(log) + len(menu) <= room:
        return board + log + menu, []
    menu_room = max(min(len(menu), max(MIN_MENU, room // 2)), room - len(log))  # half each, at worst
    log_room = room - menu_room
    if len(log) > log_room:
        keep = max(log_room - 1, 0)
        cut = len(log) - keep
        log = [f"({cut} earlier lines of what happened: 'l' shows them all)"] + (log[cut:] if keep else [])
    menu_room = room - len(log)
    if len(menu) <= menu_room:
        return board + log + menu, []
    shown = max(menu_room - 1, 0)
    rest = menu[shown:]
    return board + log + menu[:shown] + [f"  ... {len(rest)} more lines of moves: 'more' shows them"], rest


def page(lines, rows):
    """The first page of ``lines`` for ``rows`` rows (the prompt takes one) and the rest."""
    if len(lines) <= rows - 1:
        return lines, []
    shown = rows - 2
    rest = lines[shown:]
    return lines[:shown] + [f"  ... {len(rest)} more lines: 'more' shows them"], rest
