"""Merge offers and conflicts through the API: listed with both entries in words, a conflict
replaced only with the director's confirmation (409 with a sentence otherwise)."""

from __future__ import annotations

import asyncio

import httpx

from basestation.station.app import Station
from firmware_protocol.messages import Login
from tests.api.conftest import ok
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound


async def answered(station: Station, link: FakeLink, unit: int, seq: int, body: object) -> None:
    """A pad's message through the running hub, once it is answered."""
    station.hub.submit(inbound(link, unit, seq, body))  # type: ignore[arg-type]
    async with asyncio.timeout(5):
        while not any(m.unit == unit and getattr(m.body, "re", None) == seq for m in link.sent):
            await asyncio.sleep(0.01)


async def test_offer_and_conflict(director: httpx.AsyncClient, station: Station) -> None:
    link = FakeLink()
    await answered(station, link, 1, 1, Login(section="A", table=1))
    await answered(station, link, 1, 2, result(1, 1, 1, 1, 1))  # 4S= by South, NS +420
    await answered(station, link, 2, 1, Login(section="A", table=1, takeover=True, pin="4321"))
    await answered(station, link, 1, 3, result(1, 1, 1, 1, 1, tricks=9))  # held: a conflict
    await answered(station, link, 1, 4, result(1, 1, 2, 1, 1))  # not held: an offer

    offers = await ok(await director.get("/api/merge-offers"))
    conflict, offer = offers
    assert (conflict["board"], conflict["conflict"], conflict["unit"]) == (1, True, 1)
    assert conflict["held"] == "4S= by South, NS +420"
    assert conflict["offered"] == "4S-1 by South, NS -50"
    assert (offer["board"], offer["conflict"], offer["held"]) == (2, False, None)

    refused = await director.post(f"/api/merge-offers/{conflict['id']}", json={"accept": True})
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        "Board 1 at table A1 (round 1) already has 4S= by South, NS +420; confirm to replace "
        "it with unit 1's 4S-1 by South, NS -50.")
    south = {"key": "held.south", "values": {}}  # each entry a phrase, for a page to say
    assert refused.json()["values"] == {
        "board": 1, "section": "A", "table": 1, "round": 1, "unit": 1,
        "held": {"key": "held.played", "values": {
            "result": "4S=", "declarer": south, "score": "+420"}},
        "offered": {"key": "held.played", "values": {
            "result": "4S-1", "declarer": south, "score": "-50"}}}
    replaced = await ok(await director.post(f"/api/merge-offers/{conflict['id']}",
                                            json={"accept": True, "replace": True}))
    assert replaced == {"id": conflict["id"], "merged": True, "replaced": True}
    held = station.session.sections["A"].held(1, 1, 1)
    assert held is not None and held.tricks == 9

    merged = await ok(await director.post(f"/api/merge-offers/{offer['id']}",
                                          json={"accept": True}))
    assert merged == {"id": offer["id"], "merged": True, "replaced": False}
    assert await ok(await director.get("/api/merge-offers")) == []
    grid = await ok(await director.get("/api/grid"))
    assert not [a for a in grid["alerts"] if a["kind"].startswith("merge")]
    missing = await director.post("/api/merge-offers/999", json={"accept": False})
    assert missing.status_code == 404


async def test_a_units_offers_declined_at_once(director: httpx.AsyncClient,
                                               station: Station) -> None:
    link = FakeLink()
    await answered(station, link, 1, 1, Login(section="A", table=1))
    await answered(station, link, 2, 1, Login(section="A", table=1, takeover=True, pin="4321"))
    for seq, tricks in enumerate((7, 8, 9), start=2):  # board 1 three times: one offer
        await answered(station, link, 1, seq, result(1, 1, 1, 1, 1, tricks=tricks))
    await answered(station, link, 1, 5, result(1, 1, 2, 1, 1))
    offers = await ok(await director.get("/api/merge-offers"))
    assert [(o["board"], o["unit"]) for o in offers] == [(1, 1), (2, 1)]
    grid = await ok(await director.get("/api/grid"))
    assert [(a["unit"], a["replaced"], a["offers"]) for a in grid["alerts"]
            if a["kind"] == "many_offers"] == [(1, 2, 2)]
    declined = await ok(await director.post("/api/merge-offers/by-unit/1/decline"))
    assert declined == {"unit": 1, "declined": 2}
    assert await ok(await director.get("/api/merge-offers")) == []
    grid = await ok(await director.get("/api/grid"))
    assert not [a for a in grid["alerts"] if a["kind"] in ("many_offers", "merge_offer")]
    assert station.session.sections["A"].held(1, 1, 1) is None  # nothing taken
    # A stranger cannot.
    async with httpx.AsyncClient(transport=director._transport,
                                 base_url=str(director.base_url)) as stranger:
        refused = await stranger.post("/api/merge-offers/by-unit/1/decline")
        assert refused.status_code == 401
