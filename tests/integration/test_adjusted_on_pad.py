"""An adjusted score reaches a BridgeScorer as what the director awarded (SPEC.md 4), in the
push and in the table's game data; a pad cannot award one itself. Real broker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from basestation.station.app import Station
from firmware_protocol.messages import Ack, CorrectionPush, GameData, Login, NotPlayed
from tests.pads import MqttPad
from tests.web.conftest import next_of

pytestmark = pytest.mark.integration


async def test_the_pad_shows_the_adjusted_score(mosquitto: int,
                                                make_station: Callable[..., Any]) -> None:
    station: Station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 17) as pad:
        assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
        await station.director.rule(
            "A", 1, 1, 1, ruling={"adjusted": "60/40"})
        push = await next_of(pad, CorrectionPush)
        assert push.result == NotPlayed("A", 1, 1, 1, 1, 1, adjusted="60/40")
        await station.director.rule(
            "A", 1, 1, 2, ruling={"weighted": [{"score_ns": 420, "weight": 50},
                                                      {"score_ns": -50, "weight": 50}]})
        weighted = await next_of(pad, CorrectionPush)
        assert isinstance(weighted.result, NotPlayed)
        assert weighted.result.adjusted == "weighted score"
        again = await pad.request(Login(section="A", table=1))
        held = next(b for b in again if isinstance(b, GameData)).results
        assert {(e.board, getattr(e, "adjusted", None)) for e in held} == {
            (1, "60/40"), (2, "weighted score")}


async def test_a_pad_cannot_award_an_adjusted_score(mosquitto: int,
                                                    make_station: Callable[..., Any]) -> None:
    station: Station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 17) as pad:
        assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
        sent = NotPlayed("A", 1, 1, 1, 1, 1, adjusted="AVE+/AVE-")
        assert isinstance((await pad.request(sent))[0], Ack)
    held = station.session.sections["A"].held(1, 1, 1)
    assert held is not None and held.kind == "not_played" and held.adjusted is None
