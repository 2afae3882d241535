"""The JSON form: round trips, the exact shape docs/ARCHITECTURE.md fixes, and hostile input."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_protocol.enums import ErrorCode, FeedbackKind, Seat
from firmware_protocol.errors import ProtocolError
from firmware_protocol.jsonwire import (
    MAX_JSON,
    answers_from_json,
    answers_json,
    body_to_json,
    canonical_bytes,
    decode,
    encode,
    fit,
    sign_object,
)
from firmware_protocol.messages import (
    MAX_EVENT,
    MAX_SEQ,
    MAX_UNIT,
    Ack,
    Feedback,
    Message,
    Result,
)
from firmware_protocol.security import compute_mac, unit_key, verify

from .strategies import messages

KEY = unit_key("change-me", 17)
RESULT = Message(17, 42, Result("A", 3, 2, 5, 3, 10, "4S", Seat.S, 10, "HK"))


def as_object(message: Message) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(encode(message, KEY))
    return obj


@settings(max_examples=400)
@given(messages)
def test_round_trip(message: Message) -> None:
    received = decode(encode(message, KEY))
    assert received.message == message
    assert verify(received, KEY)


def signed_envelope(message: Message) -> bytes:
    """The message as the envelope object signed whole: what `encode` must give byte for
    byte (it puts the bytes together around the body's text instead)."""
    envelope: dict[str, Any] = {"v": message.v, "type": message.type.value,
                                "unit": message.unit, "seq": message.seq,
                                "body": body_to_json(message.body)}
    if message.v >= 2:
        envelope["event"] = message.event
    if message.screen is not None:
        envelope["screen"] = message.screen
    return sign_object(envelope, KEY)


@settings(max_examples=400)
@given(messages, st.none() | st.from_regex(r"[a-z0-9]{1,16}", fullmatch=True))
def test_encode_gives_the_signed_envelope_byte_for_byte(message: Message,
                                                        screen: str | None) -> None:
    message = dataclasses.replace(message, screen=screen)
    assert encode(message, KEY) == signed_envelope(message)
    assert encode(message, KEY) == signed_envelope(message)  # the body's text remembered


@settings(max_examples=100)
@given(st.lists(messages, max_size=3))
def test_stored_answers_read_back_as_sent(sent: list[Message]) -> None:
    bodies = [message.body for message in sent]
    stored = answers_json(bodies)
    assert answers_from_json(stored) == bodies
    assert json.loads(stored) == [{"type": body.TYPE.value, "body": body_to_json(body)}
                                  for body in bodies]
    # Answers stored before (spaced, by json.dumps) still read.
    assert answers_from_json(json.dumps(json.loads(stored), sort_keys=True)) == bodies


def test_shape_fixed_by_design() -> None:
    obj = as_object(RESULT)
    assert set(obj) == {"v", "type", "unit", "seq", "body", "mac"}
    assert (obj["v"], obj["type"], obj["unit"], obj["seq"]) == (1, "result", 17, 42)
    assert obj["body"] == {"section": "A", "table": 3, "round": 2, "board": 5, "ns": 3, "ew": 10,
                           "contract": "4S", "declarer": "S", "tricks": 10, "lead": "HK"}
    without_mac = {name: value for name, value in obj.items() if name != "mac"}
    signed = json.dumps(without_mac, sort_keys=True, separators=(",", ":")).encode("ascii")
    assert obj["mac"] == compute_mac(KEY, signed).hex()
    assert len(obj["mac"]) == 8


def test_canonical_bytes() -> None:
    assert canonical_bytes({"b": 1, "a": ["é", None, True]}) == b'{"a":["\\u00e9",null,true],"b":1}'


def test_unknown_fields_are_ignored_and_still_verify() -> None:
    obj = as_object(RESULT)
    obj["body"]["remark"] = "newer pad"
    obj["hops"] = 2
    received = decode(sign_object(obj, KEY))
    assert received.message == RESULT
    assert verify(received, KEY)
    assert b"newer pad" in received.signed


def test_key_order_and_spacing_do_not_matter() -> None:
    obj = as_object(RESULT)
    spaced = json.dumps(dict(reversed(obj.items())), indent=1)
    received = decode(spaced)
    assert received.message == RESULT
    assert verify(received, KEY)


def test_ten_read_as_t_gives_canonical_lead_but_the_signed_bytes_as_sent() -> None:
    obj = as_object(RESULT)
    obj["body"]["lead"] = "DT"
    received = decode(sign_object(obj, KEY))
    assert isinstance(received.message.body, Result)
    assert received.message.body.lead == "D10"
    assert verify(received, KEY)


def test_optional_fields_may_be_absent() -> None:
    body = {"section": "A", "table": 3, "round": 2, "board": 8, "ns": 3, "ew": 10,
            "contract": "PASS"}
    obj = {"v": 1, "type": "result", "unit": 17, "seq": 5, "body": body}
    received = decode(sign_object(obj, KEY))
    assert received.message.body == Result("A", 3, 2, 8, 3, 10, "PASS", None, None, None)
    login = decode(sign_object({"v": 1, "type": "login", "unit": 17, "seq": 6,
                                "body": {"section": "B", "table": 1}}, KEY))
    assert login.message.body.TYPE == "login"


def test_wrong_key_or_changed_field_does_not_verify() -> None:
    assert not verify(decode(encode(RESULT, KEY)), unit_key("change-me", 18))
    obj = as_object(RESULT)
    obj["body"]["tricks"] = 11
    assert not verify(decode(json.dumps(obj)), KEY)
    obj = as_object(RESULT)
    obj["seq"] = 43
    assert not verify(decode(json.dumps(obj)), KEY)


def tampered(change: dict[str, Any], body: dict[str, Any] | None = None) -> bytes:
    obj = as_object(RESULT)
    obj.update(change)
    if body:
        obj["body"].update(body)
    return json.dumps(obj).encode()


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (tampered({}, {"contract": "8NT"}), ErrorCode.INVALID_CONTRACT),
        (tampered({}, {"declarer": "X"}), ErrorCode.INVALID_CONTRACT),
        (tampered({}, {"tricks": 14}), ErrorCode.INVALID_TRICKS),
        (tampered({}, {"lead": "H1"}), ErrorCode.INVALID_LEAD),
        (tampered({}, {"section": "AA"}), ErrorCode.MALFORMED),
        (tampered({}, {"board": "5"}), ErrorCode.MALFORMED),
        (tampered({"v": 3}), ErrorCode.UNSUPPORTED_VERSION),
        (tampered({"v": 2}), ErrorCode.MALFORMED),  # version 2 without its event
        (tampered({"v": 2, "event": -1}), ErrorCode.MALFORMED),
        (tampered({"v": 2, "event": 2**32}), ErrorCode.MALFORMED),
        (tampered({"type": "shout"}), ErrorCode.MALFORMED),
        (tampered({"mac": "xyz"}), ErrorCode.MALFORMED),
        (tampered({"mac": "12 3456 "}), ErrorCode.MALFORMED),
        (tampered({"body": []}), ErrorCode.MALFORMED),
    ],
)
def test_invalid_values_carry_code_and_sender(data: bytes, code: ErrorCode) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(data)
    assert caught.value.code is code
    assert (caught.value.unit, caught.value.seq) == (17, 42)


