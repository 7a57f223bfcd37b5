"""Text that collides in a drawn board: the check that keeps the pictures readable.

``layout_problems(svg_text)`` lists, one line each, what a person would stumble on in a
picture drawn by ``games/core/svg.py``:

- two texts whose boxes overlap;
- a text covered by a filled shape drawn after it (a badge over a word);
- a text that crosses the edge of a box (a ``rect``) it partly lies in, or touches it
  from inside (closer than ``PAD``);
- a ``line`` that runs through a text, unless a filled shape drawn between the two
  covers the text (a route drawn under a location's box);
- a text that leaves the picture.

A text's box is measured with the font the pictures name (DejaVu Sans: the system's
copy, which cairo draws with, else matplotlib's) through Pillow: its advance width, and
vertically the ink of its glyphs (a "g" reaches below the baseline, "a" does not). Where
neither is installed it is estimated from the font size (0.6 em per character, 0.76 em
above the baseline, 0.24 em below), so the check runs everywhere. ``<g transform>``
groups with ``translate`` and ``scale`` (``Drawing.embed``) are followed.

Run as ``python -m tools.svg_layout FILE.svg ...`` to list the problems of saved boards.
"""

import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

SVG = "{http://www.w3.org/2000/svg}"
ASCENT, DESCENT = 0.76, 0.24  # of the font size, around the baseline
PAD = 1.0  # the least room between a text and the edge of its box, in pixels
TOUCH = 0.5  # overlaps smaller than this (rounding) are not reported

_FONT_FILES = {
    (False, False): "DejaVuSans.ttf",
    (False, True): "DejaVuSans-Bold.ttf",
    (True, False): "DejaVuSansMono.ttf",
    (True, True): "DejaVuSansMono-Bold.ttf",
}


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other, slack=TOUCH):
        return (
            min(self.x1, other.x1) - max(self.x0, other.x0) > slack
            and min(self.y1, other.y1) - max(self.y0, other.y0) > slack
        )

    def inside(self, other, pad=0.0):
        return (
            self.x0 >= other.x0 + pad
            and self.x1 <= other.x1 - pad
            and self.y0 >= other.y0 + pad
            and self.y1 <= other.y1 - pad
        )

    def __str__(self):
        return f"({self.x0:.0f},{self.y0:.0f})-({self.x1:.0f},{self.y1:.0f})"


@dataclass(frozen=True)
class Shape:
    """One drawn element in drawing order: its kind, box, and what it needs for the checks."""

    order: int
    kind: str  # "text", "rect", "line", "circle"
    box: Box
    text: str = ""
    filled: bool = False
    ends: tuple = ()  # a line's (x0, y0, x1, y1)


@lru_cache(maxsize=None)
def _font_path(mono, bold):
    name = _FONT_FILES[mono, bold]
    folders = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu")]
    try:
        import matplotlib

        folders.append(Path(matplotlib.get_data_path()) / "fonts" / "ttf")
    except ImportError:
        pass
    for folder in folders:
        if (folder / name).is_file():
            return str(folder / name)
    return None


@lru_cache(maxsize=None)
def _font(mono, bold, size):
    path = _font_path(mono, bold)
    if path is None:
        return None
    try:
        from PIL import ImageFont
    except ImportError:
        return None
    return ImageFont.truetype(path, size)


def text_extent(text, size, bold=False, mono=False):
    """(advance width, top, bottom) of ``text`` at ``size`` pixels, top and bottom from the
    baseline (down is positive): the ink of the glyphs where a font is found, else the
    estimate (0.6 em a character, ``ASCENT`` up, ``DESCENT`` down)."""
    font = _font(mono, bold, float(size))
    if font is None:
        return 0.6 * size * len(text), -ASCENT * size, DESCENT * size
    _, top, _, bottom = font.getbbox(text, anchor="ls")
    return float(font.getlength(text)), float(top), float(bottom)


def _transform(attr, outer):
    """(dx, dy, scale) of a ``translate(..) scale(..)`` attribute inside ``outer``."""
    dx, dy, s = 0.0, 0.0, 1.0
    for name, args in re.findall(r"(translate|scale)\(([^)]*)\)", attr or ""):
        values = [float(v) for v in re.split(r"[ ,]+", args.strip())]
        if name == "translate":
            dx, dy = dx + s * values[0], dy + s * (values[1] if len(values) > 1 else 0.0)
        else:
            s *= values[0]
    ox, oy, os_ = outer
    return ox + os_ * dx, oy + os_ * dy, os_ * s


def shapes(svg_text):
    """Every text, rect, line and circle of the picture, in drawing order, in picture
    coordinates (the full-picture background rect left out)."""
    root = ET.fromstring(svg_text)
    width, height = float(root.get("width")), float(root.get("height"))
    found = []

    def walk(node, tf):
        for child in node:
            tag = child.tag.removeprefix(SVG)
            if tag == "g":
                walk(child, _transform(child.get("transform"), tf))
                continue
            shape = _shape(tag, child, tf, len(found), width, height)
            if shape is not None:
                found.append(shape)

    walk(root, (0.0, 0.0, 1.0))
    return found, Box(0, 0, width, height)


