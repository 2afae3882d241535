"""A hostile pad: one unit flooding the station as fast as a client on this machine can send,
and another pad timing the acks to its own messages meanwhile.

Both run in child processes of their own, so the station under test keeps its core and the
times are the pads' own. The flood's messages are made before it starts (making them is
slower than sending them) and published from paho's own loop, QoS 1 as a pad publishes, with a
wide window: the fastest a Python client here sends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiomqtt
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from firmware_protocol import jsonwire, topics
from firmware_protocol.messages import Ack, Body, Heartbeat, Login, Message, Nak, Result
from firmware_protocol.security import mqtt_password, unit_key, unit_username
from simulator.mqtt import NO_DELAY

KINDS = ("logins", "heartbeats", "results", "bad MACs", "merge offers", "let-go results")
STRAINS = ("C", "D", "H", "S", "NT")
MADE = 60_000  # messages made ahead: more than this client sends in the time asked
WINDOW = 1000  # QoS 1 publishes awaiting the broker's ack at once
QUEUED = 2000  # publishes paho holds before the flood waits for it to catch up
# seconds between a watching pad's messages: within a pad's pace (station/core/queue.py)
EVERY = 0.1
ANSWER_WAIT = 5.0  # a pad's first retransmission on MQTT (SPEC.md 6.6)


@dataclass(frozen=True)
class Flood:
    """One unit sending one kind of message as fast as it can for `seconds`."""

    port: int
    station: str
    secret: str
    unit: int
    kind: str  # one of KINDS
    seconds: float
    first_seq: int  # above anything the unit sent before
    login: Login  # its table (logins); results and merge offers are for that table
    entry: Result  # what it enters (results, merge offers; let-go results: varied)
    qos: int = 1


@dataclass(frozen=True)
class Flooded:
    sent: int
    started: float  # wall clock
    ended: float
    last_sent: float  # the last message sent (a broker may have cut the flood off before)

    @property
    def per_second(self) -> float:
        """While it was sending."""
        return self.sent / max(self.last_sent - self.started, 1e-9)


def body_of(flood: Flood, seq: int) -> Body:
    if flood.kind == "logins":
        return flood.login
    if flood.kind in ("results", "merge offers", "let-go results"):
        return flood.entry
    return Heartbeat(battery=seq % 100)


def payloads(flood: Flood, count: int = MADE) -> list[bytes]:
    key = unit_key(flood.secret, flood.unit)
    if flood.kind == "bad MACs":
        key = bytes(16)  # nobody's key: every tag fails the check
    first = json.loads(jsonwire.encode(Message(flood.unit, 1, body_of(flood, 1)), key))
    made = []
    for seq in range(flood.first_seq, flood.first_seq + count):
        # Only the seq (and a heartbeat's battery) changes: quicker than encoding each whole.
        first["seq"] = seq
        if flood.kind in ("heartbeats", "bad MACs"):
            first["body"]["battery"] = seq % 100
        if flood.kind == "let-go results":  # a different result each time (490 in all)
            first["body"]["tricks"] = seq % 14
            first["body"]["contract"] = f"{1 + seq // 14 % 7}{STRAINS[seq // 98 % 5]}"
        made.append(jsonwire.sign_object(first, key))
    return made


def flood(plan: Flood) -> Flooded:
    """Publishes the flood under the unit's own broker login (a broker keeping logins may
    cut it off: then it sends no more); returns once it has stopped."""
    made = payloads(plan)
    username = unit_username(plan.unit)  # its client id too, as the shipped broker wants
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=username)
    client.username_pw_set(username, mqtt_password(unit_key(plan.secret, plan.unit)))
    client.max_inflight_messages_set(WINDOW)
    client.max_queued_messages_set(QUEUED)
    client.connect("127.0.0.1", plan.port)
    client.loop_start()
    try:
        topic = topics.up(plan.station, plan.unit)
        sent = 0
        started = last_sent = time.time()
        deadline = time.perf_counter() + plan.seconds
        while time.perf_counter() < deadline and sent < len(made):
            if not client.is_connected():  # not yet, or cut off
                time.sleep(0.005)
                continue
            for payload in made[sent:sent + 100]:
                if client.publish(topic, payload, qos=plan.qos).rc != mqtt.MQTT_ERR_SUCCESS:
                    break
                sent += 1
            last_sent = time.time()
            while len(client._out_messages) >= QUEUED and time.perf_counter() < deadline:
                time.sleep(0.0005)  # paho's own backlog: let it send
        ended = time.time()
        while client.is_connected() and client._out_messages and time.time() - ended < 10:
            time.sleep(0.01)
    finally:
        client.loop_stop()
        client.disconnect()
    return Flooded(sent, started, ended, last_sent)


@dataclass(frozen=True)
class Strangers:
    """A stranger on a broker without logins publishing frames whose tags fail the check
    (nobody's key), each claiming the next of `units` unit ids (from `first`) on that unit's
    up topic, as fast as it can for `seconds`; then on, until it has sent `at_least` frames
    (a busy machine's pace), for at most ten times `seconds`."""

    port: int
    station: str
    units: int
    seconds: float
    at_least: int = 0
    first: int = 1


def strangers(plan: Strangers) -> Flooded:
    made = []
    for unit in range(plan.first, plan.first + plan.units):
        frame = jsonwire.encode(Message(unit, 1, Heartbeat(battery=50)), bytes(16))
        made.append((topics.up(plan.station, unit), frame))
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="stranger")
    client.max_inflight_messages_set(WINDOW)
    client.max_queued_messages_set(QUEUED)
    client.connect("127.0.0.1", plan.port)
    client.loop_start()
    try:
        sent = 0
        started = time.time()
        begun = time.perf_counter()
        deadline = begun + plan.seconds * (10 if plan.at_least else 1)

        def going() -> bool:
            now = time.perf_counter()
            return now < deadline and (now < begun + plan.seconds or sent < plan.at_least)

        while going():
            for topic, payload in made[sent % len(made):][:100]:
                if client.publish(topic, payload, qos=1).rc != mqtt.MQTT_ERR_SUCCESS:
                    break
                sent += 1
            while len(client._out_messages) >= QUEUED and going():
                time.sleep(0.0005)
        ended = time.time()
    finally:
        client.loop_stop()
        client.disconnect()
    return Flooded(sent, started, ended, ended)


def _strangers_child(plan: Strangers, out: Any) -> None:
    out.put(strangers(plan))


async def strangers_in_child(plan: Strangers) -> Flooded:
    """The stranger's flood in a child process, waited for without blocking the loop."""
    return await _flood_of_child(_strangers_child, plan, "the stranger")


@dataclass(frozen=True)
class Watch:
    """Pads timing the acks to their heartbeats, each one in flight every `EVERY` seconds (a
    pad's pace is far slower; this many, for enough acks to time), each on its own login."""

    port: int
    station: str
    secret: str
    units: tuple[int, ...]
    seconds: float
    first_seq: int = 1


@dataclass
class Watched:
    sent_at: list[float] = field(default_factory=list)  # wall clock, first transmission
    waited: list[float] = field(default_factory=list)  # seconds until its ack
    unanswered: int = 0

    def during(self, start: float, end: float) -> list[float]:
        """The waits of the messages first sent between `start` and `end`."""
        return [w for t, w in zip(self.sent_at, self.waited, strict=True) if start <= t <= end]

    def answered(self, start: float, end: float) -> list[float]:
        """When the acks that came between `start` and `end` came (wall clock)."""
        return [t + w for t, w in zip(self.sent_at, self.waited, strict=True)
                if start <= t + w <= end]


async def watch(plan: Watch, ready: Any = None, stop: Any = None) -> Watched:
    found = Watched()
    deadline = time.perf_counter() + plan.seconds
    connected = asyncio.Barrier(len(plan.units) + 1)

    async def pad(unit: int, phase: float) -> None:
        """One pad on its own connection and login: a heartbeat, its ack, a pause, again."""
        key = unit_key(plan.secret, unit)
        up = topics.up(plan.station, unit)
        answers: dict[int, asyncio.Future[float]] = {}
        async with aiomqtt.Client("127.0.0.1", plan.port, identifier=unit_username(unit),
                                  username=unit_username(unit), password=mqtt_password(key),
                                  socket_options=NO_DELAY) as client:
            await client.subscribe(topics.down(plan.station, unit), qos=1)

            async def read() -> None:
                async for incoming in client.messages:
                    assert isinstance(incoming.payload, bytes)
                    with contextlib.suppress(Exception):
                        body = jsonwire.decode(incoming.payload).message.body
                        if isinstance(body, Ack | Nak):
                            answer = answers.pop(body.re, None)
                            if answer is not None and not answer.done():
                                answer.set_result(time.perf_counter())

            reader = asyncio.create_task(read())
            await connected.wait()
            await asyncio.sleep(phase)  # pads are not in step with each other
            seq = plan.first_seq
            while time.perf_counter() < deadline and not (stop is not None and stop.is_set()):
                payload = jsonwire.encode(Message(unit, seq, Heartbeat(battery=80)), key)
                answer = answers[seq] = asyncio.get_running_loop().create_future()
                sent_at, started = time.time(), time.perf_counter()
                for _ in range(3):  # retransmitted as a pad does, the same bytes
                    await client.publish(up, payload, qos=1)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(asyncio.shield(answer), ANSWER_WAIT)
                        break
                if answer.done():
                    found.sent_at.append(sent_at)
                    found.waited.append(answer.result() - started)
                else:
                    found.unanswered += 1
                    answers.pop(seq, None)
                seq += 1
                await asyncio.sleep(EVERY)
            reader.cancel()

    pads = [asyncio.create_task(pad(unit, EVERY * index / len(plan.units)))
            for index, unit in enumerate(plan.units)]
    await connected.wait()
    if ready is not None:
        await asyncio.to_thread(ready.set)
    await asyncio.gather(*pads)
    return found


async def log_in(port: int, station: str, secret: str, unit: int, login: Body, *,
                 seq: int = 1) -> Body:
    """A pad logging in at its table (or sending any one message); the station's answer."""
    key = unit_key(secret, unit)
    async with aiomqtt.Client("127.0.0.1", port, identifier=unit_username(unit),
                              username=unit_username(unit), password=mqtt_password(key),
                              socket_options=NO_DELAY) as client:
        await client.subscribe(topics.down(station, unit), qos=1)
        await client.publish(topics.up(station, unit),
                             jsonwire.encode(Message(unit, seq, login), key), qos=1)
        async with asyncio.timeout(10):
            async for incoming in client.messages:
                assert isinstance(incoming.payload, bytes)
                body = jsonwire.decode(incoming.payload).message.body
                if isinstance(body, Ack | Nak) and body.re == seq:
                    return body
    raise RuntimeError("no answer")


def _flood_child(plan: Flood, out: Any) -> None:
    out.put(flood(plan))


def _watch_child(plan: Watch, out: Any, ready: Any, stop: Any) -> None:
    out.put(asyncio.run(watch(plan, ready, stop)))


class Watcher:
    """The watching pads in a child process: started, then stopped with their figures."""

    def __init__(self, plan: Watch) -> None:
        context = multiprocessing.get_context("spawn")
        self._out = context.Queue()
        self._ready = context.Event()
        self._stop = context.Event()
        self._child = context.Process(target=_watch_child,
                                      args=(plan, self._out, self._ready, self._stop),
                                      daemon=True)

    async def start(self) -> None:
        self._child.start()
        async with asyncio.timeout(30):
            while not self._ready.is_set():
                await asyncio.sleep(0.02)

    async def figures(self) -> Watched:
        """Stops the pads (each after its message in flight) and returns their figures."""
        self._stop.set()
        report: Watched = await _result(self._out, self._child, "the watching pads")
        return report

    def stop(self) -> None:
        if self._child.is_alive():
            self._child.kill()


async def flood_in_child(plan: Flood) -> Flooded:
    """Runs the flood in a child process, waiting for it without blocking the loop."""
    return await _flood_of_child(_flood_child, plan, "the flooding pad")


async def _flood_of_child(target: Callable[[Any, Any], None], plan: Any, who: str) -> Flooded:
    """`target(plan, out)` in a spawned child; its report, once it puts it on `out`."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    child = context.Process(target=target, args=(plan, out), daemon=True)
    child.start()
    try:
        report: Flooded = await _result(out, child, who)
        return report
    finally:
        if child.is_alive():
            child.kill()


async def _result(out: Any, child: Any, who: str) -> Any:
    while True:
        with contextlib.suppress(Exception):  # queue.Empty: not yet
            found = out.get_nowait()
            child.join(5)
            return found
        if not child.is_alive() and out.empty():
            raise RuntimeError(f"{who} died (exit code {child.exitcode})")
        await asyncio.sleep(0.05)
