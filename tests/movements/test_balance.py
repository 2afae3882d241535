"""For every supported kind and size: nobody plays a board twice, and pairs meet as often as
the movement promises (club-directors-manual.txt section 3)."""

from __future__ import annotations

from collections import Counter

import pytest

from basestation.movements import check, choose_layout, generate
from basestation.movements._mitchell import FEED_INS, RELAY_AND_FEED_INS, SKIP


def _mitchell_sizes() -> list[tuple[int, int]]:
    sizes = []
    for tables in range(3, 31):
        for boards in range(tables, 3 * tables + 1):
            try:
                choose_layout(tables, boards)
            except ValueError:
                continue
            sizes.append((tables, boards))
    return sizes


@pytest.mark.parametrize(("tables", "boards"), _mitchell_sizes())
def test_mitchell(tables: int, boards: int) -> None:
    layout = choose_layout(tables, boards)
    report = check(generate("mitchell", tables, boards))
    assert report.ok, report.problems
    assert set(report.boards_per_pair.values()) == {boards}
    met = report.meeting_counts()
    if layout.method == SKIP:
        # "There is one EW pair they will not play, and one EW pair they will play twice."
        assert met == Counter({1: tables * (tables - 2), 0: tables, 2: tables})
    elif layout.method in (FEED_INS, RELAY_AND_FEED_INS):
        assert 0 not in met and max(met) <= 3
    else:
        assert met == Counter({1: tables * tables})


@pytest.mark.parametrize("tables", range(4, 31, 2))
def test_skip_mitchell(tables: int) -> None:
    report = check(generate("skip-mitchell", tables, 2 * tables))
    assert report.ok
    assert report.meeting_counts() == Counter({1: tables * (tables - 2), 0: tables, 2: tables})


@pytest.mark.parametrize(
    ("tables", "boards"),
    [(3, 25), (4, 28), (4, 21), (5, 27), (5, 18), (6, 27), (7, 26), (8, 26), (9, 26), (9, 39)],
)
def test_howell(tables: int, boards: int) -> None:
    report = check(generate("howell", tables, boards))
    assert report.ok
    assert set(report.boards_per_pair.values()) == {boards}
    assert max(report.meetings.values()) == 1
    if tables in (3, 4, 5, 7):  # full Howells: everyone meets everyone
        pairs = 2 * tables
        assert len(report.meetings) == pairs * (pairs - 1) // 2


@pytest.mark.parametrize("tables", range(3, 31))
@pytest.mark.parametrize("per_table", [1, 2, 3])
def test_hesitation(tables: int, per_table: int) -> None:
    boards = per_table * (tables + 1)
    report = check(generate("hesitation", tables, boards))
    assert report.ok
    assert set(report.boards_per_pair.values()) == {boards}
    assert max(report.meetings.values()) == 1


@pytest.mark.parametrize("tables", [5, 7, 11, 13, 17, 19, 23, 25, 29])
def test_fat_mitchell(tables: int) -> None:
    """ "Instead of meeting different pairs on every round you meet one pair twice"."""
    report = check(generate("fat-mitchell", tables, 3 * (tables + 1)))
    assert report.ok
    assert report.meeting_counts() == Counter({1: tables * (tables - 1), 2: tables})


@pytest.mark.parametrize("tables", range(16, 25, 2))
def test_web(tables: int) -> None:
    """ "All players play all boards and play 13 of the pairs sitting the other way"."""
    report = check(generate("web", tables, 26))
    assert report.ok
    assert set(report.boards_per_pair.values()) == {26}
    for pair in report.boards_per_pair:
        assert sum(1 for couple in report.meetings if pair in couple) == 13


@pytest.mark.parametrize("tables", range(5, 30, 2))
def test_bowman_ewing(tables: int) -> None:
    report = check(generate("bowman-ewing", tables, 2 * (tables - 2)))
    assert report.ok
    assert max(report.meetings.values()) == 1
    assert set(report.boards_per_pair.values()) == {2 * (tables - 2)}


@pytest.mark.parametrize("tables", [6, 8, 12, 14, 18, 20, 24, 26, 30])
def test_rover(tables: int) -> None:
    report = check(generate("rover", tables, 2 * (tables - 1)))
    assert report.ok
    assert max(report.meetings.values()) == 1
    assert set(report.boards_per_pair.values()) == {2 * (tables - 1)}


def test_rover_14_tables_as_the_seed_describes() -> None:
    """Section 3, "Rover": 14 tables, 26 boards; the rover plays at T14, then T11 and back two
    tables each round; T14 plays the rover's boards, in reverse order."""
    movement = generate("rover", 14, 26)
    assert [movement.seat_of(14, "EW", r) for r in range(1, 5)] == [
        (14, "EW"),
        (11, "EW"),
        (9, "EW"),
        (7, "EW"),
    ]
    firsts = [movement.at(r, 14).boards[0] for r in range(1, 14)]  # type: ignore[union-attr]
    assert firsts == list(range(25, 0, -2))
    assert movement.tables_for(2, movement.at(2, 14).boards[0]) == (11, 14)  # type: ignore[union-attr]


def test_bowman_ewing_15_tables_as_the_seed_describes() -> None:
    """Section 3, "Bowman-Ewing": 15 tables, 26 boards; tables 1 and 14 share; table 15 has
    its own set played in reverse order; EW visit 13 of the 15 tables."""
    movement = generate("bowman-ewing", 15, 26)
    for r in range(1, 14):
        assert movement.at(r, 1).boards == movement.at(r, 14).boards  # type: ignore[union-attr]
    firsts = [movement.at(r, 15).boards[0] for r in range(1, 14)]  # type: ignore[union-attr]
    assert firsts == list(range(25, 0, -2))
    assert len({movement.seat_of(1, "EW", r) for r in range(1, 14)}) == 13


def test_web_20_tables_layout() -> None:
    """Section 3, "Example: A 20-table web": boards 1-2 on T1, 3-4 on T2...; the highest table
    starts with 25-26, the second highest with 1-2, the third highest with 3-4."""
    movement = generate("web", 20, 26)
    assert movement.at(1, 1).boards == (1, 2)  # type: ignore[union-attr]
    assert movement.at(1, 10).boards == (19, 20)  # type: ignore[union-attr]
    assert movement.at(1, 20).boards == (25, 26)  # type: ignore[union-attr]
    assert movement.at(1, 19).boards == (1, 2)  # type: ignore[union-attr]
    assert movement.at(1, 18).boards == (3, 4)  # type: ignore[union-attr]
    # Each set stays in its own circle.
    for r in range(1, 14):
        for b in range(1, 27):
            low, high = (
                [t for t in movement.tables_for(r, b) if t <= 10],
                [t for t in movement.tables_for(r, b) if t > 10],
            )
            assert len(low) <= 1 and len(high) <= 1


def test_checker_finds_a_board_played_twice() -> None:
    movement = generate("mitchell", 5, 25)
    from dataclasses import replace

    changed = tuple(
        replace(a, boards=(1, 2)) if (a.round, a.table) == (2, 1) else a
        for a in movement.assignments
    )
    report = check(replace(movement, assignments=changed))
    assert not report.ok
    assert any("twice" in p for p in report.problems)
    assert any("do not play the same boards" in p for p in report.problems)
    assert "NOT BALANCED" in report.summary()
