"""One pad flooding a station through a real mosquitto, as fast as a client here sends, with
each kind of message; the flood and the other pads timing their acks are child processes of
their own (simulator/hostile.py), as the campaign's hostile-pad fault runs them.

On the broker as deploy/ ships it (each pad its own login, kept by the station), the flooding
pad is cut off there at once: no other pad's ack waits (100 ms at p99 is `basestation faults`'
figure and bound; here the bound is loose, as the machine is busy). On an open broker
(no logins: tests, the demo) the station's fairness alone holds: nobody else's message is
lost or waits behind the flood's backlog in the station, the queue drains within seconds and
the flood leaves a bounded number of rows; the other pads' messages still share the broker's
one connection to the station with the flood, so their wait depends on the machine
(docs/ARCHITECTURE.md, "A unit flooding the station").
In both, the grid names the flooding pad."""

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
from simulator.hostile import KINDS, Watch, Watched, Watcher
from tests.deploy.conftest import SECRET, secured_club

# The queue drains once the flood stops: `basestation faults` holds it to DRAIN_S (5 s) and
# reports it ("a pad floods the station", drained); beside another suite it took 8.4 s, so
# the test's bound is loose.
DRAINED_WITHIN = 30.0

pytestmark = pytest.mark.integration
# Every other pad is answered, the slowest within seconds: under 5 s (a retransmission) on a
# quiet machine, 5.3 s seen beside another suite. The campaign's hostile-pad fault
# (`basestation faults`) reports the p99 and holds the shipped broker to ACK_P99_MS.
OPEN_BROKER_P99_MS = 15_000.0


async def flooded(station: Station, database: Path, port: int, kind: str,
                  secret: str) -> tuple[object, Watched, list[float]]:
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
    assert len(waits) >= 50 and watched.unanswered == 0
    assert found.drain_s <= DRAINED_WITHIN and found.rows <= ROWS and found.named
    return found, watched, waits


@pytest.mark.parametrize("kind", KINDS)
async def test_on_the_shipped_broker_the_flooding_pad_is_cut_off(tmp_path: Path,
                                                                 kind: str) -> None:
    async with secured_club(tmp_path) as club:
        await pair(club.station, [FLOODING, *WATCHING])
        found, _, waits = await flooded(club.station, tmp_path / "station.db", club.port, kind,
                                        SECRET)
        assert p99_ms(waits) <= OPEN_BROKER_P99_MS
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
    found, _, waits = await flooded(mqtt_station, tmp_path / "station.db", mosquitto, kind,
                                    "change-me")
    assert found.per_second > 200  # type: ignore[attr-defined]  # loosely: the machine is busy
    assert p99_ms(waits) <= OPEN_BROKER_P99_MS
