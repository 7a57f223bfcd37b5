"""Progress bars that suit where they are written.

On a terminal a tqdm bar redraws itself in place. Written to a pipe or a log
(``doubloon bench ... | tail``, ``make run`` in CI) those redraws, each a carriage
return and the bar, pile up into one endless line; there the same tqdm bar instead
prints a plain line at each quarter of its total (``PLAIN_LINES`` lines at most).
"""

import sys
from typing import Any, TextIO

PLAIN_LINES = 4  # lines a bar prints without a terminal: at 25%, 50%, 75%, 100%


class _Lines:
    """A stream for tqdm that ends every redraw with a newline instead of starting it with
    a carriage return; redraws that only blank the line (a bar that clears itself) go."""

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, text: str) -> None:
        text = text.replace("\r", "").rstrip()
        if text:
            self.stream.write(text + "\n")

    def flush(self) -> None:
        self.stream.flush()


def is_terminal(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def progress_bar(iterable: Any = None, **kwargs: Any) -> Any:
    """``tqdm(iterable, **kwargs)`` on a terminal (``file``, default stderr); elsewhere the
    same bar refreshed only at each quarter of its total, one plain line each."""
    from tqdm import tqdm

    stream = kwargs.pop("file", None) or sys.stderr
    if kwargs.get("disable") or is_terminal(stream):
        return tqdm(iterable, file=stream, **kwargs)
    total = kwargs.get("total")
    if total is None and hasattr(iterable, "__len__"):
        total = len(iterable)
    every = max(1, -(-int(total) // PLAIN_LINES)) if total else 1
    kwargs.update(miniters=every, mininterval=0, ascii=True, ncols=80)
    return tqdm(iterable, file=_Lines(stream), **kwargs)
