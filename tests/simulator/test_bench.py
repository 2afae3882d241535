"""The benchmark's serial stage, briefly: a real pty, the station in this process and the
pads with their paced line in a child process."""

from __future__ import annotations

import pytest

from simulator.bench import serial_stage

pytestmark = pytest.mark.integration


async def test_serial_stage_reports_figures() -> None:
    figures = await serial_stage(sections=1, seconds=1.0)
    assert figures["serial_pads"] == 25
    assert figures["serial_results_per_s"] > 0
    assert 0 < figures["serial_line_rate_fraction"] <= 1.05
