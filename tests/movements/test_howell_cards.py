"""The seed's Howell table guide cards, club-directors-manual.txt section 8 ("Howell Movement
guide cards for 3-9 tables")."""

from __future__ import annotations

import pytest

from basestation.movements import check, generate
from basestation.movements._howell import guide_moves

# 3 Tables 25 Boards: per table, (NS, EW, first board) for rounds 1..5 (five boards a round).
THREE_TABLES = {
    1: [(6, 1, 1), (6, 2, 6), (6, 3, 11), (6, 4, 16), (6, 5, 21)],
    2: [(3, 4, 6), (4, 5, 11), (5, 1, 6), (1, 2, 11), (2, 3, 21)],
    # Table 3's card is garbled in the text; these cells are the ones that survived.
    3: [(5, 2, 16), (1, 3, 16), (2, 4, 1), (3, 5, 1), (4, 1, 21)],
}


def test_three_table_card() -> None:
    movement = generate("howell", 3, 25)
    for table, rows in THREE_TABLES.items():
        for r, (ns, ew, first) in enumerate(rows, start=1):
            a = movement.at(r, table)
            assert a is not None
            assert (a.ns, a.ew, a.boards) == (ns, ew, tuple(range(first, first + 5)))
    # "* sharing": all three tables play boards 21-25 in round 5.
    assert movement.tables_for(5, 21) == (1, 2, 3)
    # The foot of each card: NS stationary; EW -> 3NS; NS -> 3EW, EW -> 2NS; NS -> 2EW, EW -> 1EW.
    assert guide_moves(movement) == {
        (1, "NS"): None,
        (1, "EW"): (3, "NS"),
        (2, "NS"): (3, "EW"),
        (2, "EW"): (2, "NS"),
        (3, "NS"): (2, "EW"),
        (3, "EW"): (1, "EW"),
    }


def test_four_table_card_follows_the_surviving_instructions() -> None:
    """Only the moves at the foot of the 4-table cards are legible; the movement follows them
    and is a complete Howell (everyone meets everyone once, plays all 28 boards)."""
    movement = generate("howell", 4, 28)
    assert guide_moves(movement) == {
        (1, "NS"): (3, "NS"),
        (1, "EW"): (2, "NS"),
        (2, "NS"): (2, "EW"),
        (2, "EW"): (3, "EW"),
        (3, "NS"): (1, "EW"),
        (3, "EW"): (4, "EW"),
        (4, "NS"): None,
        (4, "EW"): (1, "NS"),
    }
    report = check(movement)
    assert report.ok and set(report.meetings.values()) == {1} and len(report.meetings) == 28


# Round 1 of the legible cards (tables 5-9) and a later cell on each.
FIRST_LINES = {
    (5, 27): [(3, 7, 1), (5, 2, 4), (10, 1, 7), (9, 8, 10), (6, 4, 13)],
    (6, 27): [(12, 1, 1), (11, 4, 4), (10, 8, 7), (2, 7, 10), (9, 6, 13), (5, 3, 16)],
    (7, 26): [(5, 12, 1), (2, 4, 3), (9, 10, 5), (14, 1, 7), (8, 13, 9), (7, 11, 11), (6, 3, 13)],
    (8, 26): [
        (6, 10, 1),
        (8, 13, 3),
        (11, 5, 5),
        (4, 3, 7),
        (14, 2, 9),
        (7, 9, 11),
        (16, 1, 13),
        (15, 12, 15),
    ],
    (9, 26): [
        (18, 1, 1),
        (17, 12, 3),
        (8, 5, 5),
        (2, 10, 7),
        (13, 9, 9),
        (16, 7, 11),
        (15, 6, 13),
        (11, 4, 15),
        (14, 3, 17),
    ],
}
LATER_CELLS = {
    (5, 27): (9, 5, 5, 3, 10),  # round, table, NS, EW, first board (last line of each card)
    (6, 27): (9, 6, 4, 2, 13),
    (7, 26): (13, 7, 5, 2, 11),
    (8, 26): (13, 8, 15, 11, 13),
    (9, 26): (13, 9, 14, 2, 15),
}


@pytest.mark.parametrize(("tables", "boards"), list(FIRST_LINES))
def test_legible_card(tables: int, boards: int) -> None:
    movement = generate("howell", tables, boards)
    per = 3 if boards == 27 else 2
    for table, (ns, ew, first) in enumerate(FIRST_LINES[tables, boards], start=1):
        a = movement.at(1, table)
        assert a is not None and (a.ns, a.ew, a.boards[0]) == (ns, ew, first)
        assert len(a.boards) == per
    r, table, ns, ew, first = LATER_CELLS[tables, boards]
    a = movement.at(r, table)
    assert a is not None and (a.ns, a.ew, a.boards[0]) == (ns, ew, first)
    assert check(movement).ok


def test_eight_table_card_instructions() -> None:
    """8 Tables 26 Boards: table 1 "NS -> 3EW, EW -> 6EW", table 2 "NS -> 6NS, EW -> 8EW",
    table 5 "NS Stationary, EW -> 7EW", table 6 "NS -> 1NS, EW -> 2NS"."""
    moves = guide_moves(generate("howell", 8, 26))
    assert moves[1, "NS"] == (3, "EW") and moves[1, "EW"] == (6, "EW")
    assert moves[2, "NS"] == (6, "NS") and moves[2, "EW"] == (8, "EW")
    assert moves[5, "NS"] is None and moves[5, "EW"] == (7, "EW")
    assert moves[6, "NS"] == (1, "NS") and moves[6, "EW"] == (2, "NS")
