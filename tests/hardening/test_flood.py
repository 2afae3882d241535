"""One pad flooding a station through a real mosquitto, as fast as a client here sends, with
each kind of message; the flood and the other pads timing their acks are child processes of
their own (simulator/hostile.py), as the campaign's hostile-pad fault runs them.

On the broker as deploy/ ships it (each pad its own login, kept by the station), the flooding
pad is cut off there at once and every other pad's message is answered. On an open broker
(no logins: tests, the demo) the station's fairness alone holds: nobody else's message is
lost or waits behind the flood's backlog in the station, the queue drains within seconds and
the flood leaves a bounded number of rows; the other pads' messages still share the broker's
one connection to the station with the flood, so their wait depends on the machine
(docs/ARCHITECTURE.md, "A unit flooding the station").
In both, the grid names the flooding pad.

How long the other pads wait is not this test's to judge: `basestation faults` reports their
ack p99 while a pad floods (`ack_p99_ms_while_flooded`; goal 100 ms on the shipped broker,
docs/ARCHITECTURE.md) and this test prints it. A hang is caught by every message being
answered within a pad's three tries (15 s)."""

from __future__ import annotations

from pathlib import Path

import pytest

from basestation.api.readmodel import ReadModel
from basestation.station.app import Station
from basestation.station.core.floods import CUT_OFF
from simulator.campaign.hostile import (
    FLOODING,
    ROWS,
    WATCHING,
    flood_once,
    p99_ms,
    pair,
)
from simulator.hostile import KINDS, Watch, Watcher
from tests.deploy.conftest import SECRET, secured_club

# The queue drains once the flood stops: `basestation faults` holds it to DRAIN_S (5 s) and
# reports it ("a pad floods the station", drained); beside another suite it took 8.4 s, so
# the test's bound is loose.
DRAINED_WITHIN = 30.0

pytestmark = pytest.mark.integration


async def flooded(station: Station, database: Path, port: int, kind: str,
                  secret: str) -> object:
    watcher = Watcher(Watch(port, station.config.id, secret, WATCHING, seconds=60))
    await watcher.start()
    try:
        found, (started, ended) = await flood_once(station, database, port, FLOODING, kind,
                                                   table=1, section="A")
        watched = await watcher.figures()
    finally:
        watcher.stop()
    waits = watched.during(started, ended)
    print(f"{kind}: {found.sent} sent ({found.per_second}/s); other pads' ack p99 "
          f"{p99_ms(waits)} ms over {len(waits)}; drained in {found.drain_s} s; "
          f"{found.rows} rows")
    # The other pads' acks kept flowing through the flood: each of their messages answered
    # (within its three tries), and acks coming in each half of the flood (how many depends
    # on the machine's speed: its figures are `basestation faults`'; under a whole suite an
    # ack took up to 3.5 s, so a pad may send nothing new in the second half).
    middle = (started + ended) / 2
    assert watched.unanswered == 0
    assert watched.answered(started, middle) and watched.answered(middle, ended)
    assert found.drain_s <= DRAINED_WITHIN and found.rows <= ROWS and found.named
    return found


@pytest.mark.parametrize("kind", KINDS)
async def test_on_the_shipped_broker_the_flooding_pad_is_cut_off(tmp_path: Path,
                                                                 kind: str) -> None:
    async with secured_club(tmp_path) as club:
        await pair(club.station, [FLOODING, *WATCHING])
        found = await flooded(club.station, tmp_path / "station.db", club.port, kind, SECRET)
        # Cut off at the broker for a while, and the grid says so; a locked-out pad too (it
        # keeps its login so that what it holds reaches the director: SPEC.md 6.5).
        assert found.sent > 0  # type: ignore[attr-defined]
        assert club.station.hub.units[FLOODING].cut_off == CUT_OFF
        alerts = ReadModel(club.station).grid().model_dump()["alerts"]
        assert any(a["kind"] == "flooding" and a.get("cut_off") == CUT_OFF
                   for a in alerts), alerts


@pytest.mark.parametrize("kind", KINDS)
async def test_on_an_open_broker_the_station_stays_fair(
        mqtt_station: Station, mosquitto: int, tmp_path: Path, kind: str) -> None:
    found = await flooded(mqtt_station, tmp_path / "station.db", mosquitto, kind, "change-me")
    assert found.per_second > 200  # type: ignore[attr-defined]  # loosely: the machine is busy
