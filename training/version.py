"""The version of doubloon, as ``doubloon --version`` prints it."""

import tomllib
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "doubloon"
# a checkout: pyproject.toml beside the packages (an editable install's metadata keeps the
# version of the day it was installed, so a checkout reads its own pyproject first)
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def version() -> str:
    """The checkout's version (pyproject.toml) where there is one, else the installed package's."""
    if PYPROJECT.is_file():
        project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == DISTRIBUTION and "version" in project:
            return project["version"]
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
