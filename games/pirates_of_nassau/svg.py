"""The board as a picture: Nassau and the twenty positions with their ports and
merchants, the ships and dice on them, the Royal Navy, Nassau's display, every ship.

Drawn from the record as ``render.py`` writes text, reusing its helpers (a ship's
values and hold, the scores, what a card shows), so the picture says what the text
says. ``player`` sees what ``observe`` shows that seat: its own chest, no other;
``player=None`` shows every chest.
Components whose data the rulebook does not print (PD-1 to PD-6) are drawn dashed
and marked "placeholder".
"""

from ..core.svg import Drawing
from . import data as D
from . import render as R
from .position_checks import as_record
from .state import Challenge
from .targets import position

MARGIN = 20
BOX_W, BOX_H, GAP = 92, 140, 6
PER_ROW = 10
WIDTH = 2 * MARGIN + (PER_ROW + 1) * (BOX_W + GAP) - GAP  # Nassau, then ten positions a row
ITEM_MARKS = {"peso": "peso", "gunpowder": "gunp", "goods": "good", "rum": "rum", "hostage": "host"}


def _box(drawing, x, y, w, h, sourced, highlight=False, target=None):
    theme = drawing.theme
    if sourced:
        drawing.rect(
            x,
            y,
            w,
            h,
            fill=theme.panel,
            stroke=theme.accent if highlight else theme.ink,
            rx=5,
            stroke_width=2 if highlight else 1,
            data_target=target,
        )
    else:
        drawing.rect(
            x, y, w, h, fill=theme.panel, stroke=theme.placeholder, stroke_dasharray="4 3", rx=5, data_target=target
        )


