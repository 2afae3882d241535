"""Every API route declares its response model (issue 23), so /docs and the OpenAPI document
say what each answer holds. Downloads, the live stream and pages are named here: they answer
files, event streams or HTML rather than JSON."""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi.routing import APIRoute
from pydantic import BaseModel
from starlette.routing import BaseRoute

from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.config import StationConfig

NOT_JSON = {
    ("GET", "/api/stream"),  # server-sent events
    ("GET", "/api/players/csv"),
    ("GET", "/api/exports/pbn"),
    ("GET", "/api/exports/usebio"),
    ("GET", "/api/exports/csv"),
    ("GET", "/api/exports/rankings.csv"),
    ("GET", "/api/exports/matches.csv"),
    ("GET", "/api/setup/cards"),  # printable HTML
    ("GET", "/api/competitions/{competition_id}/ladder.csv"),
    ("GET", "/api/events/{event_id}/website.zip"),
    ("GET", "/api/exports/scorer.xml"),  # the Scorer's XML (issue 49)
    ("GET", "/api/events/{event_id}/scorer.xml"),
}


def _routes(routes: list[BaseRoute]) -> Iterator[BaseRoute]:
    """The app's routes, with those of included routers (newer FastAPI keeps them apart)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _routes(inner.routes)
        else:
            yield route


def _declared(model: Any) -> bool:
    """A pydantic model, or a list of them; a bare dict or Any declares nothing."""
    if isinstance(model, type) and issubclass(model, BaseModel):
        return True
    args = [a for a in typing.get_args(model) if a is not type(None)]
    origin = typing.get_origin(model)
    if origin is list or origin in (typing.Union, types.UnionType):
        return bool(args) and all(_declared(a) for a in args)
    return False


def test_every_api_route_declares_its_response_model(tmp_path: Path) -> None:
    station = Station(StationConfig(id="club", database=f"sqlite:///{tmp_path / 's.db'}",
                                    director_password="change-me"))
    app = create_app(station, manage_station=False)
    api = [route for route in _routes(app.routes)
           if isinstance(route, APIRoute) and route.path.startswith("/api/")]
    assert len(api) > 60  # the routers were all found
    seen = {(method, route.path) for route in api for method in route.methods}
    assert seen >= NOT_JSON, f"no longer routes: {sorted(NOT_JSON - seen)}"
    undeclared = sorted(f"{method} {route.path}" for route in api for method in route.methods
                        if (method, route.path) not in NOT_JSON
                        and not _declared(route.response_model))
    assert undeclared == []
