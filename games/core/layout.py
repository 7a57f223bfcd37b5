"""Named, contiguous segments of a flat vector: the action space and observations.

A game declares its flat ``Discrete(A)`` action space and its observation vector as
a ``Layout`` of named segments. Offsets are derived, never written by hand, and the
docs print the same table, so code and documentation cannot drift apart.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Segment:
    name: str
    start: int
    shape: tuple
    doc: str

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


class Layout:
    """An ordered table of named segments; build with ``add`` then read offsets."""

    def __init__(self):
        self._segments = {}
        self.size = 0

    def add(self, name, shape, doc=""):
        if name in self._segments:
            raise ValueError(f"segment {name!r} declared twice")
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        seg = Segment(name, self.size, shape, doc)
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

    def markdown(self, title="segment"):
        rows = [f"| {title} | indices | shape | meaning |", "|---|---|---|---|"]
        for seg in self._segments.values():
            span = f"{seg.start}" if seg.size == 1 else f"{seg.start}-{seg.stop - 1}"
            shape = "x".join(str(d) for d in seg.shape)
            rows.append(f"| `{seg.name}` | {span} | {shape} | {seg.doc} |")
        rows.append(f"\nTotal size: {self.size}.")
        return "\n".join(rows)
