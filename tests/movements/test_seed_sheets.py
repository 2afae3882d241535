"""The seed's worked movement sheets, reproduced cell by cell.

Source: shared/seeds/club-directors-manual.txt, section 3 (Movements) and section 8 (forms).
"""

from __future__ import annotations

from basestation.movements import generate

# club-directors-manual.txt, section 3, "10 Tables, 24 boards, 12 rounds": per NS table, the
# (first board, EW pair) of rounds 1..12. Boards are pairs: 1 means boards 1,2.
MITCHELL_10_24 = {
    1: "1/1 3/10 5/9 7/8 9/7 11/6 13/5 15/4 17/3 19/2 21/1 23/10",
    2: "3/2 5/1 7/10 9/9 11/8 13/7 15/6 17/5 19/4 21/3 23/2 1/9",
    3: "5/3 7/2 9/1 11/10 13/9 15/8 17/7 19/6 21/5 23/4 1/3 3/8",
    4: "7/4 9/3 11/2 13/1 15/10 17/9 19/8 21/7 23/6 1/5 3/4 5/7",
    5: "9/5 11/4 13/3 15/2 17/1 19/10 21/9 23/8 1/7 3/6 5/5 7/6",
    6: "13/6 15/5 17/4 19/3 21/2 23/1 1/10 3/9 5/8 7/7 9/6 11/5",
    7: "15/7 17/6 19/5 21/4 23/3 1/2 3/1 5/10 7/9 9/8 11/7 13/4",
    8: "17/8 19/7 21/6 23/5 1/4 3/3 5/2 7/1 9/10 11/9 13/8 15/3",
    9: "19/9 21/8 23/7 1/6 3/5 5/4 7/3 9/2 11/1 13/10 15/9 17/2",
    10: "21/10 23/9 1/8 3/7 5/6 7/5 9/4 11/3 13/2 15/1 17/10 19/1",
}
MITCHELL_10_24_RELAY = "11 13 15 17 19 21 23 1 3 5 7 9"
MITCHELL_10_24_FEED_INS = "23 1 3 5 7 9 11 13 15 17 19 21"

# Same section, "11 Tables, 26 boards, 13 rounds".
MITCHELL_11_26 = {
    1: "1/1 3/11 5/10 7/9 9/8 11/7 13/6 15/5 17/4 19/3 21/2 23/1 25/11",
    2: "3/2 5/1 7/11 9/10 11/9 13/8 15/7 17/6 19/5 21/4 23/3 25/2 1/10",
    3: "5/3 7/2 9/1 11/11 13/10 15/9 17/8 19/7 21/6 23/5 25/4 1/3 3/9",
    4: "7/4 9/3 11/2 13/1 15/11 17/10 19/9 21/8 23/7 25/6 1/5 3/4 5/8",
    5: "9/5 11/4 13/3 15/2 17/1 19/11 21/10 23/9 25/8 1/7 3/6 5/5 7/7",
    6: "11/6 13/5 15/4 17/3 19/2 21/1 23/11 25/10 1/9 3/8 5/7 7/6 9/6",
    7: "13/7 15/6 17/5 19/4 21/3 23/2 25/1 1/11 3/10 5/9 7/8 9/7 11/5",
    8: "15/8 17/7 19/6 21/5 23/4 25/3 1/2 3/1 5/11 7/10 9/9 11/8 13/4",
    9: "17/9 19/8 21/7 23/6 25/5 1/4 3/3 5/2 7/1 9/11 11/10 13/9 15/3",
    10: "19/10 21/9 23/8 25/7 1/6 3/5 5/4 7/3 9/2 11/1 13/11 15/10 17/2",
    11: "21/11 23/10 25/9 1/8 3/7 5/6 7/5 9/4 11/3 13/2 15/1 17/11 19/1",
}
MITCHELL_11_26_FEED_INS = (
    "23 25 1 3 5 7 9 11 13 15 17 19 21",
    "25 1 3 5 7 9 11 13 15 17 19 21 23",
)

# Same section, "Fat Mitchell 7 Tables, 24 boards, 8 rounds" (boards in threes).
FAT_7_24 = {
    1: "1/1 4/7 7/6 22/5 13/4 16/3 19/2 10/5",
    2: "4/2 7/1 10/7 13/6 16/5 19/4 22/3 1/3",
    3: "7/3 10/2 22/1 16/7 19/6 1/5 4/4 13/1",
    4: "10/4 13/3 16/2 19/1 1/7 22/6 7/5 4/6",
    5: "13/5 22/4 19/3 1/2 4/1 7/7 10/6 16/4",
    6: "16/6 19/5 1/4 4/3 22/2 10/1 13/7 7/2",
    7: "22/7 1/6 4/5 7/4 10/3 13/2 16/1 19/7",
}
# The sheet's "Replace:" row: the set put aside each round, with the EW pair who play it in
# round 8 (22-24 in round 8 is the set nobody plays then).
FAT_7_24_REPLACE = "19/7 16/4 13/1 10/5 7/2 4/6 1/3"

