"""A pad sending far more than a pad should is named on the grid in the director's words, its
table linked, while the other pads go on; frames failing the check in a flood say so. Real pads
on a real broker, in real Chromium; axe-core finds nothing serious on the grid showing it."""

from __future__ import annotations

import re

import aiomqtt
import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol import jsonwire, topics
from firmware_protocol.messages import Heartbeat, Message
from firmware_protocol.security import unit_key
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import acked, log_in_pad

pytestmark = pytest.mark.integration
FLOOD = 400


async def flood(port: int, unit: int, key: bytes, count: int) -> None:
    """`count` heartbeats from `unit` at once, none waiting for an answer."""
    async with aiomqtt.Client("127.0.0.1", port, identifier=f"flood-{unit}") as client:
        for seq in range(10_000, 10_000 + count):
            await client.publish(topics.up("club", unit), jsonwire.encode(
                Message(unit, seq, Heartbeat(battery=50)), key), qos=0)


async def test_a_flooding_pad_is_named_on_the_grid(
        director_page: tuple[Station, Page, int]) -> None:
    _, page, port = director_page
    async with MqttPad(port, "club", 12) as hostile, MqttPad(port, "club", 13) as other:
        # Unit 12 floods: far more than one message in flight, as fast as a client sends.
        await log_in_pad(hostile, 1)
        await log_in_pad(other, 2)
        await flood(port, 12, unit_key("change-me", 12), FLOOD)
        await acked(other, other.send(Heartbeat(battery=80)))  # the other pad is answered
        alerts = page.get_by_role("region", name=re.compile(r"^Alerts"))
        flooding = alerts.get_by_role("listitem").filter(
            has_text="is sending far more than a pad should")
        await expect(flooding).to_have_text(re.compile(
            r"Pad 12 at table A1 is sending far more than a pad should \([\d,]+ messages in "
            r"10 s\); its extra messages are dropped\."))
        # On this broker without logins the messages dropped unread may be a stranger's
        # claiming unit 12: they are counted apart, as the strangers' (SPEC.md 6.5).
        await expect(page.locator("#alert-counts")).to_contain_text(
            re.compile(r"[12] pads? sending far too much"))
        # Its link goes to the pad's table.
        await flooding.get_by_role("link").click()
        await expect(page.get_by_role("dialog")).to_be_visible()
        await page.keyboard.press("Escape")
        assert await serious_violations(page) == []
        # Frames claiming another unit, failing the check, in a flood: said as such, and on
        # this broker without logins as anyone's, not pad 13's (it may be a stranger's).
        await flood(port, 13, b"\x01" * 16, 60)
        await expect(alerts.get_by_role("listitem").filter(
            has_text="Frames failing the security check are arriving")).to_contain_text(
            "far faster than pads send")
