"""The MQTT topics, exactly as pads and the broker's ACL know them (ARCHITECTURE.md,
Contracts)."""

from __future__ import annotations

from firmware_protocol import topics


def test_topics_are_the_fixed_strings() -> None:
    assert topics.up("club", 17) == "bridge/club/pad/17/up"
    assert topics.down("club", 17) == "bridge/club/pad/17/down"
    assert topics.availability("club", 17) == "bridge/club/pad/17/availability"
    assert topics.status("club") == "bridge/club/status"
    assert topics.up("club") == "bridge/club/pad/+/up"
    assert topics.down("+") == "bridge/+/pad/+/down"


def test_unit_of_a_topic() -> None:
    assert topics.unit_of("bridge/club/pad/17/up") == 17
    for wrong in ("bridge/club/pad/x/up", "bridge/club/status", "other/club/pad/17/up", ""):
        assert topics.unit_of(wrong) is None
