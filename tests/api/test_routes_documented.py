"""The HTTP routes a firmware author or a club's own tools need are documented
(docs/ARCHITECTURE.md, "HTTP routes"), and the list cannot drift: every route listed exists
with the auth it says, and every /api route of the app is listed."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from basestation.api.app import create_app
from basestation.api.deps import require_director, require_results_reader
from basestation.station.app import Station
from basestation.station.config import StationConfig
from tests.api.test_response_models import _routes

DOC = Path(__file__).resolve().parents[2] / "docs" / "ARCHITECTURE.md"
ROW = re.compile(r"^\| `(GET|POST|PUT|PATCH|DELETE)` \| `([^`]+)` \| (\w+) \|", re.M)
AUTHS = {"director", "results", "published", "none", "code"}


def documented() -> dict[tuple[str, str], str]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### HTTP routes"):]
    section = section[:section.index("\n## ")]
    rows = ROW.findall(section)
    listed = {(method, path): auth for method, path, auth in rows}
    assert len(listed) == len(rows), "a route is listed twice"
    return listed


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for dependency in dependant.dependencies:
        if dependency.call is not None:
            yield dependency.call
        yield from _calls(dependency)


@pytest.fixture(scope="module")
def routes(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], APIRoute]:
    tmp = tmp_path_factory.mktemp("routes")
    station = Station(StationConfig(id="club", database=f"sqlite:///{tmp / 's.db'}",
                                    director_password="change-me"))
    app = create_app(station, manage_station=False)
    return {(method, route.path): route for route in _routes(app.routes)
            if isinstance(route, APIRoute) for method in route.methods}


def test_every_documented_route_exists_with_the_auth_it_says(
        routes: dict[tuple[str, str], APIRoute]) -> None:
    listed = documented()
    assert len(listed) > 80  # the table was read
    assert ("POST", "/api/sections/{section}/close-round") in listed
    assert ("POST", "/api/events") in listed
    missing = sorted(f"{m} {p}" for m, p in listed if (m, p) not in routes)
    assert missing == [], "documented but not a route of the app"
    wrong = []
    for place, auth in listed.items():
        assert auth in AUTHS, f"{place}: auth {auth!r}"
        calls = set(_calls(routes[place].dependant))
        actual = ("director" if require_director in calls
                  else "results" if require_results_reader in calls else None)
        if actual != (auth if auth in ("director", "results") else None):
            wrong.append(f"{place[0]} {place[1]}: documented {auth}, the app {actual or 'open'}")
    assert wrong == []


def test_every_api_route_is_documented(routes: dict[tuple[str, str], APIRoute]) -> None:
    listed = documented()
    undocumented = sorted(f"{method} {path}" for method, path in routes
                          if path.startswith("/api/") and (method, path) not in listed)
    assert undocumented == [], "add them to docs/ARCHITECTURE.md, HTTP routes"
    changing = [place for place in routes if place[0] in ("POST", "PUT", "PATCH", "DELETE")]
    assert changing and all(place in listed for place in changing)
