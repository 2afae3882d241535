"""The binary frame decoder and the JSON decoder under random and mutated input: they never
raise, never hold more than a frame, resynchronise at the next delimiter, and nothing they
let through verifies unless it is what the pad sent."""

from __future__ import annotations

import contextlib

from hypothesis import given
from hypothesis import strategies as st

from firmware_protocol import binary, jsonwire
from firmware_protocol.binary import DELIMITER, MAX_FRAME, DecodeError, FrameDecoder
from firmware_protocol.messages import Login, Message, ProtocolError, Received
from firmware_protocol.security import unit_key, verify
from tests.firmware_protocol.strategies import messages
from tests.hardening.fuzzing import fuzz_settings

KEY = unit_key("change-me", 7)
SENTINEL = Message(unit=7, seq=99, body=Login(section="A", table=1))


def feed_in_chunks(decoder: FrameDecoder, data: bytes,
                   cuts: list[int]) -> list[Received | DecodeError]:
    out: list[Received | DecodeError] = []
    start = 0
    for cut in [*sorted({c % (len(data) + 1) for c in cuts}), len(data)]:
        out += decoder.feed(data[start:cut])
        assert decoder.pending <= MAX_FRAME
        start = max(start, cut)
    return out


@st.composite
def mutated(draw: st.DrawFn, frame: bytes) -> bytes:
    """The frame with bytes flipped, inserted, deleted, truncated or repeated."""
    data = bytearray(frame)
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "repeat"]))
        where = draw(st.integers(0, max(len(data) - 1, 0)))
        if how == "flip" and data:
            data[where] ^= draw(st.integers(1, 255))
        elif how == "insert":
            data[where:where] = draw(st.binary(min_size=1, max_size=8))
        elif how == "delete" and data:
            del data[where]
        elif how == "truncate":
            del data[where:]
        else:
            data += data[where:]
    return bytes(data)


@fuzz_settings()
@given(st.binary(max_size=2048), st.lists(st.integers(0, 4096), max_size=12))
def test_fuzz_random_streams_then_a_good_frame(garbage: bytes, cuts: list[int]) -> None:
    decoder = FrameDecoder()
    good = binary.encode_frame(SENTINEL, KEY)
    out = feed_in_chunks(decoder, garbage + bytes([DELIMITER]) + good, cuts)
    assert all(isinstance(item, Received | DecodeError) for item in out)
    assert isinstance(out[-1], Received) and out[-1].message == SENTINEL
    assert verify(out[-1], KEY)


@fuzz_settings()
@given(messages, st.data(), st.lists(st.integers(0, 512), max_size=6))
def test_fuzz_mutated_frames_never_verify_as_something_else(
        message: Message, data: st.DataObject, cuts: list[int]) -> None:
    key = unit_key("change-me", message.unit)
    frame = binary.encode_frame(message, key)
    broken = data.draw(mutated(frame))
    decoder = FrameDecoder()
    out = feed_in_chunks(decoder, broken + bytes([DELIMITER]) + binary.encode_frame(
        SENTINEL, KEY), cuts)
    *before, last = out
    for item in before:
        if isinstance(item, Received) and verify(item, key):
            assert item.message == message  # a frame that verifies is the one sent
    assert isinstance(last, Received) and last.message == SENTINEL


@fuzz_settings()
@given(st.binary(max_size=MAX_FRAME * 2))
def test_fuzz_decode_packet_returns_a_value(packet: bytes) -> None:
    assert isinstance(binary.decode_packet(packet), Received | DecodeError)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=20)


@fuzz_settings(0.5)
@given(st.binary(max_size=2048) | st.text(max_size=512).map(str.encode))
def test_fuzz_json_random_bytes_raise_only_protocol_errors(payload: bytes) -> None:
    with contextlib.suppress(ProtocolError):
        jsonwire.decode(payload)


@fuzz_settings()
@given(messages, st.data())
def test_fuzz_json_wrong_types_raise_only_protocol_errors(message: Message,
                                                          data: st.DataObject) -> None:
    """A real message with one field, top-level or in the body, given any JSON value, and
    signed with the right key (so the station reads it through)."""
    import json

    key = unit_key("change-me", message.unit)
    obj = json.loads(jsonwire.encode(message, key))
    obj.pop("mac")
    target = obj if data.draw(st.booleans()) or not obj["body"] else obj["body"]
    name = data.draw(st.sampled_from(sorted(target)))
    target[name] = data.draw(json_values)
    try:
        payload = jsonwire.sign_object(obj, key)
    except ValueError:
        return  # NaN or infinity has no canonical form: a pad could not sign it either
    try:
        received = jsonwire.decode(payload)
    except ProtocolError:
        return
    assert verify(received, key)
