"""The board as a picture: the area map (land and sea, gold, fish, the value of every
region), the caballero cards with the number toward each side, their ships and
castillos, the Grandes and Governors; the display, courts, power cards and scores.

Drawn from the record as ``render.py`` writes text: region values come from the
rules' ``board_regions``, what a card shows from ``data`` (``ROT_EDGE``,
``ROT_PIECE``, ``NUM``), courts and scores from ``render``. Everything but the deck
order is public (EC-1.5), so every seat sees the same picture. Area cards and the
caballero numbers are placeholder data (EC-GAP-1, EC-GAP-4): their outlines are
dashed and the picture says so.
"""

import numpy as np

from ..core.batch import kernel_record
from ..core.svg import Drawing
from . import data as D
from . import render as R
from . import targets
from .rules.geometry import NODES
from .rules.scoring import board_regions
from .state import MAXM

CELL = 72
MARGIN = 20
WIDTH = 980
MAP_H = 860  # the map is scaled to fit WIDTH x MAP_H, so every picture of a game has one size (videos)
MAX_SCALE = 1.5  # a small early map is drawn larger, not lost in its box
CARD_W, CARD_H, GAP = 150, 60, 8
# unit vectors of the sides N E S W on screen (north up, y grows downward)
SIDE_DX = (0, 1, 0, -1)
SIDE_DY = (-1, 0, 1, 0)


def _regions(rec):
    """Root node and value of every piece node (EC-3.10, EC-3.11)."""
    root, value = np.empty(NODES, np.int64), np.empty(NODES, np.int64)
    board_regions(kernel_record(rec), root, value, np.empty((NODES, 4), np.int64))
    return root, value


def _triangle(x, y, d):
    """The quarter of a cell at (x, y) that touches side d."""
    c, h = (x + CELL / 2, y + CELL / 2), CELL
    corners = {
        0: ((x, y), (x + h, y)),
        1: ((x + h, y), (x + h, y + h)),
        2: ((x + h, y + h), (x, y + h)),
        3: ((x, y + h), (x, y)),
    }[d]
    return (c, *corners)


def _area(drawing, rec, card, x, y, root, value, governors, target):
    """An area card: its sides' terrain, gold or fish on its piece, each piece's region
    value, and the Governors on its pieces."""
    theme = drawing.theme
    t, rot = int(D.CARD_TYPE[card]), int(rec["card_rot"][card])
    for d in range(4):
        fill = theme.land if D.ROT_EDGE[t, rot, d] == D.LAND else theme.sea
        drawing.polygon(_triangle(x, y, d), fill=fill, stroke=fill)
    drawing.rect(x, y, CELL, CELL, stroke=theme.placeholder, stroke_dasharray="4 3", data_target=target)
    for piece in range(D.PIECES):
        sides = [d for d in range(4) if D.ROT_PIECE[t, rot, d] == piece]
        if not sides:
            continue
        px = x + CELL / 2 + CELL * 0.27 * sum(SIDE_DX[d] for d in sides) / len(sides)
        py = y + CELL / 2 + CELL * 0.27 * sum(SIDE_DY[d] for d in sides) / len(sides)
        if len(sides) == 4:
            px, py = x + CELL / 2, y + CELL * 0.3
        node = card * D.PIECES + piece
        drawing.text(px, py + 4, int(value[root[node]]), size=12, anchor="middle", weight="bold")
        symbol = "gold" if D.CARD_GOLD[card] and piece == 0 else "fish" if D.CARD_FISH[card] and piece == 1 else ""
        if symbol:
            drawing.text(px, py + 15, symbol, size=8, anchor="middle", fill=theme.accent)
        for i, p in enumerate(governors.get(node, [])):
            drawing.polygon(
                (
                    (px - 16 + 10 * i, py - 14),
                    (px - 11 + 10 * i, py - 9),
                    (px - 16 + 10 * i, py - 4),
                    (px - 21 + 10 * i, py - 9),
                ),
                fill=theme.seats[p],
                stroke=theme.ink,
            )


def _caballero(drawing, rec, p, k, x, y, target):
    """Seat p's caballero card k: its colour, the number toward each side, ships on its
    sides, a castillo, the Grande."""
    theme = drawing.theme
    o = int(rec["cab_orient"][p, k])
    drawing.rect(
        x + 2,
        y + 2,
        CELL - 4,
        CELL - 4,
        fill=theme.panel,
        stroke=theme.seats[p],
        stroke_width=3,
        rx=4,
        data_target=target,
    )
    drawing.rect(x + 4, y + 4, CELL - 8, CELL - 8, stroke=theme.placeholder, stroke_dasharray="3 3", rx=3)
    cx, cy = x + CELL / 2, y + CELL / 2
    for d in range(4):
        drawing.text(
            cx + SIDE_DX[d] * CELL * 0.34,
            cy + SIDE_DY[d] * CELL * 0.3 + 4,  # the bottom number clears the card's inner edge
            int(D.NUM[o, d]),
            size=12,
            anchor="middle",
            weight="bold",
        )
        if rec["ship"][p, k, d]:
            sx, sy = (
                cx + SIDE_DX[d] * CELL * 0.34 + (SIDE_DY[d] != 0) * 13,
                cy + SIDE_DY[d] * CELL * 0.34 + (SIDE_DX[d] != 0) * 14,
            )
            drawing.polygon(
                ((sx - 5, sy - 2), (sx + 5, sy - 2), (sx + 3, sy + 3), (sx - 3, sy + 3)),
                fill=theme.seats[p],
                stroke=theme.ink,
            )
    grande = rec["grande"][p] == k
    drawing.text(
        cx, cy + 5, R.SEATS[p] + ("*" if grande else ""), size=14, anchor="middle", fill=theme.seats[p], weight="bold"
    )
    if rec["castillo"][p, k]:
        drawing.rect(cx - 17, cy - 17, 9, 9, fill=theme.ink)


