"""Competitions over several nights (issue 22) on a running station: the director groups
events and sets the ladder's rules as seeds/club-directors-manual.txt lists them ("Ladders -
Crockfords Bridge Club", "Competitions/ Ladders"); the ladder ranks by them; bad input is a
sentence and changes nothing."""

from __future__ import annotations

import csv
import datetime as dt
import io

import httpx

from basestation.station.app import Station
from tests.api.conftest import ok, place, restarted
from tests.api.test_exports import _seat

PLAYERS = "".join(f"{n},Player {n},NZB {n}\n" for n in range(101, 113))
# Two nights with regular partners, then 103 and 104 swap for the third (as the seed says
# players wishing to qualify usually do); the others play all three together.
REGULAR = {("NS", 1): (101, 102), ("NS", 2): (103, 104), ("EW", 1): (105, 106),
           ("EW", 2): (107, 108), ("NS", 3): (109, 110), ("EW", 3): (111, 112)}
SWAPPED = {**REGULAR, ("NS", 2): (103, 105), ("EW", 1): (104, 106)}
THREE_NIGHTS = {"name": "Darwin three-night match", "kind": "individual", "sessions": 3,
                "qualify": 3, "count": 3, "change_partner": True}


async def night(director: httpx.AsyncClient, station: Station, day: int,
                seats: dict[tuple[str, int], tuple[int, int]], made: int) -> int:
    """A night's event: a three-table Mitchell, every board entered (table 1 makes `made`
    tricks, table 2 nine) and the pairs seated; published."""
    await ok(await director.post("/api/setup/event", json={
        "name": f"Tuesday {day}", "regulations": "nz", "close_open": True,
        "date": dt.date(2026, 3, day).isoformat(),
        "sections": [{"letter": "A", "movement": "mitchell", "tables": 3, "boards": 6}]}), 201)
    event_id = station.session.event_id
    assert event_id is not None
    for (side, pair), numbers in seats.items():
        await _seat(station, ("A", pair, side), numbers)
    for a in station.session.sections["A"].movement.assignments:
        for board in a.boards:
            tricks = made if a.table == 1 else 9
            await ok(await director.put(place(a.table, a.round, board), json={
                "contract": "4S", "declarer": "S", "tricks": tricks + board % 2}))
    await ok(await director.post(f"/api/events/{event_id}/publish", json={"published": True}))
    return event_id


async def pcts(director: httpx.AsyncClient, event_id: int) -> dict[str, float]:
    document = await ok(await director.get(f"/api/events/{event_id}/results"))
    return {r["names"]: r["pct"] for r in document["rankings"]}


async def three_nights(director: httpx.AsyncClient, station: Station) -> list[int]:
    await ok(await director.post("/api/players/csv", json={"csv": PLAYERS}))
    return [await night(director, station, 3, REGULAR, 10),
            await night(director, station, 10, REGULAR, 8),
            await night(director, station, 17, SWAPPED, 11)]


async def test_the_seeds_three_night_match_excludes_those_who_never_changed_partner(
        director: httpx.AsyncClient, station: Station) -> None:
    events = await three_nights(director, station)
    made = await ok(await director.post("/api/competitions", json=THREE_NIGHTS), 201)
    for event_id in events:
        await ok(await director.put(f"/api/competitions/{made['id']}/events/{event_id}"))
    ladder = await ok(await director.get(f"/api/competitions/{made['id']}/ladder"))
    assert ladder["sessions_played"] == 3 and ladder["left_out"] == 0
    assert [e["date"] for e in ladder["events"]] == ["2026-03-03", "2026-03-10", "2026-03-17"]
    # Each player's percentage is their pair's that night, averaged over the three.
    nights = [await pcts(director, e) for e in events]
    expected = {}
    for n in (103, 104, 105, 106):
        mine = [pct for scores in nights for names, pct in scores.items()
                if f"Player {n}" in names.split(" & ")]
        expected[f"Player {n}"] = round(sum(mine) / 3, 2)
    assert {r["names"]: r["average"] for r in ladder["rows"]} == expected
    assert {r["names"] for r in ladder["not_qualified"]} == {
        f"Player {n}" for n in (101, 102, 107, 108, 109, 110, 111, 112)}
    assert {r["why"] for r in ladder["not_qualified"]} == {
        "played every session with the same partner"}
    ranks = [r["average"] for r in ladder["rows"]]
    assert ranks == sorted(ranks, reverse=True)
    row = next(r for r in ladder["rows"] if r["names"] == "Player 103")
    assert [p["partners"] for p in row["played"]] == ["Player 104", "Player 104", "Player 105"]
    assert row["players"] == [{"number": 103, "name": "Player 103", "national": "NZB 103"}]

    text = (await director.get(f"/api/competitions/{made['id']}/ladder.csv")).text
    lines = list(csv.DictReader(io.StringIO(text)))
    assert [line["names"] for line in lines[:4]] == [r["names"] for r in ladder["rows"]]
    assert lines[0]["2026-03-17 Tuesday 17"] != "" and lines[-1]["why"] != ""


