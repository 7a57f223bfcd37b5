"""The Maracaibo picture's canvas: a Drawing that grows downwards as ``svg.py`` draws
its sections, with the boxes, cards and pawns every section draws in the same way."""

import textwrap

from ..core.svg import Drawing

WIDTH = 1180
MARGIN = 16
LINE = 15


def wrap_text(text, chars):
    """``text`` in lines of at most ``chars`` characters (one empty line for none)."""
    return textwrap.wrap(str(text), chars) or [""]


class Picture:
    """A Drawing that grows downwards: sections draw at ``self.y`` and move it on."""

    def __init__(self, theme, title):
        self.d = Drawing(WIDTH, 1, theme, title)
        self.t = self.d.theme
        self.y = MARGIN

    def heading(self, text, note=None):
        self.y += 8
        self.d.text(MARGIN, self.y + 12, text, size=14, weight="bold")
        if note:
            self.d.text(WIDTH - MARGIN, self.y + 12, note, size=10, fill=self.t.placeholder, anchor="end")
        self.y += 20

    def lines(self, lines, size=11, x=MARGIN, fill=None, chars=180):
        for line in lines:
            for part in wrap_text(line, chars):
                self.y += LINE
                self.d.text(x, self.y, part, size=size, fill=fill)

    def box(self, x, y, w, h, placeholder, fill=None, rx=4, **attrs):
        """A component's outline: dashed in the placeholder colour when its data is invented."""
        if placeholder:
            self.d.rect(
                x, y, w, h, fill=fill or "none", stroke=self.t.placeholder, stroke_dasharray="4 3", rx=rx, **attrs
            )
        else:
            self.d.rect(x, y, w, h, fill=fill or "none", stroke=self.t.ink, rx=rx, **attrs)

    def card(self, x, y, w, h, lines, placeholder=True, size=8, **attrs):
        """A card or tile as a labelled box (never fake art)."""
        self.box(x, y, w, h, placeholder, fill=self.t.panel, **attrs)
        first = min(11, h / 2 + 0.26 * size)  # a one-line badge: its text centred in the box
        for i, line in enumerate(lines):
            self.d.text(
                x + 4,
                y + first + i * (size + 2),
                line,
                size=size,
                fill=self.t.ink if i else None,
                weight="bold" if i == 0 else None,
            )

    def pawn(self, x, y, seat, label, r=7, **attrs):
        self.d.circle(x, y, r, fill=self.t.seats[seat], stroke=self.t.ink, stroke_width=0.8, **attrs)
        self.d.text(x, y + 3, label, size=8, anchor="middle", fill=self.t.background, weight="bold")

    def svg(self):
        """The SVG text, cut to the height drawn."""
        d = self.d
        d.height = int(self.y + MARGIN)  # the background is written at this height
        return str(d)
