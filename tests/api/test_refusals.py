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
from basestation.movements import MOVEMENT_WORDS
from basestation.scoring.ladder import LADDER_WORDS, LadderRulesError
from basestation.station.app import Station
from basestation.station.commands.director import DirectorService
from basestation.station.refusals import (
    MESSAGES,
    Conflict,
    Forbidden,
    Gone,
    Invalid,
    LoginNeeded,
    NotFound,
    Phrase,
    Refused,
    TooMany,
    code_key,
    plain,
    said,
)
from basestation.station.rules.director import DirectorActions
from firmware_protocol.messages import ErrorCode, NotPlayed
from tests.api.conftest import BROWSER, PASSWORD

BASESTATION = Path(__file__).parents[2] / "basestation"
KINDS = {"Refused", "NotFound", "Invalid", "Conflict", "Forbidden", "MergeConflict", "Gone",
         "LoginNeeded", "TooMany", "PublishError", "NoSuchEvent", "NotScorerEvent"}


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
    # No command forbids anything yet (a change from another origin is: test_http.py); the
    # kind is answered as the others are.
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
    paths = [*(BASESTATION / "station").rglob("*.py"), *(BASESTATION / "api").rglob("*.py")]
    for path in sorted(paths):
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
                given = {k.arg for k in node.keywords if k.arg not in (None, "retry_after")}
                spread = any(k.arg is None for k in node.keywords)
                assert spread or wanted == given, (where, wanted, given)
                seen += 1
    assert seen > 100


def test_no_route_raises_an_http_exception() -> None:
    """A route's refusal is a typed refusal too, with its key and values: never a bare
    HTTPException (only the body limits' own, BodyRefused, answered by the middleware)."""
    raised = [f"{path.name}:{node.lineno}"
              for path in sorted((BASESTATION / "api").rglob("*.py"))
              for node in ast.walk(ast.parse(path.read_text(), str(path)))
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "HTTPException"]
    assert raised == []


async def test_a_routes_own_refusal_is_typed(director: httpx.AsyncClient) -> None:
    answer = await director.post("/api/units/70000/pair")
    assert (answer.status_code, answer.json()) == (422, {
        "detail": "unit numbers run from 1 to 65535", "key": "unit.number",
        "values": {"most": 65535}})
    missing = await director.get("/api/players/4242/history")
    assert (missing.status_code, missing.json()["key"]) == (404, "player.not_listed")


async def test_the_narrower_kinds_keep_their_statuses(station: Station) -> None:
    transport = httpx.ASGITransport(app=create_app(station, manage_station=False))
    async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                 headers=BROWSER) as http:
        wrong = await http.post("/api/login", json={"password": "not it"})
        assert (wrong.status_code, wrong.json()["key"]) == (401, "login.wrong_password")
        assert wrong.headers["www-authenticate"] == "Bearer"
        needed = await http.get("/api/players")
        assert (needed.status_code, needed.json()) == (401, {
            "detail": "director login required", "key": "login.needed", "values": {}})
        assert needed.headers["www-authenticate"] == "Bearer"
        code = station.pairing.issue(5)
        assert (await http.post("/api/pairing", json={"code": code})).status_code == 200
        spent = await http.post("/api/pairing", json={"code": code})
        assert (spent.status_code, spent.json()["key"]) == (410, "pairing.spent")
        elsewhere = await http.post("/api/logout", headers={"Origin": "http://elsewhere"})
        assert (elsewhere.status_code, elsewhere.json()) == (403, {
            "detail": "Changes are taken only from the station's own pages, not from "
                      "http://elsewhere: open the station's address itself.",
            "key": "origin.other", "values": {"origin": "http://elsewhere"}})
    assert issubclass(Gone, NotFound) and issubclass(LoginNeeded, Forbidden)
    assert issubclass(TooMany, Forbidden)
    assert TooMany("login.too_many", retry_after=60).retry_after == 60


async def test_pure_codes_refusal_keeps_its_key(director: httpx.AsyncClient) -> None:
    """A movement that cannot be says why as a phrase of its own, not only in English."""
    answer = await director.get("/api/setup/movement",
                                params={"letter": "A", "movement": "howell", "tables": 12,
                                        "boards": 24})
    assert (answer.status_code, answer.json()) == (422, {
        "detail": "a Howell is available for 3 to 9 tables, not 12", "key": "movement.invalid",
        "values": {"problem": {"key": "movement.howell_tables", "values": {"tables": 12}}}})
    refused = Invalid("competition.ladder_rules",
                      problem=said(LadderRulesError("ladder.count_none")))
    assert str(refused) == "At least one session must count; nothing was changed."
    assert plain(refused.values) == {"problem": {"key": "ladder.count_none", "values": {}}}
    assert said(ValueError("in its own words")) == "in its own words"  # no key: the sentence


def test_every_phrase_of_pure_code_has_its_sentence() -> None:
    for key in (*MOVEMENT_WORDS, *LADDER_WORDS):
        assert MESSAGES[key] in (MOVEMENT_WORDS | LADDER_WORDS).values(), key
    assert str(Phrase("entrant.team_side", {"side": "NS", "entrant": 2, "section": "A"})) \
        == "the NS pair of team 2 of section A"


def test_the_kinds_are_refusals_not_builtins() -> None:
    for kind in (NotFound, Invalid, Conflict, Forbidden):
        assert issubclass(kind, Refused)
        assert not issubclass(kind, LookupError | ValueError)
    refused = Invalid("penalty.too_many_vps", vps=25.5, total=20)
    assert str(refused) == "a VP penalty of 25.5 is more than a whole match (20 VPs)"
    assert refused.values == {"vps": 25.5, "total": 20}