async def test_a_pairs_ladder_counts_the_best_sessions(director: httpx.AsyncClient,
                                                       station: Station) -> None:
    """3, 2, 2: a pair who played all three has its weakest excluded."""
    events = await three_nights(director, station)
    made = await ok(await director.post("/api/competitions", json={
        "name": "Championship pairs", "kind": "pairs", "sessions": 3, "qualify": 2,
        "count": 2}), 201)
    for event_id in events:
        await ok(await director.put(f"/api/competitions/{made['id']}/events/{event_id}"))
    ladder = await ok(await director.get(f"/api/competitions/{made['id']}/ladder"))
    nights = [await pcts(director, e) for e in events]
    scores = [scores["Player 101 & Player 102"] for scores in nights]
    first = next(r for r in ladder["rows"] if r["names"] == "Player 101 & Player 102")
    assert first["average"] == round(sum(sorted(scores)[1:]) / 2, 2)
    assert sum(not p["counted"] for p in first["played"]) == 1
    swapped = next(r for r in ladder["not_qualified"] if r["names"] == "Player 103 & Player 105")
    assert swapped["why"] == "played 1 of the 2 sessions needed to qualify"
    summary = await ok(await director.get("/api/competitions/summary", params={"year": 2026}))
    assert summary[0]["competition"]["name"] == "Championship pairs"
    assert summary[0]["place_getters"][0]["rank_label"].startswith("1")
    assert await ok(await director.get("/api/competitions/summary",
                                       params={"year": 2025})) == []


async def refused(answer: httpx.Response, code: int, words: str) -> None:
    assert answer.status_code == code, answer.text
    assert words in answer.json()["detail"], answer.json()


async def test_bad_input_is_a_sentence_and_changes_nothing(director: httpx.AsyncClient,
                                                           station: Station) -> None:
    event_id = station.session.event_id
    darwin = await ok(await director.post("/api/competitions", json=THREE_NIGHTS), 201)
    await ok(await director.put(f"/api/competitions/{darwin['id']}/events/{event_id}"))
    pairs = await ok(await director.post("/api/competitions", json={
        "name": "Directors ladder", "kind": "pairs", "sessions": 6, "qualify": 5,
        "count": 5}), 201)
    before = await ok(await director.get("/api/competitions"))

    # An event in two competitions with different rules.
    await refused(await director.put(f"/api/competitions/{pairs['id']}/events/{event_id}"),
                  422, "also in the competition 'Darwin three-night match', whose rules differ")
    # The same event in two competitions with the same rules is fine; rules that would make
    # them differ are refused.
    flora = await ok(await director.post("/api/competitions", json={
        **THREE_NIGHTS, "name": "Flora Wilson three-night match"}), 201)
    await ok(await director.put(f"/api/competitions/{flora['id']}/events/{event_id}"))
    before = await ok(await director.get("/api/competitions"))
    await refused(await director.put(f"/api/competitions/{darwin['id']}/rules", json={
        **THREE_NIGHTS, "count": 2, "qualify": 2}), 422,
        "also in the competition 'Flora Wilson three-night match', whose rules differ")
    # A ladder with fewer sessions than it needs to count or to qualify.
    await refused(await director.post("/api/competitions", json={
        "name": "Bad", "sessions": 3, "qualify": 3, "count": 5}), 422,
        "5 sessions to count is more than the competition's 3")
    await refused(await director.put(f"/api/competitions/{pairs['id']}/rules", json={
        "sessions": 4, "qualify": 5, "count": 5}), 422,
        "5 sessions to qualify is more than the competition's 4")
    await refused(await director.put(f"/api/competitions/{pairs['id']}/rules", json={
        "kind": "pairs", "sessions": 3, "qualify": 3, "count": 3, "change_partner": True}),
        422, "ranked as individuals")
    # Unknown event, competition, player.
    await refused(await director.put(f"/api/competitions/{pairs['id']}/events/999"), 404,
                  "there is no event 999")
    await refused(await director.get("/api/competitions/999/ladder"), 404,
                  "there is no competition 999")
    await refused(await director.delete(f"/api/competitions/{pairs['id']}/events/{event_id}"),
                  404, "is not in the competition 'Directors ladder'")
    await refused(await director.get("/api/players/4242/history"), 404,
                  "there is no player 4242 in the club's list")
    assert await ok(await director.get("/api/competitions")) == before


