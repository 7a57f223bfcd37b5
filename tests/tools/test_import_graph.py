"""No import circles among the suite's modules (issue 36): every ``import`` counts, those
inside functions too, so a circle cannot hide behind a late import."""

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "envs", "training", "tools")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def suite_modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The suite modules ``name`` (at ``path``) imports: ``from pkg import x`` is the module
    ``pkg.x`` when there is one, else ``pkg`` itself."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            source = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                out.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source)
    return {m for m in out if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    modules = suite_modules()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def test_the_graph_sees_imports_inside_functions_and_relative_ones():
    graph = import_graph()
    assert "training.bots" in graph["training.cli"]  # ``from .bots import BOT_HELP``, at the top
    assert "training.train" in graph["training.commands"]  # ``from .train import ...`` inside cmd_train
    assert "training.rllib_train" in graph["training.train"]  # inside train(), for --engine rllib
    assert "training.tile_sets" in graph["training.arena"]  # ``from . import tile_sets as TS``


def test_no_import_circles():
    try:
        graphlib.TopologicalSorter(import_graph()).prepare()
    except graphlib.CycleError as err:
        raise AssertionError(f"import circle: {' -> '.join(err.args[1])}") from None
