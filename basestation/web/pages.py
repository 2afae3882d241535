"""The director's pages: HTML made in the director's language (Jinja2 templates through
the i18n extension, from the same catalogs as the scripts' JSON), a little JavaScript and CSS
served as static files. The pad's page is plain HTML: its words are put in by its scripts."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from basestation import i18n
from basestation.web.language import COOKIE, console_language
from basestation.web.static_files import Encoded, StaticFiles, answer, encode_page, read

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


@cache
def environment(code: str) -> Environment:
    """The director's pages in one language (made once)."""
    env = Environment(loader=FileSystemLoader(STATIC), undefined=StrictUndefined,
                      autoescape=select_autoescape(["html"]), extensions=["jinja2.ext.i18n"])
    env.policies["ext.i18n.trimmed"] = True  # as catalogs.py extracts them
    env.install_gettext_translations(  # type: ignore[attr-defined]
        i18n.translations(code, "messages"), newstyle=True)
    env.globals.update(
        lang=i18n.tag(code), language=code, cookie=COOKIE,
        languages={c: i18n.autonym(c) for c in i18n.shipped()},
        catalog=f"/static/i18n/console/{code}.json")
    return env


@cache
def _made(language: str, name: str) -> Encoded:
    """A director's page in one language, made and compressed once: it depends on nothing
    else of the request."""
    return encode_page(environment(language).get_template(name).render())


def _page(file: Path) -> Callable[[Request], Response]:
    def page(request: Request) -> Response:
        language = console_language(request, _club_language(request))
        response = answer(_made(language, file.name), request.headers)
        # Which language is the browser's choice or its club's: a cache keeps one a choice.
        response.headers["Content-Language"] = i18n.tag(language)
        response.headers["Vary"] = ", ".join(
            ("Accept-Language", "Cookie", *response.headers.getlist("Vary")))
        return response
    return page


def _club_language(request: Request) -> str:
    # The station's (set on /setup, else station.toml's); English without a station.
    return str(getattr(getattr(request.app.state, "station", None), "club_language", i18n.SOURCE))


def _pad(request: Request) -> Response:
    """The pad's page, carrying the club's language: the pad's until it chooses its own."""
    language = _club_language(request)
    html = read(STATIC)["pad.html"].body.decode("utf-8").replace(
        '<html lang="en">', f'<html lang="en" data-club="{language}">', 1)
    return answer(encode_page(html), request.headers)
