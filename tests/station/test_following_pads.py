"""Pads that move with the EW pairs of a Mitchell (SPEC.md 14.10): each logs in at its
pair's next table by itself, taking it from the pad that left; every check for table pads
stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from basestation.movements import generate
from basestation.station.app import Station
from basestation.station.core.hub import Hub
from basestation.station.refusals import Invalid
from basestation.station.views.grid import alerts
from firmware_protocol.enums import ErrorCode, PadPlace
from firmware_protocol.messages import Ack, Body, Correction, Login, Nak, Seat, Seating
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns

# 3 tables, 6 boards: EW pair 1 sits at table 1, then 2, then 3; boards go down a table.
UNITS = (1, 2, 3)  # the pads of EW 1, 2, 3, starting at tables 1, 2, 3


class Pads:
    def __init__(self, made: Station, link: FakeLink) -> None:
        self.made, self.link, self.seq = made, link, 0
        self.told: list[Body] = []

    async def send(self, unit: int, body: Body) -> Ack | Nak:
        """The station's answer to the pad's message (what else it sent is dropped)."""
        self.seq += 1
        self.link.to(unit)
        await self.made.hub.step(inbound(self.link, unit, self.seq, body))
        self.told = self.link.to(unit)  # all the station sent the pad this time
        return next(b for b in self.told if isinstance(b, Ack | Nak))

    async def login(self, unit: int, table: int) -> Ack | Nak:
        return await self.send(unit, Login("A", table))

    async def play(self, unit: int, table: int, round_: int) -> None:
        here = self.made.rules.session.sections["A"].movement.at(round_, table)
        assert here is not None and here.ns and here.ew
        for board in here.boards:
            answer = await self.send(unit, result(table, round_, board, here.ns, here.ew))
            assert isinstance(answer, Ack), answer


async def following(tmp_path: Path) -> Pads:
    made, link = station(tmp_path), FakeLink()
    await turns(made, made.director.set_pads("A", PadPlace.EW))
    pads = Pads(made, link)
    for unit in UNITS:
        assert isinstance(await pads.login(unit, unit), Ack)
    return pads


def holders(pads: Pads) -> dict[int, int]:
    return dict(pads.made.rules.session.sections["A"].holders)


async def test_pads_move_with_the_ew_pairs_over_three_rounds(tmp_path: Path) -> None:
    pads = await following(tmp_path)
    await pads.play(1, 1, 1)
    # Table 2 still plays round 1: EW 1's pad waits (it tries again), table 2 stays held.
    early = await pads.login(1, 2)
    assert isinstance(early, Nak) and early.code == ErrorCode.TABLE_IN_USE
    assert early.detail == "table 2 still plays round 1; EW pair 1 is due in round 2"
    assert holders(pads) == {1: 1, 2: 2, 3: 3}
    await pads.play(2, 2, 1)
    await pads.play(3, 3, 1)
    for round_ in (2, 3):
        for unit in UNITS:  # each pad goes to its pair's table, as the pad of the table left
            table = (unit + round_ - 2) % 3 + 1
            assert isinstance(await pads.login(unit, table), Ack), (unit, round_)
        assert holders(pads) == {(u + round_ - 2) % 3 + 1: u for u in UNITS}
        for unit in UNITS:
            await pads.play(unit, (unit + round_ - 2) % 3 + 1, round_)
    section = pads.made.rules.session.sections["A"]
    assert section.held_count == 18
    # EW 1 played boards 1-2 at table 1, 5-6 at table 2, 3-4 at table 3: stored there.
    assert [(r.table, r.round, r.board, r.ew) for r in section.by_table[2]] == [
        (2, 1, 3, 2), (2, 1, 4, 2), (2, 2, 5, 1), (2, 2, 6, 1), (2, 3, 1, 3), (2, 3, 2, 3)]


async def test_a_wrong_table_and_the_old_table_are_refused(tmp_path: Path) -> None:
    pads = await following(tmp_path)
    for unit in UNITS:
        await pads.play(unit, unit, 1)
    wrong = await pads.login(1, 3)  # EW 1 goes to table 2 in round 2
    assert isinstance(wrong, Nak) and wrong.code == ErrorCode.WRONG_PAIRS
    assert wrong.detail == "EW pair 1 plays at table 2 in round 2, not table 3"
    assert isinstance(await pads.login(1, 2), Ack)
    # The pad that left table 2 enters nothing there any more; the one there now enters
    # only table 2's boards.
    stale = await pads.send(2, result(2, 2, 5, 2, 1))
    assert isinstance(stale, Nak) and stale.code == ErrorCode.NOT_LOGGED_IN
    other = await pads.send(1, result(2, 2, 1, 2, 1))
    assert isinstance(other, Nak) and other.code == ErrorCode.BOARD_OUT_OF_RANGE  # as ever
    # A pad that does not follow (a fresh login) still finds a held table in use.
    fresh = await pads.login(9, 2)
    assert isinstance(fresh, Nak) and fresh.code == ErrorCode.TABLE_IN_USE


async def test_after_a_restart_a_pad_still_knows_its_pair(tmp_path: Path) -> None:
    pads = await following(tmp_path)
    for unit in UNITS:
        await pads.play(unit, unit, 1)
    Hub.load(pads.made.hub)  # memory rebuilt from the database: holds, results, setting
    assert pads.made.rules.session.sections["A"].pads is PadPlace.EW
    for unit in UNITS:
        pads.made.rules.session.units[unit].follows = None  # as after a restart of the process
    assert isinstance(await pads.login(1, 2), Ack)
    assert isinstance(await pads.login(2, 3), Ack)
    assert holders(pads)[2] == 1 and holders(pads)[3] == 2


async def test_the_pads_are_told_and_tables_stay_the_default(tmp_path: Path) -> None:
    made, link = station(tmp_path), FakeLink()
    pads = Pads(made, link)
    await pads.login(1, 1)
    assert made.rules.session.sections["A"].pads is PadPlace.TABLES
    assert isinstance(await pads.login(1, 2), Ack)  # a table pad goes where it is told
    await turns(made, made.director.set_pads("A", PadPlace.EW))
    told = [b for b in link.to(1) if isinstance(b, Seating)]
    assert told and told[-1].pads is PadPlace.EW


async def test_a_movement_that_cannot_follow_is_refused(tmp_path: Path) -> None:
    made = station(tmp_path)
    made.rules.session.sections["A"].movement = generate("howell", 4, 28)
    with pytest.raises(Invalid, match="meet at table"):
        await turns(made, made.director.set_pads("A", PadPlace.NS))
    assert made.rules.session.sections["A"].pads is PadPlace.TABLES


def correction(table: int, round_: int, board: int, ns: int, ew: int,
               tricks: int) -> Correction:
    return Correction(section="A", table=table, round=round_, board=board, ns=ns, ew=ew,
                      contract="4S", declarer=Seat.S, tricks=tricks)


async def test_correction_x_pads_that_move_is_taken_from_the_pad_that_left(
        tmp_path: Path) -> None:
    """EW 1 finish round 1 at table 1 and EW 3's pad takes the table at once: EW 1's
    correction of a board they entered there is still theirs to make, before and after
    their pad has moved on."""
    pads = await following(tmp_path)
    await pads.play(1, 1, 1)
    await pads.play(3, 3, 1)
    assert isinstance(await pads.login(3, 1), Ack)  # EW 3 arrive at table 1
    section = pads.made.rules.session.sections["A"]
    ns, ew, boards = 1, 1, section.movement.at(1, 1).boards  # type: ignore[union-attr]
    fixed = await pads.send(1, correction(1, 1, boards[0], ns, ew, tricks=9))
    assert isinstance(fixed, Ack) and "CORRECTED" in [f.value for f in fixed.flags]
    held = section.held(1, 1, boards[0])
    assert held is not None and held.tricks == 9 and held.unit == 1
    assert section.holders[1] == 3  # the table stays with the pad that arrived
    # Nothing of table 1's next round goes to the pad that left.
    assert not any(isinstance(b, Seating) for b in pads.told)
    await pads.play(2, 2, 1)
    assert isinstance(await pads.login(1, 2), Ack)  # EW 1 now at table 2
    again = await pads.send(1, correction(1, 1, boards[1], ns, ew, tricks=8))
    assert isinstance(again, Ack)
    assert (held := section.held(1, 1, boards[1])) is not None and held.tricks == 8


async def test_correction_x_pads_that_move_goes_to_the_director_once_the_next_round_began(
        tmp_path: Path) -> None:
    pads = await following(tmp_path)
    for unit in UNITS:
        await pads.play(unit, unit, 1)
    assert isinstance(await pads.login(3, 1), Ack)
    section = pads.made.rules.session.sections["A"]
    first = section.movement.at(1, 1)
    later = section.movement.at(2, 1)
    assert first is not None and later is not None and later.ns and later.ew
    answer = await pads.send(3, result(1, 2, later.boards[0], later.ns, later.ew))
    assert isinstance(answer, Ack)  # round 2 has begun at table 1
    closed = await pads.send(1, correction(1, 1, first.boards[0], 1, 1, tricks=9))
    assert isinstance(closed, Nak) and closed.code == ErrorCode.CORRECTION_CLOSED
    assert closed.detail == "director"
    held = section.held(1, 1, first.boards[0])
    assert held is not None and held.tricks == 10  # unchanged until the director decides
    conflicts = [a for a in alerts(pads.made.session, pads.made.units)
                 if a.kind == "merge_conflict"]
    assert [(a.unit, a.board, a.held, a.offered, a.origin) for a in conflicts] == [
        (1, first.boards[0], "4S= by South, NS +420", "4S-1 by South, NS -50", "correction")]
    (offer_id,) = pads.made.rules.session.merge_offers
    await turns(pads.made, pads.made.director.decide_merge(
        offer_id, True, replace=True))
    assert (held := section.held(1, 1, first.boards[0])) is not None and held.tricks == 9
    # A pad never at table 1, or a board another pad entered, is refused as ever.
    stranger = await pads.send(2, correction(1, 1, first.boards[1], 1, 1, tricks=9))
    assert isinstance(stranger, Nak) and stranger.code == ErrorCode.NOT_LOGGED_IN
    assert len(pads.made.rules.session.merge_offers) == 0
