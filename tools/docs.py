"""Keep the generated parts of docs/<game>.md in step with the code.

Each game page holds blocks like ``<!-- BEGIN GENERATED: actions -->`` ...
``<!-- END GENERATED: actions -->``; this module rewrites them from the game's
layout tables, its own tables and the rule IDs its engine cites (``rule_ids``: the
"rule ID -> file:function" table, and the rules page's IDs cited nowhere in games/ or
in no test). A page without the ``rule_ids`` block gets it appended, so a registered
game has it from its first ``make docs``. README.md has blocks too (``env_ids``: the
registered env ids, read from the PettingZoo and Gymnasium registries; ``boards``, a
drawn board of each game) and docs/boards/<game>.svg are the boards it shows: a
mid-game position of a fixed random game, drawn by ``render_svg``.
``python -m tools.docs`` updates the files; a test fails when a page has drifted from
the code.
"""

import importlib
import pathlib
import random
import re
import sys

import games
from games.core.files import write_atomically

from . import rule_ids

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
BOARDS = DOCS / "boards"
BOARD_SEED = 7  # the deal and the random moves of each README board
_BLOCK = re.compile(r"(<!-- BEGIN GENERATED: (\w+) -->\n).*?(<!-- END GENERATED: \2 -->)", re.S)
# blocks every game page has, appended under this heading where missing
REQUIRED = {"rule_ids": "## Rule IDs in the code"}


def sections(game):
    """Generated markdown per block name, from the game built with its doc options."""
    extra = getattr(game, "doc_sections", None)  # a game's own blocks (Maracaibo: action sub-ranges)
    out = {
        "actions": game.action_layout.markdown("action family"),
        "observation": game.obs_layout.markdown("observation field"),
        "rule_ids": rule_table(game.name),
        **(extra() if extra else {}),
    }
    out.update(getattr(game, "doc_tables", dict)())  # a game's own tables (components, ids)
    return out


def regenerate(text, generated):
    def fill(match):
        name = match.group(2)
        if name not in generated:
            raise KeyError(f"no generator for block {name!r}")
        return f"{match.group(1)}{generated[name]}\n{match.group(3)}"

    for name, heading in REQUIRED.items():
        if name in generated and f"<!-- BEGIN GENERATED: {name} -->" not in text:
            text = f"{text.rstrip()}\n\n{heading}\n\n<!-- BEGIN GENERATED: {name} -->\n<!-- END GENERATED: {name} -->\n"
    return _BLOCK.sub(fill, text)


def page_for(name):
    return DOCS / f"{name}.md"


def doc_game(name):
    cls = type(games.make(name))
    return games.make(name, **getattr(cls, "doc_options", {}))


# ----- README -----------------------------------------------------------------------------------
def readme_sections():
    """README.md's generated blocks: ``env_ids``, a row per game with its PettingZoo and
    Gymnasium ids, as the registries hold them after ``import envs``."""
    import gymnasium

    importlib.import_module("envs")  # registers the ids

    try:
        from pettingzoo import aec_registry
    except ImportError:  # PettingZoo before 1.25 has no registry
        aec_registry = {}
    aec = {spec.name: spec.id for spec in aec_registry.values() if spec.namespace == "doubloon"}
    gym = {spec.kwargs["game_or_name"]: spec.id for spec in gymnasium.registry.values() if spec.namespace == "doubloon"}
    lines = ["| game | `pettingzoo.make(\"aec\", ID)` | `gymnasium.make(\"envs:ID\")` |", "|---|---|---|"]
    for name in sorted(aec.keys() | gym.keys()):
        lines.append(
            f"| `{name}` | " + " | ".join(f"`{ids[name]}`" if name in ids else "none" for ids in (aec, gym)) + " |"
        )
    return {"env_ids": "\n".join(lines), "boards": board_gallery()}


# ----- README boards ---------------------------------------------------------------------------
def board_gallery():
    """README.md's ``boards`` block: the drawn board of each game, docs/boards/<game>.svg."""
    return "\n\n".join(f"**`{name}`** ![{name}, a mid-game position](docs/boards/{name}.svg)" for name in games.list())


