"""`basestation swiss-bench`: how long the Swiss draw takes for big fields."""

from __future__ import annotations

from typing import Annotated

import typer

from basestation.cli.figures import show_figures


def register(app: typer.Typer) -> None:
    app.command("swiss-bench")(swiss_bench)


def swiss_bench(
    entrants: Annotated[list[int] | None, typer.Option(
        help="Field sizes to draw (even; repeat the option for several).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object of figures.")] = False,
) -> None:
    """Time the Swiss draw at 100+ entrants: the usual one pass and the matching it falls
    back on when the pass strands someone."""

    from basestation.scoring.swiss_bench import FIELDS, congress, run

    fields = tuple(entrants) if entrants else FIELDS
    odd = [n for n in fields if n % 2 or n < 8]
    if odd:
        raise typer.BadParameter(f"field sizes must be even and at least 8, not {odd[0]}",
                                 param_hint="--entrants")
    figures = run(fields)
    if not entrants:  # the default fields: a congress night's draws too
        figures.update(congress())
    show_figures(figures, "Swiss draw", as_json)
