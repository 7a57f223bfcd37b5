"""`doubloon --version`: the checkout's pyproject version, else the installed package's."""

import tomllib
from importlib import metadata
from pathlib import Path

from training import version as version_module

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_version_flag_prints_the_pyproject_version(run_cli):
    declared = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]
    code, out, _ = run_cli("--version")
    assert code == 0 and out.strip() == f"doubloon {declared}"


def test_without_a_checkout_the_installed_metadata_answers(monkeypatch, tmp_path):
    monkeypatch.setattr(version_module, "PYPROJECT", tmp_path / "pyproject.toml")  # no such file
    monkeypatch.setattr(metadata, "version", lambda name: {"doubloon": "9.8.7"}[name])
    assert version_module.version() == "9.8.7"


def test_another_projects_pyproject_is_not_read(monkeypatch, tmp_path):
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "someone-else"\nversion = "5.0"\n', encoding="utf-8")
    monkeypatch.setattr(version_module, "PYPROJECT", other)
    monkeypatch.setattr(metadata, "version", lambda name: {"doubloon": "9.8.7"}[name])
    assert version_module.version() == "9.8.7"


def test_neither_installed_nor_a_checkout_says_unknown(monkeypatch, tmp_path):
    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version_module, "PYPROJECT", tmp_path / "pyproject.toml")
    monkeypatch.setattr(metadata, "version", not_installed)
    assert version_module.version() == "unknown"
