"""The director's pages' language: the one the director chose on a page (a cookie, kept by
this browser), else the first of the browser's Accept-Language the station ships, else the
club's. The pseudo-language is taken from the cookie only: the suite's, never offered."""

from __future__ import annotations

from fastapi import Request

from basestation.i18n import PSEUDO, SOURCE, shipped

COOKIE = "console_language"


def preferred(header: str) -> list[str]:
    """Accept-Language's languages, most wanted first: "fr-CH, fr;q=0.9, en;q=0.8"."""
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate(header.split(",")):
        name, _, rest = part.strip().partition(";")
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                continue
        if name and name != "*" and quality > 0:
            ranked.append((-quality, place, name.strip().lower()))
    return [name for _, _, name in sorted(ranked)]


def console_language(request: Request, club: str = SOURCE) -> str:
    """The language a director's page is made in for this request."""
    languages = shipped()
    chosen = request.cookies.get(COOKIE, "")
    if chosen in languages or chosen == PSEUDO:
        return chosen
    for name in preferred(request.headers.get("accept-language", "")):
        primary = name.split("-")[0]
        if primary in languages:
            return primary
    return club if club in languages else SOURCE
