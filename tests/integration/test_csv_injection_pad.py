"""A pad names a visitor `=HYPERLINK("//e.vil/x")` (24 characters fit) on a real broker; every
CSV the running station then writes (the club's list, the travellers, the rankings, the
matches, the competition's ladder) has it as text, quoted, never as a formula, and keeps the
night's negative scores as numbers."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from basestation.domain.csv_cells import TRIGGERS
from basestation.station.app import Station
from firmware_protocol.messages import Ack, Login, Players, Result, Seat
from tests.pads import MqttPad
from tests.servers import serve_station

pytestmark = pytest.mark.integration

EVIL = '=HYPERLINK("//e.vil/x")'
CSVS = ("/api/players/csv", "/api/exports/csv", "/api/exports/rankings.csv",
        "/api/exports/matches.csv")


async def _acked(pad: MqttPad, seq: int) -> None:
    (answer,) = await pad.answer(seq)
    assert isinstance(answer, Ack), answer


def _cells(text: str) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    for row in rows:
        for cell in row:
            if cell.startswith(TRIGGERS):
                float(cell)  # only a number may start so: a score of -100, say
    return rows


async def test_a_visitor_named_as_a_formula_by_a_pad_is_text_in_every_csv_export(
        mosquitto: int, make_station: Callable[..., Any]) -> None:
    station: Station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 17) as pad:
        await _acked(pad, pad.send(Login(section="A", table=1)))
        await _acked(pad, pad.send(Players(section="A", table=1, round=1, north=0, east=0,
                                           south=0, west=0, visitors=(("north", EVIL),))))
        for board, tricks in ((1, 10), (2, 9)):  # 4S=, then 4S-1 vulnerable: NS -100
            await _acked(pad, pad.send(Result(section="A", table=1, round=1, board=board,
                                              ns=1, ew=1, contract="4S", declarer=Seat.S,
                                              tricks=tricks)))
    assert EVIL in station.session.players.values()
    event_id = station.session.event_id
    async with serve_station(station) as url, httpx.AsyncClient(
            base_url=url, headers={"Origin": url}, timeout=10) as director:
        assert (await director.post("/api/login", json={"password": "change-me"})).is_success
        texts = {}
        for path in CSVS:
            answer = await director.get(path)
            assert answer.status_code == 200, (path, answer.text)
            texts[path] = answer.text
        published = await director.post(f"/api/events/{event_id}/publish",
                                        json={"published": True})
        assert published.is_success, published.text
        made = await director.post("/api/competitions", json={
            "name": "Club pairs", "kind": "individual", "sessions": 1, "qualify": 1,
            "count": 1})
        assert made.status_code == 201, made.text
        competition = made.json()["id"]
        added = await director.put(f"/api/competitions/{competition}/events/{event_id}")
        assert added.is_success, added.text
        ladder = await director.get(f"/api/competitions/{competition}/ladder.csv")
        assert ladder.status_code == 200
        texts["ladder.csv"] = ladder.text

    quoted = "'" + EVIL
    club = _cells(texts["/api/players/csv"])
    assert [quoted, "", ""] in [row[1:] for row in club]  # name, national number, handicap
    travellers = list(csv.DictReader(io.StringIO(texts["/api/exports/csv"])))
    _cells(texts["/api/exports/csv"])
    assert {r["ns_names"] for r in travellers if r["ns"] == "1"} == {quoted}
    assert [r["score_ns"] for r in travellers if r["ns"] == "1"] == ["420", "-100"]
    rankings = list(csv.DictReader(io.StringIO(texts["/api/exports/rankings.csv"])))
    _cells(texts["/api/exports/rankings.csv"])
    assert quoted in {r["names"] for r in rankings}
    _cells(texts["/api/exports/matches.csv"])
    ladder_rows = list(csv.DictReader(io.StringIO(texts["ladder.csv"])))
    _cells(texts["ladder.csv"])
    assert quoted in {r["names"] for r in ladder_rows}
