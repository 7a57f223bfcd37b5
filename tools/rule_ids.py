"""Rule IDs: where ``docs/rules/<game>.md`` defines them, where the repository cites them.

An ID is defined where it stands in bold at the start of a paragraph or list item
(``**ID**``, also ``**ID Title.**``) or opens a heading (``### ID ...``); every other
occurrence anywhere is a citation. An ID with a game's own prefix (``SM-``, ``MA-``,
...) belongs to that game's page; the shared forms (``GAP-n``, ``TEST-nn``, Maracaibo's
scenarios ``Tn``) to the page of the game the citing file belongs to, read from its
path (``required_page``). tests/docs/test_rule_ids.py checks every citation resolves;
``tools.docs`` writes the "rule ID -> file:function" table of each game page.
"""

import ast
import collections
import functools
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"

# a game's own ID prefixes (its spec's prefix, and e.g. Nassau's placeholder data sets)
PREFIX_GAME = {
    "SM": "spanish_main",
    "MA": "maracaibo",
    "PN": "pirates_of_nassau",
    "PD": "pirates_of_nassau",
    "EC": "el_caballero",
}
# games whose rules page may exist before their engine does
PLANNED_GAMES = {"pirates_of_nassau", "el_caballero"}

_ID = (
    r"(?:(?:" + "|".join(PREFIX_GAME) + r")-T?\d+(?:\.\d+)*[a-z]?"  # SM-5.2.5a, MA-29.1a, PN-T3
    r"|GAP-\d+|TEST-\d+|T\d+)"
)  # shared forms; T1..T21 are Maracaibo's scenarios
_END = r"(?![\w]|\.\d)"  # "SM-6.9" is not the start of "SM-6.9.1"
CITATION = re.compile(r"(?<![\w-])(" + _ID + ")" + _END)
DEFINITION = re.compile(r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?\*\*(" + _ID + ")" + _END + r"|^#{1,6}\s+(" + _ID + ")" + _END)

# where citations are looked for, and what they may be in
SCANNED = ("README.md", "docs", "games", "envs", "training", "tests", "notebooks", "benchmarks", "tools")
TEXT_SUFFIXES = {".py", ".md", ".txt", ".json", ".toml", ".cfg", ".ini", ".yaml", ".yml", ".ipynb", ".rst"}
# the parser and its tests cite example IDs, not rules
EXAMPLES = {
    ROOT / "tools" / "rule_ids.py",
    ROOT / "tests" / "docs" / "test_rule_ids.py",
    ROOT / "tests" / "docs" / "test_rule_trail.py",
}


# ----- rules pages ---------------------------------------------------------------------------
def rule_pages():
    """``{game: path}`` of the rules pages that exist, the game named by the file."""
    return {p.stem: p for p in sorted(RULES.glob("*.md"))}


def definitions(text, headings=True):
    """``{id: [line numbers]}`` of the IDs a rules page defines (bold ones only with
    ``headings=False``), in page order."""
    found = collections.defaultdict(list)
    in_code = False
    for n, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        m = None if in_code else DEFINITION.match(line)
        if m and (headings or m.group(1)):
            found[m.group(1) or m.group(2)].append(n)
    return dict(found)


# ----- citations -----------------------------------------------------------------------------
def known_games():
    """Game names a path can belong to: engine packages, rules pages, planned games."""
    engines = {
        p.name
        for p in (ROOT / "games").iterdir()
        if (p / "__init__.py").exists() and p.name != "core" and not p.name.startswith("_")
    }
    return engines | set(rule_pages()) | PLANNED_GAMES | set(PREFIX_GAME.values())


def game_of_path(rel, games):
    """The game a repository path belongs to, or None (README.md, games/core, ...).

    A path part (file name without suffix) names game ``g`` when it is ``g``, starts
    with ``g_`` (``maracaibo_solo_v0.py``) or with ``test_g`` (``test_maracaibo_bot.py``)."""
    by_length = sorted(games, key=len, reverse=True)  # a longer name wins over its prefix
    for part in rel.parts:
        stem = part.split(".", 1)[0]
        for g in by_length:
            if stem == g or stem.startswith(g + "_") or stem.startswith("test_" + g):
                return g
    return None


def required_page(rule_id, path_game):
    """The game whose page must define ``rule_id``, or None: any page will do."""
    prefix = rule_id.split("-", 1)[0] if "-" in rule_id else None
    if prefix in PREFIX_GAME:
        return PREFIX_GAME[prefix]
    return path_game


def scanned_files(roots=SCANNED):
    """Text files under ``roots`` (relative to the repository), the examples excluded."""
    for name in roots:
        top = ROOT / name
        paths = [top] if top.is_file() else sorted(top.rglob("*")) if top.is_dir() else []
        for path in paths:
            rel = path.relative_to(ROOT)
            if (
                path.is_file()
                and path.suffix in TEXT_SUFFIXES
                and path.resolve() not in EXAMPLES
                and not any(part.startswith(".") or part == "__pycache__" for part in rel.parts)
            ):
                yield path


def read_lines(path):
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (UnicodeDecodeError, OSError):
        return []
    if path.suffix == ".ipynb":  # a notebook's base64 images cite nothing ("...+T9/..." by chance)
        lines = ["" if '"image/' in line else line for line in lines]
    return lines


def citations(roots=SCANNED):
    """``[(rel_path, line, id, game_or_None)]`` for every ID cited under ``roots``."""
    games = known_games()
    out = []
    for path in scanned_files(roots):
        rel = path.relative_to(ROOT)
        game = game_of_path(rel, games)
        for n, line in enumerate(read_lines(path), 1):
            for m in CITATION.finditer(line):
                out.append((rel.as_posix(), n, m.group(1), game))
    return out


def cited_for(page_game, roots):
    """IDs cited under ``roots`` that belong to ``page_game``'s rules page."""
    return {rule_id for _, _, rule_id, game in citations(roots) if required_page(rule_id, game) == page_game}


# ----- citing functions ----------------------------------------------------------------------
def enclosing_names(source):
    """``{line: "Class.method"}`` for every line inside a def or class of ``source``
    (the innermost one); lines at module level are absent."""
    names = {}

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                for line in range(child.lineno, child.end_lineno + 1):
                    names[line] = name  # the inner definitions, visited next, overwrite
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return names


def citing_functions(package, skip=()):
    """``{id: [(file relative to package, function or None)]}`` for the IDs cited in the
    Python files under ``package`` (a directory), leaving out the folders ``skip``; one
    entry per (file, function), in file order."""
    found = collections.defaultdict(list)
    for path in sorted(pathlib.Path(package).rglob("*.py")):
        if "__pycache__" in path.parts or any(pathlib.Path(s) in path.parents for s in skip):
            continue
        text = path.read_text(encoding="utf-8")
        names = enclosing_names(text)
        rel = path.relative_to(package).as_posix()
        for n, line in enumerate(text.splitlines(), 1):
            for m in CITATION.finditer(line):
                where = (rel, names.get(n))
                if where not in found[m.group(1)]:
                    found[m.group(1)].append(where)
    return dict(found)


@functools.cache
def _natural(rule_id):
    return tuple(int(x) if x.isdigit() else x for x in re.split(r"(\d+)", rule_id))


def natural_order(rule_ids, page_order=()):
    """``rule_ids`` in the order of ``page_order`` (a rules page's definitions), the rest
    after them in natural order (MA-5.2 before MA-5.10)."""
    rank = {rule_id: i for i, rule_id in enumerate(page_order)}
    return sorted(rule_ids, key=lambda r: (rank.get(r, len(rank)), _natural(r)))
