"""`basestation demo`: the station plus a simulated session."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    tables: int = typer.Option(7, help="Tables per section."),
    speed: float = typer.Option(60.0, help="How many times faster than real time."),
    seed: int = typer.Option(1, help="Random seed for the simulated session."),
    exit_when_done: bool = typer.Option(False, help="Play to the end, print a summary, exit."),
) -> None:
    """Run the station and a simulated club session (grid at http://127.0.0.1:8000)."""
    typer.echo("demo: the station is not built yet")
