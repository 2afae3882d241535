"""gmqtt's private attributes the MQTT link touches (links/gmqtt_private.py) are where it
reads them, on the installed gmqtt, against a real broker; and gmqtt is pinned to the version
they were checked against, so a new gmqtt comes in only through this test."""

from __future__ import annotations

import asyncio
import re
import tomllib
from pathlib import Path

import gmqtt
import pytest
from gmqtt.mqtt.constants import MQTTv50

from basestation.station.links import gmqtt_private
from basestation.station.links.gmqtt_private import READ_MOST, Coalesced, Window, coalesce_writes
from tests.servers import run_mosquitto

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def test_gmqtt_is_pinned_to_the_version_checked() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = [d for d in project["dependencies"] if re.match(r"gmqtt\b", d)]
    assert pins == [f"gmqtt=={gmqtt_private.CHECKED}"]
    assert gmqtt_private.version() == gmqtt_private.CHECKED, (
        "a new gmqtt: read its source for the private attributes listed in "
        "links/gmqtt_private.py, then change CHECKED and the pin")


async def test_the_private_attributes_are_where_the_link_reads_them() -> None:
    freed: list[int] = []
    window = Window(lambda: freed.append(window.in_flight))
    assert isinstance(window._messages, object)  # PersistentStorage's publishes in flight
    with run_mosquitto() as port:
        client = gmqtt.Client("private-attributes", persistent_storage=window)
        heard: asyncio.Queue[bytes] = asyncio.Queue()
        client.on_message = lambda _c, _t, payload, _q, _p: heard.put_nowait(payload)
        await client.connect("127.0.0.1", port, version=MQTTv50)
        try:
            connection = client._connection
            plain = connection._transport
            assert connection._protocol._transport is plain
            assert plain.max_size > READ_MOST  # asyncio's own, which coalesce_writes lowers
            coalesce_writes(client)
            assert isinstance(connection._transport, Coalesced)
            assert connection._protocol._transport is connection._transport
            assert plain.max_size == READ_MOST

            # Writes go through Coalesced, and the window counts a QoS 1 publish until its
            # PUBACK (Window reads _messages).
            client.subscribe("private/#", qos=1)
            await asyncio.sleep(0.1)
            client.publish("private/x", b"one", qos=1)
            assert window.in_flight == 1
            async with asyncio.timeout(10):
                assert await heard.get() == b"one"
                while not freed:
                    await asyncio.sleep(0.01)
            assert freed == [0] and window.in_flight == 0
        finally:
            await client.disconnect()
