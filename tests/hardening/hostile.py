"""Hostile MQTT traffic: what a broken or malicious client might publish on pad topics."""

from __future__ import annotations

import json
import random

from firmware_protocol import jsonwire
from firmware_protocol.messages import (
    Ack,
    Body,
    GameData,
    Hello,
    Login,
    Message,
)
from firmware_protocol.security import unit_key
from tests.helpers import result

SECRET = "change-me"
WRONG_TYPES: tuple[object, ...] = (None, "x", "", [], {}, -1, 0, 2**70, 1.5, True, "A" * 300,
                                   [1, 2], {"a": {"b": []}})


def signed(message: Message, secret: str = SECRET) -> bytes:
    return jsonwire.encode(message, unit_key(secret, message.unit))


def random_bytes(rng: random.Random, count: int) -> list[tuple[str, bytes]]:
    return [(str(rng.randrange(1, 70000)), rng.randbytes(rng.randrange(0, 3000)))
            for _ in range(count)]


def huge_and_deep() -> list[tuple[str, bytes]]:
    valid = json.loads(signed(Message(9, 1, Hello(firmware="x", battery=1))))
    padded = dict(valid, padding="p" * 2_000_000)
    return [("9", b"a" * 3_000_000), ("9", json.dumps(padded).encode()),
            ("9", b"[" * 60_000 + b"]" * 60_000), ("9", b"[" * 30_000),
            ("9", b'{"a":' * 10_000 + b"1" + b"}" * 10_000),
            ("9", json.dumps(dict(valid, body={"deep": json.loads("[" * 500 + "]" * 500)}))
             .encode())]


def wrong_types(unit: int) -> list[tuple[str, bytes]]:
    """Each field of real messages given values of the wrong type, signed with the right key
    (so the station reads them through to the body) and unsigned."""
    out: list[tuple[str, bytes]] = []
    key = unit_key(SECRET, unit)
    bodies: tuple[Body, ...] = (Login(section="A", table=2), result(2), Hello("x", 5))
    for seq, body in enumerate(bodies, start=5000):
        obj = json.loads(signed(Message(unit, seq, body)))
        obj.pop("mac")
        for name in [*obj, *(f"body.{field}" for field in obj["body"])]:
            for value in WRONG_TYPES:
                changed = json.loads(json.dumps(obj))
                target = changed["body"] if name.startswith("body.") else changed
                target[name.removeprefix("body.")] = value
                out.append((str(unit), jsonwire.sign_object(changed, key)))
                out.append((str(unit), json.dumps(dict(changed, mac="00000000")).encode()))
    return out


def forged(victim: int) -> list[tuple[str, bytes]]:
    """Valid-looking messages with bad tags: another station's key, a flipped bit, the
    victim's own next seqs, and station-to-pad types sent upstream."""
    out = []
    for seq in range(2, 40):
        out.append((str(victim), signed(Message(victim, seq, result(1, 1, 2)), "other")))
        good = bytearray(signed(Message(victim, seq, Login(section="A", table=3))))
        where = good.rindex(b'"mac":"') + 8
        good[where] = ord("0") if good[where] != ord("0") else ord("1")
        out.append((str(victim), bytes(good)))
    out.append((str(victim), signed(Message(victim, 41, Ack(re=1)), "other")))
    game = GameData(section="A", table=1, round=1, rounds=(), results=())
    out.append(("77", signed(Message(77, 1, game))))  # the right key, the wrong direction
    return out


def mismatched_topics(victim: int) -> list[tuple[str, bytes]]:
    """A unit speaking on another's topic, and topics that are not unit numbers."""
    mine = signed(Message(66, 1, Login(section="A", table=1, takeover=True)))
    theirs = signed(Message(victim, 99, result(1, 1, 2)))
    return [(str(victim), mine), ("66", theirs), ("abc", mine), ("", mine), ("-1", mine),
            ("9" * 40, mine), ("0066", mine), ("66.0", mine), (" 66", mine)]


def hostile(rng: random.Random, victim: int) -> list[tuple[str, bytes]]:
    return [*random_bytes(rng, 300), *huge_and_deep(), *wrong_types(55), *forged(victim),
            *mismatched_topics(victim)]
