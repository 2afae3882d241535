"""A session of the years before taken into the club's history, a part of the director's
service (`DirectorService.import_past`, commands/director.py): read and checked from its file
first (formats/past_session.py), then written whole through the hub's batch, in one
transaction, as an event of its own that is never the open one (`event.imported`, the file's
digest). Players are matched to the club's list by their national number; one not on it joins
the list as a visitor, as a name given at a pad does. Nothing else on the list changes, nor
any earlier night. The same file again is refused (a `Conflict`), and so is a file imported
under another name with the same content.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from datetime import date

from basestation.domain.board import vulnerability_of
from basestation.domain.contract import parse_contract, score_ns
from basestation.domain.said import said_of
from basestation.formats.past_session import PastFileError, PastLine, PastSession, past_said
from basestation.formats.roster import Player
from basestation.movements import Assignment, Movement, MovementError
from basestation.station.core.hub import Hub
from basestation.station.effects.batch import Batch
from basestation.station.refusals import Conflict, Invalid, said
from basestation.station.session.list_changes import PlayerListed
from basestation.store import repository as repo
from basestation.store.models import (
    EventRow,
    HandRecordRow,
    ResultRow,
    SeatRow,
    SectionRow,
)
from firmware_protocol.messages import Seat


@dataclass
class Imported:
    """What the import made: the event, and the visitors it added to the club's list."""

    event_id: int
    name: str
    held_on: date
    sections: list[str]
    results: int
    pairs: int
    visitors: list[int] = field(default_factory=list)


class HistoryImport:
    """Past sessions written into the club's history, one file at a time."""

    def __init__(self, hub: Hub) -> None:
        self._hub = hub
        self._lock = asyncio.Lock()  # the same file twice at once is imported once

    async def import_past(self, past: PastSession, held_on: date | None = None) -> Imported:
        """Writes the session into the history; an `Invalid` for one that cannot be an event
        (the line and the reason), a `Conflict` for a file imported already. `held_on` is the day
        it was played when the file does not say."""
        day = past.held_on or held_on
        try:
            if day is None:
                raise PastFileError(None, past_said("past.no_day"))
            movements = {letter: movement_of(past, letter) for letter in past.sections}
        except PastFileError as exc:
            raise Invalid("past.invalid", problem=said(exc)) from exc
        sections = [_section(past, letter, movement) for letter, movement in movements.items()]
        hub = self._hub
        async with self._lock:
            done = await asyncio.to_thread(hub.store.imported_events)
            if past.digest in done:
                earlier = done[past.digest]
                raise Conflict("past.imported", event=earlier.id or 0, name=earlier.name,
                               date=str(earlier.date))
            made: list[int] = []
            visitors: list[int] = []

            def write(batch: Batch) -> None:
                numbers = _players(hub, past, batch, visitors)
                event = EventRow(name=past.name, date=day, running=False, ended=True,
                                 published=True, across_the_field=past.across_the_field,
                                 imported=past.digest)
                rows: list[object] = [*_results(past, movements), *_seats(past, numbers)]
                rows += [HandRecordRow(event_id=0, section=letter, board=board, deal=deal)
                         for letter in past.sections for board, deal in past.hand_records.items()]
                batch.ops.append(repo.import_event(event, sections, rows, made.append))
                batch.ops.append(repo.deferred(lambda: repo.audit(
                    made[0], "director", "import", file=past.kind, name=past.name, day=str(day),
                    results=sum(1 for x in past.lines if not x.phantom), visitors=len(visitors))))

            await hub.act(write, taken_back=True)
        return Imported(made[0], past.name, day, past.sections,
                        sum(1 for x in past.lines if not x.phantom), len(past.pairs), visitors)


def _players(hub: Hub, past: PastSession, batch: Batch,
             visitors: list[int]) -> dict[tuple[str, str | None, int], tuple[int, ...]]:
    """Each pair's players as numbers of the club's list: by national number, else a
    visitor (a new one named as the file names the player, with its national number)."""
    session = hub.rules.session
    by_national = {national: number for number, national in session.national.items()}
    found = {}
    for pair in past.pairs:
        numbers = []
        for player in pair.players:
            number = by_national.get(player.national) if player.national else None
            if number is None:
                number = _visitor(hub, player, batch, visitors)
                if player.national:
                    by_national[player.national] = number
            numbers.append(number)
        found[(pair.section, pair.direction, pair.pair)] = tuple(numbers)
    return found


