"""The reference pad replays its behaviour vectors (vectors/behaviour/pad_machine.json)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from firmware_protocol.vectors.make_pad_vectors import FILE, SCENARIOS, render, replay

VECTORS: list[dict[str, Any]] = json.loads(FILE.read_text(encoding="ascii"))["scenarios"]


def test_the_file_is_what_the_generator_writes() -> None:
    assert FILE.read_text(encoding="ascii") == render()
    assert [s["name"] for s in VECTORS] == [s["name"] for s in SCENARIOS]


@pytest.mark.parametrize("scenario", VECTORS, ids=[s["name"] for s in VECTORS])
def test_the_machine_replays_each_scenario(scenario: dict[str, Any]) -> None:
    steps = scenario["steps"]
    got = replay([step["event"] for step in steps], scenario["jitter"])
    for index, (done, step) in enumerate(zip(got, steps, strict=True)):
        assert done == step["expect"], f"{scenario['name']} step {index}: {step['event']}"


def test_the_vectors_cover_the_spec_clauses() -> None:
    steps = [step for s in VECTORS for step in s["steps"]]
    kinds = {key for step in steps for key in step["event"] if key != "at"}
    assert kinds == {"power_on", "power_cycle", "paired", "enter", "receive", "tick"}
    sent = {(x[0], x[2]) for step in steps for x in step["expect"]["sent"]}
    assert ("hello", True) in sent and ("heartbeat", False) in sent  # retransmission, probe
    screens = [step["expect"]["screen"] for step in steps]
    assert any(not screen["contact"] for screen in screens)
    assert any(screen["locked"] for screen in screens)
    assert any(not screen["running"] for screen in screens)
    assert any(screen["key_replaced"] for screen in screens)
    timers = {name for step in steps for name in step["expect"]["timers"]}
    assert timers == {"answer", "retry", "probe", "game_data", "heartbeat"}