@pytest.mark.parametrize(
    "data",
    [b"", b"{", b"[]", b"null", b'{"v":1}', b"\xff\xfe\x00", b'{"unit":17,"unit":18}',
     b'{"v":1,"unit":1,"seq":NaN}', b"[" * 100000, b"[" * 60000, b"1" * 70000,
     b'{"v":1,"type":"heartbeat","unit":1,"seq":1,"body":{"x":1e400},"mac":"00000000"}',
     json.dumps({"v": 1, "type": "ack", "unit": 0, "seq": 1, "body": {}}).encode()],
)
def test_garbage_raises_protocol_error(data: bytes) -> None:
    with pytest.raises(ProtocolError):
        decode(data)


def test_missing_mac_or_body_field() -> None:
    obj = as_object(RESULT)
    del obj["mac"]
    with pytest.raises(ProtocolError):
        decode(json.dumps(obj))
    obj = as_object(RESULT)
    del obj["body"]["board"]
    with pytest.raises(ProtocolError):
        decode(json.dumps(obj))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=20,
)


@settings(max_examples=500)
@given(st.data())
def test_fuzz_random_json_raises_only_protocol_error(data: st.DataObject) -> None:
    # Start from a real message and replace a random part with random JSON.
    message = data.draw(messages)
    obj = json.loads(encode(message, KEY))
    target = obj if data.draw(st.booleans()) else obj["body"]
    field = data.draw(st.sampled_from(sorted(target)) | st.text(max_size=3))
    target[field] = data.draw(json_values)
    with contextlib.suppress(ProtocolError):
        decode(json.dumps(obj))


@settings(max_examples=300)
@given(st.binary(max_size=200) | st.text(max_size=200) | json_values.map(json.dumps))
def test_fuzz_random_input_raises_only_protocol_error(data: bytes | str) -> None:
    with contextlib.suppress(ProtocolError):
        decode(data)


