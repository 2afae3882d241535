"""`basestation demo`: the station plus a simulated session."""

from __future__ import annotations

import asyncio
import json
import logging
import signal
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from basestation.station.app import Station
    from simulator.session import SessionReport

FORMATS = ("pairs", "teams", "swiss-teams", "swiss-pairs")


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    *,
    sections: Annotated[int, typer.Option(
        help="Sections (pairs), on MQTT and on the radio in turn; e.g. 8 sections of 13 "
             "tables: a 104-table congress room.", min=1, max=26)] = 2,
    tables: Annotated[int, typer.Option("--tables-per-section", "--tables",
                                        help="Tables in each section (pairs).",
                                        min=1, max=40)] = 7,
    speed: Annotated[float, typer.Option(help="How many times faster than real time.",
                                         min=1.0)] = 300.0,
    seed: Annotated[int, typer.Option(help="Random seed for the simulated session.")] = 1,
    exit_when_done: Annotated[
        bool, typer.Option(help="Play to the end, print a summary, exit.")
    ] = False,
    hand_records: Annotated[
        Path | None, typer.Option(help="PBN hand records to play (default: random deals).")
    ] = None,
    event_format: Annotated[
        str, typer.Option("--format", help="pairs, teams (round robin), swiss-teams or "
                                           "swiss-pairs.")
    ] = "pairs",
    entrants: Annotated[
        int, typer.Option(help="Teams, or pairs in Swiss pairs (not pairs).", min=2, max=255)
    ] = 8,
    boards_per_match: Annotated[int, typer.Option(help="Boards in each match.", min=1,
                                                  max=36)] = 4,
    rounds: Annotated[int, typer.Option(help="Rounds of a Swiss event.", min=1, max=20)] = 4,
    free_table: Annotated[
        bool, typer.Option(help="Leave table A1 free for you to play on the browser pad (its "
                                "link and QR code are printed); pairs only.")
    ] = True,
    lan: Annotated[
        bool, typer.Option(help="Open the grid and the pad's broker to the network, so a "
                                "phone can play the free table.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print every result and the final standings as one "
                                          "JSON object (the rest goes to stderr).")
    ] = False,
) -> None:
    """Run the station and a simulated club session (grid at http://127.0.0.1:8000), or a
    congress room (--sections)."""
    from rich.console import Console

    from simulator.broker import PortTaken
    from simulator.demo import MatchEvent, run_demo
    from simulator.matches import event_json

    if event_format not in FORMATS:
        raise typer.BadParameter(f"choose one of {', '.join(FORMATS)}", param_hint="--format")
    event = None if event_format == "pairs" else MatchEvent.of(
        event_format, entrants, boards_per_match, rounds)

    def print_json(station: Station, report: SessionReport) -> None:
        print(json.dumps(event_json(station, report)), flush=True)

    try:
        report = asyncio.run(until_signalled(run_demo(
            tables=tables, sections=sections, speed=speed, seed=seed, exit_when_done=exit_when_done,
            hand_records=hand_records, event=event,
            console=Console(stderr=True) if as_json else None, free_table=free_table, lan=lan,
            on_done=print_json if as_json else None)))
    except ValueError as exc:  # an event the station cannot run (an odd field, say)
        raise typer.BadParameter(str(exc)) from exc
    except PortTaken as exc:  # taken again on every try, or a port given that is taken
        typer.echo(f"Error: {exc}.", err=True)
        raise typer.Exit(1) from None
    if report is not None and report.mismatches:
        raise typer.Exit(1)


async def until_signalled(demo: Coroutine[Any, Any, SessionReport]) -> SessionReport | None:
    """The demo's report, or None when SIGINT (Ctrl-C) or SIGTERM stopped it first: the demo
    is cancelled then, so it stops what it started (the grid, the session, the broker) before
    the process ends. A second signal while it stops changes nothing."""
    running = asyncio.ensure_future(demo)
    loop = asyncio.get_running_loop()

    def stop() -> None:
        if not running.cancelling():
            # From here connections close on purpose: the libraries' complaints about that
            # (aiomqtt's, of a simulated pad stopped while connecting) are no news to anyone.
            logging.disable(logging.ERROR)
            running.cancel()

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop)
    try:
        return await running
    except asyncio.CancelledError:
        return None
