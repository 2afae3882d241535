"""`basestation serve`: the station with its director web app."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def serve(
    config: Annotated[Path | None, typer.Option("--config", help="TOML configuration.")] = None,
    director_pin: Annotated[
        str | None, typer.Option(help="PIN a pad may give to take over a table (5 wrong "
                                      "tries per pad, then a wait that doubles).")
    ] = None,
) -> None:
    """Run the station: links to the pads, the store, and the director's pages."""
    from basestation.api.app import create_app
    from basestation.api.serving import server as web_server
    from basestation.cli.settings import read_settings
    from basestation.station.app import Station
    from basestation.station.config import network_defaults, open_broker

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    settings = read_settings(config)
    if problems := network_defaults(settings) + open_broker(settings):  # before any listening
        for problem in problems:
            typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    station = Station(settings, director_pin=director_pin)
    server = web_server(create_app(station), settings.http_host, settings.http_port)
    typer.echo(f"basestation: grid at http://{settings.http}")
    asyncio.run(server.serve())
