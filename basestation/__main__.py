"""`python -m basestation` is the `basestation` command."""

from basestation.cli import app

app()
