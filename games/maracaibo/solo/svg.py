"""The solo game as a picture: the Maracaibo board (games/maracaibo/svg.py) with Jean by
name, plus her solo board (MA-24.2) and her latest solo card (MA-24.5), in the words
of ``render.py`` (``jean_card_text``). Her deck order is hidden (MA-29.3): only its size
is drawn."""

from ..data.jean import JEAN_CARD_IDS, JEAN_INCOME_BY_REMOVED, JEAN_TRACK_DISCS, JEAN_UPGRADES_BY_REMOVED
from ..svg import draw
from ..svg_picture import MARGIN, WIDTH, wrap_text
from .render import NAMES, jean_card_text, level_name


def _jean_board(pic, rec):
    d, t = pic.d, pic.t
    pic.heading(f"Jean's solo board ({level_name(rec['jean_level'])})")
    removed = int(rec["jean_removed"])
    cell = (WIDTH - 2 * MARGIN - 90) / JEAN_TRACK_DISCS
    y = pic.y
    d.text(MARGIN, y + 14, "Solo track", size=10, weight="bold")
    for i in range(JEAN_TRACK_DISCS):
        x = MARGIN + 90 + i * cell
        d.rect(x, y, cell - 3, 22, fill=t.panel, stroke=t.muted, rx=3)
        if i >= removed:  # a removed disc leaves its space empty
            d.circle(x + (cell - 3) / 2, y + 11, 6, fill=t.seats[1], stroke=t.ink, stroke_width=0.5)
    pic.y += 26
    pic.lines(
        [
            f"{removed}/{JEAN_TRACK_DISCS} discs off her track: income {int(JEAN_INCOME_BY_REMOVED[removed])} VP, "
            f"{int(JEAN_UPGRADES_BY_REMOVED[removed])} yellow (upgrades) | {int(rec['jean_cards'])} project cards "
            f"face down | solo deck {int(rec['jean_deck_len'])} cards | discard pile: "
            + (" ".join(JEAN_CARD_IDS[c] for c in rec["jean_discard"][: int(rec["jean_discard_len"])]) or "-")
        ],
        size=10,
    )
    card = int(rec["jean_card"])
    if card >= 0:
        lines = wrap_text(jean_card_text(card), 150)
        h = 20 + 12 * len(lines)  # room under the last line
        pic.y += 6
        pic.box(MARGIN, pic.y, WIDTH - 2 * MARGIN, h, placeholder=False, fill=t.panel)
        d.text(MARGIN + 6, pic.y + 13, f"Her latest solo card: {JEAN_CARD_IDS[card]}", size=10, weight="bold")
        for i, line in enumerate(lines):
            d.text(MARGIN + 6, pic.y + 26 + 12 * i, line, size=9)
        pic.y += h
    if rec["terminated"]:
        b = rec["jean_bonus"].tolist()
        pic.lines(
            [f"Jean's end bonuses: quests {b[0]}, quest lead {b[1]}, upgrade lead {b[2]}, explorer lead {b[3]}"],
            size=10,
        )
    pic.y += 8


def draw_solo(rec, viewer=None, theme="light", outcome=None):
    title = f"Maracaibo solo vs Jean (level {int(rec['jean_level'])})"
    return draw(rec, viewer, theme, names=NAMES, title=title, extra=_jean_board, outcome=outcome)
