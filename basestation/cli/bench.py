"""`basestation bench`: the station's benchmarks, as figures."""

from __future__ import annotations

from typing import Annotated

import typer

from basestation.cli.figures import show_figures


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)


def bench(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object of figures.")] = False,
    only: Annotated[list[str] | None, typer.Option(
        "--only", help="Run just these stages (mqtt, club, feedback, serial, memory, scoring, "
                       "swiss, grid, weight).",
    )] = None,
) -> None:
    """Measure throughput (MQTT, serial), ack and grid latency, memory and scoring speed."""
    from rich.console import Console

    from simulator.bench import STAGES, run_bench

    unknown = sorted(set(only or ()) - set(STAGES))
    if unknown:
        raise typer.BadParameter(f"no such stage: {', '.join(unknown)}; "
                                 f"stages: {', '.join(STAGES)}", param_hint="--only")

    console = Console(stderr=True)
    figures = run_bench(progress=lambda text: console.print(f"[dim]bench:[/] {text}"),
                        only=frozenset(only) if only else None)
    show_figures(figures, "basestation bench", as_json)
