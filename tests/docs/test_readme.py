"""README.md, CHANGELOG.md, CONTRIBUTING.md and docs/: the links resolve, every game has
its row, the generated env ids match the registries, the README stays short and the
changelog opens with the declared version. (The snippets run: tests/docs/test_snippets.py.)"""

import pathlib
import re
import tomllib

import pytest

import games
from tools import docs

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CHANGELOG = ROOT / "CHANGELOG.md"
PAGES = [README, CHANGELOG, ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#+ (.+)$", re.M)


def anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page):
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {anchor(h) for h in HEADING.findall(text)}


def test_every_relative_link_and_anchor_resolves():
    broken = []
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
                continue
            path, _, fragment = target.partition("#")
            resolved = (page.parent / path).resolve() if path else page
            if not resolved.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_games_table_links_every_games_page():
    text = README.read_text(encoding="utf-8")
    for name in games.list():
        assert f"](docs/{name}.md)" in text, f"README.md does not link docs/{name}.md"


def test_the_env_ids_are_the_registered_ones():
    # every game has both ids (PettingZoo and Gymnasium), and the block is current
    ids = docs.readme_sections()["env_ids"]
    for name in games.list():
        assert f"| `{name}` | `doubloon/" in ids and "none" not in ids.split(f"| `{name}` |")[1].split("\n")[0]
    text = README.read_text(encoding="utf-8")
    assert "<!-- BEGIN GENERATED: env_ids -->" in text
    assert docs.regenerate(text, docs.readme_sections()) == text, "README.md is out of date: run `make docs`"


@pytest.mark.slow
def test_the_readme_shows_a_current_drawn_board_of_every_game():
    # docs/boards/<game>.svg are regenerated and compared: a drawing that changed needs `make docs`
    text = README.read_text(encoding="utf-8")
    for name in games.list():
        assert f"](docs/boards/{name}.svg)" in text, f"README.md shows no board of {name}"
    stale = [
        path.name
        for path, svg in docs.board_files().items()
        if not path.exists() or path.read_text(encoding="utf-8") != svg
    ]
    assert not stale, f"docs/boards/ out of date ({', '.join(stale)}): run `make docs`"


def test_the_readme_reads_in_five_minutes():
    # issue 36: about 120-150 lines; what it leaves out lives in docs/ and is linked
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines < 150, f"README.md has {lines} lines: move detail into docs/"


def test_the_changelog_opens_with_the_declared_version():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    versions = re.findall(r"^## (\S+)", CHANGELOG.read_text(encoding="utf-8"), re.M)
    assert versions and versions[0] == declared, f"CHANGELOG.md's first version {versions[:1]} is not {declared}"
