"""Named integer codes: each code defined once, with its name and its meaning.

OpenSpiel writes ``enum class Phase`` next to ``kPhaseString``; a ``Codes`` class is
both at once. Members are numbered in the order they are written, each carrying a
one-line meaning (a rule ID first, where one applies)::

    class Phase(Codes):
        SAIL = "MA-5: Phase A, move the ship"
        ACTIONS = "MA-6: Phase B, actions at the location"

Kernels read ``Phase.SAIL`` as a plain integer constant (numba types IntEnum members
as integers: they compare with, index by and assign to integer fields), renderers
read ``Phase(rec.phase).name`` and docs read ``Phase.table()``, so a code, its name
and its documentation cannot drift apart.

Families of a flat action space are codes too: ``Layout.family_codes`` builds them
from the layout's segment names, so the family id of a segment is its position in the
layout, never a second hand-kept list.
"""

import enum


class Codes(enum.IntEnum):
    """Base of a code table: members are ``NAME = "meaning"``, numbered from 0."""

    def __new__(cls, doc=""):
        value = len(cls.__members__)
        member = int.__new__(cls, value)
        member._value_ = value
        member.doc = doc
        return member

    @classmethod
    def names(cls):
        """Member names by value: ``names()[code]`` is the name of ``code``."""
        return tuple(member.name for member in cls)

    @classmethod
    def name_of(cls, code):
        """The name of ``code``, or ``"?<code>"`` for a value outside the table (render
        must show a corrupt record, not raise on it)."""
        try:
            return cls(int(code)).name
        except ValueError:
            return f"?{int(code)}"

    @classmethod
    def table(cls):
        """A markdown table of the codes for the generated docs."""
        lines = ["| code | name | meaning |", "|---:|---|---|"]
        lines += [f"| {int(m)} | `{m.name}` | {m.doc} |" for m in cls]
        return "\n".join(lines)


def codes(name, members):
    """A ``Codes`` class built from ``(name, meaning)`` pairs, for tables derived from
    data (the families of an action layout) rather than written out."""
    return Codes(name, [(member, doc) for member, doc in members])