def _visitor(hub: Hub, player: Player, batch: Batch, visitors: list[int]) -> int:
    session = hub.rules.session
    known = session.known_visitor(player.name)
    number = session.add_visitor(player.name, batch, actor="import")
    if known is None:
        visitors.append(number)
        if player.national:  # the next file names them by it
            batch.change(PlayerListed(session, number, session.players[number],
                                      player.national, session.handicaps.get(number)))
    return number


def _section(past: PastSession, letter: str, movement: Movement) -> SectionRow:
    lines = [x for x in past.lines if x.section == letter]
    return SectionRow(event_id=0, letter=letter, movement_kind=movement.kind,
                      tables=movement.tables, boards=movement.boards,
                      phantom=any(x.phantom for x in lines), current_round=movement.rounds,
                      movement_json=json.dumps(movement.to_json()))


def movement_of(past: PastSession, letter: str) -> Movement:
    """The section's movement as its lines show it: who sat at each table in each round with
    which boards; a file that does not say tables and rounds gets a table and a round for
    each meeting of two pairs."""
    lines = [x for x in past.lines if x.section == letter]
    two_field = past.two_field(letter)
    placed = all(x.table is not None and x.round is not None for x in lines)
    seats: dict[tuple[int, int], tuple[int | None, int | None, list[int], PastLine]] = {}
    meetings: dict[tuple[int | None, int | None], int] = {}
    for x in lines:
        if placed:
            assert x.table is not None and x.round is not None
            where = (x.round, x.table)
        else:
            where = (meetings.setdefault((x.ns, x.ew), len(meetings) + 1), 1)
        held = seats.setdefault(where, (x.ns, x.ew, [], x))
        if (held[0], held[1]) != (x.ns, x.ew):
            raise PastFileError(x.line, past_said(
                "past.seat_clash", table=where[1], round=where[0], ns=str(x.ns), ew=str(x.ew),
                held_ns=str(held[0]), held_ew=str(held[1]), line=held[3].line))
        held[2].append(x.board)
    assignments = tuple(Assignment(round=r, table=t, ns=ns, ew=ew, boards=tuple(boards))
                        for (r, t), (ns, ew, boards, _) in sorted(seats.items()))
    try:
        return Movement(kind="mitchell" if two_field else "howell",
                        tables=max(t for _, t in seats), boards=max(x.board for x in lines),
                        rounds=max(r for r, _ in seats), two_field=two_field,
                        assignments=assignments)
    except MovementError as error:
        raise PastFileError(lines[0].line, past_said("past.section", section=letter,
                                                     problem=said_of(error))) from None


def _results(past: PastSession, movements: dict[str, Movement]) -> list[ResultRow]:
    rows = []
    for x in past.lines:
        if x.phantom:
            continue
        movement = movements[x.section]
        found = next(a for a in movement.assignments
                     if (a.ns, a.ew) == (x.ns, x.ew) and x.board in a.boards)
        row = ResultRow(event_id=0, section=x.section, table_no=found.table,
                        round=found.round, board=x.board, ns=x.ns, ew=x.ew, source="import")
        if x.adjusted:
            row.kind = "adjusted"
            row.ruling = {"mp_override": [x.mp_ns or 0.0, x.mp_ew or 0.0]}
        elif x.contract == "PASS":
            row.contract, row.score_ns = "PASS", 0
        elif x.contract is not None:
            assert x.declarer is not None and x.tricks is not None  # checked as it was read
            row.contract, row.declarer, row.tricks, row.lead = (
                x.contract, x.declarer, x.tricks, x.lead)
            row.score_ns = score_ns(parse_contract(x.contract), Seat(x.declarer), x.tricks,
                                    vulnerability_of(x.board))
        else:
            row.kind = "adjusted"  # a score alone: the table's, assigned
            row.ruling = {"split": {"ns": x.score_ns, "ew": x.score_ns}}
        rows.append(row)
    return rows


def _seats(past: PastSession, numbers: dict[tuple[str, str | None, int], tuple[int, ...]],
           ) -> list[SeatRow]:
    return [SeatRow(event_id=0, section=section, entrant=pair, side=direction or "",
                    players=",".join(str(n) for n in players), actor="import")
            for (section, direction, pair), players in numbers.items() if players]
