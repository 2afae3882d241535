"""A pad guessing the director's PIN over a real mosquitto, as fast as it can send (SPEC.md
6.8): after 5 wrong PINs it waits, every PIN then is refused unchecked (the right one too) or,
beyond what a pad may have waiting, dropped unanswered (docs/ARCHITECTURE.md, "A unit flooding
the station"), the grid names the unit, and once a PIN takes the table the audit log names
the unit."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import httpx
import pytest

from firmware_protocol.messages import Ack, ErrorCode, Heartbeat, Locked, Login, Nak
from tests.pads import MqttPad
from tests.web.conftest import PASSWORD, serve

pytestmark = pytest.mark.integration
GUESSES = 300


async def test_a_pad_guessing_the_pin_gets_nowhere_and_is_named(
        mosquitto: int, make_station: Any) -> None:
    station = await make_station(mqtt_port=mosquitto, director_pin="4821")
    async with (MqttPad(mosquitto, "club", 21) as holder, MqttPad(mosquitto, "club", 22) as guesser,
                MqttPad(mosquitto, "club", 23) as other):
        assert isinstance((await holder.request(Login(section="A", table=1)))[0], Ack)
        # Every PIN from 0000 up, sent at once, then the right one.
        seqs = [guesser.send(Login(section="A", table=1, takeover=True, pin=f"{n:04d}"))
                for n in range(GUESSES)]
        right = guesser.send(Login(section="A", table=1, takeover=True, pin="4821"))
        naks: dict[int, Nak] = {}
        with contextlib.suppress(TimeoutError):
            while len(naks) < GUESSES + 1:  # until the answers stop coming
                body = (await asyncio.wait_for(guesser.inbox.get(), 2)).body
                assert isinstance(body, Nak), body  # never an ack: the table was not taken
                naks[body.re] = body
        assert {nak.code for nak in naks.values()} == {ErrorCode.BAD_PIN}
        details = [naks[seq].detail for seq in seqs if seq in naks]
        assert details[:4] == [None] * 4  # checked, wrong, tries left
        assert all(d is not None and 1 <= int(d) <= 60 for d in details[4:])  # waiting
        if right in naks:  # the right PIN: refused unchecked, or dropped with the flood
            assert naks[right].detail is not None
        if len(naks) < GUESSES + 1:  # far more than a pad sends: the rest dropped, and said
            assert station.hub.shed and [f.unit for f in station.hub.floods()] == [22]
        # The other pads carry on meanwhile.
        assert isinstance((await other.request(Heartbeat(battery=80)))[0], Ack)
        assert station.session.sections["A"].holders[1] == 21

        async for url in serve(station):
            async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as api:
                (await api.post("/api/login", json={"password": PASSWORD})).raise_for_status()
                grid = (await api.get("/api/grid")).json()
                [alert] = [a for a in grid["alerts"] if a["kind"] == "wrong_pin"]
                assert alert["unit"] == 22 and alert["count"] == 5 and alert["until"]
                audit = (await api.get("/api/audit")).json()["entries"]
                [wrong] = [e for e in audit if e["action"] == "wrong_pin"]
                assert wrong["actor"] == "unit 22"
                assert wrong["text"] == ("Wrong director's PIN: section A, table 1; "
                                         "waits 60 s, wrong PINs 5")

                # The wait over, the right PIN takes the table; the log names the unit.
                station.session.pin_tries.clock = lambda: time.monotonic() + 61
                answers = await guesser.request(Login(section="A", table=1, takeover=True,
                                                      pin="4821"))
                assert isinstance(answers[0], Ack)
                async with asyncio.timeout(5):
                    while not isinstance((await holder.inbox.get()).body, Locked):
                        pass
                audit = (await api.get("/api/audit")).json()["entries"]
                [replaced] = [e for e in audit if e["action"] == "replace"]
                assert replaced["actor"] == "unit 22"
                assert replaced["text"] == ("Unit replaced: section A, table 1; unit 21 by "
                                            "unit 22, authorised by the director's PIN")
                grid = (await api.get("/api/grid")).json()
                assert not [a for a in grid["alerts"] if a["kind"] == "wrong_pin"]
