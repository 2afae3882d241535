"""The director's web application: REST API, live event stream and pages."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, status
from fastapi.responses import JSONResponse

from basestation.api import errors
from basestation.api.admission import Admitted
from basestation.api.auth import DirectorAuth
from basestation.api.headers import SecurityHeaders, mount_docs
from basestation.api.limits import BodyLimits, Limits
from basestation.api.origin import SameOrigin
from basestation.api.readmodel import ReadModel
from basestation.api.routes import (
    competitions,
    console,
    event_results,
    events,
    exports,
    history,
    login,
    matches,
    merges,
    movements,
    pairing,
    past_sessions,
    player_history,
    players,
    results,
    rulings,
    scores,
    seats,
    sections,
    session,
    setup,
    units,
    website,
)
from basestation.station import heap
from basestation.station.app import Station
from basestation.station.core.hub import StationBusy
from basestation.web import pages

ROUTERS = (login, session, events, sections, movements, players, units, pairing, merges, results,
           matches, rulings, scores, exports, history, setup, event_results, console, seats,
           competitions, player_history, website, past_sessions)


def create_app(station: Station, *, manage_station: bool = True,
               limits: Limits | None = None, settle_heap: bool = False) -> FastAPI:
    """The app for `station`; with `manage_station` the station starts and stops with it.
    `limits`: how large and how slow a request's body may be (api/limits.py).
    `settle_heap`: once the station has started, the process's heap is settled (station/
    heap.py), as `basestation serve` wants; a process running many stations (the tests)
    leaves it."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        routes_built(app)
        if manage_station:
            await station.start()
            if settle_heap:
                heap.settle()
        try:
            yield
        finally:
            if manage_station:
                await station.stop()

    app = FastAPI(title="basestation", version="1", lifespan=lifespan,
                  docs_url=None, redoc_url=None,  # /docs is mount_docs's, with its own CSP
                  description="The director's API: the live grid, results, rulings, units, "
                              "rankings and exports. Anything that changes data needs the "
                              "director's login (POST /api/login: cookie or bearer token).")
    app.state.station = station
    app.state.read = ReadModel(station)
    app.state.auth = DirectorAuth(station.config.director_password)
    errors.install(app)

    @app.exception_handler(StationBusy)
    async def busy(_: Request, exc: StationBusy) -> JSONResponse:
        # A plain sentence, as every refusal: the director sees why and what to do.
        return JSONResponse({"detail": str(exc)}, status.HTTP_503_SERVICE_UNAVAILABLE,
                            headers={"Retry-After": "5"})

    # The pages and their static files first: each of a page's modules would otherwise be
    # tried against every API route before the static mount.
    pages.mount(app)
    for module in ROUTERS:
        app.include_router(module.router)
    mount_docs(app)
    # The last added runs first: headers on every answer, then where a change comes from,
    # then whether the connection may carry it (a stream, the reserve), then the body's size
    # and time, all before a route reads anything.
    app.add_middleware(BodyLimits, limits=limits or Limits())
    app.add_middleware(Admitted)
    app.add_middleware(SameOrigin)
    app.add_middleware(SecurityHeaders)
    return app


def routes_built(app: FastAPI) -> None:
    """Each router's routes made ready now (FastAPI builds a route's validators the first time a
    request is matched against it): the director's first page would wait for all of them,
    about a second on a busy machine. Nothing is done where FastAPI does not build them so."""
    for route in app.router.routes:
        for build in ("effective_candidates", "effective_low_priority_routes"):
            ready = getattr(route, build, None)
            if callable(ready):
                ready()
