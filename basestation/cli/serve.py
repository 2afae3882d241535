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
    import uvicorn

    from basestation.api.app import create_app
    from basestation.cli.settings import read_settings
    from basestation.station.app import Station

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    settings = read_settings(config)
    station = Station(settings, director_pin=director_pin)
    server = uvicorn.Server(uvicorn.Config(create_app(station), host=settings.http_host,
                                           port=settings.http_port, log_level="warning"))
    typer.echo(f"basestation: grid at http://{settings.http}")
    asyncio.run(server.serve())
