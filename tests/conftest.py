"""Fixtures every test folder shares."""

import pytest


@pytest.fixture
def run_cli(capsys):
    """``run_cli(*argv) -> (exit code, stdout, stderr)`` of the doubloon CLI, in process."""
    from training.cli import main

    def run(*argv):
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


def pytest_collection_modifyitems(config, items):
    """Modules with a slow test (``@pytest.mark.slow``) first, each kept whole (its module
    fixtures set up once), the rest after them in their order: pytest-xdist hands tests out
    in this order as workers free up, so the long tests start early and the short ones fill
    the end, rather than one long test at the end keeping a worker busy while the other idles."""
    slow = {item.nodeid.split("::")[0] for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in slow)  # stable: the order within each
    if getattr(config.option, "loadgroup", False):  # an xdist worker of `--dist loadgroup`
        _mark_xdist_groups(items)


def _mark_xdist_groups(items):
    """Give each test with an ``xdist_group`` mark the ``@group`` suffix the loadgroup
    scheduler sends to one worker. pytest-xdist 3.8 writes it to ``item._nodeid``, which
    pytest 9 no longer reads (a node's id is ``item._id``), so without this every grouped
    test was scheduled alone: Ray started in both workers, module fixtures made twice
    (pytest-xdist issue #1386; drop this once an xdist release sets the id itself)."""
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # a pytest before structured ids reads the ``_nodeid`` xdist writes
        return

    for item in items:
        names = sorted(
            {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
        )
        if names and "@" not in item.nodeid:  # an xdist that sets it already: left alone
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(names)}")
