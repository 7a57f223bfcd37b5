"""Named, contiguous segments of a flat vector: the action space and observations.

A game declares its flat ``Discrete(A)`` action space and its observation vector as
a ``Layout`` of named segments. Offsets are derived, never written by hand, and the
docs print the same table, so code and documentation cannot drift apart.
"""

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from .codes import codes


@dataclass(frozen=True)
class Field:
    """A named run of entries along a segment's last axis: ``turn_context.extra_main``
    (width 1) or ``combat.cards_used`` (width 8)."""

    name: str
    start: int
    width: int

    @property
    def slice(self):
        return slice(self.start, self.start + self.width)


def _fields(spec, length, segment):
    """Fields from names or (name, width) pairs; together they cover the last axis."""
    out, pos = [], 0
    for item in spec:
        name, width = (item, 1) if isinstance(item, str) else item
        out.append(Field(name, pos, int(width)))
        pos += int(width)
    names = [f.name for f in out]
    if len(set(names)) != len(names):
        raise ValueError(f"segment {segment!r}: a field is named twice in {names}")
    if pos != length:
        raise ValueError(f"segment {segment!r}: fields cover {pos} entries, the last axis has {length}")
    return tuple(out)


@dataclass(frozen=True)
class Segment:
    name: str
    start: int
    shape: tuple
    doc: str
    fields: tuple = ()  # Field along the last axis, () when its entries have no names

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def stop(self):
        return self.start + self.size

    @property
    def slice(self):
        return slice(self.start, self.stop)

    @property
    def stride(self):
        """Entries between two rows of the last axis (``r * stride + field`` per seat)."""
        return self.shape[-1]

    def field(self, name):
        for f in self.fields:
            if f.name == name:
                return f
        known = ", ".join(f.name for f in self.fields) or "none"
        raise KeyError(f"segment {self.name!r} has no field {name!r}; fields: {known}")

    def index(self, *where):
        """Flat index of an entry: one int per leading axis, then an int or a field name
        for the last axis; axes left out count from 0 (the start of that block)."""
        if len(where) > len(self.shape):
            raise IndexError(f"segment {self.name!r} has {len(self.shape)} axes, got {len(where)} indices")
        flat = 0
        for axis, size in enumerate(self.shape):
            i = where[axis] if axis < len(where) else 0
            if isinstance(i, str):
                if axis != len(self.shape) - 1:
                    raise IndexError(f"segment {self.name!r}: field {i!r} names the last axis only")
                i = self.field(i).start
            if not 0 <= i < size:
                raise IndexError(f"segment {self.name!r}: index {i} outside axis {axis} of size {size}")
            flat = flat * size + i
        return self.start + flat


