"""The board as a picture: the ships in line, the adventure row, the move cards.

Drawn from the record as ``render.py`` writes text, and from the same helpers, so
the picture says what the text says: who owns a ship (``render.pirate_text``), the
scores (``render.score_line``), the last turn (``render.last_turn_line``). ``player``
sees what ``observe`` shows that seat: its own pirates and hand, nobody else's;
``player=None`` shows everything, every owner and every hand.
"""

import numpy as np

from ..core.svg import Drawing
from . import data as D
from . import render as R
from .targets import position

WIDTH = 980
MARGIN = 20
SHIP_W, SHIP_H, SHIP_GAP = 98, 120, 8
CARD_W, CARD_H, CARD_GAP = 150, 46, 8
LINE = 18
SHIPS_TITLE = "Ships in line, front to back; * a revealed pirate (ship names are placeholders, GAP-3)"


def _card_row(drawing, y, title, names, accent_first=False):
    """A titled row of named card boxes; the baseline after it."""
    drawing.text(MARGIN, y, title, size=13, weight="bold")
    y += 8
    theme = drawing.theme
    per_row = (WIDTH - 2 * MARGIN + CARD_GAP) // (CARD_W + CARD_GAP)
    for i, name in enumerate(names):
        row, col = divmod(i, per_row)
        x, top = MARGIN + col * (CARD_W + CARD_GAP), y + row * (CARD_H + CARD_GAP)
        first = accent_first and i == 0
        drawing.rect(
            x,
            top,
            CARD_W,
            CARD_H,
            fill=theme.panel,
            stroke=theme.accent if first else theme.muted,
            stroke_width=2 if first else 1,
            rx=5,
        )
        drawing.text(x + CARD_W / 2, top + CARD_H / 2 + 5, name, size=12, anchor="middle")
    if not names:
        drawing.text(MARGIN, y + 18, "none", size=12, fill=theme.muted)
    rows = max(-(-len(names) // per_row), 1)
    return y + rows * (CARD_H + CARD_GAP) + LINE + 6


def _counted(counts, names):
    """One name per card: ``counts[k]`` copies of ``names[k]``."""
    return [R.card_name(names[k]) for k in np.flatnonzero(counts) for _ in range(int(counts[k]))]


def _ships(drawing, y, rec, viewer):
    """The nine ships front (position 1) to back: nation, fame, damage, pirate."""
    theme = drawing.theme
    drawing.text(MARGIN, y, SHIPS_TITLE, size=13, weight="bold")
    top = y + 8
    for i in range(D.NUM_POSITIONS):
        s = int(rec["row"][i])
        x = MARGIN + i * (SHIP_W + SHIP_GAP)
        damaged = bool(rec["damaged"][s])
        drawing.rect(
            x,
            top,
            SHIP_W,
            SHIP_H,
            fill=theme.panel,
            stroke=theme.accent if damaged else theme.ink,
            stroke_width=2 if damaged else 1,
            rx=6,
            data_target=position(i),
        )
        drawing.text(x + 6, top + 16, f"{i + 1}", size=11, fill=theme.muted)
        drawing.text(x + SHIP_W / 2, top + 18, D.SHIP_NAMES[s], size=15, anchor="middle", weight="bold")
        drawing.text(x + SHIP_W / 2, top + 34, D.NATIONS[D.SHIP_NATION[s]], size=11, anchor="middle")
        drawing.text(x + SHIP_W / 2, top + 66, int(rec["fame"][s]), size=26, anchor="middle", weight="bold")
        drawing.text(x + SHIP_W / 2, top + 80, "fame", size=10, anchor="middle", fill=theme.muted)
        drawing.text(
            x + SHIP_W / 2,
            top + 96,
            "DAMAGED" if damaged else "ok",
            size=11,
            anchor="middle",
            fill=theme.accent if damaged else theme.muted,
        )
        owner, pirate = int(rec["owner"][s]), R.pirate_text(rec, s, viewer, everything=viewer is None)
        known = not pirate.startswith("?") and pirate != "nobody"  # colour only an owner the viewer knows
        short = pirate.replace(" (revealed)", "*")
        if short.startswith("?"):  # "? (not p0, p2)" fits the card
            short = short.replace("player ", "p")
        drawing.text(
            x + SHIP_W / 2,
            top + 112,
            short,
            size=10 if short.startswith("?") else 11,
            anchor="middle",
            fill=theme.seats[owner] if known else theme.muted,
        )
    return top + SHIP_H + 14


def draw(rec, viewer, theme, result=None):
    """The SVG text of one checked record as seat ``viewer`` sees it (None: everything,
    hidden owners and hands included); ``result``: who won, once the game is over."""
    n = int(rec["num_players"])
    drawing = Drawing(WIDTH, 0, theme, title=f"spanish_main, {'every seat' if viewer is None else f'seat {viewer}'}")
    theme, text_w = drawing.theme, WIDTH - 2 * MARGIN
    y = (
        drawing.paragraph(
            MARGIN,
            MARGIN + 12,
            f"Pirates of the Spanish Main - {R.header(rec, viewer)}",
            text_w,
            size=16,
            lines=1 + int(rec["move_cards_in_hand"]),
            weight="bold",
        )
        + 8
    )  # SM-10.2.4 wraps
    queue = [D.ADV_NAMES[k] for k in rec["adv_queue"][: rec["adv_queue_len"]]]
    y = _card_row(drawing, y, "Adventure row (the first resolves next)", queue, accent_first=True)
    y = (
        drawing.paragraph(
            MARGIN,
            y,
            f"Adventure deck {int(rec['adv_deck_len'])}, discard "
            f"{int(rec['adv_discard'].sum())} (+{int(rec['adv_discard_unknown'])} lost fame), "
            f"virtual fame {int(rec['virtual_fame'])}",
            text_w,
            fill=theme.muted,
        )
        + 10
    )
    y = _ships(drawing, y + 6, rec, viewer) + 12
    if rec["move_cards_in_hand"]:
        for p in range(n) if viewer is None else (viewer,):
            title = f"Hand of player {p}" if viewer is None else f"Your hand (seat {viewer})"
            y = _card_row(drawing, y, title, _counted(rec["hand"][p], D.MOVE_NAMES))
        texts = [
            (
                "Hand sizes: "
                + ", ".join(f"{R.who(p, viewer)} {R.plural(int(rec['hand'][p].sum()), 'card')}" for p in range(n)),
                1,
            )
        ]
    else:
        y = _card_row(drawing, y, "Move row", _counted(rec["move_row"], D.MOVE_NAMES))
        texts = []
    # (text, lines it keeps): the discard and the last turn grow, the picture keeps its size
    texts += [
        ("Banked: " + ", ".join(f"{R.who(p, viewer)} {int(rec['banked'][p])}" for p in range(n)), 1),
        (R.score_line(rec, viewer, everything=viewer is None), 1),
        (f"Move deck {int(rec['move_deck_len'])}, discard: {R.cards_text(rec['move_discard'], D.MOVE_NAMES)}", 2),
        (R.last_turn_line(rec, viewer) or "", 2),
    ]
    for text, lines in texts:
        y = drawing.paragraph(MARGIN, y, text, text_w, size=13, lines=lines)
    y = drawing.paragraph(MARGIN, y, result or "", text_w, size=13, weight="bold")  # its line is kept
    drawing.height = int(y + MARGIN)
    return str(drawing)
