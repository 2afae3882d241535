"""The reference pad replays its behaviour vectors (vectors/pad_machine.json) exactly."""

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
    steps = replay(scenario)
    for index, (got, expected) in enumerate(zip(steps, scenario["expect"], strict=True)):
        event = scenario["events"][index]
        assert got == expected, f"{scenario['name']} after event {index}: {event}"


def test_the_vectors_cover_the_spec_clauses() -> None:
    kinds = {key for s in VECTORS for event in s["events"] for key in event if key != "at"}
    assert kinds == {"power_on", "power_cycle", "enter", "receive", "tick"}
    sent = {tuple(x[::2]) for s in VECTORS for step in s["expect"] for x in step["sent"]}
    assert ("hello", True) in sent  # a retransmission
    screens = [step["screen"] for s in VECTORS for step in s["expect"]]
    assert any(not screen["contact"] for screen in screens)
    assert any(screen["locked"] for screen in screens)
    assert any(not screen["running"] for screen in screens)
