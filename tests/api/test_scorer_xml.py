"""The Scorer's XML (issue 49): what a New Zealand club's website takes from NZ Bridge's Scorer
("Click 'XML' to upload results along with hand records", seeds/club-directors-manual.txt,
"Upload hand records to the web"), from the results page (GET /api/events/{id}/scorer.xml),
the API (GET /api/exports/scorer.xml) and `basestation publish` (scorer.xml beside
results.xml). Read back by a parser written from the format alone (tests/api/scorer_night.py),
every figure is checked against the station's own results, and the export changes nothing the
club keyed in."""

from __future__ import annotations

import io
import re
import sqlite3
import zipfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from basestation.station.app import Station
from basestation.station.config import StationConfig
from tests.api.conftest import PASSWORD, ok
from tests.api.scorer_night import CLUB, DEALS, club_night, read_scorer
from tests.api.test_exports import _match_event
from tests.api.test_website import publish
from tests.servers import fresh_database

CLUB_NAME, CLUB_NUMBER = "Crockfords Bridge Club", "123"
NZB = {name: nzb for _, name, nzb in CLUB}


@pytest.fixture
async def station(tmp_path: Path, migrated_database: Path) -> AsyncIterator[Station]:
    """A station whose configuration names the club ([club] name and number)."""
    config = StationConfig(id="club", director_password=PASSWORD,
                           database=fresh_database(tmp_path / "station.db", migrated_database),
                           club_name=CLUB_NAME, club_number=CLUB_NUMBER)
    station = Station(config)
    await station.start()
    yield station
    await station.stop()


def stored_rows(station: Station) -> list[str]:
    """Everything in the database, as SQL: what an export must leave as it was."""
    path = station.config.database.removeprefix("sqlite:///")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return [line for line in db.iterdump() if "alembic_version" not in line]


def _lead(lead: str | None) -> str:
    """A lead as the Scorer writes it: suit then rank, T for the ten."""
    return "" if not lead else lead[0] + lead[1:].replace("10", "T")


async def test_every_figure_of_the_night_is_in_the_scorer_xml(
        director: httpx.AsyncClient, station: Station) -> None:
    event_id, special = await club_night(director)
    before = stored_rows(station)
    answer = await director.get(f"/api/events/{event_id}/scorer.xml")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/xml")
    assert "attachment" in answer.headers["content-disposition"]
    xml = read_scorer(answer.text)
    results = await ok(await director.get(f"/api/events/{event_id}/results"))
    assert stored_rows(station) == before  # the export changed nothing

    assert xml.session["club"] == CLUB_NAME and xml.session["club_no"] == CLUB_NUMBER
    assert xml.session["event_name"] == "Tuesday evening"
    assert xml.session["event_date"] == "17/03/2026"
    assert re.fullmatch(r"\d\d:\d\d", xml.session["event_time"])
    assert (xml.session["field_scoring"], xml.session["scoring_type"]) == ("N", "MP")
    assert [(s["sectid"], s["tables"], s["room"], s["handicap"]) for s in xml.sections] == [
        ("A", "5", "1", "N"), ("B", "3", "1", "N")]
    assert len({s["colour"] for s in xml.sections}) == 2

    # Every traveller line, as the results page shows it.
    played = {(section, line.board, line.ns, line.ew): line
              for section, lines in xml.lines.items() for line in lines if not line.phantom}
    checked = 0
    tops: dict[tuple[str, int], float] = {}
    for board in results["travellers"]:
        tops[(board["section"], board["board"])] = board["top"]
        for want in board["results"]:
            got = played[(board["section"], board["board"], want["ns"], want["ew"])]
            assert (got.table, got.round) == (want["table"], want["round"])
            assert (got.mp_ns, got.mp_ew) == (want["mp_ns"], want["mp_ew"])
            if want["kind"] == "adjusted":
                assert got.artificial and got.score is None and got.contract == ""
            else:
                assert not got.artificial
                assert (got.contract, got.score) == (want["contract"], want["score_ns"])
                if want["contract"] != "PASS":
                    assert (got.declarer, got.tricks) == (want["declarer"], want["tricks"])
                    assert got.lead == _lead(want["lead"])
            checked += 1
    assert checked == len(played) > 30

    # The forms the Scorer writes: passed out, a doubled no-trump led with the ten, "Adj".
    section, board, ns, ew = special["passed"]
    passed = played[(section, board, ns, ew)]
    assert (passed.contract, passed.score, passed.declarer, passed.lead) == ("PASS", 0, "", "")
    ten = played[special["ten"]]
    assert (ten.contract, ten.declarer, ten.tricks, ten.lead) == ("1NTX", "E", 5, "CT")
    assert played[special["adjusted"]].artificial
    raw = (await director.get(f"/api/events/{event_id}/scorer.xml")).text
    assert 'cont="N P"' in raw and 'cont="1 NT x"' in raw and 'lead="CT"' in raw
    assert 'res="-2"' in raw and 'score="Adj"' in raw and 'mp_ns="-9999"' in raw

    # The phantom's table: a line for each board its opponents sat out, no result.
    moves = special["moves"]
    sat_out = {(a["table"], a["round"], board)
               for a in moves["A"]["assignments"] if (a["ns"] is None) != (a["ew"] is None)
               for board in a["boards"]}
    phantoms = [line for line in xml.lines["A"] if line.phantom]
    assert {(p.table, p.round, p.board) for p in phantoms} == sat_out and sat_out
    assert all(p.mp_ns is None and p.mp_ew is None and p.contract == "" for p in phantoms)
    assert {p.ns for p in phantoms} == {5}  # the phantom sits NS, pair 5 (table 5)
    assert not any(line.phantom for line in xml.lines["B"])

    # Every pair: total over maximum, place and percentage, players with NZB numbers.
    pairs = {(p.section, p.number, p.direction): p for p in xml.pairs}
    assert len(pairs) == len(results["rankings"]) == 4 + 5 + 3 + 3  # A: the phantom is NS
    for row in results["rankings"]:
        pair = pairs[(row["section"], row["pair"], row["direction"])]
        # Factored up to the boards it sat out against the phantom (its total stands if none).
        assert (pair.total, pair.maximum, pair.place) == (
            row["factored_total"], row["factored_maximum"], row["rank_label"])
        assert pair.raw == pair.result == round(row["pct"], 2)
        assert pair.handicap == 0
        assert abs(100 * pair.total / pair.maximum - pair.raw) < 0.006
        names = row["names"].split(" & ")
        assert pair.players == [(name, NZB[name]) for name in names]
        # The file holds its own proof: the pair's lines add up to its total and tops, and
        # its phantom lines are what it was factored for.
        side = "ns" if row["direction"] == "NS" else "ew"
        mine = [line for line in xml.lines[row["section"]] if getattr(line, side) == row["pair"]]
        played = [line for line in mine if not line.phantom]
        raw, most = (sum(getattr(line, f"mp_{side}") for line in played),
                     sum(tops[(row["section"], line.board)] for line in played))
        assert abs(raw - row["total"]) < 0.01 and most == row["maximum"]
        assert pair.maximum == sum(tops[(row["section"], line.board)] for line in mine)
        assert pair.total == round(row["total"] * pair.maximum / most, 2)
        assert row["sat_out"] == len(mine) - len(played)
    assert {row["sat_out"] for row in results["rankings"]} == {0, 2}  # A's EW pairs sat out
    assert any(("Player 107", "") in pair.players for pair in xml.pairs)  # no NZB number

    # The hand records go with the results.
    assert sorted(xml.hands) == sorted(DEALS)
    for board, deal in DEALS.items():
        hand = xml.hands[board]
        north, east, south, west = deal[2:].split()
        assert (hand["north"], hand["east"], hand["south"], hand["west"]) == (
            north, east, south, west)
    assert (xml.hands[2]["dealer"], xml.hands[2]["vul"]) == ("E", "NS")

    # The open event's export (the API) is the same file.
    assert (await director.get("/api/exports/scorer.xml")).text == answer.text


