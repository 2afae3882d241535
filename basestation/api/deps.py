"""Typed dependencies for the routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Request, status

from basestation.api.auth import DirectorAuth
from basestation.station.app import Station

COOKIE = "director_session"


def get_station(request: Request) -> Station:
    station: Station = request.app.state.station
    return station


def get_auth(request: Request) -> DirectorAuth:
    auth: DirectorAuth = request.app.state.auth
    return auth


def director_token(request: Request, auth: DirectorAuth) -> str | None:
    """The request's valid director token (bearer header or session cookie), if any."""
    token = request.cookies.get(COOKIE)
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        token = header[7:]
    return token if auth.valid(token) else None


def require_director(request: Request) -> None:
    """Refuses a data-changing request without a director login (cookie or bearer token)."""
    if director_token(request, get_auth(request)) is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, "director login required",
                            headers={"WWW-Authenticate": "Bearer"})


def require_results_reader(request: Request) -> None:
    """Results while the session is in play are the director's (see `results_public`)."""
    if get_station(request).rules.results_public:
        return
    if director_token(request, get_auth(request)) is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED,
                            "results are published when the session ends; the director can "
                            "log in to see them now", headers={"WWW-Authenticate": "Bearer"})


StationDep = Annotated[Station, Depends(get_station)]
AuthDep = Annotated[DirectorAuth, Depends(get_auth)]
Director = Depends(require_director)
ResultsReader = Depends(require_results_reader)
