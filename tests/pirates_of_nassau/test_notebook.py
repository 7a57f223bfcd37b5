"""The Pirates of Nassau strategy notebook runs end to end (small parameters) and its
paired .py matches it (the committed outputs come from the larger run it describes)."""

import os
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "pirates_of_nassau_strategy.ipynb"
PAIRED = NOTEBOOK.with_suffix(".py")


def test_notebook_and_its_jupytext_pair_agree():
    cells = lambda nb: [(c.cell_type, c.source.strip()) for c in nb.cells]  # noqa: E731
    assert cells(jupytext.read(PAIRED)) == cells(nbformat.read(NOTEBOOK, as_version=4))


def test_notebook_executes_with_small_parameters(monkeypatch):
    monkeypatch.setenv("DOUBLOON_NOTEBOOK_GAMES", "24")
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert sum("image/png" in o.get("data", {}) for o in outputs) >= 4  # the plots were drawn
