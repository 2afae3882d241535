"""Binary frames: round trips, sizes, and a decoder that survives anything on the line."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_protocol.binary import (
    MAX_FRAME,
    DecodeError,
    DecodeErrorKind,
    FrameDecoder,
    decode_frame,
    encode_frame,
    frame_size,
    header_size,
    split_feedback,
    split_game_data,
)
from firmware_protocol.cobs import cobs_decode, cobs_encode
from firmware_protocol.enums import ControlCommand, ErrorCode, FeedbackKind, Seat, StationState
from firmware_protocol.messages import (
    Ack,
    Body,
    Control,
    CorrectionPush,
    Feedback,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Message,
    Nak,
    NotPlayed,
    Players,
    Received,
    Resend,
    Result,
    RoundInfo,
    Status,
    for_version,
)
from firmware_protocol.security import compute_mac, unit_key, verify

from .strategies import messages, results

KEY = unit_key("change-me", 17)
RESULT = Message(17, 42, Result("A", 3, 2, 5, 3, 10, "4S", Seat.S, 10, "HK"))
PASSED = Message(17, 43, Result("A", 3, 2, 6, 3, 10, "PASS", None, None, None))


def received(items: list[Received | DecodeError]) -> list[Message]:
    return [item.message for item in items if isinstance(item, Received)]


def errors(items: list[Received | DecodeError]) -> list[DecodeErrorKind]:
    return [item.kind for item in items if isinstance(item, DecodeError)]


def with_raw(frame: bytes, change: bytes) -> bytes:
    """A frame whose unstuffed bytes are replaced (CRC and all)."""
    return b"\x00" + cobs_encode(change) + b"\x00"


def raw_of(frame: bytes) -> bytes:
    raw = cobs_decode(frame.strip(b"\x00"))
    assert raw is not None
    return raw


@settings(max_examples=400)
@given(messages)
def test_round_trip(message: Message) -> None:
    item = decode_frame(encode_frame(message, KEY))
    assert isinstance(item, Received)
    assert item.message == message
    assert verify(item, KEY)
    assert not verify(item, unit_key("change-me", 18))


@settings(max_examples=300)
@given(results())
def test_every_result_frame_is_at_most_32_bytes(result: Result) -> None:
    for seq in (0, 2**32 - 1):
        assert frame_size(Message(0xFFFF, seq, result)) <= 32
    assert frame_size(Message(1, 1, result)) == 27


def test_frame_layout() -> None:
    frame = encode_frame(RESULT, KEY)
    assert frame[0] == 0 and frame[-1] == 0 and 0 not in frame[1:-1]
    raw = raw_of(frame)
    assert raw[:7] == bytes([0x24, 0, 17, 0, 0, 0, 42])
    assert raw[7:18] == bytes([ord("A"), 3, 2, 5, 0, 3, 0, 10, 0x1C, 0x2A, 0x2D])
    assert raw[18:22] == compute_mac(KEY, raw[:18])
    import binascii
    assert int.from_bytes(raw[22:]) == binascii.crc_hqx(raw[:22], 0xFFFF)
    assert binascii.crc_hqx(b"123456789", 0xFFFF) == 0x29B1  # CRC-16/CCITT-FALSE check value


def stream(*frames: bytes) -> bytes:
    return b"".join(frames)


FRAMES = [encode_frame(RESULT, KEY), encode_frame(PASSED, KEY),
          encode_frame(Message(17, 44, GameData("A", 3, 2, (RoundInfo(1, 1, 2, (1, 2)),))), KEY)]


def test_whole_byte_by_byte_and_random_splits_agree() -> None:
    data = stream(*FRAMES)
    whole = received(FrameDecoder().feed(data))
    assert len(whole) == 3
    decoder = FrameDecoder()
    one_by_one = [item for byte in data for item in decoder.feed(bytes([byte]))]
    assert received(one_by_one) == whole
    rng = random.Random(7)
    for _ in range(200):
        decoder = FrameDecoder()
        cuts = sorted(rng.sample(range(1, len(data)), rng.randint(1, 12)))
        pieces = [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)], strict=True)]
        assert received([item for piece in pieces for item in decoder.feed(piece)]) == whole
        assert decoder.errors.total() == 0 and decoder.frames == 3


@settings(max_examples=200)
@given(st.lists(messages, min_size=1, max_size=4), st.data())
def test_random_splits_of_random_messages(batch: list[Message], data: st.DataObject) -> None:
    wire = stream(*(encode_frame(message, KEY) for message in batch))
    cuts = sorted(set(data.draw(st.lists(st.integers(0, len(wire)), max_size=10))))
    decoder = FrameDecoder()
    out = []
    for a, b in zip([0, *cuts], [*cuts, len(wire)], strict=True):
        out += decoder.feed(wire[a:b])
    assert received(out) == batch


def test_frames_sharing_delimiters() -> None:
    joined = b"\x00" + b"\x00".join(frame.strip(b"\x00") for frame in FRAMES) + b"\x00"
    assert len(received(FrameDecoder().feed(joined))) == 3


@pytest.mark.parametrize("garbage", [b"\x01\x02\x03", b"\xff" * 40, b"noise\x00more noise",
                                     b"\x00\x00\x00", bytes(range(256))])
def test_garbage_before_between_and_after(garbage: bytes) -> None:
    decoder = FrameDecoder()
    out = decoder.feed(garbage + FRAMES[0] + garbage + FRAMES[1] + garbage + FRAMES[2] + garbage)
    out += decoder.feed(b"\x00")
    assert received(out) == [RESULT, PASSED, received(FrameDecoder().feed(FRAMES[2]))[0]]
    assert all(isinstance(item, DecodeError) for item in out if not isinstance(item, Received))


def test_garbage_inside_a_frame_loses_only_that_frame() -> None:
    first = FRAMES[0]
    broken = first[:10] + b"\x55\x66" + first[10:]
    decoder = FrameDecoder()
    out = decoder.feed(broken + FRAMES[1])
    assert received(out) == [PASSED]
    assert errors(out) in ([DecodeErrorKind.BAD_CRC], [DecodeErrorKind.BAD_COBS])
    assert decoder.errors.total() == 1


def test_truncated_frames() -> None:
    for cut in range(1, len(FRAMES[0]) - 1):
        decoder = FrameDecoder()
        out = decoder.feed(FRAMES[0][:cut] + FRAMES[1])
        assert received(out) == [PASSED]
        assert len(errors(out)) <= 1
        assert set(decoder.errors) <= {DecodeErrorKind.TRUNCATED, DecodeErrorKind.BAD_CRC,
                                       DecodeErrorKind.BAD_COBS}


def test_short_frame_is_truncated() -> None:
    assert errors(FrameDecoder().feed(b"\x00\x04abc\x00")) == [DecodeErrorKind.TRUNCATED]
    assert errors(FrameDecoder().feed(b"\x00\x09ab\x00")) == [DecodeErrorKind.BAD_COBS]


def test_oversize_is_skipped_and_buffer_stays_bounded() -> None:
    decoder = FrameDecoder()
    out = []
    for _ in range(100):
        out += decoder.feed(b"\xaa" * 97)
        assert decoder.pending <= MAX_FRAME
    out += decoder.feed(FRAMES[0])
    assert errors(out) == [DecodeErrorKind.OVERSIZE]
    assert received(out) == [RESULT]
    assert decoder.errors[DecodeErrorKind.OVERSIZE] == 1


def test_oversize_in_one_chunk() -> None:
    out = FrameDecoder().feed(b"\x00" + b"\x07" * 5000 + FRAMES[1])
    assert errors(out) == [DecodeErrorKind.OVERSIZE]
    assert received(out) == [PASSED]


def reframe(raw: bytes) -> bytes:
    """Give changed unstuffed bytes a correct CRC again."""
    import binascii
    body = raw[:-2]
    return b"\x00" + cobs_encode(body + binascii.crc_hqx(body, 0xFFFF).to_bytes(2)) + b"\x00"


def test_typed_errors_after_a_good_crc() -> None:
    raw = raw_of(FRAMES[0])
    unknown_type = reframe(bytes([0x3F]) + raw[1:])
    version_3 = reframe(bytes([0x64]) + raw[1:])
    bad_contract = reframe(raw[:15] + bytes([0x3F]) + raw[16:])
    bad_tricks = reframe(raw[:16] + bytes([0x2E]) + raw[17:])
    bad_lead = reframe(raw[:17] + bytes([0x4F]) + raw[18:])
    short = reframe(raw[:17] + raw[18:])
    out = FrameDecoder().feed(stream(unknown_type, version_3, bad_contract, bad_tricks, bad_lead,
                                     short))
    assert [item.kind for item in out if isinstance(item, DecodeError)] == [
        DecodeErrorKind.UNKNOWN_TYPE, DecodeErrorKind.UNSUPPORTED_VERSION,
        DecodeErrorKind.MALFORMED, DecodeErrorKind.MALFORMED, DecodeErrorKind.MALFORMED,
        DecodeErrorKind.MALFORMED]
    codes = [item.code for item in out if isinstance(item, DecodeError)]
    assert codes[1:] == [ErrorCode.UNSUPPORTED_VERSION, ErrorCode.INVALID_CONTRACT,
                         ErrorCode.INVALID_TRICKS, ErrorCode.INVALID_LEAD, ErrorCode.MALFORMED]
    for item in out:
        assert isinstance(item, DecodeError)
        assert (item.unit, item.seq) == (17, 42)  # so the station can nak


def test_every_single_bit_flip_is_rejected() -> None:
    for frame in FRAMES:
        raw = raw_of(frame)
        for bit in range(len(frame) * 8):
            flipped = bytearray(frame)
            flipped[bit // 8] ^= 1 << (bit % 8)
            assert received(FrameDecoder().feed(bytes(flipped))) == []
        signed, mac = raw[:-6], raw[-6:-2]
        for bit in range(len(signed) * 8):  # and were the CRC fooled, the MAC would not be
            changed = bytearray(signed)
            changed[bit // 8] ^= 1 << (bit % 8)
            assert compute_mac(KEY, bytes(changed)) != mac


@settings(max_examples=500)
@given(st.binary(max_size=600), st.integers(1, 64))
def test_fuzz_random_bytes_never_raise(data: bytes, chunk: int) -> None:
    decoder = FrameDecoder()
    for start in range(0, len(data), chunk):
        for item in decoder.feed(data[start:start + chunk]):
            assert isinstance(item, Received | DecodeError)
        assert decoder.pending <= MAX_FRAME
    assert received(decoder.feed(FRAMES[0])) == [RESULT]


@settings(max_examples=300)
@given(messages, st.data())
def test_fuzz_mutated_frames_never_raise(message: Message, data: st.DataObject) -> None:
    raw = bytearray(raw_of(encode_frame(message, KEY)))
    for _ in range(data.draw(st.integers(1, 4))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    decoder = FrameDecoder()
    decoder.feed(reframe(bytes(raw)))  # a good CRC, so the payload reader meets the damage
    decoder.feed(b"\x00" + cobs_encode(bytes(raw)) + b"\x00")


def test_too_large_message_refuses_to_encode() -> None:
    rows = tuple(("traveller row", index, "4S", 420) for index in range(30))
    with pytest.raises(ValueError, match="split"):
        encode_frame(Message(1, 1, Feedback(1, FeedbackKind.TRAVELLER, rows)), KEY)


def big_game_data() -> GameData:
    rounds = tuple(RoundInfo(number, number, 30 - number, tuple(range(number, number + 4)))
                   for number in range(1, 28))
    entries: list[Result | NotPlayed] = []
    for number in range(1, 28):
        entries.append(Result("B", 7, number, number, number, 30 - number, "3NT", Seat.N, 9,
                              "S10"))
        entries.append(NotPlayed("B", 7, number, number + 1, number, 30 - number))
    return GameData("B", 7, 27, rounds, tuple(entries))


@pytest.mark.parametrize("max_frame", [64, 100, MAX_FRAME])
def test_split_game_data(max_frame: int) -> None:
    whole = big_game_data()
    parts = split_game_data(whole, max_frame)
    assert len(parts) > 1
    assert [part.part for part in parts] == list(range(1, len(parts) + 1))
    assert {part.parts for part in parts} == {len(parts)}
    assert all((p.section, p.table, p.round) == ("B", 7, 27) for p in parts)
    assert tuple(info for p in parts for info in p.rounds) == whole.rounds
    assert tuple(entry for p in parts for entry in p.results) == whole.results
    for number, part in enumerate(parts):
        assert frame_size(Message(1, number, part)) <= max_frame


def test_small_game_data_is_one_part() -> None:
    small = GameData("A", 1, 1, (RoundInfo(1, 1, 1, (1, 2)),))
    assert split_game_data(small) == [small]
    empty = GameData("A", 1, 1, ())
    assert split_game_data(empty) == [empty]


def test_split_refuses_what_cannot_fit() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        split_game_data(big_game_data(), 30)


def test_split_feedback() -> None:
    rows = tuple((index, 30 - index, "4S", "N", 10, 420) for index in range(1, 40))
    parts = split_feedback(Feedback(9, FeedbackKind.TRAVELLER, rows))
    assert len(parts) > 1
    assert tuple(row for part in parts for row in part.rows) == rows
    assert all(frame_size(Message(1, 1, part)) <= MAX_FRAME for part in parts)


@pytest.mark.parametrize(
    ("body", "size"),
    [
        (Hello("", None), 18), (Hello("x" * 24, 5), 42), (Login("A", 1), 19),
        (Login("A", 1, "12345678", True), 27), (Players("A", 1, 1, 1, 2, 3, 4), 35),
        (NotPlayed("A", 1, 1, 1, 1, 1), 24), (Resend(None), 17), (Heartbeat(None), 17),
        (Ack(1), 24), (Nak(1, ErrorCode.BAD_MAC), 22),
        (Nak(1, ErrorCode.ALREADY_PLAYED, RESULT.body, "x" * 64), 97),  # type: ignore[arg-type]
        (GameData("A", 1, 1, ()), 22), (Status(StationState.STOPPED), 18),
        (Feedback(1, FeedbackKind.PAR, ()), 22),  # rows text "[]"
        (CorrectionPush("A", 1, 1, 1, None), 21),
        (CorrectionPush("A", 1, 1, 1, NotPlayed("A", 1, 1, 1, 1, 1)), 25),
        (CorrectionPush("A", 1, 1, 1, Result("A", 1, 1, 1, 1, 1, "1C", Seat.N, 7)), 28),
        (Control(ControlCommand.RESET), 17), (Locked(ErrorCode.UNIT_REPLACED), 17),
    ],
)
def test_sizes_stated_in_spec(body: Body, size: int) -> None:
    assert frame_size(Message(1, 1, body)) == size


@pytest.mark.parametrize(
    "body",
    [Hello("x" * 24, 5), Login("A", 1), Nak(1, ErrorCode.OTHER_EVENT), GameData("A", 1, 1, ()),
     Status(StationState.RUNNING, 3), Control(ControlCommand.RESET),
     Locked(ErrorCode.UNIT_LOCKED)],
)
def test_version_2_frames_are_four_bytes_longer(body: Body) -> None:
    # SPEC.md 13.2: the header gains the event (u32); everything else is as in version 1.
    v1 = for_version(body, 1)  # a code mapped down takes the same byte
    assert frame_size(Message(1, 1, body, 2, 7)) == frame_size(Message(1, 1, v1)) + 4


def test_version_2_header() -> None:
    frame = encode_frame(Message(17, 42, Control(ControlCommand.RESET), 2, 0x01020304), KEY)
    raw = raw_of(frame)
    assert raw[:11] == bytes([0x56, 0x00, 0x11, 0, 0, 0, 42, 1, 2, 3, 4])
    assert raw[11] == 0  # command reset
    back = decode_frame(frame)
    assert isinstance(back, Received)
    assert (back.message.v, back.message.event) == (2, 0x01020304)
    assert verify(back, KEY)


def test_version_2_frame_shorter_than_its_header_is_truncated() -> None:
    body = b"\x56\x00\x11\x00\x00\x00\x2a\x00\x00"  # version 2, but only 2 bytes of event
    raw = body + compute_mac(KEY, body)
    out = FrameDecoder().feed(reframe(raw + b"\x00\x00"))
    assert errors(out) == [DecodeErrorKind.TRUNCATED]
    first = out[0]
    assert isinstance(first, DecodeError) and first.version == 2


def test_version_1_frame_with_a_version_2_code_is_malformed() -> None:
    nak = encode_frame(Message(17, 5, Nak(4, ErrorCode.OTHER_EVENT), 2, 3), KEY)
    raw = raw_of(nak)
    as_v1 = bytes([0x31]) + raw[1:7] + raw[11:-2]
    out = FrameDecoder().feed(reframe(as_v1 + b"\x00\x00"))
    assert errors(out) == [DecodeErrorKind.MALFORMED]


def test_largest_version_2_payload() -> None:
    # 236 bytes of payload: 253 unstuffed - 11 header - 4 mac - 2 crc. A feedback payload is
    # board, kind, part, parts, then the rows text: [["yyy..."]] is 6 bytes plus the cell.
    def feedback(cell: int) -> Message:
        return Message(1, 1, Feedback(1, FeedbackKind.PAR, (("y" * cell,),)), 2, 9)

    assert frame_size(feedback(236 - 4 - 6)) == 236 + 20 == MAX_FRAME
    with pytest.raises(ValueError, match="split it"):
        frame_size(feedback(236 - 4 - 5))


def test_split_parts_fit_version_2_by_default() -> None:
    parts = split_game_data(big_game_data())
    assert all(frame_size(Message(1, 1, part, 2, 0xFFFF_FFFF)) <= MAX_FRAME for part in parts)
    v1_parts = split_game_data(big_game_data(), version=1)
    assert len(v1_parts) <= len(parts)
    assert all(frame_size(Message(1, 1, part)) <= MAX_FRAME for part in v1_parts)
    rows = tuple((index, 30 - index, "4S", "N", 10, 420) for index in range(1, 60))
    for part in split_feedback(Feedback(9, FeedbackKind.TRAVELLER, rows)):
        assert frame_size(Message(1, 1, part, 2, 1)) <= MAX_FRAME


@pytest.mark.parametrize("version", [1, 2])
def test_a_maximum_frame_is_read_whole_and_one_byte_more_is_oversize(version: int) -> None:
    # SPEC.md 11.7: the largest frame is 253 unstuffed bytes, 254 stuffed; a receiver holds
    # 254 bytes without a delimiter and drops the stretch only at the 255th.
    payload = 253 - header_size(version) - 4 - 2
    cell = payload - 4 - 6  # board, kind, part, parts, then [["..."]]
    message = Message(17, 9, Feedback(1, FeedbackKind.PAR, (("y" * cell,),)), version,
                      8 if version == 2 else 0)
    frame = encode_frame(message, KEY)
    assert len(frame) == MAX_FRAME and len(raw_of(frame)) == 253
    for chunk in (len(frame), 1, 7):
        decoder = FrameDecoder()
        out = [item for start in range(0, len(frame), chunk)
               for item in decoder.feed(frame[start:start + chunk])]
        assert received(out) == [message] and not decoder.errors
    decoder = FrameDecoder()
    stuffed = frame[1:-1]
    assert len(stuffed) == 254
    out = decoder.feed(b"\x00" + stuffed + b"\x01" + b"\x00" + FRAMES[0])
    assert errors(out) == [DecodeErrorKind.OVERSIZE]
    assert received(out) == [RESULT]


def test_feedback_text_is_utf_8_not_escaped() -> None:
    # SPEC.md 11.5: the rows text writes a non-ASCII character as its UTF-8 bytes (any text
    # cell; a ranking's names, the usual one, are JSON only: 14.9).
    rows = ((1, 3, "NS", 14, 5833, "Zoë Smith & Bob Jones"),)
    message = Message(17, 32, Feedback(0, FeedbackKind.TRAVELLER, rows))
    raw = raw_of(encode_frame(message, KEY))
    text = '[[1,3,"NS",14,5833,"Zoë Smith & Bob Jones"]]'.encode()
    assert raw[7 + 4:-6] == text and b"\\u" not in raw
    assert received(FrameDecoder().feed(encode_frame(message, KEY))) == [message]
    # Escapes are still JSON: a receiver reads them too.
    escaped = raw[:7 + 4] + b'[[1,3,"NS",14,5833,"Zo\\u00eb Smith & Bob Jones"]]'
    read = FrameDecoder().feed(reframe(escaped + compute_mac(KEY, escaped) + b"\x00\x00"))
    assert received(read) == [message]


def test_game_data_round_0_is_malformed_status_round_0_is_null() -> None:
    # SPEC.md 11.4: only the optional rounds (status, resend) read 0 as null.
    status = raw_of(encode_frame(Message(17, 3, Status(StationState.RUNNING, None)), KEY))
    assert status[7:9] == b"\x00\x00"
    game_data = Message(17, 4, GameData("A", 3, 2, ()))
    raw = bytearray(raw_of(encode_frame(game_data, KEY)))
    assert raw[7:10] == b"A\x03\x02"
    raw[9] = 0
    signed = bytes(raw[:-6])
    out = FrameDecoder().feed(reframe(signed + compute_mac(KEY, signed) + b"\x00\x00"))
    assert errors(out) == [DecodeErrorKind.MALFORMED]
