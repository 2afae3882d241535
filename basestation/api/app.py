"""The director's web application: REST API, live event stream and pages."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from basestation.api.auth import DirectorAuth
from basestation.api.routes import login, session
from basestation.station.app import Station


def create_app(station: Station, *, manage_station: bool = True) -> FastAPI:
    """The app for `station`; with `manage_station` the station starts and stops with it."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if manage_station:
            await station.start()
        try:
            yield
        finally:
            if manage_station:
                await station.stop()

    app = FastAPI(title="basestation", version="1", lifespan=lifespan)
    app.state.station = station
    app.state.auth = DirectorAuth(station.config.director_password)
    app.include_router(login.router)
    app.include_router(session.router)
    return app
