"""What a table's pad is told of a round (SPEC.md 14): when to ask the players for their
numbers, the pairs or teams there, who sits in each seat and their names."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache

from basestation.movements import Movement
from basestation.station.session.memory import SectionState, Thresholds
from basestation.station.session.seats import Seats
from firmware_protocol.messages import (
    MAX_CLOCK,
    MAX_NAME,
    Move,
    NextRound,
    RoundClock,
    Seating,
    SeatPlayer,
)

VISITOR_BASE = 9_000_000  # visitors added by name are numbered from 9 000 001 up


def short_name(name: str | None) -> str | None:
    """A name as a pad shows it: at most MAX_NAME bytes of UTF-8, cut between characters."""
    if not name:
        return None
    data = name.encode("utf-8")[:MAX_NAME]
    return data.decode("utf-8", errors="ignore").strip() or None


def round_clock(section: SectionState, limits: Thresholds, now: datetime) -> RoundClock:
    """The section's round clock as a pad counts it down: seconds left in the current round
    (negative once over) and the round's length, as the director set it (SPEC.md 14.6)."""
    length = round(limits.round_length(section) * 60)
    left = round((section.round_started - now).total_seconds()) + length
    return RoundClock(section.current_round, max(-MAX_CLOCK, min(MAX_CLOCK, left)),
                      max(0, min(MAX_CLOCK, length)))


@lru_cache(maxsize=1024)
def _move(table: int, side: str) -> Move:
    """A seat to move to, made once (a few dozen tables, two sides)."""
    return Move(table, side)


def next_round(movement: Movement, table: int, round_: int) -> NextRound | None:
    """Where the table's pairs and boards go when the round ends, from the movement (SPEC.md
    14.7); None after the last round. A pair with no seat next round sits out; boards no
    table plays next round go to the relay stand."""
    here = movement.at(round_, table)
    if here is None or round_ >= movement.rounds:
        return None
    after = round_ + 1

    def move(pair: int | None, side: str) -> Move | None:
        if pair is None:
            return None
        seat = movement.seat_of(pair, side if movement.two_field else None, after)
        return _move(seat[0], seat[1]) if seat is not None else None

    tables = sorted({t for board in here.boards for t in movement.tables_for(after, board)})
    return NextRound(after, move(here.ns, "NS"), move(here.ew, "EW"), tuple(tables))


def _next_round_of(section: SectionState, table: int, round_: int) -> NextRound | None:
    """`next_round` for the section's movement, worked out once per table and round."""
    known = section.next_rounds.get((table, round_))
    if known is not None and known[0] is section.movement:
        return known[1]
    after = next_round(section.movement, table, round_)
    section.next_rounds[table, round_] = (section.movement, after)
    return after


NOBODY = SeatPlayer()  # a seat nobody is known for


@lru_cache(maxsize=4096)
def seat_player(number: int, name: str | None) -> SeatPlayer:
    """The seat's player as a pad is told it, for a player number and the name the list has
    for it (made once: the same players are told again with every round)."""
    return SeatPlayer(number, short_name(name) if number else None)


def seating_for(section: SectionState, table: int, round_: int, seats: Seats,
                players: Mapping[int, str], *, clock: RoundClock | None = None) -> Seating:
    """The table's round as its pad is told it: the pairs' players as seated (by the
    director, or from the numbers entered at a table), with their names from the list;
    the section's round clock (`round_clock`), when given; and where everyone goes next."""
    assignment = section.movement.at(round_, table)
    ns = assignment.ns if assignment is not None else None
    ew = assignment.ew if assignment is not None else None

    def pair(entrant: int | None, side: str) -> tuple[SeatPlayer, SeatPlayer]:
        numbers = seats.of(section.letter, entrant, side) if entrant is not None else ()
        if len(numbers) < 2:
            return NOBODY, NOBODY
        first, second = numbers[0], numbers[1]
        return (seat_player(first, players.get(first)),
                seat_player(second, players.get(second)))

    north, south = pair(ns, "NS")
    east, west = pair(ew, "EW")
    return Seating(section.letter, table, round_, section.ask, ns, ew, north, east, south,
                   west, result_entry=section.result_entry, clock=clock,
                   next_round=_next_round_of(section, table, round_),
                   rankings=section.rankings, pads=section.pads)


def tables_playing(section: SectionState, entrant: int) -> list[tuple[int, int]]:
    """(table, round) of every held table whose round now has `entrant` at it: the pads to
    tell when who plays for it changes."""
    found = []
    for table in sorted(section.holders):
        round_ = section.play_round(table)
        assignment = section.movement.at(round_, table)
        if assignment is not None and entrant in (assignment.ns, assignment.ew):
            found.append((table, round_))
    return found
