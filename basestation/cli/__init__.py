"""The `basestation` command line: one module per command group, registered here."""

from __future__ import annotations

import typer

from basestation.cli import (
    backup,
    bench,
    conformance,
    congress,
    demo,
    faults,
    movement,
    publish,
    scoring,
    serve,
    swiss,
    units,
)

app = typer.Typer(
    help="Open base station for wireless duplicate-bridge scoring pads.", no_args_is_help=True
)
for module in (demo, serve, bench, conformance, movement, scoring, units, backup, faults, congress,
               swiss, publish):
    module.register(app)

__all__ = ["app"]
