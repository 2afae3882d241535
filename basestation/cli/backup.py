"""`basestation backup`: a consistent copy of the SQLite store, even while the station runs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("backup")(backup)


def backup(
    out: Annotated[Path, typer.Option("--out", help="The copy to write (a SQLite file).")],
    config: Annotated[Path | None, typer.Option("--config", help="TOML configuration.")] = None,
) -> None:
    """Copy the station's SQLite database online (PostgreSQL: use pg_dump, see INSTALL.md)."""
    from basestation.cli.settings import read_settings
    from basestation.store.repository import Store

    settings = read_settings(config)
    store = Store(settings.database)
    try:
        store.backup(out)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    finally:
        store.close()
    typer.echo(f"backup written to {out}")
