"""`basestation movement ...`: show, check and print movements."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from basestation.movements import (
    KINDS,
    Movement,
    MovementError,
    board_range,
    cards_html,
    check,
    generate,
    movement_from_csv,
)

KindOption = Annotated[str, typer.Option("--kind", help=f"One of: {', '.join(KINDS)}.")]
TablesOption = Annotated[int, typer.Option("--tables", help="Number of tables.")]
BoardsOption = Annotated[int, typer.Option("--boards", help="Number of boards in play.")]
PhantomOption = Annotated[
    bool, typer.Option("--phantom", help="One pair missing, placed where the seed says.")
]


def _movement(kind: str, tables: int, boards: int, phantom: bool) -> Movement:
    try:
        return generate(kind, tables, boards, phantom=phantom)
    except MovementError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(2) from error


def _pair(number: int | None) -> str:
    return "PH" if number is None else str(number)


def _rich_table(movement: Movement) -> Table:
    title = (
        f"{movement.kind}: {movement.tables} tables, {movement.boards} boards, "
        f"{movement.rounds} rounds"
    )
    grid = Table(title=title, show_lines=False)
    grid.add_column("Table", justify="right", style="bold")
    for r in range(1, movement.rounds + 1):
        grid.add_column(f"R{r}", justify="center")
    for t in range(1, movement.tables + 1):
        cells = []
        for r in range(1, movement.rounds + 1):
            a = movement.at(r, t)
            cells.append(
                "" if a is None else f"{_pair(a.ns)}v{_pair(a.ew)}\n{board_range(a.boards)}"
            )
        grid.add_row(str(t), *cells)
    return grid


def register(app: typer.Typer) -> None:
    movement_app = typer.Typer(help="Movements: show, check, print.", no_args_is_help=True)
    app.add_typer(movement_app, name="movement")

    @movement_app.command("show")
    def show(
        *,
        kind: KindOption,
        tables: TablesOption,
        boards: BoardsOption,
        phantom: PhantomOption = False,
        as_json: Annotated[
            bool, typer.Option("--json", help="Print the Movement JSON (docs/ARCHITECTURE.md).")
        ] = False,
    ) -> None:
        """Show a movement: a table of rounds (NS v EW, boards), or its JSON."""
        movement = _movement(kind, tables, boards, phantom)
        if as_json:
            typer.echo(json.dumps(movement.to_json()))
            return
        Console(width=max(80, 12 * (movement.rounds + 1))).print(_rich_table(movement))

    @movement_app.command("check")
    def check_command(
        *,
        kind: Annotated[str, typer.Option("--kind", help="Movement kind to generate.")] = "",
        tables: Annotated[int, typer.Option("--tables")] = 0,
        boards: Annotated[int, typer.Option("--boards")] = 0,
        phantom: PhantomOption = False,
        csv_file: Annotated[
            Path | None,
            typer.Option("--csv", help="Check an imported movement file instead."),
        ] = None,
        section: Annotated[
            str | None, typer.Option("--section", help="Section to read from the file.")
        ] = None,
    ) -> None:
        """The balance report: boards played twice, sharing, meetings, sit-outs."""
        if csv_file is not None:
            try:
                movement = movement_from_csv(csv_file.read_text(), section=section)
            except (MovementError, OSError) as error:
                typer.echo(f"Error: {error}", err=True)
                raise typer.Exit(2) from error
        else:
            if not kind:
                typer.echo("Error: give --kind, --tables and --boards, or --csv FILE", err=True)
                raise typer.Exit(2)
            movement = _movement(kind, tables, boards, phantom)
        report = check(movement)
        typer.echo(report.summary())
        if not report.ok:
            raise typer.Exit(1)

    @movement_app.command("cards")
    def cards(
        *,
        kind: KindOption,
        tables: TablesOption,
        boards: BoardsOption,
        out: Annotated[Path, typer.Option("--out", help="HTML file to write.")],
        phantom: PhantomOption = False,
    ) -> None:
        """Write the movement sheet and table guide cards as printable HTML."""
        movement = _movement(kind, tables, boards, phantom)
        out.write_text(cards_html(movement), encoding="utf-8")
        typer.echo(f"Wrote {out}")
