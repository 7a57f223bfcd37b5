"""The README's quick start runs exactly as written (the VecEnv example is exercised,
with the same calls, by tests/training/test_vec_env.py)."""

import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def quick_start_blocks(text):
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_readme_quick_start_runs(capsys):
    blocks = quick_start_blocks(README.read_text(encoding="utf-8"))
    assert blocks, "the README has no python quick start"
    for code in blocks:
        exec(compile(code, str(README), "exec"), {"__name__": "readme"})
    assert "Pirates of the Spanish Main" in capsys.readouterr().out