async def test_publish_writes_the_scorer_xml_beside_results_xml(
        director: httpx.AsyncClient, station: Station, tmp_path: Path) -> None:
    event_id, _special = await club_night(director)
    config = tmp_path / "club.toml"
    config.write_text(f'[station]\ndatabase = "{station.config.database}"\n\n'
                      f'[club]\nname = "{CLUB_NAME}"\nnumber = {CLUB_NUMBER}\n')
    before = stored_rows(station)
    code, output = publish(config, str(event_id), "--out", str(tmp_path / "site"))
    assert code == 0, output
    site = tmp_path / "site"
    assert (site / "results.xml").exists()
    xml = read_scorer((site / "scorer.xml").read_text(encoding="utf-8"))
    assert (xml.session["club"], xml.session["club_no"]) == (CLUB_NAME, CLUB_NUMBER)
    assert len(xml.pairs) == 15 and sorted(xml.hands) == sorted(DEALS)
    assert 'href="scorer.xml"' in (site / "index.html").read_text(encoding="utf-8")
    answer = await director.get(f"/api/events/{event_id}/website.zip")
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        zipped = archive.read(f"results-{event_id}/scorer.xml").decode()
    assert read_scorer(zipped).pairs == xml.pairs
    assert stored_rows(station) == before


async def test_a_teams_event_has_no_scorer_xml(director: httpx.AsyncClient,
                                               station: Station) -> None:
    await _match_event(director, "teams")
    answer = await director.get("/api/exports/scorer.xml")
    assert answer.status_code == 422
    assert "USEBIO" in answer.json()["detail"]


async def test_unpublished_scorer_xml_is_the_directors(client: httpx.AsyncClient,
                                                       director: httpx.AsyncClient) -> None:
    data: dict[str, Any] = await ok(await director.post("/api/events", json={
        "name": "Quiet night", "sections": [
            {"letter": "A", "movement": "mitchell", "tables": 3, "boards": 6}]}), 201)
    await ok(await director.post("/api/logout"))
    answer = await client.get(f"/api/events/{data['id']}/scorer.xml")
    assert answer.status_code == 401
