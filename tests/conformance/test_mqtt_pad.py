"""The conformance kit against the simulator's MQTT pad (a BridgeScorer) on a real mosquitto:
it passes every clause, at the MQTT link's timeouts (5 s, doubling)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from basestation.conformance.clauses import Outcome
from basestation.conformance.kit import Kit, KitOptions
from basestation.conformance.links import MqttKitLink
from firmware_protocol.security import unit_key
from simulator.units import MqttPad
from tests.conformance.harness import SimOperator
from tests.servers import run_mosquitto

SECRET = "kit-secret"
QUICK = KitOptions(silence=6.0)  # silent past the first retry (a full run waits 38 s)
UNIT = 23
STATION = "kitclub"


@pytest.fixture
def broker() -> Iterator[int]:
    with run_mosquitto() as port:
        yield port


async def test_the_mqtt_pad_passes_every_clause(broker: int) -> None:
    pad = MqttPad(broker, STATION, UNIT, SECRET)
    kit = Kit(MqttKitLink("127.0.0.1", broker, STATION, UNIT), UNIT, unit_key(SECRET, UNIT),
              SimOperator(pad, SECRET), QUICK)
    try:
        verdicts = await kit.run()
    finally:
        await pad.power_off()
    assert [v for v in verdicts if v.outcome != Outcome.PASS] == [], \
        [(v.clause, v.checked, v.outcome, v.sentence) for v in verdicts]
    timing = next(v for v in verdicts if v.clause == "6.6" and "retries" in v.checked)
    assert "after 5 s" in timing.checked