def _position(drawing, rec, pos, x, y):
    """One board position: what it is, its merchant or port, the ships and dice on it."""
    theme = drawing.theme
    kind = int(D.POS_KIND[pos])
    _box(drawing, x, y, BOX_W, BOX_H, pos in D.SOURCED_POSITIONS, target=position(pos))
    cx = x + BOX_W / 2
    drawing.text(x + 5, y + 14, pos, size=11, weight="bold")
    if pos not in D.SOURCED_POSITIONS:
        drawing.text(x + BOX_W - 4, y + 14, "placeholder", size=8, anchor="end", fill=theme.placeholder)
    if kind == D.PORT:
        drawing.text(cx, y + 30, D.POS_NAME[pos], size=11, anchor="middle", weight="bold")
        drawing.text(cx, y + 44, f"cannon {int(D.PORT_CANNON[pos])}", size=10, anchor="middle")
        offer = [
            ITEM_MARKS[o.rstrip("s") if o == "pesos" else o]
            for o, f in zip((*D.RESOURCES, "pesos"), D.POS_OFFER[pos])
            if f
        ]
        drawing.text(cx, y + 57, "smuggle " + "/".join(offer[:2]), size=8, anchor="middle", fill=theme.muted)
        if offer[2:]:
            drawing.text(cx, y + 67, "/".join(offer[2:]), size=8, anchor="middle", fill=theme.muted)
        if rec["raided"][pos]:
            drawing.text(cx, y + 81, "RAIDED", size=10, anchor="middle", fill=theme.accent, weight="bold")
    elif kind == D.ROUTE:
        drawing.text(cx, y + 30, f"route, region {int(D.POS_REGION[pos])}", size=10, anchor="middle")
        card = int(rec["route_card"][pos])
        if card >= 0:
            mid = D.MERCHANT_IDS[card]
            sourced = mid in D.SOURCED_MERCHANTS
            _box(drawing, x + 5, y + 36, BOX_W - 10, 54, sourced)
            drawing.text(cx, y + 49, mid, size=10, anchor="middle", weight="bold")
            drawing.text(cx, y + 61, f"sail {D.M_SAIL[card]} cannon {D.M_CANNON[card]}", size=9, anchor="middle")
            loot = [f"{n} {ITEM_MARKS[D.ITEMS[i]]}" for i, n in enumerate(D.M_LOOT[card]) if n]
            for k in range(0, len(loot), 2):
                drawing.text(
                    cx, y + 73 + 10 * (k // 2), " ".join(loot[k : k + 2]), size=8, anchor="middle", fill=theme.muted
                )
        else:
            drawing.text(cx, y + 52, "no merchant", size=9, anchor="middle", fill=theme.muted)
    else:
        drawing.text(cx, y + 30, "open sea", size=10, anchor="middle", fill=theme.muted)
    _pieces(drawing, rec, pos, x + 6, y + 100)


def _pieces(drawing, rec, pos, x, y):
    """The ships (circles) and placed dice (squares with their value) at ``pos``; a die
    not placed has ``die_pos`` 0 but is not in Nassau, so Nassau shows ships only."""
    theme, n = drawing.theme, int(rec["num_players"])
    ships = [p for p in range(n) if rec["pos"][p] == pos]
    for i, p in enumerate(ships):
        drawing.circle(x + 8 + i * 17, y, 7.5, fill=theme.seats[p], stroke=theme.ink)
        drawing.text(x + 8 + i * 17, y + 3.5, p, size=9, anchor="middle", fill=theme.background, weight="bold")
    dice = [(p, d) for p in range(n) for d in range(3) if pos and rec["die_pos"][p, d] == pos]
    for i, (p, d) in enumerate(dice):
        dx, dy = x + (i % 5) * 16, y + 12 + (i // 5) * 15
        drawing.rect(dx, dy, 13, 13, fill=theme.background, stroke=theme.seats[p], stroke_width=2, rx=2)
        drawing.text(dx + 6.5, dy + 10, int(rec["dice"][p, d]), size=9, anchor="middle")


def _nassau(drawing, rec, x, y):
    theme = drawing.theme
    drawing.rect(x, y, BOX_W, BOX_H, fill=theme.panel, stroke=theme.ink, stroke_width=2, rx=5, data_target=position(0))
    drawing.text(x + BOX_W / 2, y + 30, "Nassau", size=13, anchor="middle", weight="bold")
    drawing.text(x + BOX_W / 2, y + 46, "position 0", size=9, anchor="middle", fill=theme.muted)
    _pieces(drawing, rec, 0, x + 6, y + 100)


def draw(rec, viewer, theme, result=None):
    """The SVG text of one checked record as seat ``viewer`` sees it (None: everything,
    every chest included); ``result``: who won, once the game is over."""
    rec = as_record(rec)
    n = int(rec["num_players"])
    seen = "every seat" if viewer is None else f"seat {viewer}"
    drawing = Drawing(WIDTH, 0, theme, title=f"pirates_of_nassau, {seen}")
    theme, text_w = drawing.theme, WIDTH - 2 * MARGIN
    y = drawing.paragraph(MARGIN, MARGIN + 12, R.header(rec), text_w, size=15, weight="bold") + 4
    y = (
        drawing.paragraph(
            MARGIN,
            y,
            "Dashed: placeholder component data (PD-1 to PD-6: board, merchants, navy, "
            "tokens; captain card 3 too), not the printed game.",
            text_w,
            size=10,
            fill=theme.placeholder,
        )
        + 4
    )
    _nassau(drawing, rec, MARGIN, y)
    for pos in range(1, D.NUM_POSITIONS + 1):
        row, col = divmod(pos - 1, PER_ROW)
        _position(drawing, rec, pos, MARGIN + (col + 1) * (BOX_W + GAP), y + row * (BOX_H + GAP))
    y += 2 * (BOX_H + GAP) + 14
    y = _navy(drawing, rec, y) + 6
    # each text block keeps the lines it may need, so every picture of a game has one size
    y = _display(drawing, rec, y)
    decks, stacks = R.navy_lines(rec)[1], R.nassau_lines(rec)[1]
    y = drawing.paragraph(MARGIN, y, decks, text_w)
    y = drawing.paragraph(MARGIN, y, stacks, text_w)
    plundered = [
        f"{D.MERCHANT_IDS[int(rec['plundered'][i])]} by {R.seat_name(int(rec['plundered_by'][i]))}"
        for i in range(int(rec["plundered_len"]))
    ]
    y = (
        drawing.paragraph(
            MARGIN, y, "Plundered this round: " + ", ".join(plundered) if plundered else "", text_w, lines=2
        )
        + 8
    )
    for p in range(n):
        y = _ship(drawing, rec, p, viewer, y) + 6
    y = drawing.paragraph(MARGIN, y + 4, R.score_line(rec, viewer), text_w, size=13, lines=3, weight="bold")
    y = drawing.paragraph(MARGIN, y, result or "", text_w, size=13, lines=2, weight="bold")  # its lines are kept
    drawing.height = int(y + MARGIN)
    return str(drawing)


def _navy(drawing, rec, y):
    """The Royal Navy display: one card box each; beside it, outlined in the accent, the
    card the player to act took and fights now (PN-10.2, PN-10.4: ``ch_target`` of a navy
    challenge; the card already lies under the deck, PN-10.8)."""
    theme = drawing.theme
    drawing.text(MARGIN, y, "Royal Navy display", size=13, weight="bold")
    y += 8
    shown = [int(c) for c in rec["navy_display"][: rec["num_players"]] if c >= 0]
    for i, card in enumerate(shown):
        x = MARGIN + i * (150 + GAP)
        _box(drawing, x, y, 150, 36, D.NAVY_IDS[card] in D.SOURCED_NAVY)
        drawing.text(x + 75, y + 22, R.navy_text(card), size=10, anchor="middle")
    if not shown:
        drawing.text(MARGIN, y + 22, "none", size=11, fill=theme.muted)
    if int(rec["ch_kind"]) == Challenge.NAVY:
        card = int(rec["ch_target"])
        x = MARGIN + int(rec["num_players"]) * (150 + GAP) + 24
        drawing.text(
            x, y - 8, f"{R.seat_name(int(rec['current_player']))} fights (PN-10.4)", size=11, fill=theme.accent
        )
        drawing.rect(x - 3, y - 3, 156, 42, stroke=theme.accent, stroke_width=2, rx=6, class_="navy-fought")
        _box(drawing, x, y, 150, 36, D.NAVY_IDS[card] in D.SOURCED_NAVY)
        drawing.text(x + 75, y + 22, R.navy_text(card), size=10, anchor="middle", class_="navy-fought-card")
    return y + 36 + 18


def _display(drawing, rec, y):
    """Nassau's display of ship tokens for sale (PN-14), one box per place; every token's
    data is a placeholder (PD-6)."""
    drawing.text(MARGIN, y, "Nassau display (ship tokens for sale)", size=13, weight="bold")
    y += 8
    width = (WIDTH - 2 * MARGIN - 14 * GAP) / 15
    for i in range(15):
        x, token = MARGIN + i * (width + GAP), int(rec["display"][i])
        if token < 0:
            drawing.rect(x, y, width, 44, stroke=drawing.theme.muted, stroke_dasharray="1 4")
            continue
        _box(drawing, x, y, width, 44, sourced=False)
        drawing.text(x + width / 2, y + 13, f"{i}: {D.TOKEN_IDS[token]}", size=9, anchor="middle", weight="bold")
        drawing.paragraph(x + 4, y + 25, D.TOKEN_NAMES[token], width - 8, size=8)
    return y + 44 + 20


def _ship(drawing, rec, p, viewer, y):
    """Seat ``p``'s ship: the text board's lines under a bar of the seat's colour."""
    theme = drawing.theme
    lines = R.ship_lines(rec, p, viewer, bool(rec["terminated"]) or viewer is None)  # None: every chest
    top = y
    y += 14
    for i, line in enumerate(lines):  # the tokens line grows as slots fill
        y = drawing.paragraph(
            MARGIN + 14,
            y,
            line.strip(),
            WIDTH - 2 * MARGIN - 20,
            size=12 if i == 0 else 11,
            lines=2 if i == 2 else 1,
            weight="bold" if i == 0 else None,
        )
    drawing.rect(MARGIN, top, 6, y - top - 8, fill=theme.seats[p])
    return y
