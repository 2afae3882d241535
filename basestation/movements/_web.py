"""The web: two Mitchell board circles under one EW circuit (seed section 3, "Web")."""

from __future__ import annotations

from basestation.movements._boards import board_set, norm
from basestation.movements._model import Movement, build
from basestation.movements._words import MovementError


def web(tables: int, boards: int) -> Movement:
    """Even tables; the lower half and the upper half each have a full set of boards.

    Lower half: boards start in the usual places, surplus sets feed in to its top table.
    Upper half: the top table starts with the highest set, the next table down with set 1,
    then set 2 and so on (the seed's 20-table layout), surplus feeding in to the top table.
    EW move up one table round the whole room; each NS pair meets one run of EW pairs.
    """
    n = tables
    if n % 2 or not 8 <= n <= 30:
        raise MovementError.of("movement.web_tables", tables=tables)
    half = n // 2
    if boards % 2:
        raise MovementError.of("movement.web_boards", boards=boards)
    rounds = boards // 2
    # EW meet each circle's boards every other set, so an even number of sets repeats them.
    if not half <= rounds <= n or rounds % 2 == 0:
        raise MovementError.of("movement.web_rounds", tables=n, fewest=half, most=n,
                               boards=boards)

    def set_at(t: int, r: int) -> int:
        if t <= half:
            return (t - 1 + r - 1) % rounds
        return (n - t - 1 - (r - 1)) % rounds

    seats = [
        (r, t, t, norm(t - (r - 1), n), board_set(set_at(t, r), 2))
        for r in range(1, rounds + 1)
        for t in range(1, n + 1)
    ]
    return build("web", n, boards, rounds, two_field=True, seats=seats)