def _shape(tag, el, tf, order, width, height):
    dx, dy, s = tf

    def pt(x, y):
        return dx + s * float(x), dy + s * float(y)

    if tag == "text":
        text = "".join(el.itertext())
        if not text.strip():
            return None
        size = float(el.get("font-size", 12))
        bold = el.get("font-weight") == "bold"
        mono = "Mono" in el.get("font-family", "")
        w, top, bottom = text_extent(text, size, bold, mono)
        x, y = float(el.get("x", 0)), float(el.get("y", 0))
        anchor = el.get("text-anchor", "start")
        x0 = x - {"start": 0.0, "middle": w / 2, "end": w}[anchor]
        (bx0, by0), (bx1, by1) = pt(x0, y + top), pt(x0 + w, y + bottom)
        if not text.strip(" "):
            return None
        return Shape(order, "text", Box(bx0, by0, bx1, by1), text=text)
    if tag == "rect":
        x, y, w, h = (float(el.get(k, 0)) for k in ("x", "y", "width", "height"))
        (bx0, by0), (bx1, by1) = pt(x, y), pt(x + w, y + h)
        if (bx0, by0, bx1, by1) == (0, 0, width, height):
            return None  # the background
        return Shape(order, "rect", Box(bx0, by0, bx1, by1), filled=el.get("fill", "none") != "none")
    if tag == "circle":
        cx, cy, r = (float(el.get(k, 0)) for k in ("cx", "cy", "r"))
        (bx0, by0), (bx1, by1) = pt(cx - r, cy - r), pt(cx + r, cy + r)
        return Shape(order, "circle", Box(bx0, by0, bx1, by1), filled=el.get("fill", "none") != "none")
    if tag == "line":
        (x0, y0), (x1, y1) = pt(el.get("x1", 0), el.get("y1", 0)), pt(el.get("x2", 0), el.get("y2", 0))
        box = Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        return Shape(order, "line", box, ends=(x0, y0, x1, y1))
    return None


def _segment_hits(ends, box):
    """Whether the segment ``ends`` passes through the inside of ``box`` (Liang-Barsky)."""
    x0, y0, x1, y1 = ends
    t0, t1 = 0.0, 1.0
    for p, q in (
        (x0 - x1, x0 - box.x0),
        (x1 - x0, box.x1 - x0),
        (y0 - y1, y0 - box.y0),
        (y1 - y0, box.y1 - y0),
    ):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    return t1 - t0 > 1e-6


def _shrunk(box, by):
    return Box(box.x0 + by, box.y0 + by, box.x1 - by, box.y1 - by)


def _covers(shape, box):
    """Whether the filled ``shape`` hides all of ``box``."""
    if not shape.filled or not box.inside(shape.box):
        return False
    if shape.kind == "rect":
        return True
    b = shape.box
    cx, cy, r = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2, (b.x1 - b.x0) / 2
    return all((x - cx) ** 2 + (y - cy) ** 2 <= r * r for x in (box.x0, box.x1) for y in (box.y0, box.y1))


def layout_problems(svg_text):
    """One line per collision in the picture ``svg_text`` (none: a readable board)."""
    found, picture = shapes(svg_text)
    texts = [s for s in found if s.kind == "text"]
    rects = [s for s in found if s.kind == "rect"]
    lines = [s for s in found if s.kind == "line"]
    problems = []
    for t in texts:
        if not t.box.inside(picture):
            problems.append(f"{t.text!r} at {t.box} leaves the picture {picture}")
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            if a.box.overlaps(b.box):
                problems.append(f"{a.text!r} at {a.box} overlaps {b.text!r} at {b.box}")
    for t in texts:
        for r in rects:
            inner = _shrunk(t.box, TOUCH)
            if inner.overlaps(r.box, slack=0) and not t.box.inside(r.box, PAD):
                problems.append(f"{t.text!r} at {t.box} crosses or touches the edge of the box {r.box}")
    fills = [s for s in found if s.kind in ("rect", "circle") and s.filled]
    for t in texts:
        inner = _shrunk(t.box, TOUCH)
        for s in fills:
            if s.order > t.order and inner.overlaps(s.box, slack=0):
                problems.append(f"{t.text!r} at {t.box} is covered by a {s.kind} drawn over it at {s.box}")
    for t in texts:
        hit = _shrunk(t.box, TOUCH)
        for line in lines:
            if not line.box.overlaps(hit, slack=-1) or not _segment_hits(line.ends, hit):
                continue
            between = [s for s in found if line.order < s.order < t.order]
            if not any(_covers(s, t.box) for s in between):
                problems.append(f"a line {tuple(round(v) for v in line.ends)} runs through {t.text!r} at {t.box}")
    return problems


def main(paths):
    bad = 0
    for path in paths:
        for problem in layout_problems(Path(path).read_text()):
            print(f"{path}: {problem}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
