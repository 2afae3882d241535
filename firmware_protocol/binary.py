"""The binary form of messages for serial/radio: COBS frames with a CRC and a mac."""

from __future__ import annotations

import binascii
import struct
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from firmware_protocol.cobs import cobs_decode, cobs_encode
from firmware_protocol.enums import ErrorCode
from firmware_protocol.errors import ProtocolError
from firmware_protocol.layout import TYPE_CODES, body_payload, read_body, type_of
from firmware_protocol.messages import (
    LATEST_VERSION,
    VERSIONS,
    Feedback,
    GameData,
    Message,
    NotPlayed,
    Received,
    Result,
    RoundInfo,
)
from firmware_protocol.security import MAC_SIZE, compute_mac, verify

__all__ = [
    "HEADER_SIZE",
    "MAX_FRAME",
    "DecodeError",
    "DecodeErrorKind",
    "FrameDecoder",
    "Received",
    "decode_frame",
    "encode_frame",
    "frame_size",
    "header_size",
    "split_feedback",
    "split_game_data",
    "verify",
]

_T = TypeVar("_T")
_B = TypeVar("_B", GameData, Feedback)

DELIMITER = 0x00
HEADER_SIZE = 7  # version 1: type byte, unit (2), seq (4)
HEADER_SIZE_V2 = 11  # version 2: and event (4)
CRC_SIZE = 2
MIN_RAW = HEADER_SIZE + MAC_SIZE + CRC_SIZE
MAX_FRAME = 256  # on the wire, both delimiters included


class DecodeErrorKind(StrEnum):
    """Why a stretch of bytes did not decode to a message."""

    BAD_COBS = "bad_cobs"
    TRUNCATED = "truncated"
    OVERSIZE = "oversize"
    BAD_CRC = "bad_crc"
    UNSUPPORTED_VERSION = "unsupported_version"
    UNKNOWN_TYPE = "unknown_type"
    MALFORMED = "malformed"


@dataclass(frozen=True, slots=True)
class DecodeError:
    """A skipped frame. unit/seq (and mac/signed, to check before answering) once readable."""

    kind: DecodeErrorKind
    code: ErrorCode
    reason: str
    unit: int | None = None
    seq: int | None = None
    mac: bytes | None = None
    signed: bytes | None = None
    version: int | None = None  # the frame's version, when it is one this side speaks


# Encoding -----------------------------------------------------------------------------------


def header_size(version: int) -> int:
    """Bytes of the header in a frame of this version (SPEC.md 11.2, 13.2)."""
    return HEADER_SIZE if version < 2 else HEADER_SIZE_V2


def encode_frame(message: Message, key: bytes) -> bytes:
    """The whole frame as sent: 0x00, COBS(header, payload, mac, crc), 0x00."""
    raw = struct.pack(">BHI", message.v << 5 | TYPE_CODES[message.type], message.unit,
                      message.seq)
    if message.v >= 2:
        raw += struct.pack(">I", message.event)
    raw += body_payload(message.body)
    raw += compute_mac(key, raw)
    raw += struct.pack(">H", _crc(raw))
    frame = bytes([DELIMITER]) + cobs_encode(raw) + bytes([DELIMITER])
    if len(frame) > MAX_FRAME:
        raise ValueError(f"{message.type} frame of {len(frame)} bytes; split it")
    return frame


def frame_size(message: Message) -> int:
    """Bytes on the wire for this message (the key does not change the size)."""
    return len(encode_frame(message, b""))


def _crc(data: bytes) -> int:
    # crc_hqx with initial value 0xFFFF is CRC-16/CCITT-FALSE (poly 0x1021, no reflection).
    return binascii.crc_hqx(data, 0xFFFF)



def decode_packet(packet: bytes) -> Received | DecodeError:
    """Decode the bytes between two delimiters. Never raises."""
    raw = cobs_decode(packet)
    if raw is None:
        return DecodeError(DecodeErrorKind.BAD_COBS, ErrorCode.MALFORMED, "not valid COBS")
    if len(raw) < MIN_RAW:
        return DecodeError(DecodeErrorKind.TRUNCATED, ErrorCode.MALFORMED,
                           f"{len(raw)} bytes is shorter than any frame")
    if _crc(raw[:-CRC_SIZE]) != struct.unpack(">H", raw[-CRC_SIZE:])[0]:
        return DecodeError(DecodeErrorKind.BAD_CRC, ErrorCode.MALFORMED, "CRC does not match")
    signed, mac = raw[: -CRC_SIZE - MAC_SIZE], raw[-CRC_SIZE - MAC_SIZE : -CRC_SIZE]
    type_byte, unit, seq = struct.unpack_from(">BHI", signed)

    version, type_code = type_byte >> 5, type_byte & 0x1F
    spoken = version if version in VERSIONS else None

    def error(kind: DecodeErrorKind, code: ErrorCode, reason: str) -> DecodeError:
        return DecodeError(kind, code, reason, unit, seq, mac, signed, spoken)

    if spoken is None:
        return error(DecodeErrorKind.UNSUPPORTED_VERSION, ErrorCode.UNSUPPORTED_VERSION,
                     f"version {version} is not spoken")
    header = header_size(version)
    if len(signed) < header:
        return error(DecodeErrorKind.TRUNCATED, ErrorCode.MALFORMED,
                     f"{len(raw)} bytes is shorter than any version {version} frame")
    event = struct.unpack_from(">I", signed, HEADER_SIZE)[0] if version >= 2 else 0
    message_type = type_of(type_code)
    if message_type is None:
        return error(DecodeErrorKind.UNKNOWN_TYPE, ErrorCode.MALFORMED,
                     f"unknown type {type_code:#04x}")
    try:
        body = read_body(message_type, signed[header:])
        return Received(Message(unit, seq, body, version, event), mac, signed)
    except ProtocolError as problem:
        return error(DecodeErrorKind.MALFORMED, problem.code, problem.reason)


