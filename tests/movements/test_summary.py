"""Every row of the board-movement summary, club-directors-manual.txt section 3
("BOARD MOVEMENTS SUMMARY"): boards per table, sharing tables, relay boards and where they
sit, feed-ins, phantom table and the special move (or skip) round.
"""

from __future__ import annotations

import pytest

from basestation.movements import SUMMARY_BOARDS, check, choose_layout, generate

# tables, boards, per table, sharing, relay (low, high, between), feed-ins (low, high),
# phantom tables the row allows, special move after round (or skip after round for 26, 28).
S = None
ROWS = [
    (4, 24, 6, (1, 4), (13, 18, (2, 3)), S, (4,), S),
    (4, 28, 7, (1, 4), (15, 21, (2, 3)), S, (4,), S),
    (5, 25, 5, S, S, S, "any", S),
    (5, 30, 6, S, S, S, "any", S),
    (6, 24, 4, (1, 6), (13, 16, (3, 4)), S, (6,), S),
    (6, 30, 5, (1, 6), (16, 20, (3, 4)), S, (6,), S),
    (7, 27, 3, S, S, (22, 27), (1, 7), 8),
    (7, 28, 4, S, S, S, "any", S),
    (8, 24, 3, (1, 8), (13, 15, (4, 5)), S, (8,), S),
    (8, 30, 3, S, (13, 15, (4, 5)), (28, 30), (1, 8), 9),
    (9, 26, 2, S, S, (19, 26), (2, 8), 11),
    (9, 27, 3, S, S, S, "any", S),
    (10, 24, 2, S, (11, 12, (5, 6)), (23, 24), (1, 10), 11),
    (10, 30, 3, (1, 10), (16, 18, (5, 6)), S, (10,), S),
    (11, 26, 2, S, S, (23, 26), (1, 11), 12),
    (12, 24, 2, (1, 12), (13, 14, (6, 7)), S, (12,), S),
    (12, 28, 2, S, (13, 14, (6, 7)), (27, 28), (1, 12), 13),
    (13, 26, 2, S, S, S, "any", S),
    (14, 26, 1, S, (8, 8, (7, 8)), (16, 26), (2, 9), 20),
    (14, 28, 2, (1, 14), (15, 16, (7, 8)), S, (14,), S),
    (15, 25, 1, S, S, (16, 25), (3, 11), 20),
    (15, 30, 2, S, S, S, "any", S),
    (16, 24, 1, S, (9, 9, (8, 9)), (18, 24), (4, 13), 20),
    (16, 26, 1, S, (9, 9, (8, 9)), (18, 26), (3, 12), 21),
    (17, 25, 1, S, S, (18, 25), (4, 14), 21),
    (18, 26, 1, S, (10, 10, (9, 10)), (20, 26), (4, 15), 22),
    (19, 25, 1, S, S, (20, 25), (3, 17), 22),
    (20, 26, 1, S, (11, 11, (10, 11)), (22, 26), (3, 18), 23),
    (21, 25, 1, S, S, (22, 25), (2, 20), 23),
    (22, 26, 1, S, (12, 12, (11, 12)), (24, 26), (2, 21), 24),
    (23, 25, 1, S, S, (24, 25), (1, 23), 24),
    (24, 26, 1, S, (13, 13, (12, 13)), (26, 26), (1, 24), 25),
    (25, 25, 1, S, S, S, "any", S),
    (26, 26, 1, S, S, S, "any", ("skip", 13)),
    (27, 27, 1, S, S, S, "any", S),
    (28, 28, 1, S, S, S, "any", ("skip", 14)),
]


@pytest.mark.parametrize(
    ("tables", "boards", "per_table", "sharing", "relay", "feed", "phantom", "special"), ROWS
)
def test_summary_row(
    tables: int,
    boards: int,
    per_table: int,
    sharing: tuple[int, int] | None,
    relay: tuple[int, int, tuple[int, int]] | None,
    feed: tuple[int, int] | None,
    phantom: object,
    special: object,
) -> None:
    layout = choose_layout(tables, boards)
    assert layout.per_table == per_table
    assert layout.sharing == sharing
    if relay is None:
        assert layout.relay_boards == () and layout.relay_between is None
    else:
        low, high, between = relay
        assert layout.relay_boards == tuple(range(low, high + 1))
        assert layout.relay_between == between
    if feed is None:
        assert layout.feed_in_boards == () and layout.feed_in_table is None
    else:
        assert layout.feed_in_boards == tuple(range(feed[0], feed[1] + 1))
        assert layout.feed_in_table == tables
    if isinstance(special, tuple):
        assert layout.skip_after == special[1] and layout.special_move_after is None
    else:
        assert layout.special_move_after == special and layout.skip_after is None
    if phantom != "any":
        # Where the summary allows two tables we use the one counted from the last table,
        # which agrees with the seed's formula on every row (see the test below).
        assert isinstance(phantom, tuple)
        assert layout.phantom_table == phantom[-1]

    movement = generate("mitchell", tables, boards)
    assert check(movement).ok
    if sharing:
        # Tables 1 and N play the same boards in every round, and a phantom NS at table N
        # means table 1 holds the boards alone.
        for r in range(1, movement.rounds + 1):
            assert movement.tables_for(r, movement.at(r, 1).boards[0]) == sharing  # type: ignore[union-attr]
        lone = generate("mitchell", tables, boards, phantom=True)
        assert lone.at(1, tables).ns is None  # type: ignore[union-attr]
        assert check(lone).sharing == ()
    if relay is not None:
        low, _, _ = relay
        assert all(low not in movement.at(1, t).boards for t in range(1, tables + 1))  # type: ignore[union-attr]
        below = relay[2][0]
        assert low in movement.at(2, below).boards  # type: ignore[union-attr]
    if isinstance(special, int):
        # After the special move, EW take their table number from N+1.
        for t in range(1, tables + 1):
            before = movement.at(special, t)
            after = movement.at(special + 1, tables + 1 - t)
            assert before is not None and after is not None and before.ew == after.ew


def test_summary_board_counts_are_the_seeds() -> None:
    assert {(t, b) for t, counts in SUMMARY_BOARDS.items() for b in counts} == {
        (r[0], r[1]) for r in ROWS
    }


def test_phantom_formula_counts_from_the_last_table() -> None:
    """ "Place the phantom at half the number of sets of feed-ins (including the relay) away
    from the last table": N + 1 - F/2 gives the summary's second table on every row."""
    for tables, boards, *_rest in ROWS:
        layout = choose_layout(tables, boards)
        if layout.special_move_after:
            f = layout.extra_sets
            assert layout.phantom_table == tables + 1 - f // 2
