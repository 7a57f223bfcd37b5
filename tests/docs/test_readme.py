"""The README's quick start runs exactly as written."""

import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def python_blocks(text):
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_readme_quick_start_runs(capsys):
    blocks = python_blocks(README.read_text(encoding="utf-8"))
    assert blocks, "the README has no python quick start"
    for code in blocks:
        exec(compile(code, str(README), "exec"), {"__name__": "readme"})
    assert "Pirates of the Spanish Main" in capsys.readouterr().out
