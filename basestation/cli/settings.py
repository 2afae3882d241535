"""The configuration file as the commands read it: a bad file is a clear error, exit 2."""

from __future__ import annotations

from pathlib import Path

import typer

from basestation.station.config import ConfigError, StationConfig, load_config


def read_settings(path: Path | None) -> StationConfig:
    try:
        return load_config(path)
    except ConfigError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
