"""Bowman-Ewing: two tables more than a convenient number (seed section 3)."""

from __future__ import annotations

from basestation.movements._boards import board_set, norm
from basestation.movements._model import Movement, build
from basestation.movements._words import MovementError


def bowman_ewing(tables: int, boards: int) -> Movement:
    """One set circulates round tables 1..N-2 with table N-1 sharing table 1's boards; the
    top table has its own set, played in reverse order. EW move round all N tables.
    """
    n = tables
    sets = n - 2
    # EW meet the circulating boards every other set; an even circle would repeat them.
    if not 5 <= n <= 30 or n % 2 == 0:
        raise MovementError.of("movement.bowman_ewing_tables", tables=tables)
    if boards < sets or boards % sets:
        raise MovementError.of("movement.bowman_ewing_boards", tables=n, rounds=sets,
                               example=2 * sets, boards=boards)
    per_table = boards // sets

    def set_at(t: int, r: int) -> int:
        if t == n:
            return (sets - r) % sets  # its own set, in reverse order
        place = 1 if t == n - 1 else t
        return (place - 1 + r - 1) % sets

    seats = [
        (r, t, t, norm(t - (r - 1), n), board_set(set_at(t, r), per_table))
        for r in range(1, sets + 1)
        for t in range(1, n + 1)
    ]
    return build("bowman-ewing", n, boards, sets, two_field=True, seats=seats)
