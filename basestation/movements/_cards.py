"""Printable HTML: the movement sheet and a guide card for every table, like the seed's forms."""

from __future__ import annotations

from html import escape

from basestation.movements._boards import board_range
from basestation.movements._check import check
from basestation.movements._mitchell import choose_layout
from basestation.movements._model import Assignment, Movement
from basestation.movements._words import MovementError

STYLE = """
body { font-family: sans-serif; font-size: 11pt; margin: 1em; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin: 0.3em 0; }
table { border-collapse: collapse; }
td, th { border: 1px solid #444; padding: 2px 5px; text-align: center; }
.sheet td:first-child, .sheet th:first-child { font-weight: bold; }
.notes { white-space: pre-wrap; font-size: 9pt; }
.cards { display: flex; flex-wrap: wrap; gap: 1em; }
.card { border: 2px solid #000; padding: 0.5em; page-break-inside: avoid;
        break-inside: avoid; }
.moves { margin-top: 0.4em; font-weight: bold; }
@media print {
  @page { size: A4; margin: 1cm; }
  .sheet-page { page-break-after: always; break-after: page; }
  body { margin: 0; }
}
"""


def _pair(number: int | None) -> str:
    return "PH" if number is None else str(number)


def _title(movement: Movement) -> str:
    return (
        f"{movement.kind.replace('-', ' ').title()}: {movement.tables} tables, "
        f"{movement.boards} boards, {movement.rounds} rounds"
    )


def _sheet(movement: Movement) -> str:
    """Tables down, rounds across: boards and the EW pair (NS v EW when one field)."""
    head = "".join(f"<th>{r}</th>" for r in range(1, movement.rounds + 1))
    rows = []
    for t in range(1, movement.tables + 1):
        cells = []
        for r in range(1, movement.rounds + 1):
            a = movement.at(r, t)
            cells.append(f"<td>{escape(_cell(movement, a))}</td>" if a else "<td></td>")
        first = movement.at(1, t)
        label = f"{t}" if not movement.two_field or first is None else f"{t} (NS {_pair(first.ns)})"
        rows.append(f"<tr><td>{escape(label)}</td>{''.join(cells)}</tr>")
    return f'<table class="sheet"><tr><th>Table</th>{head}</tr>{"".join(rows)}</table>'


def _cell(movement: Movement, a: Assignment) -> str:
    boards = board_range(a.boards)
    if movement.two_field and movement.kind in (
        "mitchell",
        "skip-mitchell",
        "web",
        "bowman-ewing",
        "fat-mitchell",
    ):
        return f"{boards} EW {_pair(a.ew)}"
    return f"{_pair(a.ns)}v{_pair(a.ew)} {boards}"


def _moves(movement: Movement, table: int) -> list[str]:
    """Where the pairs at this table go after round 1 (as the foot of a guide card)."""
    if movement.rounds < 2:
        return []
    first = movement.at(1, table)
    if first is None:
        return []
    lines = []
    for direction, pair in (("NS", first.ns), ("EW", first.ew)):
        if pair is None:
            continue
        nxt = movement.seat_of(pair, direction, 2)
        if nxt is None:
            continue
        if nxt == (table, direction) and all(
            movement.seat_of(pair, direction, r) == nxt for r in range(1, movement.rounds + 1)
        ):
            lines.append(f"{direction} stationary")
        else:
            lines.append(f"{direction} &rarr; {nxt[0]}{nxt[1]}")
    return lines


def _card(movement: Movement, table: int) -> str:
    rows = "".join(
        f"<tr><td>{a.round}</td><td>{_pair(a.ns)}</td><td>{_pair(a.ew)}</td>"
        f"<td>{escape(board_range(a.boards))}</td></tr>"
        for a in movement.table_rounds(table)
    )
    moves = "<br>".join(_moves(movement, table))
    return (
        f'<div class="card"><h2>Table {table}</h2>'
        "<table><tr><th>Round</th><th>NS</th><th>EW</th><th>Boards</th></tr>"
        f'{rows}</table><div class="moves">{moves}</div></div>'
    )


def _notes(movement: Movement) -> str:
    notes = []
    if movement.kind in ("mitchell", "skip-mitchell"):
        try:
            layout = choose_layout(
                movement.tables, movement.boards, skip=movement.kind == "skip-mitchell"
            )
            notes.append(layout.describe())
        except MovementError:
            pass
    notes.append(check(movement).summary())
    return "\n\n".join(notes)


def cards_html(movement: Movement, *, title: str | None = None) -> str:
    """One printable page: the movement sheet, the balance report, then the guide cards."""
    heading = escape(title or _title(movement))
    cards = "".join(_card(movement, t) for t in range(1, movement.tables + 1))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{heading}</title><style>{STYLE}</style></head><body>"
        f'<section class="sheet-page"><h1>Movement sheet: {heading}</h1>{_sheet(movement)}'
        f'<p class="notes">{escape(_notes(movement))}</p></section>'
        f'<section><h1>Table guide cards</h1><div class="cards">{cards}</div></section>'
        "</body></html>\n"
    )
