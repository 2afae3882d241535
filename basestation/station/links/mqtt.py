"""The MQTT link: BridgeScorer pads over a broker, JSON messages on the protocol's topics
(firmware_protocol.topics)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from typing import Any, cast
from urllib.parse import urlparse

import aiomqtt
import paho.mqtt.client as mqtt
from paho.mqtt.subscribeoptions import SubscribeOptions

from basestation.station.hub import QUEUE_LIMIT, Hub, Inbound
from basestation.station.links.dynsec import CONTROL, RESPONSE, BrokerLogins
from basestation.station.links.inbox import UnitInbox, read_ahead
from firmware_protocol import jsonwire, topics
from firmware_protocol.messages import Body, Message, ProtocolError

log = logging.getLogger(__name__)
# aiomqtt warns about pending calls under load; that is by design here.
_quiet_client_log = logging.getLogger("basestation.mqtt.client")
_quiet_client_log.setLevel(logging.ERROR)
# Publishes awaiting PUBACK at once: no limit (0). With a window, paho goes through every
# message it holds, in flight or queued, on each PUBACK (Client._update_inflight): under load,
# hundreds of steps per answer. The broker acknowledges a QoS 1 publish as it reads it.
IN_FLIGHT = 0
TAKEN_A_TURN = 64  # messages taken from the inbox before the event loop's next turn
RETRY_FIRST, RETRY_MOST = 0.2, 5.0  # seconds before connecting again (doubling while refused)
NO_DELAY = ((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),)


class MqttLink:
    """Subscribes to every pad's up topic; publishes answers on the pad's down topic."""

    def __init__(self, hub: Hub, url: str, station: str, *, username: str | None = None,
                 password: str | None = None, logins: BrokerLogins | None = None) -> None:
        parsed = urlparse(url)
        self.name = f"mqtt:{parsed.hostname}:{parsed.port or 1883}"
        self.hub = hub
        self.host = parsed.hostname or "127.0.0.1"
        self.port = parsed.port or 1883
        self.username = username or parsed.username
        self.password = password or parsed.password
        self.station = station
        self.logins = logins  # the pads' broker logins, kept by the station (dynamic security)
        self._outgoing: asyncio.Queue[tuple[str, bytes, bool]] = asyncio.Queue()  # retain?
        self.connected = asyncio.Event()
        self.received = 0
        self.malformed = 0

    def fit(self, body: Body) -> list[Body]:
        try:
            return jsonwire.fit(body)  # a long game_data or feedback as parts
        except ValueError:  # one row alone too long: `send` says so and drops it
            return [body]

    def send(self, message: Message, key: bytes) -> None:
        topic = topics.down(self.station, message.unit)
        payload = jsonwire.encode(message, key)
        if len(payload) > jsonwire.MAX_JSON:
            # The pad would refuse it, and the broker (max_packet_size) drop the station.
            log.warning("not sent to unit %s: a %s of %d bytes", message.unit,
                        message.type.value, len(payload))
            return
        self._outgoing.put_nowait((topic, payload, False))

    async def run(self) -> None:
        """Connects, and reconnects with a fresh client whenever the broker goes away: soon
        after a good connection is lost, then less and less often while the broker refuses or
        is not there (the wait starts again from the shortest once a connection was good)."""
        delay = RETRY_FIRST
        while True:
            try:
                await self._session()
            except aiomqtt.MqttError as exc:
                stopping(exc)
                if self.connected.is_set():
                    delay = RETRY_FIRST
                log.warning("MQTT broker lost (%s); reconnecting in %.1fs", exc, delay)
            self.connected.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MOST)

    async def _session(self) -> None:
        will = aiomqtt.Will(topics.status(self.station), b"offline", qos=1, retain=True)
        inboxes: list[UnitInbox] = []

        def inbox(maxsize: int = 0) -> UnitInbox:
            inboxes.append(UnitInbox(maxsize, dropped=self.hub.dropped_unread))
            return inboxes[-1]
        # MQTT 5: the subscriptions below see whether a pad asked for its message to be kept.
        client = aiomqtt.Client(self.host, self.port, username=self.username,
                                password=self.password, will=will,
                                identifier=f"basestation-{self.station}",
                                protocol=aiomqtt.ProtocolVersion.V5,
                                logger=_quiet_client_log,
                                # Without it, Nagle and delayed acks add ~40 ms per hop.
                                socket_options=((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),),
                                max_inflight_messages=IN_FLIGHT,
                                # Read but not yet handled: a lane per unit, in turn, so a
                                # flooding unit's backlog is not everyone's (inbox.py).
                                queue_type=cast(Any, inbox),
                                max_queued_incoming_messages=QUEUE_LIMIT)
        read_ahead(client._client, NO_DELAY)  # fewer system calls per message read (inbox.py)
        async with client:
            # Listening before saying so: a pad that sees "online" may send at once. The
            # station keeping the broker's logins lets units publish under any station id
            # (rooms, dynsec.unit_acls), so it looks after every station id's pad topics.
            scope = "+" if self.logins is not None else self.station
            pads = SubscribeOptions(qos=1, noLocal=True, retainAsPublished=True)
            await client.subscribe(topics.up(scope), options=pads)
            await client.subscribe(topics.availability(scope), options=pads)
            if self.logins is not None:
                await client.subscribe(RESPONSE, qos=1)
            await client.publish(topics.status(self.station), b"online", qos=1, retain=True)
            self.connected.set()
            writer = asyncio.create_task(self._write(client))
            if self.logins is not None:
                # Through the answers' own queue: a Locked answer goes out before the login
                # that would have carried it is disabled.
                self.logins.connected(lambda command: self._outgoing.put_nowait(
                    (CONTROL, command, False)))
            try:
                async for message in client.messages:
                    await self._take(message)
                    # What is read already is taken from the inbox itself, a few at a time:
                    # the messages iterator makes a task and a wait for each (more than
                    # taking one costs), but it lets the event loop's other work have a turn.
                    for _ in range(min(inboxes[0].qsize(), TAKEN_A_TURN)):
                        await self._take(inboxes[0].get_nowait())
            finally:
                if self.logins is not None:
                    self.logins.disconnected()
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await writer

    async def _take(self, message: aiomqtt.Message) -> None:
        """One message read from the broker: a pad's goes to the hub."""
        if self.logins is not None and message.topic.value == RESPONSE:
            payload = message.payload
            self.logins.answer(payload if isinstance(payload, bytes) else b"")
            return
        topic = message.topic.value
        if message.retain and not self._may_keep(topic, message.payload):
            # Cleared at once: a pad's message is kept only as its availability.
            self._outgoing.put_nowait((topic, b"", True))
        if topics.station_of(topic) != self.station or topic.endswith("/availability"):
            return
        if not self.hub.has_room():
            # Backpressure: a full hub queue stops the reading; the broker holds on.
            await self.hub.room()
        self._receive(topic, message.payload)

    async def _write(self, client: aiomqtt.Client) -> None:
        # Answers go straight to paho's own queue, not one awaiting task each: paho writes them
        # as the socket takes them (IN_FLIGHT), and a PUBACK that never comes is no loss, as
        # the pad retransmits and gets the stored answer again.
        paho = client._client  # aiomqtt's own publish awaits each PUBACK
        while True:
            topic, payload, retain = await self._outgoing.get()
            info = paho.publish(topic, payload, qos=1, retain=retain)
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                log.warning("publish to %s failed (%s)", topic, mqtt.error_string(info.rc))

    def _may_keep(self, topic: str, payload: object) -> bool:
        """Whether the broker may keep a pad's retained message: only its availability under
        this station, `online` or `offline` (SPEC.md 10.1). Anything else a pad asks to keep
        (on its up topic, under another station id, of any other size) would sit in the
        broker's memory and on its disk."""
        return (topics.station_of(topic) == self.station and topic.endswith("/availability")
                and payload in (b"online", b"offline"))

    def _receive(self, topic: str, payload: object) -> None:
        self.received += 1
        topic_unit = topics.unit_of(topic)
        if topic_unit is None:
            return
        if self.hub.turned_away(topic_unit):
            return  # its unit floods and its lane is full: dropped unread, counted by the hub
        data = payload if isinstance(payload, bytes) else str(payload).encode()
        try:
            received = jsonwire.decode(data)
        except ProtocolError as exc:
            self.malformed += 1
            self.hub.refuse(self, exc)
            return
        if received.message.unit != topic_unit:
            # A unit may only speak for itself (the broker's ACL enforces the same).
            # The topic's owner gets no answer: the sender is not who the topic says.
            self.malformed += 1
            return
        self.hub.submit(Inbound(received, self))


def stopping(exc: aiomqtt.MqttError) -> None:
    """Raises CancelledError if the running task is being cancelled. A cancel that lands in
    aiomqtt's disconnect comes out as an MqttError (its disconnect timed out); taken for a lost
    broker, the link would reconnect for ever and never stop."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError from exc
