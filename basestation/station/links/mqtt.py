"""The MQTT link: BridgeScorer pads over a broker, JSON messages on the protocol's topics
(firmware_protocol.topics).

The broker's client is gmqtt: asyncio-native, it reads whatever the socket holds at once and
parses every packet in it, so a busy broker costs a system call per burst, not several per
message. Its PUBACK for a pad's message goes out as the message is read: nothing is lost by
that, as the pad retransmits until the station's own answer (sent after the commit) comes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from typing import Any
from urllib.parse import urlparse

import gmqtt
from gmqtt.mqtt.constants import MQTTv50
from gmqtt.mqtt.handler import MQTTConnectError

from basestation.station.core.hub import QUEUE_LIMIT, Hub, Inbound
from basestation.station.links.dynsec import CONTROL, RESPONSE, BrokerLogins
from basestation.station.links.gmqtt_private import Window, coalesce_writes
from basestation.station.links.inbox import Read, UnitInbox
from firmware_protocol import jsonwire, topics
from firmware_protocol.messages import Body, Message, ProtocolError

log = logging.getLogger(__name__)
TAKEN_A_TURN = 64  # messages taken from the inbox before the event loop's next turn
# Seconds before connecting again, doubling while refused or away; at most 2 s: a pad's badge
# says "connected" only once the station answers, within 5 s of the broker's return.
RETRY_FIRST, RETRY_MOST = 0.2, 2.0
CONNECT_WAIT = 10.0  # seconds for the broker to accept (or refuse) a connection
KEEPALIVE = 60  # seconds
# gmqtt reconnects by itself while its failed attempts are at most `reconnect_retries` (-1:
# for ever). Below any count it never does: the link makes a fresh client itself, as a new
# connection must subscribe and say "online" again.
NEVER = -2
# Publishes the broker has not acknowledged yet, at most, when it does not say (MQTT 5's
# receive maximum; mosquitto says 20 unless configured).
IN_FLIGHT_DEFAULT = 20
INBOX_FULL_SAID = 10.0  # seconds between warnings that the inbox is full (one per drop was a
# line per message under a flood: the logging alone cost more than reading)


class BrokerLost(ConnectionError):
    """The connection to the broker went away."""


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
        # A broker with logins (the station's own, so the pads' too: deploy/) lets a pad
        # publish on its own topics alone; on one without, anyone may claim any unit.
        self.claims_checked = self.username is not None
        # Waiting to be published (topic, payload, retain?): while the window is full or the
        # broker away. Kept across connections, as answers were before.
        self._outgoing: deque[tuple[str, bytes, bool]] = deque()
        self._client: Any = None  # the connected gmqtt client, or None
        self._window: Window | None = None
        self._limit = IN_FLIGHT_DEFAULT
        self.connected = asyncio.Event()
        self.received = 0
        self.sent = 0  # messages to pads handed to the broker's client (or waiting for it)
        self.malformed = 0
        self.dropped_full = 0  # messages dropped unread because the whole inbox was full
        self.unread = 0  # dropped unread in the inbox: a unit's lane, or the strangers', full
        self._full_said: float | None = None  # when that was last said, on the loop's clock
        self._full_unsaid = 0

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
        self.sent += 1
        self._publish(topic, payload, False)

    def _publish(self, topic: str, payload: bytes, retain: bool) -> None:
        self._outgoing.append((topic, payload, retain))
        self._flush()

    def _flush(self) -> None:
        """Publishes what waits, as far as the broker's window allows. A publish in flight
        when the connection goes is not sent again: the pad retransmits and gets the stored
        answer."""
        client, window, waiting = self._client, self._window, self._outgoing
        if client is None or window is None:
            return
        while waiting and window.in_flight < self._limit:
            topic, payload, retain = waiting.popleft()
            client.publish(topic, payload, qos=1, retain=retain)

    async def run(self) -> None:
        """Connects, and reconnects with a fresh client whenever the broker goes away: soon
        after a good connection is lost, then less and less often while the broker refuses or
        is not there (the wait starts again from the shortest once a connection was good)."""
        delay = RETRY_FIRST
        while True:
            try:
                await self._session()
            except (OSError, TimeoutError, MQTTConnectError) as exc:
                if self.connected.is_set():
                    delay = RETRY_FIRST
                log.warning("MQTT broker lost (%s); reconnecting in %.1fs",
                            exc or type(exc).__name__, delay)
            self.connected.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MOST)

    async def _session(self) -> None:
        inbox = UnitInbox(QUEUE_LIMIT, dropped=self._dropped_unread,
                          known=self.hub.units.__contains__, strangers=self._dropped_stranger)
        lost = asyncio.Event()
        window = Window(self._flush)
        client = gmqtt.Client(f"basestation-{self.station}", persistent_storage=window,
                              will_message=gmqtt.Message(topics.status(self.station),
                                                         b"offline", qos=1, retain=True))
        client.set_config({"reconnect_retries": NEVER})
        if self.username:
            client.set_auth_credentials(self.username, self.password)
        subscribed: dict[int, asyncio.Future[None]] = {}

        def on_subscribe(_client: Any, mid: int, *_: Any) -> None:
            if (future := subscribed.pop(mid, None)) is not None and not future.done():
                future.set_result(None)

        def on_disconnect(*_: Any) -> None:
            if self._client is client:  # not a later connection's
                self._client = self._window = None  # nothing more is written to this one
            lost.set()

        def on_connect(_client: Any, _flags: Any, _rc: Any, properties: Any) -> None:
            most = (properties or {}).get("receive_maximum")
            # gmqtt gives out one packet id fewer than the broker's maximum; one is kept for
            # a subscription.
            self._limit = max(1, (most[0] if most else IN_FLIGHT_DEFAULT) - 2)

        client.on_message = lambda _client, topic, payload, _qos, properties: self._read(
            inbox, topic, payload, properties)
        client.on_subscribe = on_subscribe
        client.on_disconnect = on_disconnect
        client.on_connect = on_connect
        taking: asyncio.Task[None] | None = None
        gone = asyncio.create_task(lost.wait())
        try:
            async with asyncio.timeout(CONNECT_WAIT):
                await client.connect(self.host, self.port, keepalive=KEEPALIVE, version=MQTTv50)
                coalesce_writes(client)
                # Listening before saying so: a pad that sees "online" may send at once. The
                # station keeping the broker's logins looks after the pad topics of every
                # station id its units may use (rooms sharing a database, dynsec.unit_acls),
                # and no other: another event on the same broker keeps its own.
                scopes = self.logins.stations if self.logins is not None else (self.station,)
                wanted = [gmqtt.Subscription(topic, qos=1, no_local=True,
                                             retain_as_published=True)
                          for scope in scopes
                          for topic in (topics.up(scope), topics.availability(scope))]
                if self.logins is not None:
                    wanted.append(gmqtt.Subscription(RESPONSE, qos=1))
                future = subscribed[client.subscribe(wanted)] = (
                    asyncio.get_running_loop().create_future())
                await asyncio.wait((future, gone), return_when=asyncio.FIRST_COMPLETED)
            if lost.is_set():
                raise BrokerLost("the broker closed the connection")
            self._client, self._window = client, window
            client.publish(topics.status(self.station), b"online", qos=1, retain=True)
            self.connected.set()
            taking = asyncio.create_task(self._take_all(inbox))
            if self.logins is not None:
                # Through the answers' own queue: a Locked answer goes out before the login
                # that would have carried it is disabled.
                self.logins.connected(lambda command: self._publish(CONTROL, command, False))
            self._flush()
            done, _ = await asyncio.wait((taking, gone), return_when=asyncio.FIRST_COMPLETED)
            if taking in done:
                taking.result()  # raises what stopped it
            raise BrokerLost("the broker closed the connection")
        finally:
            was_lost = lost.is_set()
            on_disconnect()
            if self.logins is not None:
                self.logins.disconnected()
            for task in (taking, gone):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
            if not was_lost:  # stopping, or the session failed while connected
                with contextlib.suppress(Exception):
                    async with asyncio.timeout(1):
                        await client.disconnect()

    def _read(self, inbox: UnitInbox, topic: str, payload: bytes,
              properties: dict[str, Any]) -> int:
        """gmqtt's callback for each message read: into the inbox, to be taken in turn."""
        try:
            inbox.put_nowait(Read(topic, payload, bool(properties.get("retain"))))
        except asyncio.QueueFull:
            self._inbox_full(topic)
        return 0  # PUBACK: received

    def _dropped_unread(self, unit: int) -> None:
        self.unread += 1
        self.hub.dropped_unread(unit, claimed=self.claims_checked)

    def _dropped_stranger(self) -> None:
        self.unread += 1
        self.hub.dropped_stranger()

    def _inbox_full(self, topic: str) -> None:
        """A message dropped unread: counted, and said at most once every INBOX_FULL_SAID s."""
        self.dropped_full += 1
        self._full_unsaid += 1
        now = asyncio.get_running_loop().time()
        if self._full_said is None or now - self._full_said >= INBOX_FULL_SAID:
            log.warning("MQTT inbox full: %d message(s) dropped unread, the last on %s; pads "
                        "retransmit what mattered", self._full_unsaid, topic)
            self._full_said, self._full_unsaid = now, 0

    async def _take_all(self, inbox: UnitInbox) -> None:
        while True:
            await self._take(await inbox.get())
            # What is read already is taken a few at a time before the event loop's other
            # work has its turn.
            for _ in range(min(inbox.qsize(), TAKEN_A_TURN)):
                await self._take(inbox.get_nowait())

    async def _take(self, message: Read) -> None:
        """One message read from the broker: a pad's goes to the hub."""
        topic = message.topic
        if self.logins is not None and topic == RESPONSE:
            self.logins.answer(message.payload)
            return
        if message.retain and not self._may_keep(topic, message.payload):
            # Cleared at once: a pad's message is kept only as its availability.
            self._publish(topic, b"", True)
        if topics.station_of(topic) != self.station or topic.endswith("/availability"):
            return
        if not self.hub.has_room():
            # Backpressure: a full hub queue stops the taking; the inbox holds on.
            await self.hub.room()
        self._receive(topic, message.payload)

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
            self.hub.refusals.frame(self, exc)
            return
        if received.message.unit != topic_unit:
            # A unit may only speak for itself (the broker's ACL enforces the same).
            # The topic's owner gets no answer: the sender is not who the topic says.
            self.malformed += 1
            return
        self.hub.submit(Inbound(received, self))
