"""Mitchell movements: NS stay put, EW move up a table, boards move down a table.

The choice for an even number of tables (skip, share-and-relay, or relay plus feed-ins with
the special move) follows the board-movement summary of club-directors-manual.txt, section 3.
"""

from __future__ import annotations

from dataclasses import dataclass

from basestation.movements._boards import board_range, board_set, norm
from basestation.movements._model import Movement, build
from basestation.movements._words import MovementError

ONCE_ROUND = "once-round"
SHARE_AND_RELAY = "share-and-relay"
RELAY_AND_FEED_INS = "relay-and-feed-ins"
FEED_INS = "feed-ins"
SKIP = "skip"

MIN_TABLES = 3
MAX_TABLES = 30


@dataclass(frozen=True)
class MitchellLayout:
    """One row of the seed's board-movement summary: how the boards are set out."""

    tables: int
    boards: int
    per_table: int
    method: str
    sharing: tuple[int, int] | None  # tables that share a set of boards
    relay_boards: tuple[int, ...]
    relay_between: tuple[int, int] | None
    feed_in_boards: tuple[int, ...]
    feed_in_table: int | None
    phantom_table: int  # the phantom sits NS here
    special_move_after: int | None  # EW go to table N+1 - their table after this round
    skip_after: int | None  # EW move up two tables after this round

    @property
    def sets(self) -> int:
        return self.boards // self.per_table

    @property
    def rounds(self) -> int:
        return self.sets if self.method != SKIP else self.tables

    @property
    def extra_sets(self) -> int:
        """F of the seed's formula: sets of feed-ins, counting the relay set."""
        return self.sets - self.tables if self.method in (FEED_INS, RELAY_AND_FEED_INS) else 0

    def describe(self) -> str:
        """The row in a director's words, as printed on the movement sheet."""
        n = self.tables
        parts = [f"{n} tables, {self.boards} boards, {self.per_table} per table"]
        if self.sharing:
            parts.append(f"tables {self.sharing[0]} & {self.sharing[1]} share")
        if self.relay_between:
            a, b = self.relay_between
            relay = board_range(self.relay_boards)
            parts.append(f"relay boards {relay} between tables {a} & {b}")
        if self.feed_in_table:
            parts.append(
                f"feed-ins {board_range(self.feed_in_boards)} at table {self.feed_in_table}"
            )
        if self.special_move_after:
            parts.append(
                f"at end of round {self.special_move_after}, EW take their present table "
                f"number from {n + 1} and move to that table"
            )
        if self.skip_after:
            parts.append(f"at end of round {self.skip_after}, EW move forward 2 tables")
        parts.append(f"phantom NS at table {self.phantom_table}")
        return "; ".join(parts)


