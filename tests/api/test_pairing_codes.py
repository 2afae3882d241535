"""Pairing a browser pad by a one-time code (SPEC.md 10.5): the director's pairing gives a code;
the pad exchanges it once for its unit's key. A code spent, expired, replaced or never given
is refused in a sentence, and a refusal changes nothing."""

from __future__ import annotations

import asyncio

import httpx

from basestation.station.app import Station
from basestation.station.session.pairing_codes import EXPIRED, REPLACED, SPENT, UNKNOWN
from tests.api.conftest import ok


class Clock:
    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


async def exchange(station: Station, code: object) -> httpx.Response:
    """The pad's one call, with no login (a client of its own, as a phone is)."""
    from basestation.api.app import create_app

    transport = httpx.ASGITransport(app=create_app(station, manage_station=False))
    async with httpx.AsyncClient(transport=transport, base_url="http://club") as pad:
        return await pad.post("/api/pairing", json={"code": code})


async def test_a_code_gives_the_key_once(station: Station, director: httpx.AsyncClient) -> None:
    paired = await ok(await director.post("/api/units/71/pair"))
    assert paired["expires_in"] == 600 and paired["code"] and paired["key"] not in paired["code"]
    answer = await exchange(station, paired["code"])
    assert answer.headers["cache-control"] == "no-store"
    assert await ok(answer) == {"unit": 71, "key": paired["key"], "station": "club"}
    assert paired["key"] == station.hub.units[71].key.hex()
    again = await exchange(station, paired["code"])
    assert again.status_code == 410 and again.json()["detail"] == SPENT
    # The pad's use is in the audit log, naming the unit (written in turn with the pads).
    async with asyncio.timeout(5):
        while True:
            entries = (await ok(await director.get("/api/audit")))["entries"]
            used = [e for e in entries if e["action"] == "pairing_code"]
            if used:
                break
            await asyncio.sleep(0.05)
    assert [(e["actor"], e["text"]) for e in used] == [
        ("unit 71", "Pad took its key by its pairing link")]


async def test_a_wrong_code_is_refused_and_changes_nothing(
        station: Station, director: httpx.AsyncClient) -> None:
    paired = await ok(await director.post("/api/units/72/pair"))
    before = (await ok(await director.get("/api/audit")))["entries"]
    for wrong in ("not-a-code", paired["code"][:-1], paired["code"] + "x"):
        answer = await exchange(station, wrong)
        assert answer.status_code == 404 and answer.json()["detail"] == UNKNOWN
    for malformed in ("", "a" * 65, "abc def", "<script>", 12):
        answer = await exchange(station, malformed)
        assert answer.status_code == 422, malformed
        detail = answer.json()["detail"]
        assert detail.startswith("The pairing code ") and detail.endswith("."), detail
    # Each wrong code is written in the audit log with its address; nothing else changed.
    after = (await ok(await director.get("/api/audit")))["entries"]
    async with asyncio.timeout(5):
        while len(after) < len(before) + 3:
            await asyncio.sleep(0.05)
            after = (await ok(await director.get("/api/audit")))["entries"]
    assert [(e["actor"], e["text"]) for e in after[:3]] == [
        ("address 127.0.0.1", "Wrong pairing code: never given")] * 3
    assert after[3:] == before
    # The right code still works: the refusals spent nothing.
    assert (await ok(await exchange(station, paired["code"])))["unit"] == 72


async def test_an_expired_code_is_refused(station: Station, director: httpx.AsyncClient) -> None:
    clock = Clock()
    station.pairing.clock = clock
    paired = await ok(await director.post("/api/units/73/pair"))
    clock.now += 599
    early = await ok(await director.post("/api/units/74/pair"))
    clock.now += 1
    answer = await exchange(station, paired["code"])
    assert answer.status_code == 410
    assert answer.json() == {"detail": EXPIRED, "key": "pairing.expired",
                             "values": {"minutes": 10}}
    assert EXPIRED.startswith("This pairing link has expired: it works for 10 minutes")
    # Another unit's code, given later, is still good.
    assert (await ok(await exchange(station, early["code"])))["unit"] == 74


async def test_pairing_again_voids_the_older_link(station: Station,
                                                  director: httpx.AsyncClient) -> None:
    first = await ok(await director.post("/api/units/75/pair"))
    second = await ok(await director.post("/api/units/75/pair"))
    assert second["key"] != first["key"]  # re-paired: a new key
    answer = await exchange(station, first["code"])
    assert answer.status_code == 410 and answer.json()["detail"] == REPLACED
    assert (await ok(await exchange(station, second["code"])))["key"] == second["key"]


async def test_pairing_needs_the_director(client: httpx.AsyncClient) -> None:
    answer = await client.post("/api/units/76/pair")
    assert answer.status_code == 401


async def test_the_kept_key_is_given_back_while_it_is_the_units(
        station: Station, director: httpx.AsyncClient) -> None:
    """The cookie the exchange sets gives the key back to the same browser (a pad whose
    storage Safari erased); a cookie not the pairing's is refused in a sentence, and so is one
    whose unit was paired again (the cookie then deleted). A broker that is not a ws:// or
    wss:// address is refused and spends no code."""
    from basestation.api.app import create_app
    from basestation.api.routes.pairing import KEPT
    from basestation.station.refusals import english

    transport = httpx.ASGITransport(app=create_app(station, manage_station=False))
    async with httpx.AsyncClient(transport=transport, base_url="http://club") as pad:
        code = (await ok(await director.post("/api/units/72/pair")))["code"]
        wrong = await pad.post("/api/pairing", json={"code": code, "broker": "javascript:x"})
        assert wrong.status_code == 422 and "broker" in wrong.json()["detail"]
        answer = await pad.post("/api/pairing", json={"code": code,
                                                      "broker": "ws://10.0.0.5:9001"})
        key = (await ok(answer))["key"]
        cookie = answer.headers["set-cookie"]
        assert "HttpOnly" in cookie and "Path=/api/pairing/kept" in cookie
        assert "SameSite=strict" in cookie and "Max-Age=34560000" in cookie
        kept = await pad.get("/api/pairing/kept")
        assert await ok(kept) == {"unit": 72, "key": key, "station": "club",
                                  "broker": "ws://10.0.0.5:9001"}
        assert kept.headers["cache-control"] == "no-store"
        for bad in ("", "72", f"72.{key}", f"x.{key}.", f"72.{key[:-2]}.", "72.zz.", "0.00.="):
            pad.cookies.set(KEPT, bad, path="/api/pairing/kept")
            refused = await pad.get("/api/pairing/kept")
            assert (refused.status_code, refused.json()) == (404, {
                "detail": english("pairing.none_kept", {}), "key": "pairing.none_kept",
                "values": {}}), bad
        pad.cookies.set(KEPT, f"72.{key}.", path="/api/pairing/kept")
        await ok(await director.post("/api/units/72/pair"))  # paired again: a new key
        gone = await pad.get("/api/pairing/kept")
        assert (gone.status_code, gone.json()) == (410, {
            "detail": english("pairing.paired_again", {"unit": 72}),
            "key": "pairing.paired_again", "values": {"unit": 72}})
        assert 'bridgepad_key=""' in gone.headers["set-cookie"]
