"""The published website of an event (issue 22): `basestation publish EVENT --out DIR` and the
results page's zip write a static site of plain HTML and CSS (rankings with names and national
numbers, travellers with the hands and par, score cards, the competition's ladder) and the
USEBIO XML with the hand records, which the seed's upload needs
(seeds/club-directors-manual.txt: "Upload results to web", "Click 'XML' to upload results
along with hand records"). Bad input is a sentence and writes nothing."""

from __future__ import annotations

import io
import os
import random
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from basestation.cli import app
from basestation.station.app import Station
from simulator.deals import random_deals
from tests.api.conftest import ok
from tests.api.test_competitions import THREE_NIGHTS, three_nights
from tests.api.test_exports import PLAYERS as EXPORT_PLAYERS
from tests.api.test_exports import _match_event, _seat

DEALS = random_deals(6, random.Random(22))
PBN = "".join(f'[Board "{b}"]\n[Deal "{deal}"]\n\n' for b, deal in DEALS.items())


async def played(director: httpx.AsyncClient, station: Station) -> tuple[list[int], int]:
    """Three published nights (names and NZB numbers on the club's list), the hand records
    on the last, and all three in the seed's three-night match."""
    events = await three_nights(director, station)
    await ok(await director.put("/api/sections/A/hand-records", json={"pbn": PBN}))
    made = await ok(await director.post("/api/competitions", json=THREE_NIGHTS), 201)
    for event_id in events:
        await ok(await director.put(f"/api/competitions/{made['id']}/events/{event_id}"))
    return events, made["id"]


def config_of(station: Station, tmp_path: Path) -> Path:
    config = tmp_path / "station.toml"
    config.write_text(f'[station]\ndatabase = "{station.config.database}"\n')
    return config


def publish(config: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["publish", *args, "--config", str(config)])
    return result.exit_code, result.output


def check_site(site: dict[str, str], competition: int) -> None:
    """What every published site of the last night holds."""
    assert {"index.html", "rankings.html", "travellers.html", "scorecards.html", "style.css",
            "results.xml", f"ladder-{competition}.html"} <= set(site)
    assert all("<script" not in text for text in site.values())
    rankings = site["rankings.html"]
    assert "Player 101 &amp; Player 102" in rankings and "NZB 101, NZB 102" in rankings
    travellers = site["travellers.html"]
    assert "Hands of Board 1" in travellers and "Par: " in travellers
    assert "Par: none found." not in travellers
    north = DEALS[1].split()[0][2:].split(".")[0].replace("T", "10")
    assert north in travellers
    assert "Score card of Pair 1 NS, section A" in site["scorecards.html"]
    ladder = site[f"ladder-{competition}.html"]
    assert "Ladder of Darwin three-night match" in ladder and "NZB 103" in ladder
    assert "played every session with the same partner" in ladder
    usebio = ET.fromstring(site["results.xml"].encode())
    event = usebio.find("EVENT")
    assert event is not None
    numbers = {p.findtext("NATIONAL_ID_NUMBER") for p in event.iter("PLAYER")}
    assert "NZB 101" in numbers
    boards = event.findall("HANDSET/BOARD")
    assert [b.findtext("BOARD_NUMBER") for b in boards] == [str(n) for n in DEALS]
    north_hand = boards[0].find("HAND[@DIRECTION='N']")
    assert north_hand is not None
    assert north_hand.findtext("SPADES") == DEALS[1].split()[0][2:].split(".")[0]
    assert boards[0].findtext("DEALER") == "N" and boards[0].findtext("VULNERABLE") == "None"


async def test_publish_writes_the_events_website(director: httpx.AsyncClient,
                                                 station: Station, tmp_path: Path) -> None:
    events, competition = await played(director, station)
    config = config_of(station, tmp_path)
    out = tmp_path / "web" / "tuesday"
    code, said = publish(config, str(events[-1]), "--out", str(out))
    assert code == 0, said
    assert "index.html" in said
    site = {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()}
    check_site(site, competition)

    # The director's zip from the results page holds the same files, in one folder.
    answer = await director.get(f"/api/events/{events[-1]}/website.zip")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        zipped = {name.split("/", 1)[1]: archive.read(name).decode()
                  for name in archive.namelist()}
        assert {name.split("/")[0] for name in archive.namelist()} == {
            f"results-{events[-1]}"}
    assert zipped == site
    # A USEBIO export from the results page carries the hand records too.
    export = ET.fromstring((await director.get("/api/exports/usebio")).content)
    assert len(export.findall("EVENT/HANDSET/BOARD")) == len(DEALS)


