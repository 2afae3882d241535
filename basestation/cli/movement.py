"""`basestation movement ...`: show, check and print movements."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    movement_app = typer.Typer(help="Movements: show, check, print.", no_args_is_help=True)
    app.add_typer(movement_app, name="movement")
