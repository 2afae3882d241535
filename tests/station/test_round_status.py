"""When a section's current round moves on, and what its pads are told (SPEC.md 6.7, 6.9):
which rounds a table may enter, the round moving on as play goes (a later round entered, a
round complete, the director closing it), and `status` with the section's own round to every
pad holding a table there, after `hello` too."""

from __future__ import annotations

from pathlib import Path

from basestation.movements import generate
from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from firmware_protocol.messages import (
    Ack,
    Body,
    ErrorCode,
    Hello,
    Login,
    Nak,
    Result,
    Seating,
    StationState,
    Status,
)
from tests.helpers import result
from tests.station.fakes import SECRET, FakeLink, inbound, turns

# mitchell 3 tables, 6 boards: 3 rounds of 2 boards. Table t holds NS pair t; EW pairs move.
BOARDS = {1: {1: (1, 1, (1, 2)), 2: (1, 3, (3, 4)), 3: (1, 2, (5, 6))},
          2: {1: (2, 2, (3, 4)), 2: (2, 1, (5, 6)), 3: (2, 3, (1, 2))},
          3: {1: (3, 3, (5, 6)), 2: (3, 2, (1, 2)), 3: (3, 1, (3, 4))}}


def two_sections(tmp: Path) -> Station:
    config = StationConfig(id="club", secret=SECRET,
                           database=f"sqlite:///{tmp / 'station.db'}")
    made = Station(config)
    made.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6),
                                            SectionConfig("B", "mitchell", 3, 6)])
    return made


def in_b(body: Result) -> Result:
    return Result("B", body.table, body.round, body.board, body.ns, body.ew, body.contract,
                  body.declarer, body.tricks)


def statuses(bodies: list[Body]) -> list[Status]:
    return [b for b in bodies if isinstance(b, Status)]


def round_of(table: int, round_: int) -> list[Result]:
    ns, ew, boards = BOARDS[table][round_]
    return [result(table, round_, b, ns, ew) for b in boards]


class Pads:
    """Units 1-3 at tables A1-A3, unit 4 at B1, each with its own counter."""

    def __init__(self, made: Station) -> None:
        self.made, self.link = made, FakeLink()
        self.seq: dict[int, int] = {}

    async def send(self, unit: int, *bodies: Body) -> None:
        items = []
        for body in bodies:
            self.seq[unit] = self.seq.get(unit, 0) + 1
            items.append(inbound(self.link, unit, self.seq[unit], body))
        await self.made.hub.step(*items)

    async def seated(self) -> None:
        for table in (1, 2, 3):
            await self.send(table, Login("A", table))
        await self.send(4, Login("B", 1))
        self.told()

    def told(self) -> dict[int, list[Body]]:
        return {unit: self.link.to(unit) for unit in (1, 2, 3, 4, 5)}


async def test_a_table_may_enter_up_to_one_round_past_its_sections(tmp_path: Path) -> None:
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    a = made.rules.session.sections["A"]
    await pads.send(1, round_of(1, 3)[0])  # two rounds ahead of round 1
    [nak] = pads.told()[1]
    assert isinstance(nak, Nak) and nak.code == ErrorCode.WRONG_ROUND
    await pads.send(1, round_of(1, 2)[0])  # one ahead: taken, and the section moves on
    assert isinstance(pads.told()[1][0], Ack)
    assert a.current_round == 2
    await pads.send(1, round_of(1, 3)[0])  # now one ahead of round 2
    assert isinstance(pads.told()[1][0], Ack)
    assert a.current_round == 3
    # Earlier rounds stay open: a table that forgot a board enters it late.
    await pads.send(2, *round_of(2, 1))
    assert [type(b) for b in pads.told()[2] if isinstance(b, Ack | Nak)] == [Ack, Ack]


async def test_every_pad_of_the_section_is_told_the_round_as_play_moves_on(
        tmp_path: Path) -> None:
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    await pads.send(1, round_of(1, 2)[0])  # table 1 finished early and moved on
    told = pads.told()
    for unit in (1, 2, 3):
        assert statuses(told[unit]) == [Status(StationState.RUNNING, 2)]
    assert statuses(told[4]) == []  # section B is still in round 1
    # Section B moves on by its own play; A's pads hear nothing of it.
    await pads.send(4, in_b(round_of(1, 2)[0]))
    told = pads.told()
    assert statuses(told[4]) == [Status(StationState.RUNNING, 2)]
    assert all(statuses(told[unit]) == [] for unit in (1, 2, 3))


async def test_as_the_section_moves_on_each_pad_is_told_the_round_its_table_plays(
        tmp_path: Path) -> None:
    # SPEC.md 6.9 and 14.6: the seating sent as the section moves on is for the round each
    # table plays now; its clock times the section's round.
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    await pads.send(1, *round_of(1, 1))
    pads.told()
    await pads.send(1, round_of(1, 2)[0])  # the section moves on to round 2
    told = pads.told()
    seatings = {unit: [b for b in told[unit] if isinstance(b, Seating)] for unit in (1, 2, 3)}
    assert [s.round for s in seatings[1]] == [2]  # table 1 plays round 2 now
    assert [s.round for s in seatings[2]] == [1]  # tables 2 and 3 are still in round 1
    assert [s.round for s in seatings[3]] == [1]
    for unit in (1, 2, 3):
        assert [s.clock.round for s in seatings[unit] if s.clock is not None] == [2]
    assert [b for b in told[4] if isinstance(b, Seating)] == []  # section B hears nothing


