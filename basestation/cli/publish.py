"""`basestation publish EVENT --out DIR`: an event's results as a static website, for the
club's web host (api/website_data.py gathers it, formats/website.py renders it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("publish")(publish)


def publish(
    event: Annotated[int, typer.Argument(help="The event's number (as on the results page).",
                                         min=1)],
    out: Annotated[Path, typer.Option("--out", help="The folder to write the website to "
                                                    "(made if missing).")],
    config: Annotated[Path | None, typer.Option("--config", help="TOML configuration.")] = None,
) -> None:
    """Write an event's results as a website: plain HTML and CSS pages (rankings with names
    and national numbers, travellers with the hands and par, score cards, the competition's
    ladder), the USEBIO XML with the hand records and, for a pairs event, the Scorer's XML
    (scorer.xml, as NZ Bridge's Scorer uploads it), ready to copy to the club's web host."""
    from basestation.api.website_data import PublishError, website, write_folder
    from basestation.cli.settings import read_settings
    from basestation.station.session.feedback import par_rows
    from basestation.store.repository import Store

    settings = read_settings(config)
    store = Store(settings.database)
    try:
        files = website(store, event, par_rows, settings)
        write_folder(files, out)
    except PublishError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    finally:
        store.close()
    typer.echo(f"The website of event {event} is in {out}: open {out / 'index.html'}.")
