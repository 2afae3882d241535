"""Seating and visitors' names (SPEC.md 14): checks, both codecs, and what stays as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware_protocol import jsonwire
from firmware_protocol.binary import decode_frame, encode_frame, frame_size
from firmware_protocol.cobs import cobs_decode
from firmware_protocol.enums import (
    AskPlayers,
    ErrorCode,
    FeedbackKind,
    MessageType,
    PadPlace,
    ResultEntry,
)
from firmware_protocol.errors import ProtocolError
from firmware_protocol.layout import read_body
from firmware_protocol.messages import (
    MAX_NAME,
    Feedback,
    Message,
    Move,
    NextRound,
    Players,
    Received,
    RoundRankings,
    Seating,
    SeatPlayer,
)
from firmware_protocol.security import unit_key

KEY = unit_key("tuesday-club-secret", 17)
SPEC = (Path(__file__).resolve().parents[2] / "firmware_protocol" / "SPEC.md").read_text(
    encoding="utf-8")
LONGEST = "É" * (MAX_NAME // 2)  # 24 bytes of UTF-8


def test_a_seating_with_four_long_names_fits_a_version_2_frame() -> None:
    seats = [SeatPlayer(4_000_000_000, LONGEST)] * 4
    body = Seating("Z", 255, 255, AskPlayers.EVERY, 65535, 65535, *seats)
    message = Message(17, 9, body, 2, 8)
    assert frame_size(message) <= 256
    received = decode_frame(encode_frame(message, KEY))
    assert isinstance(received, Received) and received.message == message


def test_a_name_longer_than_a_pad_shows_is_refused() -> None:
    with pytest.raises(ProtocolError) as caught:
        SeatPlayer(10234, "x" * (MAX_NAME + 1))
    assert caught.value.code == ErrorCode.MALFORMED


def test_an_empty_name_is_no_name() -> None:
    assert SeatPlayer(10234, "").name is None


@pytest.mark.parametrize("number", [None, 0])
def test_a_name_on_a_seat_with_no_number_is_malformed_in_both_forms(number: int | None) -> None:
    # SPEC.md 14.2: a name is a listed number's; a seat nobody said (null) or a visitor
    # without a name (0) has none, and a message saying otherwise is refused.
    with pytest.raises(ProtocolError) as caught:
        SeatPlayer(number, "Ann Smith")
    assert caught.value.code == ErrorCode.MALFORMED
    body = jsonwire.body_to_json(Seating("A", 3, 1, AskPlayers.FIRST))
    with pytest.raises(ProtocolError) as caught:
        jsonwire.body_from_json("seating", {**body, "north": {"number": number,
                                                              "name": "Ann Smith"}})
    assert caught.value.code == ErrorCode.MALFORMED
    # The binary form: north's name kept, its number taken away (0, or its known bit off).
    named = Seating("A", 3, 1, AskPlayers.FIRST, 3, 9, SeatPlayer(10234, "Ann Smith"))
    raw = bytearray(cobs_decode(encode_frame(Message(17, 21, named), KEY).strip(b"\x00")) or b"")
    known = 7 + 8  # header, then section, table, round, ask, ns and ew
    assert raw[known] == 0b0001 and raw[known + 1:known + 5] == (10234).to_bytes(4)
    if number is None:
        raw[known] = 0
    else:
        raw[known + 1:known + 5] = bytes(4)
    with pytest.raises(ProtocolError) as caught:
        read_body(MessageType.SEATING, bytes(raw[7:-6]))
    assert caught.value.code == ErrorCode.MALFORMED


def test_unknown_ask_in_json_is_malformed() -> None:
    body = jsonwire.body_to_json(Seating("A", 3, 1, AskPlayers.FIRST))
    with pytest.raises(ProtocolError) as caught:
        jsonwire.body_from_json("seating", {**body, "ask": "sometimes"})
    assert caught.value.code == ErrorCode.MALFORMED


def test_a_seating_from_an_older_station_without_seats_reads_as_nobody_said() -> None:
    body = jsonwire.body_from_json("seating", {"section": "A", "table": 3, "round": 1,
                                               "ask": "never"})
    assert body == Seating("A", 3, 1, AskPlayers.NEVER)
    assert all(seat.number is None for seat in body.seats)


def test_visitors_names_travel_in_json_in_seat_order() -> None:
    players = Players("A", 3, 2, 10234, 0, 0, 99871,
                      visitors=(("south", "Jane Doe"), ("east", "Tom Lee")))
    assert players.visitors == (("east", "Tom Lee"), ("south", "Jane Doe"))
    data = jsonwire.encode(Message(17, 4, players), KEY)
    assert json.loads(data)["body"]["visitors"] == {"east": "Tom Lee", "south": "Jane Doe"}
    assert jsonwire.decode(data).message.body == players


def test_players_without_visitors_keep_their_old_bytes() -> None:
    data = jsonwire.encode(Message(17, 4, Players("A", 3, 2, 10234, 10567, 0, 99871)), KEY)
    assert b"visitors" not in data


def test_the_binary_form_has_no_room_for_visitors_names() -> None:
    players = Players("A", 3, 2, 10234, 0, 0, 99871, visitors=(("south", "Jane Doe"),))
    received = decode_frame(encode_frame(Message(17, 4, players), KEY))
    assert isinstance(received, Received)
    assert received.message.body == Players("A", 3, 2, 10234, 0, 0, 99871)


@pytest.mark.parametrize("visitors", [
    (("north", "Ann"),),  # north has a number: not a visitor
    (("centre", "Ann"),),
    (("south", "   "),),
    (("south", "x" * (MAX_NAME + 1)),),
    (("south", "Ann"), ("south", "Bob")),
    ("south",),
])
def test_a_visitor_name_that_cannot_be_is_malformed(visitors: tuple[object, ...]) -> None:
    with pytest.raises(ProtocolError) as caught:
        Players("A", 3, 2, 10234, 0, 0, 99871, visitors=visitors)  # type: ignore[arg-type]
    assert caught.value.code == ErrorCode.MALFORMED


def test_a_seating_with_seat_bits_beyond_west_is_malformed() -> None:
    payload = b"A\x03\x01\x01\x00\x00\x00\x00\x10" + b"\x00\x00\x00\x00\x00" * 4
    with pytest.raises(ProtocolError) as caught:
        read_body(MessageType.SEATING, payload)
    assert caught.value.code == ErrorCode.MALFORMED


def test_tricks_entry_travels_in_json_only_and_result_entry_keeps_the_old_bytes() -> None:
    tricks = Seating("A", 3, 2, AskPlayers.NEVER, 3, 10, result_entry=ResultEntry.TRICKS)
    data = jsonwire.encode(Message(17, 30, tricks), KEY)
    assert data.decode("ascii") in SPEC  # the example of SPEC.md 14.8
    assert jsonwire.decode(data).message.body == tricks
    plain = jsonwire.encode(Message(17, 30, Seating("A", 3, 2, AskPlayers.NEVER, 3, 10)), KEY)
    assert b"result_entry" not in plain  # absent is "result": the seating vectors stay
    received = decode_frame(encode_frame(Message(17, 30, tricks), KEY))
    assert isinstance(received, Received)
    assert received.message.body.result_entry == ResultEntry.RESULT  # a bridgepad's own keys
    body = jsonwire.body_to_json(tricks)
    with pytest.raises(ProtocolError) as caught:
        jsonwire.body_from_json("seating", {**body, "result_entry": "points"})
    assert caught.value.code == ErrorCode.MALFORMED


def test_rankings_after_each_round_travel_in_json_only_and_keep_the_old_bytes() -> None:
    shown = Seating("A", 3, 2, AskPlayers.NEVER, 3, 10, rankings=RoundRankings(0, 2))
    data = jsonwire.encode(Message(17, 31, shown), KEY)
    assert data.decode("ascii") in SPEC  # the examples of SPEC.md 14.9
    assert jsonwire.decode(data).message.body == shown
    after = Feedback(0, FeedbackKind.RANKING, (
        (1, 3, "NS", 14, 5833, "Ann Smith & Bob Jones"),
        (2, 1, "NS", 12, 5000, "Cat Brown & Dan White")), round=2)
    data = jsonwire.encode(Message(17, 32, after), KEY)
    assert data.decode("ascii") in SPEC
    assert jsonwire.decode(data).message.body == after
    plain = jsonwire.encode(Message(17, 31, Seating("A", 3, 2, AskPlayers.NEVER, 3, 10)), KEY)
    assert b"rankings" not in plain  # absent: only once published; the vectors stay
    received = decode_frame(encode_frame(Message(17, 31, shown), KEY))
    assert isinstance(received, Received) and received.message.body.rankings is None
    assert RoundRankings(1, 2).shows(2, 5) and not RoundRankings(1, 2).shows(4, 5)
    body = jsonwire.body_to_json(shown)
    with pytest.raises(ProtocolError) as caught:
        jsonwire.body_from_json("seating", {**body, "rankings": {"hide_first": -1}})
    assert caught.value.code == ErrorCode.MALFORMED


def test_pads_following_pairs_travel_in_json_only_and_keep_the_old_bytes() -> None:
    following = Seating("A", 3, 2, AskPlayers.NEVER, 3, 10,
                        next_round=NextRound(3, Move(3, "NS"), Move(4, "EW"), (2,)),
                        pads=PadPlace.EW)
    data = jsonwire.encode(Message(17, 33, following), KEY)
    assert data.decode("ascii") in SPEC  # the example of SPEC.md 14.10
    assert jsonwire.decode(data).message.body == following
    plain = jsonwire.encode(Message(17, 33, Seating("A", 3, 2, AskPlayers.NEVER, 3, 10)), KEY)
    assert b"pads" not in plain  # absent: each pad stays at its table; the vectors stay
    received = decode_frame(encode_frame(Message(17, 33, following), KEY))
    assert isinstance(received, Received) and received.message.body.pads is PadPlace.TABLES
    body = jsonwire.body_to_json(following)
    with pytest.raises(ProtocolError) as caught:
        jsonwire.body_from_json("seating", {**body, "pads": "phones"})
    assert caught.value.code == ErrorCode.MALFORMED
