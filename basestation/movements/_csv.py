"""The interchange file clubs already use: one row per table and round.

Columns: section, table, round, NS pair, EW pair, low board, high board, and an optional
custom board list (boards separated by spaces or semicolons) when the boards at a table are
not one run from low to high. A missing pair is left empty (or 0).
"""

from __future__ import annotations

import csv
import io

from basestation.domain.csv_cells import csv_text
from basestation.movements._model import Assignment, Movement
from basestation.movements._words import MovementError

HEADER = ("section", "table", "round", "ns", "ew", "low_board", "high_board", "boards")


def movement_to_csv(movement: Movement, section: str = "A") -> str:
    rows: list[tuple[object, ...]] = [HEADER]
    for a in sorted(movement.assignments, key=lambda a: (a.round, a.table)):
        low = min(a.boards, default=0)
        high = max(a.boards, default=0)
        run = list(a.boards) == list(range(low, high + 1))
        rows.append(
            (
                section,
                a.table,
                a.round,
                a.ns if a.ns is not None else "",
                a.ew if a.ew is not None else "",
                low if a.boards else "",
                high if a.boards else "",
                "" if run else " ".join(str(b) for b in a.boards),
            )
        )
    return csv_text(rows, lineterminator="\n")


def movement_from_csv(
    text: str,
    *,
    kind: str = "custom",
    section: str | None = None,
    two_field: bool | None = None,
) -> Movement:
    """Read a movement; every error names the row. `two_field` None: decide from the file
    (a number seated both NS and EW in one round can only be two different pairs).
    """
    rows: list[tuple[str, Assignment]] = []
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if number == 1 and cells[0].lower() == "section":
            continue
        rows.append((cells[0], _assignment(cells, number)))
    if not rows:
        raise MovementError.of("movement.csv_empty")
    sections = sorted({s for s, _ in rows})
    if section is None and len(sections) > 1:
        raise MovementError.of("movement.csv_sections", sections=", ".join(sections))
    wanted = section if section is not None else sections[0]
    chosen = [a for s, a in rows if s == wanted]
    if not chosen:
        raise MovementError.of("movement.csv_no_section", section=wanted)
    if two_field is None:
        two_field = _looks_two_field(chosen)
    return Movement(
        kind=kind,
        tables=max(a.table for a in chosen),
        boards=max((b for a in chosen for b in a.boards), default=1),
        rounds=max(a.round for a in chosen),
        two_field=two_field,
        assignments=tuple(chosen),
    )


def _looks_two_field(assignments: list[Assignment]) -> bool:
    by_round: dict[int, tuple[set[int], set[int]]] = {}
    for a in assignments:
        ns, ew = by_round.setdefault(a.round, (set(), set()))
        if a.ns is not None:
            ns.add(a.ns)
        if a.ew is not None:
            ew.add(a.ew)
    return any(ns & ew for ns, ew in by_round.values())


def _assignment(cells: list[str], row: int) -> Assignment:
    if len(cells) < 7:
        raise MovementError.of("movement.csv_columns", row=row, count=len(cells))

    def whole(index: int, column: str, *, empty_ok: bool = False) -> int | None:
        text = cells[index]
        if text in ("", "0") and empty_ok:
            return None
        if not text.isdigit() or int(text) < 1:
            raise MovementError.of("movement.csv_whole", row=row, text=repr(text),
                                   column=MovementError.said(f"movement.csv_{column}"))
        return int(text)

    table = whole(1, "table")
    rnd = whole(2, "round")
    assert table is not None and rnd is not None
    custom = cells[7] if len(cells) > 7 else ""
    if custom:
        parts = custom.replace(";", " ").split()
        if not all(p.isdigit() and int(p) > 0 for p in parts):
            raise MovementError.of("movement.csv_board_list", row=row, boards=repr(custom))
        boards = tuple(int(p) for p in parts)
    else:
        low = whole(5, "low", empty_ok=True)
        high = whole(6, "high", empty_ok=True)
        if low is None or high is None:
            boards = ()
        elif high < low:
            raise MovementError.of("movement.csv_high_low", row=row, high=high, low=low)
        else:
            boards = tuple(range(low, high + 1))
    return Assignment(
        round=rnd,
        table=table,
        ns=whole(3, "ns", empty_ok=True),
        ew=whole(4, "ew", empty_ok=True),
        boards=boards,
    )
