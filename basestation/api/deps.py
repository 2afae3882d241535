"""Typed dependencies for the routes. They are `async`, so they run on the event loop with
the hub rather than in a worker thread (see basestation.api.readmodel)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from basestation.api.auth import DirectorAuth
from basestation.api.readmodel import ReadModel
from basestation.station.app import Station
from basestation.station.refusals import LoginNeeded

COOKIE = "director_session"


async def get_station(request: Request) -> Station:
    station: Station = request.app.state.station
    return station


async def get_read(request: Request) -> ReadModel:
    read: ReadModel = request.app.state.read
    return read


async def get_auth(request: Request) -> DirectorAuth:
    auth: DirectorAuth = request.app.state.auth
    return auth


def presented_tokens(request: Request) -> list[str]:
    """The tokens the request carries: the bearer header's, then the session cookie's."""
    header = request.headers.get("authorization", "")
    bearer = header[7:].strip() if header.lower().startswith("bearer ") else ""
    return [token for token in (bearer, request.cookies.get(COOKIE, "")) if token]


def director_token(request: Request, auth: DirectorAuth) -> str | None:
    """The request's valid director token (bearer header, else session cookie), if any."""
    tokens = presented_tokens(request)
    return tokens[0] if tokens and auth.valid(tokens[0]) else None


async def require_director(request: Request) -> None:
    """Refuses a data-changing request without a director login (cookie or bearer token)."""
    _need_director(request, "login.needed")


async def require_results_reader(request: Request) -> None:
    """Results while the session is in play are the director's (see `results_public`)."""
    station: Station = request.app.state.station
    need_publication(request, station.session.results_public)


def need_publication(request: Request, published: bool) -> None:
    """Unpublished results (of the open event or a past one) are the director's."""
    if not published:
        _need_director(request, "login.unpublished")


def _need_director(request: Request, why: str) -> None:
    # Not a dependency itself: FastAPI would read `why` as a query parameter.
    if director_token(request, request.app.state.auth) is None:
        raise LoginNeeded(why)


StationDep = Annotated[Station, Depends(get_station)]
ReadDep = Annotated[ReadModel, Depends(get_read)]
AuthDep = Annotated[DirectorAuth, Depends(get_auth)]
Director = Depends(require_director)
ResultsReader = Depends(require_results_reader)
