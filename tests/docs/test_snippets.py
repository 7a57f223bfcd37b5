"""Every Python snippet of README.md and docs/ runs as written (a page users copy from
must not rot): each page's snippets in order, in one namespace as a reader runs them,
in a fresh interpreter (so nothing this test process imported or registered helps),
in an empty working folder.

A snippet that cannot run in a test (a long training run, a display) says so on the
line above its fence, with the reason: ``<!-- snippet: no-run REASON -->``.
"""

import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
NO_RUN = re.compile(r"<!-- snippet: no-run(.*?)-->\n\Z")

# runs [path, first line, code] items in one namespace; the code is padded to its line
# in the page, so a traceback names the page and the line a reader sees
RUNNER = """
import json, sys
namespace = {"__name__": "__main__"}
for path, line, code in json.load(sys.stdin):
    exec(compile("\\n" * (line - 1) + code, path, "exec"), namespace)
"""


def snippets(text):
    """Each ```python block of ``text``: (first code line, code, the no-run reason or None)."""
    for match in FENCE.finditer(text):
        before = text[: match.start()]
        marker = NO_RUN.search(before)
        reason = marker.group(1).strip() if marker else None
        yield before.count("\n") + 2, match.group(1), reason


def runnable(page):
    return [(line, code) for line, code, reason in snippets(page.read_text(encoding="utf-8")) if reason is None]


def test_snippets_are_found_and_a_marker_skips_one():
    text = (
        "intro\n```python\nx = 1\n```\n<!-- snippet: no-run trains for an hour -->\n```python\ntrain()\n```\n"
        "```\nnot python\n```\n"
    )
    assert list(snippets(text)) == [(3, "x = 1\n", None), (7, "train()\n", "trains for an hour")]


def test_every_no_run_marker_gives_its_reason():
    for page in PAGES:
        for line, _, reason in snippets(page.read_text(encoding="utf-8")):
            assert reason != "", f"{page.relative_to(ROOT)}:{line}: a no-run marker needs its reason"


def test_the_readme_has_snippets():
    assert len(runnable(ROOT / "README.md")) >= 2  # the engine and an env


@pytest.mark.slow
@pytest.mark.parametrize("page", [p for p in PAGES if runnable(p)], ids=lambda p: str(p.relative_to(ROOT)))
def test_the_pages_python_snippets_run_as_written(page, tmp_path):
    items = [[str(page.relative_to(ROOT)), line, code] for line, code in runnable(page)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, "-c", RUNNER], input=json.dumps(items), cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-4000:]