def mid_game_board(name, seed=BOARD_SEED):
    """The SVG of a mid-game position: the game's default options, dealt from ``seed``,
    half way through a game of uniformly random legal moves (Python's ``random``, whose
    stream is the same on every platform and version, so the picture is reproducible)."""
    game = games.make(name)
    pick = random.Random(seed)
    state = game.init([seed])
    positions = [state[0].copy()]
    while not game.terminated(state)[0]:
        legal = game.legal_actions(state[0])
        game.step(state, [legal[int(pick.random() * len(legal))]])
        positions.append(state[0].copy())
    return game.render_svg(positions[len(positions) // 2])


def board_files():
    """``{path: svg text}`` of every README board."""
    return {BOARDS / f"{name}.svg": mid_game_board(name) for name in games.list()}


# ----- rule IDs --------------------------------------------------------------------------------
def package_of(name):
    """The directory of the package that holds game ``name``'s class."""
    module = importlib.import_module(games.game_class(name).__module__)
    return pathlib.Path(module.__file__).resolve().parent


def rules_page_game(name):
    """The game whose rules page covers ``name``: its own (docs/rules/<name>.md), else the
    page of the engine package it lives in (maracaibo_solo: maracaibo)."""
    if name in rule_ids.rule_pages():
        return name
    return package_of(name).relative_to(ROOT / "games").parts[0]


def _where(rel, function):
    return f"`{rel}`" + (f" `{function}`" if function else "")


def rule_table(name):
    """Markdown: every rule ID cited under the game's package -> the files and functions
    citing it; then, on the page of the game that owns the rules page, the page's bold
    IDs cited nowhere in games/ and in no test."""
    package = package_of(name)
    others = {package_of(g) for g in games.list() if g != name} - {package}
    nested = [p for p in others if package in p.parents]  # e.g. solo/ inside maracaibo/
    found = rule_ids.citing_functions(package, skip=nested)
    page_game = rules_page_game(name)
    page = rule_ids.rule_pages().get(page_game)
    text = page.read_text(encoding="utf-8") if page else ""
    order = list(rule_ids.definitions(text))
    rel = package.relative_to(ROOT).as_posix()
    lines = [
        f"Where the engine (`{rel}/`) cites each rule ID in a docstring, comment or message: "
        "the files and functions (a file alone: module level). Generated by `python -m tools.docs`.",
        "",
        "| rule | cited in |",
        "|---|---|",
    ]
    for rule_id in rule_ids.natural_order(found, order):
        lines.append(f"| {rule_id} | " + ", ".join(_where(*w) for w in found[rule_id]) + " |")
    if page_game != name:
        lines += ["", f"The rules page's IDs cited nowhere or in no test: see `docs/{page_game}.md`."]
        return "\n".join(lines)
    bold = list(rule_ids.definitions(text, headings=False))
    for where, roots in (("nowhere in `games/`", ("games",)), ("in no test (`tests/`)", ("tests",))):
        cited = rule_ids.cited_for(page_game, roots)
        missing = [r for r in bold if r not in cited]
        lines += [
            "",
            f"Bold IDs of `docs/rules/{page_game}.md` cited {where} ({len(missing)} of {len(bold)}): "
            + (", ".join(missing) if missing else "none")
            + ".",
        ]
    return "\n".join(lines)


def main():
    changed = []
    BOARDS.mkdir(exist_ok=True)
    for path, svg in board_files().items():
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            write_atomically(path, svg)
            changed.append(str(path))
    text = README.read_text(encoding="utf-8")
    new = regenerate(text, readme_sections())
    if new != text:
        write_atomically(README, new)
        changed.append(str(README))
    for name in games.list():
        path = page_for(name)
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        new = regenerate(text, sections(doc_game(name)))
        if new != text:
            write_atomically(path, new)
            changed.append(str(path))
    print("updated: " + ", ".join(changed) if changed else "docs are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