def _map(drawing, rec, x0, y0):
    """The cells of the map that hold a card, with one empty ring around them; the
    width and height it takes from (0, 0)."""
    theme = drawing.theme
    r0, r1, c0, c1 = R.bbox(rec)
    radius = int(rec["radius"])
    grid = 2 * radius + 1
    root, value = _regions(rec)
    governors = {}
    for p in range(int(rec["num_players"])):
        for node in rec["governor"][p]:
            if node >= 0:
                governors.setdefault(int(node), []).append(p)
    for row in range(r1, r0 - 1, -1):  # north at the top
        y = y0 + (r1 - row) * CELL
        drawing.text(x0 - 4, y + CELL / 2 + 4, row - radius, size=9, anchor="end", fill=theme.muted)
        for col in range(c0, c1 + 1):
            x = x0 + (col - c0) * CELL
            if row == r1:
                drawing.text(x + CELL / 2, y0 - 4, col - radius, size=9, anchor="middle", fill=theme.muted)
            a, c = int(rec["area"][row, col]), int(rec["cab"][row, col])
            target = targets.cell(row * grid + col)  # the cell head's index (EC-11)
            if a >= 0:
                _area(drawing, rec, a, x, y, root, value, governors, target)
            elif c >= 0:
                _caballero(drawing, rec, *divmod(c, MAXM), x, y, target)
            else:
                drawing.rect(
                    x + 1, y + 1, CELL - 2, CELL - 2, stroke=theme.muted, stroke_dasharray="1 4", data_target=target
                )
    return x0 + (c1 - c0 + 1) * CELL, y0 + (r1 - r0 + 1) * CELL


def _display(drawing, rec, y):
    """The area cards on display, one box each with what it shows (``render.card_text``)."""
    theme = drawing.theme
    drawing.text(MARGIN, y, "Display (area cards, placeholder data)", size=13, weight="bold")
    y += 8
    for slot, card in enumerate(rec["display"]):
        x = MARGIN + slot * (CARD_W + GAP)
        if card < 0:
            drawing.rect(
                x, y, CARD_W, CARD_H, stroke=theme.muted, stroke_dasharray="1 4", data_target=targets.display(slot)
            )
            drawing.text(
                x + CARD_W / 2, y + CARD_H / 2 + 4, f"{slot}: empty", size=10, anchor="middle", fill=theme.muted
            )
            continue
        drawing.placeholder(x, y, CARD_W, CARD_H, "", size=10, data_target=targets.display(slot))
        name, *rest = R.card_text(int(card)).split(", ")
        drawing.text(x + 6, y + 16, f"{slot}: {name}", size=11, weight="bold")
        drawing.paragraph(x + 6, y + 32, ", ".join(rest), CARD_W - 12, size=10)
    return y + CARD_H + 22


def draw(rec, viewer, theme, result=None):
    """The SVG text of one checked record; ``viewer`` changes nothing (all is public
    but the deck order, which no picture shows). Its size depends on the options alone:
    text blocks keep the lines they may need, the map is scaled into its box. ``result``:
    who won, once the game is over."""
    drawing = Drawing(WIDTH, 0, theme, title="el_caballero")
    theme, text_w = drawing.theme, WIDTH - 2 * MARGIN
    y = drawing.paragraph(MARGIN, MARGIN + 12, R.header(rec), text_w, size=15, weight="bold") + 2
    y = (
        drawing.paragraph(
            MARGIN,
            y,
            "Map: numbers on area cards are region values; a caballero card shows its "
            "seat's letter (* the Grande) and its number toward each side; a small square is a "
            "castillo, a boat a ship, a diamond a Governor. Dashed: placeholder data (area cards "
            "EC-GAP-1, caballero numbers EC-GAP-4).",
            text_w,
            size=10,
            fill=theme.muted,
        )
        + 18
    )
    board = Drawing(0, 0, theme)
    width, height = _map(board, rec, 30, 14)
    scale = min(MAX_SCALE, text_w / width, MAP_H / height)
    drawing.embed(board, MARGIN + (text_w - width * scale) / 2, y - 14 + (MAP_H - height * scale) / 2, scale)
    y = _display(drawing, rec, y + MAP_H + 10)
    deck, *turn = R.status_lines(rec)
    y = drawing.paragraph(MARGIN, y, deck, text_w)
    y = drawing.paragraph(MARGIN, y, " ".join(turn), text_w, lines=1) + 8  # the Turn line comes and goes
    for p, (row, power) in enumerate(R.player_lines(rec)):
        top = y - 13
        y = drawing.paragraph(MARGIN + 14, y, row, text_w - 14)
        y = drawing.paragraph(MARGIN + 14, y, power, text_w - 14, size=11, fill=theme.muted)
        drawing.rect(MARGIN, top, 6, y - top - 12, fill=theme.seats[p])
        y = max(y, top + 13 + 3 * 12 * 1.35) + 6  # room for a row that wraps
    y = drawing.paragraph(MARGIN, y, result or "", text_w, size=13, lines=2, weight="bold")  # its lines are kept
    drawing.height = int(y + MARGIN)
    return str(drawing)
