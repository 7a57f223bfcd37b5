"""Every strategy notebook runs end to end (small parameters) and its paired .py matches
it (the committed outputs come from the larger run each describes)."""

import os
from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_and_its_jupytext_pair_agree(notebook):
    cells = lambda nb: [(c.cell_type, c.source.strip()) for c in nb.cells]
    assert cells(jupytext.read(notebook.with_suffix(".py"))) == cells(nbformat.read(notebook, as_version=4))


@pytest.mark.slow  # every notebook end to end
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes_with_small_parameters(notebook, monkeypatch):
    monkeypatch.setenv("DOUBLOON_NOTEBOOK_GAMES", "24")
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    nb = nbformat.read(notebook, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert sum("image/png" in o.get("data", {}) for o in outputs) >= 4  # the plots were drawn