async def test_more_events_than_sessions_is_refused(director: httpx.AsyncClient,
                                                    station: Station) -> None:
    first = station.session.event_id
    made = await ok(await director.post("/api/competitions", json={
        "name": "One night", "sessions": 1, "qualify": 1, "count": 1}), 201)
    await ok(await director.put(f"/api/competitions/{made['id']}/events/{first}"))
    await ok(await director.post("/api/setup/event", json={
        "name": "Next", "regulations": "nz", "close_open": True,
        "sections": [{"letter": "A", "movement": "mitchell", "tables": 3, "boards": 6}]}), 201)
    await refused(await director.put(
        f"/api/competitions/{made['id']}/events/{station.session.event_id}"), 422,
        "has 1 sessions and holds 1 events already")


async def test_writes_are_the_directors_and_readers_see_published_events_only(
        client: httpx.AsyncClient, director: httpx.AsyncClient, station: Station) -> None:
    made = await ok(await director.post("/api/competitions", json={
        "name": "Open", "sessions": 2, "qualify": 1, "count": 1}), 201)
    await ok(await director.put(f"/api/competitions/{made['id']}/events/"
                                f"{station.session.event_id}"))
    anonymous = httpx.AsyncClient(transport=client._transport, base_url="http://club")
    async with anonymous:
        answer = await anonymous.post("/api/competitions", json={
            "name": "X", "sessions": 1, "qualify": 1, "count": 1})
        assert answer.status_code == 401
        ladder = await ok(await anonymous.get(f"/api/competitions/{made['id']}/ladder"))
        assert ladder["left_out"] == 1 and ladder["sessions_played"] == 0


async def test_a_players_history_over_a_period(director: httpx.AsyncClient,
                                               station: Station) -> None:
    events = await three_nights(director, station)
    history = await ok(await director.get("/api/players/103/history", params={
        "since": "2026-03-05", "until": "2026-03-31"}))
    assert history["player"] == {"number": 103, "name": "Player 103", "national": "NZB 103"}
    assert [(s["date"], s["event"], s["partners"]) for s in history["sessions"]] == [
        ("2026-03-10", events[1], "Player 104"), ("2026-03-17", events[2], "Player 105")]
    nights = [await pcts(director, e) for e in events[1:]]
    assert [s["pct"] for s in history["sessions"]] == [
        nights[0]["Player 103 & Player 104"], nights[1]["Player 103 & Player 105"]]
    assert all(s["pairs"] == 3 and s["rank_label"] for s in history["sessions"])
    await refused(await director.get("/api/players/103/history", params={
        "since": "2026-04-01", "until": "2026-03-01"}), 422, "starts (2026-04-01) after")


async def test_competitions_are_kept_across_a_restart(director: httpx.AsyncClient,
                                                      station: Station) -> None:
    made = await ok(await director.post("/api/competitions", json={
        **THREE_NIGHTS, "name": "Junior three-night match"}), 201)
    await ok(await director.put(f"/api/competitions/{made['id']}/events/"
                                f"{station.session.event_id}"))
    async with restarted(station) as again:
        kept = await ok(await again.get(f"/api/competitions/{made['id']}"))
    assert kept == {**made, "events": kept["events"]} and len(kept["events"]) == 1