async def test_a_complete_round_moves_the_section_on(tmp_path: Path) -> None:
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    a = made.rules.session.sections["A"]
    await pads.send(1, *round_of(1, 1))
    await pads.send(2, *round_of(2, 1))
    assert a.current_round == 1
    assert all(statuses(bodies) == [] for bodies in pads.told().values())
    await pads.send(3, *round_of(3, 1))  # the last table of round 1: the round is complete
    assert a.current_round == 2
    told = pads.told()
    for unit in (1, 2, 3):
        assert statuses(told[unit]) == [Status(StationState.RUNNING, 2)]
    assert statuses(told[4]) == []
    # The status comes after the answer to the entry that completed the round.
    assert isinstance(told[3][0], Ack)


async def test_the_current_round_complete_moves_on_whatever_is_missing_before(
        tmp_path: Path) -> None:
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    # Every table plays round 2; table 3 forgot round 1's board 6.
    await pads.send(1, *round_of(1, 1), *round_of(1, 2))
    await pads.send(2, *round_of(2, 1), *round_of(2, 2))
    await pads.send(3, round_of(3, 1)[0], round_of(3, 2)[0])
    assert made.rules.session.sections["A"].current_round == 2
    pads.told()
    await pads.send(3, round_of(3, 2)[1])  # round 2, the current one, is complete
    assert made.rules.session.sections["A"].current_round == 3
    assert statuses(pads.told()[1]) == [Status(StationState.RUNNING, 3)]
    await pads.send(3, round_of(3, 1)[1])  # the late board: taken, nothing moves
    assert made.rules.session.sections["A"].current_round == 3
    assert isinstance(pads.told()[3][0], Ack)


async def test_the_director_closing_the_round_tells_the_pads(tmp_path: Path) -> None:
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    assert await turns(made, made.director.close_round("A")) == 2
    told = pads.told()
    for unit in (1, 2, 3):
        assert statuses(told[unit]) == [Status(StationState.RUNNING, 2)]
    assert statuses(told[4]) == []
    assert await turns(made, made.director.close_round("A")) == 3
    assert statuses(pads.told()[2]) == [Status(StationState.RUNNING, 3)]
    # Closing locks nothing: a round-1 result is still taken, and the round stays 3.
    await pads.send(1, round_of(1, 1)[0])
    assert isinstance(pads.told()[1][0], Ack)
    assert made.rules.session.sections["A"].current_round == 3


async def test_a_pad_that_reads_the_clock_in_a_status_gets_no_seating_for_it(
        tmp_path: Path) -> None:
    """SPEC.md 6.7 and 14.6: a round move's status carries the restarted round clock; a pad
    whose hello said `status_clock` is sent that status alone, one message where a pad of an
    earlier release gets two (the status, and a seating for its clock)."""
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    for unit in (2, 3):
        await pads.send(unit, Hello("webpad 1", None, 1, status_clock=True))
    pads.told()
    assert await turns(made, made.director.close_round("A")) == 2
    told = pads.told()
    [old_status, seating] = told[1]
    assert old_status == Status(StationState.RUNNING, 2) and isinstance(seating, Seating)
    assert seating.clock is not None and seating.clock.round == 2
    for unit in (2, 3):
        [status] = told[unit]
        assert isinstance(status, Status) and (status.state, status.round) == (
            StationState.RUNNING, 2)
        assert status.clock == seating.clock  # one clock for all, told at the same moment
    # Kept across a reload of memory (a refused commit), as the link a unit was heard on is.
    made.hub.load()
    assert made.units[2].status_clock and not made.units[1].status_clock


async def test_after_hello_a_pad_is_told_its_own_sections_round(tmp_path: Path) -> None:
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    await turns(made, made.director.close_round("A"))
    pads.told()
    await pads.send(4, Hello("bp-1", 90, 1))  # B1's pad: section B is in round 1
    assert statuses(pads.told()[4]) == [Status(StationState.RUNNING, 1)]
    await pads.send(1, Hello("bp-1", 90, 1))
    assert statuses(pads.told()[1]) == [Status(StationState.RUNNING, 2)]
    await pads.send(5, Hello("bp-1", 90, 1))  # no table: the station's highest round
    assert statuses(pads.told()[5]) == [Status(StationState.RUNNING, 2)]


async def test_pausing_tells_each_pad_its_own_sections_round(tmp_path: Path) -> None:
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    await turns(made, made.director.close_round("A"))
    pads.told()

    await turns(made, made.director.pause_or_resume(False))
    told = pads.told()
    assert statuses(told[1]) == [Status(StationState.STOPPED, 2)]
    assert statuses(told[4]) == [Status(StationState.STOPPED, 1)]


def test_the_table_of_boards_is_the_movements() -> None:
    movement = generate("mitchell", 3, 6)
    for table, rounds in BOARDS.items():
        for round_, (ns, ew, boards) in rounds.items():
            seat = movement.at(round_, table)
            assert seat is not None and (seat.ns, seat.ew, seat.boards) == (ns, ew, boards)


async def test_while_stopped_a_pad_at_no_table_is_told_it_is_not_logged_in(
        tmp_path: Path) -> None:
    # SPEC.md 5's order: the unit's state (NOT_LOGGED_IN) before the switch (STOPPED).
    made = two_sections(tmp_path)
    pads = Pads(made)
    await pads.seated()
    await turns(made, made.director.pause_or_resume(False))
    pads.told()  # each pad told the station stopped
    await pads.send(5, round_of(1, 1)[0])
    await pads.send(1, round_of(1, 1)[0])
    told = pads.told()
    assert told[5] == [Nak(re=1, code=ErrorCode.NOT_LOGGED_IN)]
    assert told[1] == [Nak(re=2, code=ErrorCode.STOPPED)]
