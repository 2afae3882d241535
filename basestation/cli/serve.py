"""`basestation serve`: the station with its director web app."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


PIN_ENV = "BASESTATION_DIRECTOR_PIN"


def serve(
    ctx: typer.Context,
    config: Annotated[Path | None, typer.Option("--config", help="TOML configuration.")] = None,
    director_pin: Annotated[
        str | None, typer.Option(
            envvar=PIN_ENV, show_envvar=True,
            help="PIN a pad may give to take over a table (5 wrong tries per pad, then a wait "
                 "that doubles). Better in the configuration ([station] director_pin) or the "
                 f"environment ({PIN_ENV}): a command line shows in `ps` to every user.")
    ] = None,
) -> None:
    """Run the station: links to the pads, the store, and the director's pages."""
    from basestation.api.app import create_app
    from basestation.api.serving import server as web_server
    from basestation.cli.settings import read_settings
    from basestation.station.app import Station
    from basestation.station.config import listeners_to_try, open_broker, served_defaults
    from basestation.station.links import broker_probe

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    source = ctx.get_parameter_source("director_pin")
    if director_pin is not None and source is not None and source.name == "COMMANDLINE":
        typer.echo("warning: the director's PIN on the command line shows in `ps` to every "
                   "user of this computer: put it in the configuration ([station] "
                   f"director_pin) or in {PIN_ENV} instead.", err=True)
    settings = read_settings(config)
    problems = served_defaults(settings) + open_broker(settings)  # before anything listens
    if not problems and (listeners := listeners_to_try(settings)):
        verdicts = asyncio.run(broker_probe.probe(listeners))
        for warning in broker_probe.unjudged(verdicts):
            typer.echo(f"warning: {warning}", err=True)
        problems = broker_probe.refusals(verdicts)
    if problems:
        for problem in problems:
            typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    station = Station(settings, director_pin=director_pin)
    tls = settings.tls_certificate is not None
    app = create_app(station, settle_heap=True)  # one station in this process: station/heap.py
    server = web_server(app, settings.http_host, settings.http_port,
                        proxies=settings.proxies, ssl_certfile=settings.tls_certificate,
                        ssl_keyfile=settings.tls_key)
    typer.echo(f"basestation: grid at {'https' if tls else 'http'}://{settings.http}")
    asyncio.run(server.serve())
