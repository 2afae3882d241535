"""GET /api/grid writes the grid's plain fields with pydantic-core (a congress room's whole
grid is each page's first read): the JSON is what the checked grid (GridOut) dumps, as
FastAPI would write it, with results, a merge conflict, a replaced and a locked unit in it."""

from __future__ import annotations

import json

import httpx

from basestation.api.readmodel import ReadModel
from basestation.station.app import Station
from basestation.station.views.grid import GridOut
from firmware_protocol.messages import Login
from tests.api.conftest import ok
from tests.api.test_merge_offers import answered
from tests.helpers import result
from tests.station.fakes import FakeLink


async def test_the_grid_as_written_is_the_grid_as_checked(director: httpx.AsyncClient,
                                                          station: Station) -> None:
    link = FakeLink()
    await answered(station, link, 1, 1, Login(section="A", table=1))
    await answered(station, link, 1, 2, result(1, 1, 1, 1, 1))
    await answered(station, link, 2, 1, Login(section="A", table=1, takeover=True, pin="4321"))
    await answered(station, link, 1, 3, result(1, 1, 1, 1, 1, tricks=9))  # a conflict
    await answered(station, link, 3, 1, Login(section="A", table=2))
    await answered(station, link, 3, 2, result(2, 1, 3, 2, 2))
    await ok(await director.post("/api/units/3/withdraw"))

    answer = await director.get("/api/grid")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    written = json.loads(answer.content)
    checked = ReadModel(station).grid()
    assert written == checked.model_dump(mode="json", by_alias=True)
    kinds = {alert["kind"] for alert in written["alerts"]}
    assert {"merge_conflict", "unit_replaced", "unit_locked"} <= kinds, kinds
    assert GridOut.model_validate(written) == checked
