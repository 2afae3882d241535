"""The director's pages: plain HTML, a little JavaScript and CSS, served as static files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"
PAGES = {
    "/": "grid.html",  # the live grid
    "/setup": "setup.html",  # a new event: sections, movements, hand records, players
    "/results": "results.html",  # rankings, travellers and score cards, this event or past
    "/competitions": "competitions.html",  # ladders, their rules, a year's place-getters
    "/players": "club_players.html",  # the club's list: national numbers, handicaps
    "/player-history": "player_history.html",  # a player's results over a period
    "/penalties": "penalties.html",
    "/history": "history.html",  # the audit log
    "/pad": "pad.html",  # the table pad: a phone or tablet paired from the units panel
}


def mount(app: FastAPI) -> None:
    """Each page at its path; their scripts and styles under /static."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for path, name in PAGES.items():
        app.add_api_route(path, _page(STATIC / name), methods=["GET"], include_in_schema=False)


def _page(file: Path) -> Callable[[], FileResponse]:
    def page() -> FileResponse:
        return FileResponse(file, headers={"Cache-Control": "no-cache"})
    return page
