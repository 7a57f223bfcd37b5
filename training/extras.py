"""Which optional extra of the installed doubloon distribution provides a package, so that
a command needing one the core install lacks says in one line what to install.

The extras are read from the distribution's own metadata (pyproject.toml's
``[project.optional-dependencies]`` as installed), so this module restates none of them.
"""

import re
from importlib import metadata

DISTRIBUTION = "doubloon"
# "name[extras] (specifier) ; extra == 'train'" as the metadata writes a requirement
_REQUIREMENT = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*).*;.*\bextra\s*==\s*['\"]([^'\"]+)['\"]")


def import_name(distribution_name):
    """The top-level package a requirement installs, as named on the index
    (``stable-baselines3`` -> ``stable_baselines3``)."""
    return distribution_name.lower().replace("-", "_").replace(".", "_")


def extra_providing(module):
    """The extra (e.g. ``"train"``) whose requirements install the top-level package of
    ``module``, or None: not in any extra, or doubloon is not installed (a bare checkout)."""
    top = import_name(module.partition(".")[0])
    try:
        requirements = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return None
    for requirement in requirements:
        match = _REQUIREMENT.match(requirement)
        if match and import_name(match.group(1)) == top:
            return match.group(2)
    return None


def missing_extra_hint(command, err):
    """One line for a ``ModuleNotFoundError`` of a package that an extra provides, else None."""
    extra = extra_providing(err.name or "")
    if extra is None:
        return None
    return (f"doubloon {command} needs {err.name}, which the core install lacks: "
            f"pip install 'doubloon[{extra}]'")
