"""The director's pages: plain HTML, a little JavaScript and CSS, served as static files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response

from basestation.web.static_files import StaticFiles, answer, encode_page

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
        page = _pad if name == "pad.html" else _page(STATIC / name)
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)


def _page(file: Path) -> Callable[[], FileResponse]:
    def page() -> FileResponse:
        return FileResponse(file, headers={"Cache-Control": "no-cache"})
    return page


def _pad(request: Request) -> Response:
    """The pad's page, carrying the club's language: the pad's until it chooses its own."""
    config = getattr(getattr(request.app.state, "station", None), "config", None)
    language = getattr(config, "club_language", "en")
    html = (STATIC / "pad.html").read_text("utf-8").replace(
        '<html lang="en">', f'<html lang="en" data-club="{language}">', 1)
    return answer(encode_page(html), request.headers)
