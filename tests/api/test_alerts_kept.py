"""The alerts read alone (/api/alerts) are worked out once a bus position: the open grid
pages each read them after the same event, and three pages cost the station one. The bus
moving on, or `ALERTS_KEPT` seconds, and they are worked out again."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from basestation.api import readmodel
from basestation.api.readmodel import ALERTS_KEPT, ReadModel
from basestation.station.effects.events import UnitChanged
from basestation.station.views import grid as views_grid
from tests.station.fakes import station


def test_the_alerts_are_worked_out_once_a_bus_position(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    made = station(tmp_path)
    read = ReadModel(made)
    worked: list[int] = []
    real = views_grid.alerts

    def counted(*args: object, **kwargs: object) -> object:
        worked.append(made.bus.position)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(readmodel, "alerts", counted)
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])

    first = read.alerts()
    assert read.alerts() is first and read.alerts() is first  # three pages, one reading
    assert worked == [0] and first.position == 0

    made.bus.publish(UnitChanged(3, "let_back"))
    moved = read.alerts()
    assert moved.position == 1 and worked == [0, 1]

    now[0] += ALERTS_KEPT / 2
    assert read.alerts() is moved
    now[0] += ALERTS_KEPT  # what changes with no event (minutes without contact) is seen
    assert read.alerts() is not moved and worked == [0, 1, 1]