async def test_bad_input_is_a_sentence_and_writes_nothing(
        director: httpx.AsyncClient, client: httpx.AsyncClient, station: Station,
        tmp_path: Path) -> None:
    config = config_of(station, tmp_path)
    empty = station.session.event_id
    assert empty is not None
    out = tmp_path / "site"

    code, said = publish(config, "999", "--out", str(out))
    assert code == 2 and "There is no event 999; nothing was written." in said
    code, said = publish(config, str(empty), "--out", str(out))
    assert code == 2 and "Tuesday pairs has no results yet" in said
    assert not out.exists()
    refused = await director.get(f"/api/events/{empty}/website.zip")
    assert refused.status_code == 422 and "has no results yet" in refused.json()["detail"]
    assert (await director.get("/api/events/999/website.zip")).status_code == 404

    events, _ = await played(director, station)
    await ok(await director.post(f"/api/events/{events[0]}/publish", json={"published": False}))
    code, said = publish(config, str(events[0]), "--out", str(out))
    assert code == 2 and "The results of Tuesday 3 are not published yet" in said
    assert not out.exists()

    a_file = tmp_path / "results.html"
    a_file.write_text("kept")
    code, said = publish(config, str(events[-1]), "--out", str(a_file))
    assert code == 2 and f"{a_file} is a file, not a folder; nothing was written." in said
    assert a_file.read_text() == "kept"

    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        code, said = publish(config, str(events[-1]), "--out", str(locked / "site"))
        assert code == 2 and "cannot be written to" in said
        assert list(locked.iterdir()) == []

    # Only the director downloads the website.
    await client.post("/api/logout")
    assert (await client.get(f"/api/events/{events[-1]}/website.zip")).status_code == 401


@pytest.mark.parametrize("deal", [DEALS[1]])
def test_hands_read_any_seat_first(deal: str) -> None:
    from basestation.formats.website import hands

    north, east, south, west = deal[2:].split()
    rotated = "E:" + " ".join((east, south, west, north))
    assert hands(rotated) == hands(deal)
    assert [seat for seat, _ in hands(deal)] == ["North", "East", "South", "West"]


async def test_a_teams_events_website_has_standings_and_matches(
        director: httpx.AsyncClient, station: Station, tmp_path: Path) -> None:
    await ok(await director.post("/api/players/csv", json={"csv": EXPORT_PLAYERS}))
    data = await _match_event(director, "teams")
    await _seat(station, ("A", 1, "NS"), (101, 102))
    await _seat(station, ("A", 1, "EW"), (103, 104))
    event_id = station.session.event_id
    await ok(await director.post(f"/api/events/{event_id}/publish", json={"published": True}))
    out = tmp_path / "teams"
    code, said = publish(config_of(station, tmp_path), str(event_id), "--out", str(out))
    assert code == 0, said
    site = {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()}
    assert {"standings.html", "matches.html"} <= set(site)
    assert "rankings.html" not in site and "<script" not in "".join(site.values())
    assert "Ann Smith, Bob Brown, Cy Young, Di Dee" in site["standings.html"]
    assert "NZB 4411, —, 77, 78" in site["standings.html"]
    assert "NZB 4411" in site["standings.html"]
    match = data["sections"][0]["matches"][0]
    assert f"Boards of round 1, {match['a']} v {match['b']}" in site["matches.html"]
    root = ET.fromstring(site["results.xml"].encode())
    assert root.find("EVENT").get("EVENT_TYPE") == "TEAMS"  # type: ignore[union-attr]


async def test_the_website_is_in_the_clubs_language(director: httpx.AsyncClient,
                                                    station: Station, tmp_path: Path) -> None:
    """[club] language in station.toml: the pages in French, the XML files as in English."""
    events, competition = await played(director, station)
    english, french = tmp_path / "en", tmp_path / "fr"
    config = config_of(station, tmp_path)
    assert publish(config, str(events[-1]), "--out", str(english))[0] == 0
    config.write_text(config.read_text() + '\n[club]\nlanguage = "fr"\n')
    code, said = publish(config, str(events[-1]), "--out", str(french))
    assert code == 0, said
    site = {p.name: p.read_text(encoding="utf-8") for p in french.iterdir()}
    assert all('<html lang="fr">' in text for name, text in site.items()
               if name.endswith(".html"))
    assert "<h1>Classements</h1>" in site["rankings.html"]
    assert "Mains : Donne 1" in site["travellers.html"]
    assert "Classement de Darwin three-night match" in site[f"ladder-{competition}.html"]
    assert "a joué chaque séance avec le même partenaire" in site[f"ladder-{competition}.html"]
    for name in ("results.xml", "scorer.xml", "style.css"):
        if (english / name).exists():
            assert site[name] == (english / name).read_text(encoding="utf-8"), name
