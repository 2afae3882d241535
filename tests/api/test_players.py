"""The club's player list through the API: CSV in and out, national numbers, visitors."""

from __future__ import annotations

import httpx

from basestation.station.app import Station
from tests.api.conftest import ok

LIST = "number,name,national\n101,Ann Smith,NZB 4411\n102,\"Bo, Jr\",\n103,Cy Young,77\n"
# What the list exports: its columns, a handicap last (issue 49), which reads back the same.
EXPORTED = ("number,name,national,handicap\n101,Ann Smith,NZB 4411,\n102,\"Bo, Jr\",,\n"
            "103,Cy Young,77,\n")


async def test_a_csv_list_is_stored_kept_and_given_back(director: httpx.AsyncClient,
                                                        station: Station) -> None:
    stored = await ok(await director.post("/api/players/csv", json={"csv": LIST}))
    assert stored == {"stored": 3, "players": 3}
    listed = await ok(await director.get("/api/players"))
    assert listed == [{"number": 101, "name": "Ann Smith", "national": "NZB 4411"},
                      {"number": 102, "name": "Bo, Jr"},
                      {"number": 103, "name": "Cy Young", "national": "77"}]
    answer = await director.get("/api/players/csv")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    assert answer.text == EXPORTED  # what it exports, it imports
    again = await ok(await director.post("/api/players/csv", json={"csv": EXPORTED}))
    assert again == stored and await ok(await director.get("/api/players")) == listed
    # Kept in the store, not only in memory: the next start reads it back.
    snap = station.store.snapshot()
    assert {(p.number, p.national) for p in snap.players} == {
        (101, "NZB 4411"), (102, None), (103, "77")}


async def test_a_bad_line_refuses_the_whole_file(director: httpx.AsyncClient) -> None:
    await ok(await director.post("/api/players/csv", json={"csv": "5,Old Name\n"}))
    for text, words in {
        "5,New Name\nx7,Dee\n": "line 2",
        "5,New Name\n6,Eve\n6,Flo\n": "line 3: player 6 appears twice",
        "5,New Name\n7,\n": "line 2",
        "5,New Name\n9000001,Gus\n": "kept for visitors",
    }.items():
        answer = await director.post("/api/players/csv", json={"csv": text})
        assert answer.status_code == 422, text
        assert words in answer.json()["detail"], answer.json()
    assert await ok(await director.get("/api/players")) == [{"number": 5, "name": "Old Name"}]


async def test_visitors_get_numbers_of_their_own(director: httpx.AsyncClient) -> None:
    await ok(await director.post("/api/players/csv", json={"csv": LIST}))
    first = await ok(await director.post("/api/players/visitors", json={"name": "Vera Visitor"}),
                     201)
    second = await ok(await director.post("/api/players/visitors", json={"name": "Walt"}), 201)
    assert (first["number"], second["number"]) == (9_000_001, 9_000_002)
    numbers = [p["number"] for p in await ok(await director.get("/api/players"))]
    assert numbers == [101, 102, 103, 9_000_001, 9_000_002]
    blank = await director.post("/api/players/visitors", json={"name": "  "})
    assert blank.status_code == 422 and "name" in blank.json()["detail"]


async def test_the_list_needs_the_director(client: httpx.AsyncClient) -> None:
    for answer in (await client.post("/api/players/csv", json={"csv": LIST}),
                   await client.get("/api/players/csv"),
                   await client.post("/api/players/visitors", json={"name": "V"})):
        assert answer.status_code == 401
