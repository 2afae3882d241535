"""Benchmark figures as the benchmark commands print them: one JSON object, or a table."""

from __future__ import annotations

import json
from collections.abc import Mapping

import typer


def show_figures(figures: Mapping[str, object], title: str, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(figures))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table("figure", "value", title=title)
    for name, value in figures.items():
        table.add_row(name, str(value))
    Console().print(table)
