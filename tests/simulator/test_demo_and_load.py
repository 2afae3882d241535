"""`basestation demo --exit-when-done` and the load generator, end to end."""

from __future__ import annotations

import subprocess
import sys

import pytest

from simulator.load import run_load

pytestmark = pytest.mark.integration


def test_demo_exits_when_done() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "basestation", "demo", "--exit-when-done", "--tables", "3"],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Results sent" in done.stdout and "mismatches 0" in done.stdout


@pytest.mark.parametrize("link", ["serial", "mqtt"])
async def test_load_acks_every_result(link: str) -> None:
    report = await run_load(link, pads=3, results_per_pad=4)  # type: ignore[arg-type]
    assert report.sent == report.acked == 12
    assert len(report.latencies) == 12 and report.percentile_ms(99) > 0
