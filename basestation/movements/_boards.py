"""Sets of boards: the boards that travel together from table to table."""

from __future__ import annotations


def board_set(index: int, per_table: int) -> tuple[int, ...]:
    """The boards of set `index` (0-based): set 0 is boards 1..per_table, and so on."""
    first = index * per_table + 1
    return tuple(range(first, first + per_table))


def board_range(boards: tuple[int, ...]) -> str:
    """How a director writes a set: "11-12", "8", or "1, 3, 5" when not consecutive."""
    if not boards:
        return ""
    if len(boards) == 1:
        return str(boards[0])
    if list(boards) == list(range(boards[0], boards[0] + len(boards))):
        return f"{boards[0]}-{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def norm(table: int, tables: int) -> int:
    """Table numbers go round the room: table 0 is the last table, table N+1 is table 1."""
    return (table - 1) % tables + 1
