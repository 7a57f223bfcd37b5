"""Errors every engine raises for bad input; each names the problem."""


class IllegalActionError(ValueError):
    """An action that is not legal in a live game row."""

    def __init__(self, rows, actions, legal):
        self.rows = list(rows)
        self.actions = list(actions)
        self.legal = [list(x) for x in legal]
        parts = [
            f"row {r}: action {a} is not legal (legal: {allowed})"
            for r, a, allowed in zip(self.rows, self.actions, self.legal)
        ]
        super().__init__("illegal action; " + "; ".join(parts))


class PositionError(ValueError):
    """A malformed game position (JSON) -- names the offending field."""

    def __init__(self, field, problem):
        self.field = field
        super().__init__(f"bad position field {field!r}: {problem}")