def decode_frame(frame: bytes) -> Received | DecodeError:
    """Decode one whole frame (delimiters optional). Never raises."""
    items = FrameDecoder().feed(bytes([DELIMITER]) + frame + bytes([DELIMITER]))
    if len(items) != 1:
        return DecodeError(DecodeErrorKind.TRUNCATED, ErrorCode.MALFORMED,
                           f"{len(items)} frames where one was expected")
    return items[0]


class FrameDecoder:
    """Incremental decoder: feed any chunks of the byte stream, get whole frames out.

    Never raises. Bad stretches come out as DecodeError values and are counted in `errors`;
    the buffer never holds more than one maximum frame.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self._limit = max_frame - 2  # the stuffed bytes between the two delimiters
        self._buffer = bytearray()
        self._discarding = False  # inside an oversize stretch: drop up to the next delimiter
        self.errors: Counter[DecodeErrorKind] = Counter()
        self.frames = 0

    @property
    def pending(self) -> int:
        """Bytes held waiting for a delimiter."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[Received | DecodeError]:
        """Take the next chunk; return every frame (or error) it completes, in order."""
        out: list[Received | DecodeError] = []
        start = 0
        while start < len(data):
            end = data.find(DELIMITER, start)
            stop = len(data) if end < 0 else end
            if not self._discarding:
                if len(self._buffer) + stop - start > self._limit:
                    out.append(self._count(DecodeError(
                        DecodeErrorKind.OVERSIZE, ErrorCode.MALFORMED,
                        f"no delimiter within {self._limit + 2} bytes")))
                    self._buffer.clear()
                    self._discarding = True
                else:
                    self._buffer += data[start:stop]
            if end < 0:
                break
            if self._buffer:
                out.append(self._count(decode_packet(bytes(self._buffer))))
                self._buffer.clear()
            self._discarding = False
            start = end + 1
        return out

    def _count(self, item: Received | DecodeError) -> Received | DecodeError:
        if isinstance(item, DecodeError):
            self.errors[item.kind] += 1
        else:
            self.frames += 1
        return item


# Splitting large station messages -------------------------------------------------------------


Measure = Callable[[GameData | Feedback], int]  # a message's bytes, as its link carries it


def split_game_data(game_data: GameData, max_frame: int = MAX_FRAME,
                    version: int = LATEST_VERSION, measure: Measure | None = None
                    ) -> list[GameData]:
    """game_data as parts 1..n, each self-contained and each frame at most max_frame bytes.

    Rounds come first, then results, in their order; every part repeats section/table/round.
    Parts are measured with the header of `version`; the default, the largest header, makes
    parts that fit in a frame of any version. `measure` measures another form (JSON, say),
    with `max_frame` its limit.
    """
    items: list[RoundInfo | Result | NotPlayed] = [*game_data.rounds, *game_data.results]

    def build(chosen: list[RoundInfo | Result | NotPlayed], part: int, parts: int) -> GameData:
        return GameData(
            game_data.section, game_data.table, game_data.round,
            tuple(item for item in chosen if isinstance(item, RoundInfo)),
            tuple(item for item in chosen if not isinstance(item, RoundInfo)),
            part, parts)

    return _split(items, build, max_frame, measure or _frame_measure(version))


def split_feedback(feedback: Feedback, max_frame: int = MAX_FRAME,
                   version: int = LATEST_VERSION, measure: Measure | None = None
                   ) -> list[Feedback]:
    """feedback as parts 1..n of whole rows, each frame at most max_frame bytes (measured as
    split_game_data measures)."""

    def build(rows: list[tuple[str | int | None, ...]], part: int, parts: int) -> Feedback:
        return Feedback(feedback.board, feedback.kind, tuple(rows), part, parts, feedback.round,
                        feedback.ranking)

    return _split(list(feedback.rows), build, max_frame, measure or _frame_measure(version))


def _frame_measure(version: int) -> Measure:
    return lambda body: frame_size(Message(1, 0, body, version))


def _split(items: list[_T], build: Callable[[list[_T], int, int], _B],
           max_frame: int, measure: Measure) -> list[_B]:
    def size(chosen: list[_T]) -> int:
        return measure(build(chosen, 1, 1))

    def fits(chosen: list[_T]) -> bool:
        try:
            return size(chosen) <= max_frame
        except ValueError:  # beyond MAX_FRAME
            return False

    if fits(items):  # the usual case, one part: measured once, not item by item
        return [build(items, 1, 1)]
    # Each item's own bytes, measured once; while their sum stays clear of the limit a group
    # surely fits, so only groups near the limit are encoded whole (linear, not quadratic).
    empty = size([])
    slack = 3  # a separator per item, and COBS overhead that is not quite additive
    groups: list[list[_T]] = [[]]
    used = empty
    for item in items:
        try:
            extra = size([item]) - empty + 1
        except ValueError:
            raise ValueError(f"one item does not fit in a {max_frame}-byte frame") from None
        if used + extra + slack <= max_frame or fits([*groups[-1], item]):
            groups[-1].append(item)
            used += extra
        elif groups[-1] and fits([item]):
            groups.append([item])
            used = empty + extra
        else:
            raise ValueError(f"one item does not fit in a {max_frame}-byte frame")
    if len(groups) > 255:
        raise ValueError("more than 255 parts")
    return [build(group, number, len(groups)) for number, group in enumerate(groups, 1)]
