"""What a table's pad is told of a round (SPEC.md 14): when to ask the players for their
numbers, the pairs or teams there, who sits in each seat and their names."""

from __future__ import annotations

from collections.abc import Mapping

from basestation.station.seats import Seats
from basestation.station.state import SectionState
from firmware_protocol.messages import MAX_NAME, Seating, SeatPlayer

VISITOR_BASE = 9_000_000  # visitors added by name are numbered from 9 000 001 up


def play_round(section: SectionState, table: int) -> int:
    """The round the table plays now: its first round with a board not held, else its last
    (what a pad that entered everything so far goes on to)."""
    rounds = [a for a in section.movement.table_rounds(table)
              if a.ns is not None and a.ew is not None]
    for assignment in rounds:
        if any(section.held(table, assignment.round, b) is None for b in assignment.boards):
            return assignment.round
    return rounds[-1].round if rounds else max(section.current_round, 1)


def short_name(name: str | None) -> str | None:
    """A name as a pad shows it: at most MAX_NAME bytes of UTF-8, cut between characters."""
    if not name:
        return None
    data = name.encode("utf-8")[:MAX_NAME]
    return data.decode("utf-8", errors="ignore").strip() or None


def seating_for(section: SectionState, table: int, round_: int, seats: Seats,
                players: Mapping[int, str]) -> Seating:
    """The table's round as its pad is told it: the pairs' players as seated (by the
    director, or from the numbers entered at a table), with their names from the list."""
    assignment = section.movement.at(round_, table)
    ns = assignment.ns if assignment is not None else None
    ew = assignment.ew if assignment is not None else None

    def pair(entrant: int | None, side: str) -> tuple[SeatPlayer, SeatPlayer]:
        numbers = seats.of(section.letter, entrant, side) if entrant is not None else ()
        if len(numbers) < 2:
            return SeatPlayer(), SeatPlayer()
        first, second = numbers[0], numbers[1]
        return (SeatPlayer(first, short_name(players.get(first)) if first else None),
                SeatPlayer(second, short_name(players.get(second)) if second else None))

    north, south = pair(ns, "NS")
    east, west = pair(ew, "EW")
    return Seating(section.letter, table, round_, section.ask, ns, ew, north, east, south,
                   west, result_entry=section.result_entry)


def tables_playing(section: SectionState, entrant: int) -> list[tuple[int, int]]:
    """(table, round) of every held table whose round now has `entrant` at it: the pads to
    tell when who plays for it changes."""
    found = []
    for table in sorted(section.holders):
        round_ = play_round(section, table)
        assignment = section.movement.at(round_, table)
        if assignment is not None and entrant in (assignment.ns, assignment.ew):
            found.append((table, round_))
    return found
