"""A command's refusal is raised once (station/refusals.py) and answered by one handler: its
kind gives the status, its sentence the `detail`, and its message key and values come beside
it for a page that speaks another language. Anything else is a bug: a 500 and a log line."""

from __future__ import annotations

import ast
import logging
import string
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.commands.director import DirectorService
from basestation.station.refusals import (
    MESSAGES,
    Conflict,
    Forbidden,
    Invalid,
    NotFound,
    Refused,
    code_key,
)
from basestation.station.rules.director import DirectorActions
from firmware_protocol.messages import ErrorCode, NotPlayed
from tests.api.conftest import BROWSER, PASSWORD

STATION = Path(__file__).parents[2] / "basestation" / "station"
KINDS = {"Refused", "NotFound", "Invalid", "Conflict", "Forbidden", "MergeConflict"}


async def test_not_found_is_404(director: httpx.AsyncClient, station: Station) -> None:
    answer = await director.post("/api/sections/Z/close-round")
    assert answer.status_code == 404
    assert answer.json() == {"detail": "no section Z", "key": "section.not_found",
                             "values": {"section": "Z"}}
    assert station.session.sections["A"].current_round == 1


async def test_invalid_is_422(director: httpx.AsyncClient, station: Station) -> None:
    answer = await director.delete("/api/sections/A/tables/2/takeover")
    assert answer.status_code == 422
    assert answer.json() == {"detail": "no takeover is waiting at table A2",
                             "key": "table.no_takeover", "values": {"section": "A", "table": 2}}
    clock = await director.put("/api/sections/A/clock",
                               json={"minutes_per_board": 0, "minutes_per_round": 0})
    assert clock.status_code == 422 and clock.json()["key"] == "clock.no_time"
    assert clock.json()["detail"] == "a round needs some time: give minutes per board or per round"


async def test_conflict_is_409(director: httpx.AsyncClient, station: Station) -> None:
    assert (await director.post("/api/units/31/pair")).status_code == 200
    answer = await director.post("/api/units/31/replace")
    assert answer.status_code == 409
    assert answer.json() == {"detail": "unit 31 holds no table", "key": "unit.no_table",
                             "values": {"unit": 31}}
    assert station.units[31].locked_reason is None


async def test_forbidden_is_403(director: httpx.AsyncClient,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    # No command forbids anything yet; the kind is answered as the others are.
    async def forbidden(*_: object, **__: object) -> None:
        raise Forbidden("unit.not_found", unit=7)

    monkeypatch.setattr(DirectorService, "lock_unit", forbidden)
    answer = await director.post("/api/units/7/lock")
    assert answer.status_code == 403
    assert answer.json() == {"detail": "no unit 7", "key": "unit.not_found",
                             "values": {"unit": 7}}


async def test_a_station_refusal_code_reads_as_words(station: Station) -> None:
    # Board 1 at table 1 in round 1 is NS 1 v EW 1: a not-played for other pairs is refused
    # by the station's own check, whose code is put in words.
    entry = NotPlayed(section="A", table=1, round=1, board=1, ns=2, ew=3)
    with pytest.raises(Invalid) as refused:
        await station.director.enter(entry)
    assert refused.value.key == code_key(ErrorCode.WRONG_PAIRS) == "entry.wrong_pairs"
    assert str(refused.value) == "those pairs do not play that board at that table in that round"


@pytest.fixture
async def unraised(station: Station) -> AsyncIterator[httpx.AsyncClient]:
    """The director's client of an app whose unexpected errors are answered, not raised into
    the test (as a real server does)."""
    transport = httpx.ASGITransport(app=create_app(station, manage_station=False),
                                    raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                 headers=BROWSER) as http:
        assert (await http.post("/api/login", json={"password": PASSWORD})).status_code == 200
        yield http


async def test_a_bug_is_a_500_with_a_log_line(unraised: httpx.AsyncClient, station: Station,
                                              monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    # A KeyError from a bug inside a command (in the hub's turn) was once answered 404, as if
    # nothing were there.
    def buggy(*_: object, **__: object) -> None:
        raise KeyError("A")

    monkeypatch.setattr(DirectorActions, "close_round", buggy)
    with caplog.at_level(logging.ERROR, logger="basestation.api.errors"):
        answer = await unraised.post("/api/sections/A/close-round")
    assert answer.status_code == 500
    assert answer.json() == {"detail": "The station could not do that: an unexpected error, "
                                       "written to the station's log."}
    logged = [r for r in caplog.records if r.name == "basestation.api.errors"]
    assert len(logged) == 1
    assert logged[0].getMessage() == "unexpected error in POST /api/sections/A/close-round"
    assert logged[0].exc_info is not None and logged[0].exc_info[0] is KeyError
    assert station.session.sections["A"].current_round == 1


def test_every_refusal_raised_has_its_sentence() -> None:
    """Each refusal the station raises names a key of the table and gives every value its
    sentence asks for (a typo would otherwise be a 500 the day it is refused)."""
    seen = 0
    for path in sorted(STATION.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in KINDS and node.args):
                continue
            key = node.args[0]
            # A key chosen between two (`a if ... else b`): both are checked.
            choices = [key.body, key.orelse] if isinstance(key, ast.IfExp) else [key]
            for choice in choices:
                if not isinstance(choice, ast.Constant):
                    continue  # a variable's key (`need`, `code_key(...)`): the tests reach them
                where = f"{path.name}:{node.lineno}"
                assert choice.value in MESSAGES, where
                template = MESSAGES[choice.value]
                wanted = {f for _, f, _, _ in string.Formatter().parse(template) if f}
                given = {k.arg for k in node.keywords if k.arg is not None}
                spread = any(k.arg is None for k in node.keywords)
                assert spread or wanted == given, (where, wanted, given)
                seen += 1
    assert seen > 60


def test_the_kinds_are_refusals_not_builtins() -> None:
    for kind in (NotFound, Invalid, Conflict, Forbidden):
        assert issubclass(kind, Refused)
        assert not issubclass(kind, LookupError | ValueError)
    refused = Invalid("penalty.too_many_vps", vps=25.5, total=20)
    assert str(refused) == "a VP penalty of 25.5 is more than a whole match (20 VPs)"
    assert refused.values == {"vps": 25.5, "total": 20}
