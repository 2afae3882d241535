"""A late pair seated mid-session in the phantom's place: the movement changes from a round
on, the section's pads are told to log in again and get their new rounds, the late pair's
results are accepted, and the change survives a restart. Real broker, real database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.config import NewEvent, SectionConfig
from firmware_protocol.messages import (
    Ack,
    Control,
    ControlCommand,
    GameData,
    Login,
    Nak,
    Seat,
)
from tests.api.conftest import BROWSER
from tests.helpers import result
from tests.pads import MqttPad
from tests.web.conftest import next_of

pytestmark = pytest.mark.integration


async def test_a_late_pair_takes_the_phantoms_place(
        mosquitto: int, make_station: Callable[..., Any]) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, open_event=False)
    await station.director.open_new_event(
        NewEvent("Late", "nz", (SectionConfig("A", "mitchell", 4, 8, phantom=True),)))
    transport = httpx.ASGITransport(app=create_app(station, manage_station=False))
    async with MqttPad(mosquitto, "club", 17) as pad, httpx.AsyncClient(
            transport=transport, base_url="http://club", headers=BROWSER) as director:
        login = await pad.request(Login(section="A", table=4))
        assert isinstance(login[0], Ack)
        rounds = next(b for b in login if isinstance(b, GameData)).rounds
        assert [r.ns for r in rounds] == [None, None, None, None]  # NS 4 is the phantom
        # Before the late pair: nobody is NS at table 4 in round 2.
        # Table 4's board 3 in round 2, pairs 4 and 3: 3NT by North making 9.
        entry = result(4, 2, 3, 4, 3, contract="3NT", declarer=Seat.N, tricks=9)
        refused = (await pad.request(entry))[0]
        assert isinstance(refused, Nak)
        await director.post("/api/login", json={"password": "change-me"})
        seated = await director.post("/api/sections/A/late-pair", json={"from_round": 2})
        assert seated.status_code == 200, seated.text
        assert seated.json()["seated"] == [{"round": 2, "table": 4, "direction": "NS",
                                           "pair": 4}]
        told = await next_of(pad, Control)
        assert told.command == ControlCommand.RELOGIN
        again = await pad.request(Login(section="A", table=4))
        rounds = next(b for b in again if isinstance(b, GameData)).rounds
        assert [r.ns for r in rounds] == [None, 4, 4, 4]
        assert isinstance((await pad.request(entry))[0], Ack)
        # A movement nobody could use is refused with the reason, and changes nothing.
        late = await director.post("/api/sections/A/late-pair", json={"from_round": 9})
        assert late.status_code == 422 and "round 9" in late.json()["detail"]
        history = (await director.get("/api/audit")).json()["entries"]
        assert "Movement changed: section A; late pair from round 2, boards 8, tables 4" \
            in [e["text"] for e in history]
    # The new movement is what the database holds.
    await station.stop()
    restarted: Station = await make_station(mqtt_port=mosquitto, open_event=False)
    movement = restarted.rules.session.sections["A"].movement
    assert movement.at(2, 4) is not None and movement.at(2, 4).ns == 4  # type: ignore[union-attr]
    assert restarted.rules.session.sections["A"].held(4, 2, 3) is not None


async def test_no_new_table_once_play_has_started(
        mosquitto: int, make_station: Callable[..., Any]) -> None:
    """A Mitchell without a phantom gains a table only before play: once a board is in, the
    new layout would orphan it, so the request is refused."""
    station: Station = await make_station(mqtt_port=mosquitto)
    before = station.session.sections["A"].movement
    transport = httpx.ASGITransport(app=create_app(station, manage_station=False))
    async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                 headers=BROWSER) as director:
        await director.post("/api/login", json={"password": "change-me"})
        entered = await director.put("/api/sections/A/tables/1/rounds/1/boards/1", json={
            "contract": "4S", "declarer": "S", "tricks": 10})
        assert entered.status_code == 200
        refused = await director.post("/api/sections/A/late-pair", json={"from_round": 1})
        assert refused.status_code == 422
        assert "play has started" in refused.json()["detail"]
    assert station.session.sections["A"].movement is before
