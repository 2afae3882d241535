"""The director's commands (commands/director.py): one typed method each, run in turn through
the hub; a command that needs the open event refuses plainly without one, and changes
nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from basestation.station.app import Station
from basestation.station.config import StationConfig
from basestation.station.refusals import Conflict, NotFound
from firmware_protocol.enums import PadPlace
from tests.station.fakes import SECRET, station, turns


def no_event(tmp: Path) -> Station:
    return Station(StationConfig(id="club", secret=SECRET,
                                 database=f"sqlite:///{tmp / 'station.db'}"))


async def test_a_command_of_the_open_event_is_refused_without_one(tmp_path: Path) -> None:
    made = no_event(tmp_path)
    for command in (made.director.close_round("A"), made.director.set_pads("A", PadPlace.EW),
                    made.director.end_session(), made.director.publish(True)):
        with pytest.raises(Conflict, match=r"^no event is open$"):
            await command
    assert made.store.snapshot().event is None


async def test_the_club_list_and_units_need_no_event(tmp_path: Path) -> None:
    made = no_event(tmp_path)
    assert await turns(made, made.director.set_players({101: "Ann Smith"})) == 1
    unit = await turns(made, made.director.pair_unit(7))
    assert unit.unit == 7 and made.hub.units[7] is unit
    assert [(p.number, p.name) for p in made.store.snapshot().players] == [(101, "Ann Smith")]


async def test_a_command_returns_what_it_changed_once_committed(tmp_path: Path) -> None:
    made = station(tmp_path)
    assert await turns(made, made.director.close_round("A")) == 2
    assert made.store.snapshot().sections[0].current_round == 2
    with pytest.raises(NotFound, match=r"^no section Z$"):
        await turns(made, made.director.close_round("Z"))
