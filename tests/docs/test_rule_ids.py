"""Every rule ID cited in the repository is defined in the repository's own rules pages,
and nothing points at the specs outside it.

The rules reference of a game is ``docs/rules/<game>.md``. An ID is defined there where
it stands in bold at the start of a paragraph or list item (``**ID**``, also
``**ID Title.**``) or opens a heading (``### ID ...``); every other occurrence anywhere
is a citation.

Which page a citation must resolve in:

- an ID with a game's own prefix (``SM-``: spanish_main, ``MA-``: maracaibo, ...) in
  that game's page, wherever it is cited;
- an ID every game uses (``GAP-n``, ``TEST-nn``, Maracaibo's scenario IDs ``Tn``) in
  the page of the game the file belongs to, read from its path (``games/<game>/``,
  ``tests/<game>/``, ``docs/<game>.md``, ``docs/<game>_*.md``, ``envs/<game>_v0.py``,
  ``training/bots/<game>.py``, ...);
- in a file of no particular game (README.md, docs/design.md, tests/games/, ...) in at
  least one rules page.

Adding a game's page (``docs/rules/pirates_of_nassau.md``) adds its checks.
"""

import pathlib
import re

import pytest

from tools.rule_ids import (
    CITATION,
    ROOT,
    citations,
    definitions,
    game_of_path,
    known_games,
    read_lines,
    required_page,
    rule_pages,
    scanned_files,
)

# references to the specs, seeds and data kept outside the repository
SHARED_REFERENCE = re.compile(r"\.\./shared|shared/(?:rules|DESIGN|data|seeds)")


def _report(rows):
    return "\n".join(f"  {path}:{line}: {rule_id}" for path, line, rule_id in rows)


@pytest.fixture(scope="module")
def defined():
    return {game: set(definitions(path.read_text(encoding="utf-8"))) for game, path in rule_pages().items()}


@pytest.fixture(scope="module")
def cited():
    return citations()


# ----- the rules pages ---------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(rule_pages()))
def test_rules_page_defines_each_id_once(game):
    page = rule_pages()[game]
    assert game in known_games(), f"{page.name} names no game (no games/{game}/ package)"
    found = definitions(page.read_text(encoding="utf-8"))
    assert found, f"{page.relative_to(ROOT)} defines no rule ID"
    twice = {rule_id: lines for rule_id, lines in found.items() if len(lines) > 1}
    assert not twice, f"{page.relative_to(ROOT)} defines IDs more than once: " + ", ".join(
        f"{rule_id} (lines {', '.join(map(str, lines))})" for rule_id, lines in sorted(twice.items())
    )


@pytest.mark.parametrize("game", sorted(rule_pages()))
def test_cited_rule_ids_resolve(game, defined, cited):
    """Every citation that must resolve in this game's page is defined there."""
    missing = [
        (path, line, rule_id)
        for path, line, rule_id, path_game in cited
        if required_page(rule_id, path_game) == game and rule_id not in defined[game]
    ]
    assert not missing, f"{len(missing)} cited rule IDs are not defined in docs/rules/{game}.md:\n" + _report(missing)


def test_every_citation_has_a_rules_page(defined, cited):
    """Citations of a game without a rules page, and game-neutral citations defined in no page."""
    missing = []
    for path, line, rule_id, path_game in cited:
        game = required_page(rule_id, path_game)
        if game is None:
            if not any(rule_id in ids for ids in defined.values()):
                missing.append((path, line, rule_id + " (in no rules page)"))
        elif game not in defined:
            missing.append((path, line, f"{rule_id} (no docs/rules/{game}.md)"))
    assert not missing, f"{len(missing)} cited rule IDs have no rules page to resolve in:\n" + _report(missing)


def test_spanish_main_page_defines_the_ids_its_engine_cites(defined, cited):
    """The page is not vacuous: the engine and its tests cite many IDs, all defined."""
    own = {rule_id for _, _, rule_id, game in cited if game == "spanish_main"}
    assert len(own) > 150 and own <= defined["spanish_main"]


# ----- no references outside the repository ------------------------------------------------
def test_no_reference_to_the_shared_specs():
    """A user of the repository has no ../shared: rules are docs/rules/, the design docs/design.md."""
    found = [
        (path.relative_to(ROOT).as_posix(), n, m.group(0))
        for path in scanned_files()
        for n, line in enumerate(read_lines(path), 1)
        for m in SHARED_REFERENCE.finditer(line)
    ]
    assert not found, (
        f"{len(found)} references to files outside the repository (point to "
        "docs/rules/<game>.md or docs/design.md instead):\n" + _report(found)
    )


# ----- the parser itself -------------------------------------------------------------------
def test_citation_pattern():
    text = (
        "see SM-5.2.5a and SM-6.9, (GAP-6), TEST-01..15, MA-29.1a; MA-30 T9. SM-10.1-10.3 "
        "not UTF-8, PEP-8, RT1, XSM-1, GAP-n, D1 or SM-"
    )
    assert [m.group(1) for m in CITATION.finditer(text)] == [
        "SM-5.2.5a",
        "SM-6.9",
        "GAP-6",
        "TEST-01",
        "MA-29.1a",
        "MA-30",
        "T9",
        "SM-10.1",
    ]


def test_definition_pattern():
    page = "\n".join(
        [
            "**SM-0.1** **Tags.** text",  # bold ID, then a bold title
            "**SM-0.2 Positions.** text",  # the ID opening a bold title
            "- **SM-5.2.5a** No wrap-around",  # a list item
            "1. **MA-3.1** step",
            "## SM-5 Actions",
            "### GAP-6 Moves that change nothing",
            "#### T1 Combat example",
            "text citing **SM-9.9** in the middle",  # not at the start: a citation
            "(SM-9.8) at the start, not bold",
            "```",
            "**SM-9.7** inside a code block",
            "```",
        ]
    )
    assert sorted(definitions(page)) == sorted(["SM-0.1", "SM-0.2", "SM-5.2.5a", "MA-3.1", "SM-5", "GAP-6", "T1"])


def test_game_of_path():
    games = {"spanish_main", "maracaibo", "pirates_of_nassau", "el_caballero"}
    cases = {
        "games/spanish_main/rules.py": "spanish_main",
        "tests/spanish_main/test_moves.py": "spanish_main",
        "docs/spanish_main.md": "spanish_main",
        "docs/rules/maracaibo.md": "maracaibo",
        "docs/maracaibo_solo.md": "maracaibo",
        "envs/maracaibo_solo_v0.py": "maracaibo",
        "games/maracaibo/solo/jean.py": "maracaibo",
        "training/bots/spanish_main.py": "spanish_main",
        "tests/training/test_maracaibo_bot.py": "maracaibo",
        "README.md": None,
        "docs/design.md": None,
        "games/core/game.py": None,
        "tests/games/test_api.py": None,
    }
    for path, game in cases.items():
        assert game_of_path(pathlib.PurePosixPath(path), games) == game, path
    assert required_page("SM-6.6", "maracaibo") == "spanish_main"  # the prefix decides
    assert required_page("GAP-6", "maracaibo") == "maracaibo"  # the path decides
    assert required_page("GAP-6", None) is None  # any page
