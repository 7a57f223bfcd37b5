"""benchmarks/campaign_env.py runs end to end (no speed is asserted: docs/design.md)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_campaign_env_script_prints_the_ratio_and_the_campaign(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "campaign_env.py"), "--seconds", "0.2"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    header, reference, campaign, archive = proc.stdout.strip().splitlines()
    assert "x maracaibo" in header and reference.split()[-1] == "1.00"
    assert campaign.startswith("maracaibo campaign") and float(campaign.split()[-1]) > 0
    assert archive.startswith("campaign: ") and int(archive.split()[1]) >= 2
