"""`basestation demo`: the station plus a simulated session."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    tables: Annotated[int, typer.Option(help="Tables per section.", min=1, max=40)] = 7,
    speed: Annotated[float, typer.Option(help="How many times faster than real time.",
                                         min=1.0)] = 300.0,
    seed: Annotated[int, typer.Option(help="Random seed for the simulated session.")] = 1,
    exit_when_done: Annotated[
        bool, typer.Option(help="Play to the end, print a summary, exit.")
    ] = False,
    hand_records: Annotated[
        Path | None, typer.Option(help="PBN hand records to play (default: random deals).")
    ] = None,
) -> None:
    """Run the station and a simulated club session (grid at http://127.0.0.1:8000)."""
    from simulator.demo import run_demo

    try:
        report = asyncio.run(run_demo(tables=tables, speed=speed, seed=seed,
                                      exit_when_done=exit_when_done,
                                      hand_records=hand_records))
    except KeyboardInterrupt:
        return
    if report.mismatches:
        raise typer.Exit(1)
