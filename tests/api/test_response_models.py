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
from starlette.responses import Response
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


def _api(tmp_path: Path) -> list[APIRoute]:
    station = Station(StationConfig(id="club", database=f"sqlite:///{tmp_path / 's.db'}",
                                    director_password="change-me"))
    app = create_app(station, manage_station=False)
    return [route for route in _routes(app.routes)
            if isinstance(route, APIRoute) and route.path.startswith("/api/")]


def test_every_api_route_declares_its_response_model(tmp_path: Path) -> None:
    api = _api(tmp_path)
    assert len(api) > 60  # the routers were all found
    seen = {(method, route.path) for route in api for method in route.methods}
    assert seen >= NOT_JSON, f"no longer routes: {sorted(NOT_JSON - seen)}"
    undeclared = sorted(f"{method} {route.path}" for route in api for method in route.methods
                        if (method, route.path) not in NOT_JSON
                        and not _declared(route.response_model))
    assert undeclared == []


def _bare(kind: Any) -> bool:
    """A dict, or Any, anywhere in a return type (a list of dicts, a dict or a model)."""
    if kind is Any or kind is dict or typing.get_origin(kind) is dict:
        return True
    return any(_bare(arg) for arg in typing.get_args(kind))


def _made(kind: Any) -> bool:
    """A model, a Response, or a list or union of them."""
    if isinstance(kind, type):
        return issubclass(kind, BaseModel | Response)
    args = [a for a in typing.get_args(kind) if a is not type(None)]
    return bool(args) and typing.get_origin(kind) in (list, typing.Union, types.UnionType) \
        and all(_made(a) for a in args)


def test_no_route_returns_a_bare_dict(tmp_path: Path) -> None:
    """Each route function says it returns its model (or a Response), and mypy holds it to
    that: a dict would be checked only by FastAPI, at the time of answering."""
    returns = {f"{route.endpoint.__module__.rpartition('.')[2]}.{route.endpoint.__name__}":
               typing.get_type_hints(route.endpoint).get("return") for route in _api(tmp_path)}
    assert len(returns) > 60
    bare = sorted(name for name, kind in returns.items() if _bare(kind) or not _made(kind))
    assert bare == []
