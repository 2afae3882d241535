"""What the director set on the console survives a station restart (a new Station on the same
database): alert thresholds, round lengths and the round clock, authorised takeovers, and
which unit replaced a locked-out one. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from basestation.station.app import Station
from basestation.station.views.grid import grid
from firmware_protocol.messages import Ack, Login
from tests.pads import VirtualRadio

pytestmark = pytest.mark.integration


async def restart(station: Station, make_station: Any, database_url: str,
                  **links: Any) -> Station:
    await station.stop()
    return await make_station(database=database_url, open_event=False, **links)  # type: ignore[no-any-return]


async def test_console_settings_survive_a_restart(make_station: Any,
                                                  database_url: str) -> None:
    station: Station = await make_station(database=database_url)
    rules = station.rules
    await station.director.set_thresholds(
        {"silent_minutes": 4.5, "bad_mac_run": 7, "rounds_behind": 2})
    await station.director.set_round_minutes("A", 12.5)
    await station.director.authorise_takeover("A", 2)
    await station.director.authorise_takeover("A", 3)
    await station.director.cancel_takeover("A", 3)
    await station.director.close_round("A")
    started = rules.session.sections["A"].round_started

    again = await restart(station, make_station, database_url)
    limits = again.rules.session.thresholds
    assert (limits.silent_minutes, limits.bad_mac_run, limits.rounds_behind) == (4.5, 7, 2)
    assert limits.round_minutes == {"A": 12.5}
    assert limits.board_minutes == {"A": 0}  # a whole length: none of it per board
    assert again.rules.session.takeovers == {("A", 2)}  # the withdrawn one stays withdrawn
    section = again.rules.session.sections["A"]
    assert section.current_round == 2
    assert section.round_started == started  # the clock runs on from when round 2 began
    clock = grid(again.session, again.units, limits=limits).sections[0].clock.model_dump()
    assert clock["round_minutes"] == 12.5
    assert clock["started"] == started.isoformat()


async def test_the_round_clock_of_a_round_a_pad_opened_is_kept(make_station: Any,
                                                               database_url: str) -> None:
    """A round moved on by a pad's result (not by the director) keeps its start too."""
    radio = VirtualRadio()
    try:
        station: Station = await make_station(database=database_url,
                                               serial_ports=(radio.port,))
        pad = radio.pad(41)
        assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
        from tests.integration.test_station_mqtt import result

        seat = station.session.sections["A"].movement.at(2, 1)
        answer = await pad.request(result(1, 2, seat.boards[0], seat.ns, seat.ew))
        assert isinstance(answer[0], Ack)
        section = station.session.sections["A"]
        assert section.current_round == 2
        started = section.round_started
        again = await restart(station, make_station, database_url, serial_ports=(radio.port,))
        assert again.rules.session.sections["A"].round_started == started
        assert datetime.now(UTC) - started < timedelta(minutes=1)
    finally:
        radio.close()


async def test_a_takeover_taken_and_who_replaced_whom_survive_a_restart(
        make_station: Any, database_url: str) -> None:
    radio = VirtualRadio()
    try:
        station: Station = await make_station(database=database_url,
                                               serial_ports=(radio.port,))
        old, new = radio.pad(51), radio.pad(52)
        assert isinstance((await old.request(Login(section="A", table=1)))[0], Ack)
        await station.director.authorise_takeover("A", 1)
        answer = await new.request(Login(section="A", table=1, takeover=True))
        assert isinstance(answer[0], Ack)
        assert station.session.takeovers == set()
        again = await restart(station, make_station, database_url, serial_ports=(radio.port,))
        assert again.rules.session.takeovers == set()  # taken: not waiting for another pad
        locked = again.hub.units[51]
        assert (locked.locked_reason, locked.replaced_by) == ("UNIT_REPLACED", 52)
    finally:
        radio.close()


async def test_thresholds_hold_for_the_next_night(make_station: Any,
                                                  database_url: str) -> None:
    """The thresholds are the director's, not one event's: a new event keeps them; round
    lengths belong to the sections of their event."""
    station: Station = await make_station(database=database_url)
    await station.director.set_thresholds({"rounds_behind": 5})
    await station.director.set_round_minutes("A", 20)
    await station.stop()
    night_two: Station = await make_station(database=database_url)  # opens a new event
    assert night_two.rules.session.thresholds.rounds_behind == 5
    assert night_two.rules.session.thresholds.silent_minutes == 10.0  # never changed
    assert night_two.rules.session.thresholds.round_minutes == {}