def choose_layout(tables: int, boards: int, *, skip: bool = False) -> MitchellLayout:
    """Set out a Mitchell as the seed's summary does; MovementError when it cannot be done."""
    n = tables
    if not MIN_TABLES <= n <= MAX_TABLES:
        raise MovementError.of("movement.mitchell_tables", fewest=MIN_TABLES, most=MAX_TABLES,
                               tables=tables)
    if boards < n:
        raise MovementError.of("movement.mitchell_few_boards", tables=n, boards=boards)
    if skip:
        if n % 2:
            raise MovementError.of("movement.skip_mitchell_odd", tables=n)
        if boards % n:
            raise MovementError.of("movement.skip_mitchell_boards", tables=n, boards=boards)
        return _layout(n, boards, boards // n, SKIP)
    if boards % n == 0:
        per_table = boards // n
        if n % 2:
            return _layout(n, boards, per_table, ONCE_ROUND)
        # "No sharing with one board/table!": one board a table means a skip.
        return _layout(n, boards, per_table, SHARE_AND_RELAY if per_table > 1 else SKIP)
    for per_table in range(boards // n, 0, -1):
        if boards % per_table:
            continue
        extra = boards // per_table - n
        # Feed-ins must be an even number of sets (the relay set counts), fewer than tables.
        if extra % 2 == 0 and 0 < extra < n:
            return _layout(n, boards, per_table, FEED_INS if n % 2 else RELAY_AND_FEED_INS)
    raise MovementError.of("movement.mitchell_boards", boards=boards, tables=n)


def _layout(n: int, boards: int, per_table: int, method: str) -> MitchellLayout:
    sets = boards // per_table
    half = n // 2
    relay = method in (SHARE_AND_RELAY, RELAY_AND_FEED_INS)
    relay_boards = board_set(half, per_table) if relay else ()
    feed_start = n + 1 if relay else n  # the first feed-in set, 0-based
    feed_in_boards = tuple(b for i in range(feed_start, sets) for b in board_set(i, per_table))
    extra = sets - n
    special = n + extra // 2 if method in (FEED_INS, RELAY_AND_FEED_INS) else None
    # The summary's phantom table: N + 1 - F/2 (the seed's formula, counted from the end).
    phantom = n + 1 - max(extra // 2, 1) if special else n
    return MitchellLayout(
        tables=n,
        boards=boards,
        per_table=per_table,
        method=method,
        sharing=(1, n) if method == SHARE_AND_RELAY else None,
        relay_boards=relay_boards,
        relay_between=(half, half + 1) if relay else None,
        feed_in_boards=feed_in_boards,
        feed_in_table=n if feed_in_boards else None,
        phantom_table=phantom,
        special_move_after=special,
        skip_after=half if method == SKIP else None,
    )


def board_positions(layout: MitchellLayout) -> dict[int, int]:
    """Table -> its place in the circle the boards travel (the relay stand takes a place)."""
    n = layout.tables
    places: dict[int, int] = {}
    place = 0
    for table in range(1, n + 1):
        if layout.sharing and table == layout.sharing[1]:
            continue
        places[table] = place
        place += 1
        if layout.relay_between and table == layout.relay_between[0]:
            place += 1  # the relay stand sits between the middle tables
    if layout.sharing:
        places[layout.sharing[1]] = places[layout.sharing[0]]
    return places


def ew_at(layout: MitchellLayout, table: int, round: int) -> int:
    """The EW pair (numbered by starting table) at a table in a round."""
    n = layout.tables
    if layout.skip_after and round > layout.skip_after:
        return norm(table - round, n)
    special = layout.special_move_after
    if special and round > special:
        after = round - special - 1  # rounds played since the special move
        came_from = n + 1 - norm(table - after, n)
        return norm(came_from - (special - 1), n)
    return norm(table - (round - 1), n)


def mitchell(tables: int, boards: int, *, skip: bool = False) -> Movement:
    layout = choose_layout(tables, boards, skip=skip)
    return movement_from_layout(layout, "skip-mitchell" if skip else "mitchell")


def movement_from_layout(layout: MitchellLayout, kind: str) -> Movement:
    places = board_positions(layout)
    sets = layout.sets
    seats = [
        (
            r,
            t,
            t,
            ew_at(layout, t, r),
            board_set((places[t] + r - 1) % sets, layout.per_table),
        )
        for r in range(1, layout.rounds + 1)
        for t in range(1, layout.tables + 1)
    ]
    return build(kind, layout.tables, layout.boards, layout.rounds, two_field=True, seats=seats)


def relay_and_feed_in_sets(layout: MitchellLayout, round: int) -> tuple[tuple[int, ...], ...]:
    """The sets resting on the relay stand and the feed-in stack in a round, in order."""
    places = set(board_positions(layout).values())
    resting = [p for p in range(layout.sets) if p not in places]
    return tuple(board_set((p + round - 1) % layout.sets, layout.per_table) for p in resting)


# The board counts the seed's board-movement summary lists for each number of tables.
SUMMARY_BOARDS: dict[int, tuple[int, ...]] = {
    4: (24, 28),
    5: (25, 30),
    6: (24, 30),
    7: (27, 28),
    8: (24, 30),
    9: (26, 27),
    10: (24, 30),
    11: (26,),
    12: (24, 28),
    13: (26,),
    14: (26, 28),
    15: (25, 30),
    16: (24, 26),
    17: (25,),
    18: (26,),
    19: (25,),
    20: (26,),
    21: (25,),
    22: (26,),
    23: (25,),
    24: (26,),
    25: (25,),
    26: (26,),
    27: (27,),
    28: (28,),
}
