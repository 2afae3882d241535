"""GET /api/exports/*: PBN, USEBIO and CSV of a pairs event and of a teams, Swiss teams and
Swiss pairs event, with the players' names and national numbers, on a running station."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from typing import Any

import httpx
import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Deal

from basestation.station.app import Station
from basestation.station.rules.director_seats import Seated
from basestation.store import repository as repo
from basestation.store.models import SeatingRow
from tests.api.conftest import ok, place
from tests.api.test_matches import SWISS, _enter_round
from tests.formats.test_exports import pbn_games
from tests.formats.test_pbn_export import (
    BOARD_ONE,
    BOARD_TWO,
    VULNERABLE,
    assert_export_format,
)

PLAYERS = ("number,name,national\n101,Ann Smith,NZB 4411\n102,Bob Brown,\n"
           "103,Cy Young,77\n104,Di Dee,78\n")
HAND_RECORDS = "\n\n".join(
    f'[Board "{board}"]\n[Deal "{BOARD_TWO if board % 2 == 0 else BOARD_ONE}"]'
    for board in range(1, 7))
EXPORTS = ("pbn", "usebio", "csv", "rankings.csv", "matches.csv")


async def _exports(director: httpx.AsyncClient) -> dict[str, str]:
    found = {}
    for kind in EXPORTS:
        answer = await director.get(f"/api/exports/{kind}")
        assert answer.status_code == 200, (kind, answer.text)
        assert "attachment" in answer.headers["content-disposition"]
        found[kind] = answer.text
    return found


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


async def _seat(station: Station, where: tuple[str, int, str], numbers: tuple[int, ...]) -> None:
    section, entrant, side = where
    await station.director.seat(section, entrant, side, [Seated(n) for n in numbers])


async def _pairs_round_one(director: httpx.AsyncClient) -> None:
    for table, boards in ((1, (1, 2)), (2, (3, 4)), (3, (5, 6))):
        for board in boards:
            await ok(await director.put(place(table, 1, board), json={
                "contract": "4S", "declarer": "S", "tricks": 10 if table == 1 else 9}))


async def test_a_pairs_events_exports_name_every_player(director: httpx.AsyncClient,
                                                        station: Station) -> None:
    await ok(await director.post("/api/players/csv", json={"csv": PLAYERS}))
    await _seat(station, ("A", 1, "NS"), (101, 102))  # by the director
    event_id = station.session.event_id
    assert event_id is not None  # and pair 1 EW from the numbers entered at its table
    station.store.commit([repo.add(SeatingRow(event_id=event_id, section="A", table_no=1,
                                              round=1, north=0, east=103, south=0, west=104))])
    await _pairs_round_one(director)
    found = await _exports(director)

    games = pbn_games(found["pbn"])
    board_one = next(g for g in games if g.get("Board") == "1")
    assert board_one["ScoreTable"] == [{
        "PairId_NS": "1", "PairId_EW": "1", "Contract": "4S", "Declarer": "S", "Result": "10",
        "Score_NS": "420", "MP_NS": "2", "MP_EW": "2", "Percentage_NS": "50",
        "Percentage_EW": "50", "IMP_NS": "-", "Names_NS": "Ann Smith;Bob Brown",
        "Names_EW": "Cy Young;Di Dee"}]
    totals = next(g for g in games if "TotalScoreTable" in g)["TotalScoreTable"]
    assert isinstance(totals, list)
    named = {(r["PairId"], r["Direction"]): (r["Names"], r["NationalIds"]) for r in totals}
    assert named[("1", "NS")] == ("Ann Smith;Bob Brown", "NZB 4411;")
    assert named[("1", "EW")] == ("Cy Young;Di Dee", "77;78")
    assert named[("2", "NS")] == ("", "")

    pair = next(p for p in ET.fromstring(found["usebio"]).iterfind("EVENT/PARTICIPANTS/PAIR")
                if (p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")) == ("1", "EW"))
    assert [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER"))
            for p in pair.iterfind("PLAYER")] == [("Cy Young", "77"), ("Di Dee", "78")]

    lines = _rows(found["csv"])
    first = next(r for r in lines if r["board"] == "1")
    assert (first["ns_names"], first["ew_names"]) == ("Ann Smith & Bob Brown",
                                                      "Cy Young & Di Dee")
    ranking = {(r["pair"], r["direction"]): r for r in _rows(found["rankings.csv"])}
    assert (ranking[("1", "NS")]["names"], ranking[("1", "NS")]["national_numbers"]) == (
        "Ann Smith & Bob Brown", "NZB 4411 & ")
    assert ranking[("1", "EW")]["national_numbers"] == "77 & 78"
    assert found["matches.csv"].splitlines()[1:] == []  # a pairs event has no matches


async def test_a_pairs_event_with_nobody_seated_exports_empty_names(
        director: httpx.AsyncClient) -> None:
    await _pairs_round_one(director)
    found = await _exports(director)
    games = pbn_games(found["pbn"])
    rows = [r for g in games for r in g.get("ScoreTable", [])]  # type: ignore[attr-defined]
    assert len(rows) == 6 and {(r["Names_NS"], r["Names_EW"]) for r in rows} == {("", "")}
    root = ET.fromstring(found["usebio"])
    assert len(root.findall("EVENT/PARTICIPANTS/PAIR")) == 6
    assert root.find("EVENT/PARTICIPANTS/PAIR/PLAYER") is None
    assert {r["names"] for r in _rows(found["rankings.csv"])} == {""}


async def _match_event(director: httpx.AsyncClient, event_format: str) -> dict[str, Any]:
    await ok(await director.post("/api/events", json={**SWISS, "format": event_format}), 201)
    data = await ok(await director.get("/api/matches"))
    await _enter_round(director, data, 1, leave_out=1)
    matches: dict[str, Any] = await ok(await director.get("/api/matches"))
    return matches


@pytest.mark.parametrize("event_format", ["teams", "swiss-teams", "swiss-pairs"])
async def test_a_match_events_exports(director: httpx.AsyncClient, station: Station,
                                      event_format: str) -> None:
    await ok(await director.post("/api/players/csv", json={"csv": PLAYERS}))
    pairs = event_format == "swiss-pairs"
    data = await _match_event(director, event_format)
    if pairs:
        await _seat(station, ("A", 1, ""), (101, 102))
    else:
        await _seat(station, ("A", 1, "NS"), (101, 102))
        await _seat(station, ("A", 1, "EW"), (103, 104))
    team = "Ann Smith & Bob Brown" if pairs else "Ann Smith & Bob Brown & Cy Young & Di Dee"
    national = "NZB 4411 & " if pairs else "NZB 4411 &  & 77 & 78"
    section = data["sections"][0]
    played = [m for m in section["matches"] if m["round"] == 1]
    found = await _exports(director)

    # PBN: a game per board of each match, with every table's entry, and the standings;
    # in export format, which endplay reads.
    assert_export_format(found["pbn"])
    assert {b.board_num for b in endplay_pbn.loads(found["pbn"])} >= {1}
    games = pbn_games(found["pbn"])
    boards = [g for g in games if "Board" in g]
    # The board left out is at no table in Swiss pairs (one table a match): no game for it.
    assert len(boards) == sum(len(m["boards"]) for m in played) - (1 if pairs else 0)
    tables = {len(g["ScoreTable"]) for g in boards}  # type: ignore[arg-type]
    assert tables == ({1} if pairs else {1, 2})  # one board is in at one table only
    assert all(g["Competition"] == ("Pairs" if pairs else "Teams") for g in boards)
    assert all(("HomeTeam" in g) is not pairs for g in boards)
    named = [r for g in boards for r in g["ScoreTable"]  # type: ignore[attr-defined]
             if r["PairId_NS"] == "1"]
    assert named and {r["Names_NS"] for r in named} == {"Ann Smith;Bob Brown"}
    totals = games[-1]["TotalScoreTable"]
    assert isinstance(totals, list)
    assert [(r["Rank"], r["PairId"], float(r["TotalScore"]), int(r["TotalIMP"]))
            for r in totals] == [(str(s["rank"]), str(s["entrant"]), s["vps"], s["imps"])
                                 for s in section["standings"]]
    one = next(r for r in totals if r["PairId"] == "1")
    assert (one["Names"], one["NationalIds"]) == (team.replace(" & ", ";"),
                                                  national.replace(" & ", ";"))

    # USEBIO: the event's type, the teams (pairs) with their players, a MATCH per match.
    event = ET.fromstring(found["usebio"]).find("EVENT")
    assert event is not None
    assert event.get("EVENT_TYPE") == event_format.upper().replace("-", "_")
    entrant = "PAIR" if pairs else "TEAM"
    sides = event.findall(f"PARTICIPANTS/{entrant}")
    assert len(sides) == 4
    first = next(s for s in sides
                 if (s.findtext("PAIR_NUMBER") if pairs else s.get("TEAM_ID")) == "1")
    assert " & ".join(p.findtext("PLAYER_NAME") or "" for p in first.iterfind("PLAYER")) == team
    assert first.find("PLAYER/NATIONAL_ID_NUMBER").text == "NZB 4411"  # type: ignore[union-attr]
    assert len(event.findall("MATCH")) == len(section["matches"])
    first_match = event.find("MATCH")
    assert first_match is not None and first_match.findtext("ROUND_NUMBER") == "1"

    # CSV: traveller lines with names, round and table; standings; matches.
    lines = _rows(found["csv"])
    assert len(lines) == sum(len(m["boards"]) * len(m["tables"]) for m in played) - 1
    assert all(r["round"] == "1" and r["table"] for r in lines)
    assert {r["ns_names"] for r in lines if r["ns"] == "1"} == {
        "Ann Smith & Bob Brown"}
    standings = _rows(found["rankings.csv"])
    assert [(r["rank"], r["pair"], float(r["vps"]), float(r["swiss_points"]), int(r["imps"]))
            for r in standings] == [
        (str(s["rank"]), str(s["entrant"]), s["vps"], s["swiss_points"], s["imps"])
        for s in section["standings"]]
    ours = next(r for r in standings if r["pair"] == "1")
    assert (ours["names"], ours["national_numbers"], ours["total"]) == (
        team, national, ours["vps"])
    matches = _rows(found["matches.csv"])
    assert [(int(r["round"]), int(r["team_a"]), int(r["team_b"]), int(r["imps_a"]),
             int(r["imps_b"]), float(r["vp_a"]) if r["vp_a"] else None) for r in matches] == [
        (m["round"], m["a"], m["b"], m["imps_a"], m["imps_b"], m["vp_a"])
        for m in section["matches"]]
    assert {r["names_a"] for r in matches if r["team_a"] == "1"} == {team}


@pytest.mark.parametrize("event_format", ["teams", "swiss-pairs"])
async def test_a_match_event_with_nobody_seated_exports_empty_names(
        director: httpx.AsyncClient, event_format: str) -> None:
    await _match_event(director, event_format)
    found = await _exports(director)
    games = pbn_games(found["pbn"])
    names = {r[c] for g in games for t in ("ScoreTable", "TotalScoreTable")
             for r in g.get(t, []) for c in ("Names_NS", "Names_EW", "Names")  # type: ignore
             if c in r}
    assert names == {""}
    root = ET.fromstring(found["usebio"])
    assert root.find("EVENT/PARTICIPANTS//PLAYER") is None
    assert {r["names"] for r in _rows(found["rankings.csv"])} == {""}
    assert {r["names_a"] for r in _rows(found["matches.csv"])} == {""}


async def test_the_exports_are_the_directors_while_in_play(client: httpx.AsyncClient) -> None:
    for kind in EXPORTS:
        refused = await client.get(f"/api/exports/{kind}")
        assert refused.status_code == 401 and refused.json()["detail"], kind


async def test_pbn_export_has_the_loaded_hand_records_as_usebio_does(
        director: httpx.AsyncClient) -> None:
    """The PBN export carries each board's Deal, Dealer and Vulnerable from the hand records
    loaded on the station, as its USEBIO export does; endplay reads it back."""
    await ok(await director.put("/api/sections/A/hand-records", json={"pbn": HAND_RECORDS}))
    await ok(await director.post("/api/players/csv", json={"csv": PLAYERS}))
    await _pairs_round_one(director)
    found = await _exports(director)
    assert_export_format(found["pbn"])
    boards = {b.board_num: b for b in endplay_pbn.loads(found["pbn"])}
    assert sorted(boards) == [1, 2, 3, 4, 5, 6]
    handset = {int(b.findtext("BOARD_NUMBER") or 0): b
               for b in ET.fromstring(found["usebio"]).iterfind("EVENT/HANDSET/BOARD")}
    for number, board in boards.items():
        usebio = handset[number]
        assert board.dealer.abbr == usebio.findtext("DEALER")
        assert VULNERABLE[usebio.findtext("VULNERABLE") or ""] == board.vul
        north = usebio.find("HAND[@DIRECTION='N']")
        assert north is not None
        assert board.deal.north.to_pbn() == ".".join(
            north.findtext(s) or "" for s in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
    assert boards[2].deal.to_pbn() == Deal(BOARD_TWO).to_pbn()
    assert boards[1].info["Event"] == "Tuesday pairs"
