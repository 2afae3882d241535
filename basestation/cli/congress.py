"""`basestation congress`: a 1,000-table congress, time-compressed, with memory per round."""

from __future__ import annotations

import json
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("congress")(congress)


def congress(
    tables: Annotated[int, typer.Option("--tables", min=3, help="Tables in play.")] = 1000,
    rounds: Annotated[int, typer.Option("--rounds", min=1, max=12,
                                        help="Rounds of two boards.")] = 12,
    no_feedback: Annotated[bool, typer.Option(
        "--no-feedback", help="Travellers off, as at many congresses.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
) -> None:
    """Play a congress round by round through stations in this process; print the process's
    RSS after each round and whether it stayed within 10% of its level after round 1."""
    from rich.console import Console
    from rich.table import Table

    from simulator.congress import run_congress

    console = Console(stderr=True)
    report = run_congress(tables, rounds, feedback=not no_feedback,
                          progress=lambda text: console.print(f"[dim]congress:[/] {text}"))
    if as_json:
        typer.echo(json.dumps(report.to_json()))
    else:
        table = Table("round", "RSS MB", "change from round 1", "seconds",
                      title=f"congress: {report.tables} tables, {report.rooms} rooms, "
                            f"{report.sections} sections")
        for number, (rss, seconds) in enumerate(zip(report.rss_mb, report.round_seconds,
                                                    strict=True), start=1):
            change = (rss - report.baseline) / report.baseline * 100
            table.add_row(str(number), f"{rss:.1f}", f"{change:+.1f}%", f"{seconds:.1f}")
        Console().print(table)
        verdict = "within" if report.within_10pct else "NOT within"
        Console().print(f"RSS stayed {verdict} 10% of round 1 (largest change "
                        f"{report.max_change_pct:.1f}%); results acked {report.acked}, "
                        f"stored {report.stored}")
    if not report.within_10pct or report.stored != report.acked:
        raise typer.Exit(1)
