"""Rover: one table more than a convenient number (seed section 3, "Rover")."""

from __future__ import annotations

from basestation.movements._boards import board_set, norm
from basestation.movements._model import Movement, build
from basestation.movements._words import MovementError


def rover(tables: int, boards: int) -> Movement:
    """Tables 1..N-1 are an ordinary once-round Mitchell. The top table's EW pair roves:
    one round at the top table, then to table N-3 and back two tables each round; the EW
    pair it displaces plays that round at the top table, which plays the rover's boards.
    """
    n = tables
    circle = n - 1  # tables in the ordinary Mitchell
    # Odd circle so going back two visits every table; not a multiple of 3 so the pairs
    # displaced to the top table are all different.
    if not 6 <= n <= 30 or circle % 2 == 0 or circle % 3 == 0:
        raise MovementError.of("movement.rover_tables", tables=tables)
    if boards < circle or boards % circle:
        raise MovementError.of("movement.rover_boards", tables=n, rounds=circle, boards=boards)
    per_table = boards // circle
    rover_pair = n

    def rover_table(r: int) -> int:
        return n if r == 1 else norm(circle - 2 - 2 * (r - 2), circle)

    seats = []
    for r in range(1, circle + 1):
        here = rover_table(r)
        for t in range(1, circle + 1):
            ew = norm(t - (r - 1), circle)
            seats.append(
                (
                    r,
                    t,
                    t,
                    rover_pair if t == here else ew,
                    board_set((t + r - 2) % circle, per_table),
                )
            )
        if r == 1:
            seats.append((r, n, n, rover_pair, board_set(circle - 1, per_table)))
        else:
            displaced = norm(here - (r - 1), circle)
            seats.append((r, n, n, displaced, board_set((here + r - 2) % circle, per_table)))
    return build("rover", n, boards, circle, two_field=True, seats=seats)
