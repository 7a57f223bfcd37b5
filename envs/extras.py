"""Which optional extra of doubloon provides a package, and the one line that says how to
install it, in the form that fits how doubloon was installed: ``pip install 'doubloon[train]'``
for a wheel (or any non-editable install), ``pip install -e '.[train]'`` for a checkout
(an editable install, or a bare checkout on ``sys.path``).

The extras are read from the checkout's pyproject.toml (``[project.optional-dependencies]``),
or, installed from a wheel, from the distribution's metadata (the same table as installed),
so this module restates none of them. It lives in
``envs`` (the lowest layer with optional dependencies) so that envs and training share it.
"""

import importlib.util
import json
import re
import tomllib
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "doubloon"
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"  # there only in a checkout
# "name[extras] (specifier) ; extra == 'train'" as the metadata writes a requirement
_REQUIREMENT = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*).*;.*\bextra\s*==\s*['\"]([^'\"]+)['\"]")
_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def import_name(distribution_name: str) -> str:
    """The top-level package a requirement installs, as named on the index
    (``stable-baselines3`` -> ``stable_baselines3``)."""
    return distribution_name.lower().replace("-", "_").replace(".", "_")


def _installed():
    try:
        return metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def _extra_requirements():
    """(requirement name, extra) pairs: a checkout's from its pyproject.toml (an editable
    install's metadata is as old as its last ``pip install -e``), else the installed metadata."""
    if not (from_checkout() and PYPROJECT.is_file()):
        dist = _installed()
        return [(m.group(1), m.group(2)) for m in map(_REQUIREMENT.match, dist.requires or []) if m] if dist else []
    with open(PYPROJECT, "rb") as f:
        extras = tomllib.load(f).get("project", {}).get("optional-dependencies", {})
    return [(m.group(1), extra) for extra, requirements in extras.items() for m in map(_NAME.match, requirements) if m]


def extra_providing(module: str) -> str | None:
    """The extra (e.g. ``"train"``) whose requirements install the top-level package of
    ``module``, or None (no extra installs it)."""
    top = import_name(module.partition(".")[0])
    for name, extra in _extra_requirements():
        if import_name(name) == top:
            return extra
    return None


def from_checkout() -> bool:
    """True for an editable install or a bare checkout: the user installs extras with
    ``pip install -e '.[...]'`` there."""
    if PYPROJECT.is_file():  # a checkout (its metadata may be a stale ``doubloon.egg-info`` in the root)
        return True
    dist = _installed()
    if dist is None:
        return True
    direct_url = json.loads(dist.read_text("direct_url.json") or "{}")  # PEP 610; absent for an index install
    return bool(direct_url.get("dir_info", {}).get("editable"))


def install_command(*extras: str) -> str:
    """``pip install ...`` adding these extras, in the form of this install."""
    names = ",".join(extras)
    return f"pip install -e '.[{names}]'" if from_checkout() else f"pip install 'doubloon[{names}]'"


def extra_hint(who: str, module: str) -> str | None:
    """``WHO needs MODULE, which the core install lacks: pip install ...``, or None when no
    extra provides ``module`` (a missing module that is a bug, to be seen whole)."""
    extra = extra_providing(module)
    if extra is None:
        return None
    return f"{who} needs {module.partition('.')[0]}, which the core install lacks: {install_command(extra)}"


def missing_extra_hint(command: str, err: ModuleNotFoundError) -> str | None:
    """One line for a ``ModuleNotFoundError`` of a package that an extra provides, else None."""
    return extra_hint(f"doubloon {command}", err.name or "")


def require(who: str, *modules: str) -> None:
    """Raise a ``ModuleNotFoundError`` with ``extra_hint``'s line for the first of ``modules``
    not installed, before any work starts (a command checks what it will import later)."""
    for module in modules:
        if importlib.util.find_spec(module) is None:
            raise ModuleNotFoundError(extra_hint(who, module) or f"No module named {module!r}", name=module)
