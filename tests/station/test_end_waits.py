"""End session is not Pause (SPEC.md 6.7): while tables still play the section's round, the
director's End waits for them. They play on; the other pads are told entry has stopped and no
new round begins; once the last has finished the session ends, and every pad is told it has
ended, its round clock stopped. An End between rounds ends the session at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from basestation.station.app import Station
from basestation.station.refusals import Invalid
from firmware_protocol import jsonwire
from firmware_protocol.enums import ErrorCode
from firmware_protocol.messages import Ack, Body, Login, Nak, Seating, StationState, Status
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns


class Club:
    """Three tables (units 1, 2, 3 at tables 1, 2, 3) of a Mitchell: 3 rounds of 2 boards."""

    def __init__(self, made: Station, link: FakeLink) -> None:
        self.made, self.link, self.seq = made, link, 0

    async def send(self, unit: int, body: Body) -> list[Body]:
        self.seq += 1
        await self.made.hub.step(inbound(self.link, unit, self.seq, body))
        return self.link.to(unit)

    async def play(self, table: int, round_: int, boards: int = 2) -> None:
        here = self.made.session.sections["A"].movement.at(round_, table)
        assert here is not None and here.ns and here.ew
        for board in here.boards[:boards]:
            told = await self.send(table, result(table, round_, board, here.ns, here.ew))
            assert isinstance(answer(told), Ack), told

    def forget(self) -> None:
        """What every pad was sent so far, forgotten."""
        for unit in (1, 2, 3):
            self.link.to(unit)

    def told(self, unit: int) -> list[Status]:
        return [b for b in self.link.to(unit) if isinstance(b, Status)]


def answer(told: list[Body]) -> Ack | Nak:
    return next(b for b in told if isinstance(b, Ack | Nak))


async def three_tables(tmp_path: Path) -> Club:
    made, link = station(tmp_path), FakeLink()
    played = Club(made, link)
    for table in (1, 2, 3):
        assert isinstance((await played.send(table, Login(section="A", table=table)))[0], Ack)
    return played


async def end(made: Station) -> list[str]:
    return await turns(made, made.director.end_session())


async def test_end_waits_for_the_tables_still_playing_the_last_round(tmp_path: Path) -> None:
    played = await three_tables(tmp_path)
    for round_ in (1, 2):
        for table in (1, 2, 3):
            await played.play(table, round_)
    await played.play(1, 3)
    await played.play(2, 3, boards=1)  # table 2 plays on; table 3 has not begun: last round
    session = played.made.session
    played.forget()
    assert await end(played.made) == ["A2", "A3"]
    assert session.ending and session.running and not session.ended
    assert [s.state for s in played.told(1)] == [StationState.STOPPED]
    for unit in (2, 3):
        (status,) = played.told(unit)
        assert status.state is StationState.RUNNING and not status.ended
    # Table 2 finishes: it is told entry has stopped there, the end waits on for table 3.
    await played.play(2, 3)
    assert session.ending
    refused = await end_is_refused(played.made)
    assert refused == "the session already ends once table A3 has finished"
    # Table 3 plays its round: the session ends, and every pad is told so.
    here = session.sections["A"].movement.at(3, 3)
    assert here is not None and here.ns and here.ew
    played.forget()
    for board in here.boards:
        await played.send(3, result(3, 3, board, here.ns, here.ew))
    assert session.ended and not session.running and not session.ending
    for unit in (1, 2):
        (status,) = played.told(unit)
        assert status.state is StationState.STOPPED and status.ended
        assert jsonwire.body_to_json(status)["ended"] is True


async def end_is_refused(made: Station) -> str:
    try:
        await end(made)
    except Invalid as refused:
        return str(refused)
    raise AssertionError("a second End was taken")


async def test_end_between_rounds_ends_at_once_and_stops_every_clock(tmp_path: Path) -> None:
    played = await three_tables(tmp_path)
    for table in (1, 2, 3):
        await played.play(table, 1)
    session = played.made.session
    assert session.sections["A"].current_round == 2  # begun nowhere yet
    played.forget()
    assert await end(played.made) == []
    assert session.ended and not session.running
    (status,) = played.told(1)
    assert status.state is StationState.STOPPED and status.ended
    # A pad logging in after the end is given its seating without a round clock.
    told = await played.send(1, Login(section="A", table=1))
    seatings = [b for b in told if isinstance(b, Seating)]
    assert seatings and all(s.clock is None for s in seatings)
    refused = answer(await played.send(2, result(2, 2, 1, 2, 2)))
    assert isinstance(refused, Nak) and refused.code is ErrorCode.STOPPED


async def test_while_the_end_waits_no_new_round_begins(tmp_path: Path) -> None:
    """Mid-session: the end waits for the tables that have begun round 1; a table that has
    finished is refused its next round's boards (they wait on the pad), and so is a table that
    had not begun; the session ends with round 1, the section still in it."""
    played = await three_tables(tmp_path)
    await played.play(1, 1)
    await played.play(2, 1, boards=1)
    session = played.made.session
    assert await end(played.made) == ["A2"]
    with pytest.raises(Invalid, match="no new round begins"):  # nor by the director
        await turns(played.made, played.made.director.close_round("A"))
    here = session.sections["A"].movement.at(2, 1)
    assert here is not None and here.ns and here.ew
    ahead = answer(await played.send(1, result(1, 2, here.boards[0], here.ns, here.ew)))
    assert isinstance(ahead, Nak) and ahead.code is ErrorCode.STOPPED
    late = session.sections["A"].movement.at(1, 3)
    assert late is not None and late.ns and late.ew
    unbegun = answer(await played.send(3, result(3, 1, late.boards[0], late.ns, late.ew)))
    assert isinstance(unbegun, Nak) and unbegun.code is ErrorCode.STOPPED
    await played.play(2, 1)
    assert session.ended and session.sections["A"].current_round == 1