def test_ack_with_unknown_flag_from_newer_station() -> None:
    obj = {"v": 1, "type": "ack", "unit": 17, "seq": 3,
           "body": {"re": 2, "score_ns": None, "flags": ["SOMETHING_NEW", "DUPLICATE"]}}
    body = decode(sign_object(obj, KEY)).message.body
    assert isinstance(body, Ack)
    assert body.flags == ("DUPLICATE",)


def test_refused_message_still_gives_what_the_tag_needs() -> None:
    obj = as_object(RESULT)
    obj["body"]["tricks"] = 14
    with pytest.raises(ProtocolError) as caught:
        decode(sign_object(obj, KEY))
    error = caught.value
    assert error.code is ErrorCode.INVALID_TRICKS
    assert error.mac is not None and error.signed is not None
    assert compute_mac(KEY, error.signed) == error.mac


def test_an_adjusted_score_travels_in_json_only() -> None:
    """SPEC.md 4: a station's not_played entry may say what the director awarded."""
    from firmware_protocol import binary
    from firmware_protocol.messages import CorrectionPush, NotPlayed

    entry = NotPlayed("A", 3, 2, 5, 3, 10, adjusted="60/40")
    push = Message(17, 9, CorrectionPush("A", 3, 2, 5, entry))
    obj = as_object(push)
    assert obj["body"]["result"] == {"type": "not_played", "section": "A", "table": 3,
                                     "round": 2, "board": 5, "ns": 3, "ew": 10,
                                     "adjusted": "60/40"}
    assert decode(encode(push, KEY)).message == push
    # Without one the entry is as it always was: no key at all.
    plain = as_object(Message(17, 9, CorrectionPush("A", 3, 2, 5, NotPlayed("A", 3, 2, 5, 3, 10))))
    assert "adjusted" not in plain["body"]["result"]
    # Bridgepads: the binary layout is fixed, so they see not played.
    frame = binary.encode_frame(push, KEY)
    item = next(iter(binary.FrameDecoder().feed(frame)))
    assert not isinstance(item, binary.DecodeError)
    assert item.message.body == CorrectionPush("A", 3, 2, 5, NotPlayed("A", 3, 2, 5, 3, 10))
    for bad in (5, "x" * 25):
        body = {"section": "A", "table": 3, "round": 2, "board": 5, "ns": 3, "ew": 10,
                "adjusted": bad}
        with pytest.raises(ProtocolError) as refused:
            decode(sign_object({"v": 1, "type": "not_played", "unit": 17, "seq": 5,
                                "body": body}, KEY))
        assert refused.value.code == ErrorCode.MALFORMED


def test_a_long_feedback_goes_as_parts_that_each_fit() -> None:
    """A ranking of a big field with long non-ASCII names (six bytes a character once
    escaped) is longer than 65,536 bytes: over MQTT it goes as parts, each a whole payload
    a pad accepts, and the rows come back in order."""
    name = "Ærøskøbing " * 10  # 110 characters, every other one escaped
    rows = tuple((rank, rank, "NS", 100 - rank, 5000, name) for rank in range(1, 256))
    whole = Feedback(0, FeedbackKind.RANKING, rows)
    assert len(encode(Message(17, 5, whole), bytes(16))) > MAX_JSON
    parts = fit(whole)
    assert len(parts) > 1
    assert all(isinstance(p, Feedback) and (p.part, p.parts) == (n, len(parts))
               for n, p in enumerate(parts, 1))
    assert [row for p in parts if isinstance(p, Feedback) for row in p.rows] == list(rows)
    for part in parts:
        payload = encode(Message(MAX_UNIT, MAX_SEQ, part, 2, MAX_EVENT, "z" * 16), bytes(16))
        assert len(payload) <= MAX_JSON
        decode(payload)  # a pad reads it
    small = Feedback(3, FeedbackKind.TRAVELLER, rows[:3])
    assert fit(small) == [small]


def test_feedback_rows_are_ascii_in_the_json_form() -> None:
    # SPEC.md 11.5 and 10.2: over MQTT a name like "Zoë" is written \u00eb, as the whole
    # message is; the binary frame writes its UTF-8 bytes instead (test_binary.py).
    message = Message(17, 32, Feedback(0, FeedbackKind.RANKING,
                                       ((1, 3, "NS", 14, 5833, "Zoë Smith"),)))
    data = encode(message, KEY)
    assert b'"Zo\\u00eb Smith"' in data and data.isascii()
    received = decode(data)
    assert received.message == message and verify(received, KEY)