class Layout:
    """An ordered table of named segments; build with ``add`` then read offsets."""

    def __init__(self):
        self._segments = {}
        self.size = 0

    def add(self, name, shape=None, doc="", fields=()):
        """Append segment ``name``; ``fields`` names entries of its last axis (names, or
        (name, width) pairs), and gives the shape when ``shape`` is None."""
        if name in self._segments:
            raise ValueError(f"segment {name!r} declared twice")
        if shape is None:
            shape = sum(1 if isinstance(f, str) else f[1] for f in fields)
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        seg = Segment(name, self.size, shape, doc, _fields(fields, shape[-1], name) if fields else ())
        self._segments[name] = seg
        self.size = seg.stop
        return seg

    def __getitem__(self, name):
        try:
            return self._segments[name]
        except KeyError:
            raise KeyError(f"no segment {name!r}; segments: {', '.join(self._segments)}") from None

    def __repr__(self):
        parts = ", ".join(f"{s.name}[{s.start}:{s.stop}]" for s in self._segments.values())
        return f"Layout(size={self.size}: {parts})"

    def names(self):
        return list(self._segments)

    def __contains__(self, name):
        return name in self._segments

    def __iter__(self):
        return iter(self._segments.values())

    def offset(self, name):
        return self[name].start

    def family_codes(self, name="Family"):
        """The segments as ``Codes`` (games/core/codes.py): member ``PLAY_CARD`` for
        segment ``play_card``, numbered in layout order, its meaning the segment's doc.
        Kernels then dispatch on ``Family.PLAY_CARD``, never on a hand-typed id."""
        return codes(name, [(seg.name.upper(), seg.doc) for seg in self._segments.values()])

    def family_of(self):
        """Per flat index, the family code (segment position) and the parameter (index
        inside the segment): two int64 arrays a kernel decodes an action with."""
        family = np.empty(self.size, np.int64)
        param = np.empty(self.size, np.int64)
        for code, seg in enumerate(self._segments.values()):
            family[seg.slice] = code
            param[seg.slice] = np.arange(seg.size)
        return family, param

    def index(self, name, *where):
        """Flat index of one entry, e.g. ``OBS.index("turn_context", "extra_main")`` or
        ``OBS.index("figures", seat, "general")`` (see ``Segment.index``)."""
        return self[name].index(*where)

    def field(self, name, field):
        """Position of ``field`` along the last axis of segment ``name``."""
        return self[name].field(field).start

    def locate(self, index):
        """The segment holding flat index ``index`` and the index inside it, e.g.
        ``seg, i = game.action_layout.locate(a)`` turns an action id into its family
        (``seg.name``) and parameter ``i`` (``numpy.unravel_index(i, seg.shape)`` for
        a multi-dimensional family)."""
        for seg in self._segments.values():
            if seg.start <= index < seg.stop:
                return seg, index - seg.start
        raise IndexError(f"index {index} outside layout of size {self.size}")

    def view(self, vector, name):
        """The named part of a flat vector (or of the last axis of a batch), shaped."""
        seg = self[name]
        part = vector[..., seg.slice]
        return part.reshape(part.shape[:-1] + seg.shape)

    def decode(self, vector):
        """Named, shaped views of a flat vector (or a batch of them): see ``Decoded``."""
        return Decoded(self, vector)

    def markdown(self, title="segment"):
        rows = [f"| {title} | indices | shape | meaning |", "|---|---|---|---|"]
        for seg in self._segments.values():
            span = f"{seg.start}" if seg.size == 1 else f"{seg.start}-{seg.stop - 1}"
            shape = "x".join(str(d) for d in seg.shape)
            rows.append(f"| `{seg.name}` | {span} | {shape} | {seg.doc} |")
        rows.append(f"\nTotal size: {self.size}.")
        return "\n".join(rows)


class _ByAttribute:
    """``x.name`` as ``x["name"]`` (views read as ``decode(obs).turn_context.extra_main``)."""

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError as err:
            raise AttributeError(str(err)) from None


class Fields(_ByAttribute):
    """A segment's view whose last axis has named fields: ``view.extra_main`` or
    ``view["extra_main"]`` is that field (shape without the last axis for width 1),
    ``view.array`` the whole shaped view."""

    def __init__(self, segment, array):
        self._segment = segment
        self.array = array

    def __getitem__(self, name):
        f = self._segment.field(name)
        return self.array[..., f.start] if f.width == 1 else self.array[..., f.slice]

    def __array__(self, dtype=None, copy=None):
        return self.array if dtype is None else self.array.astype(dtype)

    def __repr__(self):
        return f"Fields({self._segment.name}: {', '.join(f.name for f in self._segment.fields)})"


class Decoded(_ByAttribute, Mapping):
    """``layout.decode(obs)``: every segment by name (``d["vp"]`` or ``d.vp``) as a
    shaped view of ``obs``, no copy; segments with fields come as ``Fields``
    (``d.turn_context.extra_main``)."""

    def __init__(self, layout, vector):
        self._layout = layout
        self._vector = vector

    def __getitem__(self, name):
        seg = self._layout[name]
        view = self._layout.view(self._vector, name)
        return Fields(seg, view) if seg.fields else view

    def __iter__(self):
        return iter(self._layout.names())

    def __len__(self):
        return len(self._layout.names())
