"""Every golden playthrough replays exactly (see harness.py for the scheme)."""

import os

import pytest

from .harness import GOLDENS, TESTS, dump, generate, replay


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.path)
def test_golden_playthrough(golden):
    if os.environ.get("DOUBLOON_REGEN_GOLDEN") == "1":
        golden.file.parent.mkdir(exist_ok=True)
        golden.file.write_text(dump(generate(golden)), encoding="utf-8")
    replay(golden)
    # the one generator writes the stored file byte for byte (actions, labels, layout),
    # so the documented policy is what chose the stored actions
    assert dump(generate(golden)) == golden.file.read_text(encoding="utf-8")


def test_every_golden_file_is_replayed():
    on_disk = {str(p.relative_to(TESTS)) for p in TESTS.glob("*/golden/*.json")}
    assert on_disk == {g.path for g in GOLDENS}