# Same section, "Example: 7-table Hesitation": the travellers, one per set of three boards,
# listing (NS, EW) for tables 1..7 (Table 1 on line 1 all night).
HESITATION_7_24 = {
    1: "9-1 10-3 11-5 12-8 13-2 14-4 7-6",
    4: "9-8 10-2 11-4 12-7 13-1 14-3 6-5",
    7: "9-7 10-1 11-3 12-6 13-8 14-2 5-4",
    10: "9-6 10-8 11-2 12-5 13-7 14-1 4-3",
    13: "9-5 10-7 11-1 12-4 13-6 14-8 3-2",
    16: "9-4 10-6 11-8 12-3 13-5 14-7 2-1",
    19: "9-3 10-5 11-7 12-2 13-4 14-6 1-8",
    22: "9-2 10-4 11-6 12-1 13-3 14-5 8-7",
}


def _cells(text: str) -> list[tuple[int, int]]:
    return [(int(b), int(p)) for b, p in (cell.split("/") for cell in text.split())]


def _sheet_matches(kind: str, tables: int, boards: int, per: int, sheet: dict[int, str]) -> None:
    movement = generate(kind, tables, boards)
    for table, row in sheet.items():
        for r, (first, ew) in enumerate(_cells(row), start=1):
            a = movement.at(r, table)
            assert a is not None
            assert a.ns == table, (table, r)
            assert a.ew == ew, (table, r)
            assert a.boards == tuple(range(first, first + per)), (table, r)


def test_mitchell_10_tables_24_boards_sheet() -> None:
    """club-directors-manual.txt section 3: "10 Tables, 24 boards, 12 rounds"."""
    _sheet_matches("mitchell", 10, 24, 2, MITCHELL_10_24)
    movement = generate("mitchell", 10, 24)
    assert movement.rounds == 12
    played = [{b for a in movement.round_of(r) for b in a.boards} for r in range(1, 13)]
    # The relay and feed-in rows hold exactly the two sets nobody plays in the round.
    for r, (relay, feed) in enumerate(
        zip(MITCHELL_10_24_RELAY.split(), MITCHELL_10_24_FEED_INS.split(), strict=True),
        start=1,
    ):
        assert set(range(1, 25)) - played[r - 1] == {
            int(relay),
            int(relay) + 1,
            int(feed),
            int(feed) + 1,
        }


def test_mitchell_11_tables_26_boards_sheet() -> None:
    """club-directors-manual.txt section 3: "11 Tables, 26 boards, 13 rounds" (feed-ins, special
    move after round 12, NS6 meets EW6 three times)."""
    _sheet_matches("mitchell", 11, 26, 2, MITCHELL_11_26)
    movement = generate("mitchell", 11, 26)
    for r in range(1, 14):
        idle = set(range(1, 27)) - {b for a in movement.round_of(r) for b in a.boards}
        feeds = {int(row.split()[r - 1]) for row in MITCHELL_11_26_FEED_INS}
        assert idle == {b for f in feeds for b in (f, f + 1)}
    times = sum(
        1 for r in range(1, 14) if movement.at(r, 6) is not None and movement.at(r, 6).ew == 6
    )  # type: ignore[union-attr]
    assert times == 3


def test_fat_mitchell_7_tables_24_boards_sheet() -> None:
    """club-directors-manual.txt section 3: "Fat Mitchell 7 Tables, 24 boards, 8 rounds"."""
    _sheet_matches("fat-mitchell", 7, 24, 3, FAT_7_24)
    movement = generate("fat-mitchell", 7, 24)
    for r, (first, ew) in enumerate(_cells(FAT_7_24_REPLACE), start=1):
        played = {b for a in movement.round_of(r) for b in a.boards}
        assert set(range(1, 25)) - played == {first, first + 1, first + 2}
        # The pair named on the Replace row plays that set in round 8.
        seat = movement.seat_of(ew, "EW", 8)
        assert seat is not None
        last = movement.at(8, seat[0])
        assert last is not None and last.boards[0] == first
    assert {b for a in movement.round_of(8) for b in a.boards}.isdisjoint({22, 23, 24})


def test_hesitation_7_tables_24_boards_travellers() -> None:
    """club-directors-manual.txt section 3: "Example: 7-table Hesitation" travellers."""
    movement = generate("hesitation", 7, 24)
    assert not movement.two_field and movement.rounds == 8
    for board, line in HESITATION_7_24.items():
        for table, cell in enumerate(line.split(), start=1):
            ns, ew = (int(x) for x in cell.split("-"))
            (r,) = [r for r in range(1, 9) if table in movement.tables_for(r, board)]
            a = movement.at(r, table)
            assert a is not None and (a.ns, a.ew) == (ns, ew), (board, table)
    # Odd tables: relay boards 10-12 between tables 3 and 4 (no sharing).
    assert movement.tables_for(1, 10) == ()
    assert movement.tables_for(2, 10) == (3,)
