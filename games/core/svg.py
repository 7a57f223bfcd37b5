"""Drawing a position as SVG text: a small builder every game's picture uses.

``games`` stays numpy + numba only, so a picture is SVG written as text (no drawing
library); rasterising it (``rgb_array``) belongs to ``envs``. A game draws its board in
its own ``svg.py`` from the record and the rules' queries, as ``render.py`` draws text;
``Game.render_svg`` falls back to ``text_board`` (the text board in a monospace SVG) for
a game that draws nothing yet.

Colours come from a ``Theme`` (``THEMES["light"]``, ``THEMES["dark"]``), never from the
drawing code, so both themes stay complete. Placeholder components (data the rulebooks
do not give) are drawn with ``Drawing.placeholder``: a dashed, labelled box, so nobody
mistakes one for the printed game.
"""

import textwrap
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr


@dataclass(frozen=True)
class Theme:
    background: str
    ink: str  # text and outlines
    muted: str  # secondary text, empty spaces
    panel: str  # boxes behind a group of things (a hand, a board area)
    accent: str  # what is highlighted: the player to act, the last move
    placeholder: str  # outline of a placeholder component
    seats: tuple  # one colour per seat, seat 0 first
    land: str  # terrain on a map
    sea: str


THEMES = {
    "light": Theme(
        background="#fbf6ea",
        ink="#1d2733",
        muted="#8a8f96",
        panel="#efe6d2",
        accent="#c2410c",
        placeholder="#7c3aed",
        seats=("#2563eb", "#dc2626", "#16a34a", "#ca8a04", "#9333ea"),
        land="#d9c79a",
        sea="#a9cfe0",
    ),
    "dark": Theme(
        background="#141a22",
        ink="#e6e2d8",
        muted="#7d8590",
        panel="#222b36",
        accent="#fb923c",
        placeholder="#c4b5fd",
        seats=("#60a5fa", "#f87171", "#4ade80", "#facc15", "#c084fc"),
        land="#5c5037",
        sea="#1f4a63",
    ),
}
FONT = "DejaVu Sans, Verdana, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, monospace"


def theme_named(name):
    """The ``Theme`` called ``name``; an unknown name is refused with the choices."""
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r}; available: {', '.join(THEMES)}")
    return THEMES[name]


def _attr_name(key):
    if key.startswith("xml_"):  # xml_space -> xml:space
        return "xml:" + key[4:]
    return key.rstrip("_").replace("_", "-")


def _attrs(values):
    return "".join(f" {_attr_name(key)}={quoteattr(str(value))}" for key, value in values.items() if value is not None)


class Drawing:
    """An SVG document built element by element; ``str(drawing)`` is the SVG text.

    Coordinates are user units (pixels at 100%); ``width`` and ``height`` may be set
    once everything is drawn (a board whose height depends on its content). Keyword
    attributes are SVG attributes with ``_`` for ``-`` (``stroke_width=2``) and a trailing ``_`` for Python keywords
    (``class_="card"``)."""

    def __init__(self, width, height, theme="light", title=None):
        self.width, self.height = int(width), int(height)
        self.theme = theme_named(theme) if isinstance(theme, str) else theme
        self.title = title
        self.elements = []

    def add(self, tag, content=None, **attrs):
        body = "/>" if content is None else f">{content}</{tag}>"
        self.elements.append(f"<{tag}{_attrs(attrs)}{body}")

    def rect(self, x, y, w, h, fill="none", stroke=None, **attrs):
        self.add("rect", x=_num(x), y=_num(y), width=_num(w), height=_num(h), fill=fill, stroke=stroke, **attrs)

    def circle(self, cx, cy, r, fill="none", stroke=None, **attrs):
        self.add("circle", cx=_num(cx), cy=_num(cy), r=_num(r), fill=fill, stroke=stroke, **attrs)

    def line(self, x1, y1, x2, y2, stroke=None, **attrs):
        self.add("line", x1=_num(x1), y1=_num(y1), x2=_num(x2), y2=_num(y2), stroke=stroke or self.theme.ink, **attrs)

    def polygon(self, points, fill="none", stroke=None, **attrs):
        self.add(
            "polygon", points=" ".join(f"{_num(x)},{_num(y)}" for x, y in points), fill=fill, stroke=stroke, **attrs
        )

    def text(self, x, y, text, size=12, fill=None, anchor="start", weight=None, mono=False, **attrs):
        """One line of text, its baseline at ``y``."""
        self.add(
            "text",
            escape(str(text)),
            x=_num(x),
            y=_num(y),
            font_size=size,
            fill=fill or self.theme.ink,
            text_anchor=anchor,
            font_weight=weight,
            font_family=MONO if mono else FONT,
            **attrs,
        )

    def paragraph(self, x, y, text, width, size=12, lines=1, **attrs):
        """``text`` wrapped at spaces to about ``width`` pixels, its first baseline at ``y``;
        returns the baseline after it, at least ``lines`` lines down (a block that keeps
        its room as its text grows, so a picture keeps its size)."""
        wrapped = textwrap.wrap(str(text), max(int(width / (size * 0.6)), 8), break_long_words=False)
        for i, line in enumerate(wrapped):
            self.text(x, y + i * size * 1.35, line, size=size, **attrs)
        return y + max(len(wrapped), lines) * size * 1.35

    def embed(self, other, x, y, scale=1.0):
        """Everything drawn on ``other`` (its background left out), placed with its
        top-left corner at (x, y) and scaled: a part of a picture that must fit a fixed box."""
        self.elements.append(f'<g transform="translate({_num(x)} {_num(y)}) scale({scale:.4f})">')
        self.elements.extend(other.elements)
        self.elements.append("</g>")

    def placeholder(self, x, y, w, h, label, size=10, **attrs):
        """A component whose real data is unknown: a dashed box that says so (``attrs``
        on the box: ``data_target`` where a click on it picks a move)."""
        self.rect(x, y, w, h, stroke=self.theme.placeholder, stroke_dasharray="4 3", rx=3, **attrs)
        self.text(x + w / 2, y + h / 2 + size / 3, label, size=size, fill=self.theme.placeholder, anchor="middle")

    def __str__(self):
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}">'
        )
        title = [f"<title>{escape(self.title)}</title>"] if self.title else []
        background = f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="{self.theme.background}"/>'
        return "\n".join([head, *title, background, *self.elements, "</svg>"]) + "\n"


def _num(value):
    """Coordinates with at most two decimals (short, and identical across platforms)."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def text_board(text, theme="light", title=None, size=13):
    """A text board as a monospace SVG: the picture of a game that draws nothing yet."""
    lines = text.splitlines() or [""]
    char_w, line_h = size * 0.6, size * 1.3
    width = max(len(line) for line in lines) * char_w + 2 * size
    drawing = Drawing(width, len(lines) * line_h + 2 * size, theme, title)
    for i, line in enumerate(lines):
        drawing.text(
            size,
            size + (i + 1) * line_h - size * 0.3,
            line,
            size=size,
            mono=True,
            style="white-space:pre",
            xml_space="preserve",
        )
    return str(drawing)
