"""The simulator's pad, whole (not only the machine under it), replays the reference pad's
behaviour vectors (firmware_protocol/vectors/behaviour/pad_machine.json) at full MQTT speed."""

from __future__ import annotations

import json
import random
from itertools import cycle
from typing import Any

import pytest

from firmware_protocol import jsonwire
from firmware_protocol.messages import Correction, Login, Message, NotPlayed, Result
from firmware_protocol.pad_machine import persisted
from firmware_protocol.security import unit_key
from firmware_protocol.vectors.make_pad_vectors import FILE
from simulator import memory as pad_memory
from simulator.memory import PadMemory
from simulator.pad import Pad
from simulator.timing import mqtt_timing

VECTORS: list[dict[str, Any]] = json.loads(FILE.read_text(encoding="ascii"))["scenarios"]
KEY = unit_key("change-me", 17)
NEW_KEY = unit_key("change-me", 17, epoch=1)  # the key after the unit is paired again
OTHER = unit_key("another-station", 17)  # a tag made with it does not verify


class Jitter(random.Random):
    """The scenario's jitter factors, in turn, where the pad draws its jitter."""

    def __init__(self, factors: list[float]) -> None:
        super().__init__(0)
        self.factors = cycle(factors)

    def uniform(self, a: float, b: float) -> float:
        return float(next(self.factors))


def replay(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    memory = PadMemory(17, KEY)
    rng = Jitter(scenario["jitter"])
    pad = Pad(memory, mqtt_timing(), rng)
    used: set[int] = set()
    steps = []
    for step in scenario["steps"]:
        event = step["event"]
        at = float(event["at"])
        if "paired" in event:
            pad = Pad(memory, mqtt_timing(), rng)
            pad.paired(NEW_KEY, at)
        elif "power_on" in event or "power_cycle" in event:
            pad = Pad(memory, mqtt_timing(), rng)
            pad.power_on(at)
        elif "tick" in event:
            pad.tick(at)
        elif "enter" in event:
            body = jsonwire.body_from_json(event["enter"]["type"], event["enter"]["body"])
            if isinstance(body, Login):
                pad.login(body.section, body.table, at, takeover=body.takeover, pin=body.pin)
            elif isinstance(body, Result | NotPlayed):
                pad.enter(body, at)
            else:
                assert isinstance(body, Correction)
                pad.correct(body.as_result(), at)
        else:
            got = event["receive"]
            body = jsonwire.body_from_json(got["type"], got["body"])
            key = memory.key if got["verified"] else OTHER
            pad.receive(jsonwire.decode(jsonwire.encode(Message(17, got["seq"], body), key)), at)
        sent = []
        for message in pad.take_outgoing():
            sent.append([message.body.TYPE.value, message.seq, message.seq in used])
            used.add(message.seq)
        machine = pad.machine
        steps.append({"sent": sent,
                      "timers": {k: round(v, 3) for k, v in machine.timers_set().items()},
                      "screen": machine.screen(), "persist": persisted(memory)})
    return steps


@pytest.mark.parametrize("scenario", VECTORS, ids=[s["name"] for s in VECTORS])
def test_the_simulated_pad_replays_each_scenario(scenario: dict[str, Any],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # The vectors persist the counter exactly; the simulated pad reserves 64 seqs a write.
    monkeypatch.setattr(pad_memory, "SEQ_BLOCK", 1)
    got = replay(scenario)
    for index, (done, step) in enumerate(zip(got, scenario["steps"], strict=True)):
        assert done == step["expect"], f"{scenario['name']} step {index}: {step['event']}"
