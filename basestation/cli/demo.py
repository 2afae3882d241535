"""`basestation demo`: the station plus a simulated session."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    tables: Annotated[int, typer.Option(help="Tables per section.")] = 7,
    speed: Annotated[float, typer.Option(help="How many times faster than real time.")] = 60.0,
    seed: Annotated[int, typer.Option(help="Random seed for the simulated session.")] = 1,
    exit_when_done: Annotated[
        bool, typer.Option(help="Play to the end, print a summary, exit.")
    ] = False,
) -> None:
    """Run the station and a simulated club session (grid at http://127.0.0.1:8000)."""
    typer.echo("demo: the station is not built yet")
