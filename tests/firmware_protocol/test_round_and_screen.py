"""The seating's round clock and moves (SPEC.md 14.6, 14.7) and the envelope's screen (SPEC.md
15): JSON only, checked like every field, absent unless said."""

from __future__ import annotations

import json

import pytest

from firmware_protocol import jsonwire
from firmware_protocol.binary import decode_frame, encode_frame
from firmware_protocol.enums import AskPlayers, ErrorCode
from firmware_protocol.errors import ProtocolError
from firmware_protocol.messages import (
    Hello,
    Message,
    Move,
    NextRound,
    Received,
    RoundClock,
    Seating,
)
from firmware_protocol.security import unit_key

KEY = unit_key("tuesday-club-secret", 17)
FULL = Seating("A", 3, 2, AskPlayers.FIRST, 3, 10, clock=RoundClock(2, 312, 900),
               next_round=NextRound(3, Move(3, "NS"), Move(4, "EW"), (2,)))


def reread(mutate: object) -> None:
    data = json.loads(jsonwire.encode(Message(17, 5, FULL), KEY))
    mutate(data["body"])  # type: ignore[operator]
    jsonwire.decode(jsonwire.sign_object(data, KEY))


@pytest.mark.parametrize("mutate", [
    lambda b: b["clock"].update(ends_in=1.5),
    lambda b: b["clock"].update(length=-1),
    lambda b: b["clock"].pop("round"),
    lambda b: b["next"]["ns"].update(side="N"),
    lambda b: b["next"]["ew"].update(table=0),
    lambda b: b["next"].update(boards=[256]),
    lambda b: b["next"].update(boards="2"),
    lambda b: b.update(clock=[2, 312, 900]),
], ids=["fraction", "negative length", "no round", "side", "table 0", "table 256",
        "boards text", "clock list"])
def test_a_bad_clock_or_move_is_malformed(mutate: object) -> None:
    with pytest.raises(ProtocolError) as caught:
        reread(mutate)
    assert caught.value.code == ErrorCode.MALFORMED


def test_an_older_seating_reads_with_neither() -> None:
    data = json.loads(jsonwire.encode(Message(17, 5, FULL), KEY))
    del data["body"]["clock"], data["body"]["next"]
    body = jsonwire.decode(jsonwire.sign_object(data, KEY)).message.body
    assert isinstance(body, Seating) and body.clock is None and body.next_round is None


def test_the_binary_frame_is_the_same_with_or_without_them() -> None:
    plain = Seating("A", 3, 2, AskPlayers.FIRST, 3, 10)
    assert encode_frame(Message(17, 5, FULL), KEY) == encode_frame(Message(17, 5, plain), KEY)
    received = decode_frame(encode_frame(Message(17, 5, FULL, screen="abc"), KEY))
    assert isinstance(received, Received) and received.message == Message(17, 5, plain)


@pytest.mark.parametrize("screen", ["", "ABC", "a" * 17, "a-b", 7])
def test_a_bad_screen_is_malformed(screen: object) -> None:
    data = json.loads(jsonwire.encode(Message(17, 5, Hello("webpad 1", None, 2)), KEY))
    data["screen"] = screen
    with pytest.raises(ProtocolError) as caught:
        jsonwire.decode(jsonwire.sign_object(data, KEY))
    assert caught.value.code == ErrorCode.MALFORMED


def test_the_screen_is_covered_by_the_tag() -> None:
    sent = jsonwire.encode(Message(17, 5, Hello("webpad 1", None, 2), 2, 0, "k3x9q2"), KEY)
    forged = sent.replace(b'"k3x9q2"', b'"zzzzzz"')
    assert jsonwire.verify(jsonwire.decode(sent), KEY)
    assert not jsonwire.verify(jsonwire.decode(forged), KEY)
