"""Hesitation and fat Mitchells: one table short of a convenient number (seed section 3)."""

from __future__ import annotations

from basestation.movements._boards import board_set, norm
from basestation.movements._model import Movement, build
from basestation.movements._words import MovementError


def _per_table(kind: str, tables: int, boards: int, sets: int) -> int:
    if boards < sets or boards % sets:
        raise MovementError.of(f"movement.{kind}_boards", tables=tables, rounds=sets,
                               twice=sets * 2, thrice=sets * 3, boards=boards)
    return boards // sets


def hesitation(tables: int, boards: int) -> Movement:
    """EW at the top table play once EW, once NS there, then go to table 1 as EW.

    Pairs are numbered as the seed's 7-table example: EW pairs by starting table, the moving
    pair starting NS at the top table next, then the stationary NS pairs of tables 1, 2, ...
    """
    n = tables
    if not 3 <= n <= 30:
        raise MovementError.of("movement.hesitation_tables", tables=tables)
    sets = n + 1
    per_table = _per_table("hesitation", n, boards, sets)
    # The board circle: odd tables put one relay set between the middle tables; even tables
    # put two there and the top table shares with table 1.
    half = n // 2
    places: dict[int, int] = {}
    place = 0
    for t in range(1, n + 1):
        if n % 2 == 0 and t == n:
            places[t] = places[1]
            continue
        places[t] = place
        place += 1
        if t == half:
            place += 1 if n % 2 else 2
    moving = n + 1  # the EW pairs plus the pair that starts NS at the top table

    def mover(seat: int, r: int) -> int:
        # Seats in the moving pairs' order: EW at tables 1..n, then NS at the top table.
        return (seat - (r - 1)) % moving + 1

    seats = []
    for r in range(1, sets + 1):
        for t in range(1, n + 1):
            ns = mover(n, r) if t == n else n + 1 + t
            seats.append(
                (r, t, ns, mover(t - 1, r), board_set((places[t] + r - 1) % sets, per_table))
            )
    return build("hesitation", n, boards, sets, two_field=False, seats=seats)


def fat_mitchell(tables: int, boards: int) -> Movement:
    """A Mitchell with one extra set that moves down two tables; a last round of catch-up.

    Each round the extra set replaces the set at its table; in the last round every EW pair
    goes back to the table where it played the extra set and plays the set it missed there.
    """
    n = tables
    # The extra set goes down two tables while EW go up one: with a multiple of three
    # tables some EW pair would meet it twice.
    if not 5 <= n <= 29 or n % 2 == 0 or n % 3 == 0:
        raise MovementError.of("movement.fat_tables", tables=tables)
    sets = n + 1
    per_table = _per_table("fat", n, boards, sets)
    extra_set = n  # 0-based: the last set starts at the top table

    def extra_table(r: int) -> int:
        return norm(n - 2 * (r - 1), n)

    def normal_set(t: int, r: int) -> int:
        return (t + r - 2) % n

    seats = []
    for r in range(1, n + 1):
        for t in range(1, n + 1):
            played = extra_set if t == extra_table(r) else normal_set(t, r)
            seats.append((r, t, t, norm(t - (r - 1), n), board_set(played, per_table)))
    for r in range(1, n + 1):
        t = extra_table(r)
        seats.append((n + 1, t, t, norm(t - (r - 1), n), board_set(normal_set(t, r), per_table)))
    return build("fat-mitchell", n, boards, sets, two_field=True, seats=seats)
