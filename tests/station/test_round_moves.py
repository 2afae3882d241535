"""Where everyone goes at the end of a round, and the round clock, as the station tells a pad
in the round's seating (SPEC.md 14.6, 14.7)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from basestation.movements import generate
from basestation.station.session.memory import SectionState, Thresholds
from basestation.station.session.seating import next_round, round_clock
from firmware_protocol.messages import Login, Move, NextRound, RoundClock, Seating
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns


def test_share_and_relay_boards_go_to_the_next_table_or_the_relay_stand() -> None:
    movement = generate("mitchell", 6, 24)  # 6 tables: tables 1 and 6 share, a relay stand
    assert next_round(movement, 1, 1) == NextRound(2, Move(1, "NS"), Move(2, "EW"), (5,))
    # Boards 1-4 are shared by tables 1 and 6 in round 1, and go on to table 5 alone.
    assert next_round(movement, 6, 1) == NextRound(2, Move(6, "NS"), Move(1, "EW"), (5,))
    # Boards 17-20 are played by nobody in round 2: to the relay stand.
    assert next_round(movement, 4, 1) == NextRound(2, Move(4, "NS"), Move(5, "EW"), ())


def test_a_skip_moves_east_west_two_tables() -> None:
    movement = generate("skip-mitchell", 4, 16)  # the skip after round 2
    assert next_round(movement, 1, 1) == NextRound(2, Move(1, "NS"), Move(2, "EW"), (4,))
    assert next_round(movement, 1, 2) == NextRound(3, Move(1, "NS"), Move(3, "EW"), (4,))


def test_a_howell_pair_changes_sides_and_boards_may_stay() -> None:
    movement = generate("howell", 3, 15)
    assert next_round(movement, 2, 1) == NextRound(2, Move(3, "EW"), Move(2, "NS"), (1,))
    assert next_round(movement, 3, 1).boards == (3,)  # type: ignore[union-attr]


def test_after_the_last_round_nobody_moves() -> None:
    movement = generate("mitchell", 3, 9)
    assert next_round(movement, 1, movement.rounds) is None


def test_the_round_clock_counts_from_the_rounds_start() -> None:
    section = SectionState("A", generate("mitchell", 3, 9), current_round=2)
    start = datetime(2026, 11, 24, 19, 30, tzinfo=UTC)
    section.round_started = start
    limits = Thresholds(round_minutes={"A": 21.0})
    assert round_clock(section, limits, start + timedelta(minutes=5)) == RoundClock(2, 960, 1260)
    over = round_clock(section, limits, start + timedelta(minutes=22))
    assert over == RoundClock(2, -60, 1260)
    # No length set: the club's pace per board (3 boards a round here).
    assert round_clock(section, Thresholds(), start).length == round(3 * 7.5 * 60)
    # Set as minutes per board plus minutes per round (the move).
    both = Thresholds(board_minutes={"A": 7.0}, round_minutes={"A": 1.0})
    assert round_clock(section, both, start).length == (3 * 7 + 1) * 60


async def test_the_seating_after_login_carries_the_clock_and_the_moves(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login("A", 1)))
    seating = link.to(1)[-1]
    assert isinstance(seating, Seating)
    movement = made.rules.session.sections["A"].movement
    assert seating.next_round == next_round(movement, 1, 1)
    assert seating.clock is not None and seating.clock.round == 1
    assert 0 < seating.clock.ends_in <= seating.clock.length


async def test_a_new_round_or_a_new_length_restarts_every_pads_clock(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login("A", 1)))
    await made.hub.step(inbound(link, 2, 1, Login("A", 2)))
    link.to(1), link.to(2)
    await turns(made, made.director.set_round_minutes("A", 30.0))
    for unit in (1, 2):
        [told] = link.to(unit)
        assert isinstance(told, Seating) and told.clock is not None
        assert told.clock.length == 1800
    await turns(made, made.director.set_round_clock("A", 6.0, 2.0))
    boards = len(made.rules.session.sections["A"].movement.at(1, 1).boards)  # type: ignore[union-attr]
    for unit in (1, 2):
        [told] = link.to(unit)
        assert isinstance(told, Seating) and told.clock is not None
        assert told.clock.length == (boards * 6 + 2) * 60
    # Table 2 starts round 2 first: the section's round moves on, every pad hears the clock.
    section = made.rules.session.sections["A"]
    second = section.movement.at(2, 2)
    assert second is not None and second.ns and second.ew
    await made.hub.step(inbound(link, 2, 2, result(2, 2, second.boards[0], second.ns,
                                                    second.ew)))
    [told] = [b for b in link.to(1) if isinstance(b, Seating)]
    assert told.clock is not None and told.clock.round == 2
    assert told.round == 1  # table 1 still plays its round 1
