"""`basestation faults`: the fault campaign, one row per fault (docs/ARCHITECTURE.md, Contracts)."""

from __future__ import annotations

import json
import logging
from typing import Annotated

import typer

# They report the faults the campaign causes on purpose (broker lost, receiver unplugged,
# a failed commit); the table says what matters.
NOISY = ("basestation", "simulator", "aiomqtt", "sqlalchemy")


def register(app: typer.Typer) -> None:
    app.command("faults")(faults)


def faults(
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of a table.")] = False,
    # 17 runs of each session fault and 20 SIGKILLs: over 200 runs in all.
    runs: Annotated[int, typer.Option("--runs", min=1, help="Runs of each fault.")] = 17,
    sigkill_runs: Annotated[int, typer.Option(
        "--sigkill-runs", min=1, help="Runs of the SIGKILL fault.")] = 20,
    quick: Annotated[bool, typer.Option(
        "--quick", help="One run of each fault, two SIGKILLs.")] = False,
    only: Annotated[str | None, typer.Option(
        "--only", help="Only faults whose name contains this.")] = None,
) -> None:
    """Play simulated sessions under each fault; count acked, stored, lost and duplicated
    results, and compare the final rankings with the intended ones."""
    from rich.console import Console
    from rich.table import Table

    from simulator.campaign.runner import figure_lines, run_campaign

    for name in NOISY:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    console = Console(stderr=True)
    outcomes = run_campaign(runs=runs, sigkill_runs=sigkill_runs, quick=quick, only=only,
                            progress=lambda text: console.print(f"[dim]faults:[/] {text}"))
    if as_json:
        typer.echo(json.dumps({"faults": [o.to_json() for o in outcomes]}))
    else:
        table = Table("fault", "runs", "acked", "stored", "lost", "duplicated",
                      "rankings match", "seconds", title="basestation faults")
        for o in outcomes:
            table.add_row(o.name, str(o.runs), str(o.acked), str(o.stored), str(o.lost),
                          str(o.duplicated), "yes" if o.rankings_match else "NO",
                          f"{o.seconds:.0f}")
        Console().print(table)
        for o in outcomes:
            for line in figure_lines(o.figures):
                Console().print(f"{o.name}: {line}")
            for problem in o.problems[:5]:
                console.print(f"[red]{o.name}:[/] {problem}")
    if any(o.failed for o in outcomes):
        raise typer.Exit(1)
