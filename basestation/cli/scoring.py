"""`basestation score` and `basestation vp`."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Adds the scoring commands to the main app."""
