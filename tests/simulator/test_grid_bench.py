"""The grid benchmark, briefly: a small congress room, its pads on a real broker, the
director's grid open in Debian's Chromium (simulator/grid_bench.py)."""

from __future__ import annotations

import pytest

from simulator.grid_bench import chromium_missing, grid_stage

pytestmark = [pytest.mark.integration]


async def test_grid_stage_reports_shares_and_ratios() -> None:
    assert chromium_missing() is None
    figures = await grid_stage(6, rounds=1)
    # Every result of the open pages' rounds reached the page through the live stream.
    assert figures["grid_6_results_shown"] == 6 * 2
    assert 0 < figures["grid_6_page_busy_share"] <= 1.5
    # The page's CPU is part of its tasks' time; the room alone is measured before and after.
    assert 0 < figures["grid_6_page_cpu_share"] <= figures["grid_6_page_busy_share"] + 0.05
    assert figures["grid_6_station_core_share_no_page_after"] > 0
    assert figures["grid_6_requests_per_result"] >= 0
    assert figures["grid_6_result_to_cell_p95_ms"] >= figures["grid_6_result_to_cell_p50_ms"]
    # Its two parts, each within the whole: the station's, and the page's.
    for part in ("station", "page"):
        assert 0 <= figures[f"grid_6_result_to_cell_{part}_p95_ms"] \
            <= figures["grid_6_result_to_cell_p95_ms"] + 1
    # Three pages over one, one page's taken as at least a floor: always a number.
    assert figures["grid_6_station_cost_three_over_one"] >= 0
    assert figures["grid_6_station_core_share_three_pages"] >= 0
    assert 0 < figures["grid_6_station_core_share_stream"] < 1
    assert figures["grid_6_first_paint_ms"] > 0
