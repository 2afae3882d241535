"""A small congress through the same machinery as the 1,000-table one: every round's results
acked and stored, memory sampled after each round."""

from __future__ import annotations

import pytest

from simulator.congress import layout, play_congress

pytestmark = pytest.mark.integration


def test_layout_of_a_thousand_tables() -> None:
    rooms = layout(1000)
    sizes = [size for room in rooms for size in room]
    assert sum(sizes) == 1000 and set(sizes) <= {12, 13}
    assert len(rooms) == 3 and all(len(room) <= 26 for room in rooms)


async def test_small_congress() -> None:
    report = await play_congress(100, 3)
    assert (report.rooms, report.sections) == (1, 8)
    assert report.acked == report.stored == 100 * 2 * 3
    assert len(report.rss_mb) == 3 and all(rss > 0 for rss in report.rss_mb)
    assert report.to_json()["baseline_mb"] == round(report.rss_mb[0], 1)
