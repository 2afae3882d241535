"""Payload layouts: each message body as bytes, and back (the tables in SPEC.md)."""

from __future__ import annotations

import json
import struct
from collections.abc import Callable
from typing import TypeVar

from firmware_protocol.enums import (
    AskPlayers,
    ControlCommand,
    Doubling,
    ErrorCode,
    FeedbackKind,
    MessageType,
    ResultFlag,
    Seat,
    StationState,
    Strain,
)
from firmware_protocol.errors import ProtocolError
from firmware_protocol.fields import RANKS, SUITS, card_parts, contract_parts, make_contract
from firmware_protocol.messages import (
    RANKING_CELLS,
    Ack,
    Body,
    Control,
    Correction,
    CorrectionPush,
    Feedback,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Nak,
    NotPlayed,
    Players,
    Resend,
    Result,
    RoundInfo,
    Seating,
    SeatPlayer,
    Status,
)

_K = TypeVar("_K")

# Wire numbers, fixed by SPEC.md (never derived from enum order, so reordering cannot break them).
TYPE_CODES: dict[MessageType, int] = {
    MessageType.HELLO: 0x01,
    MessageType.LOGIN: 0x02,
    MessageType.PLAYERS: 0x03,
    MessageType.RESULT: 0x04,
    MessageType.NOT_PLAYED: 0x05,
    MessageType.CORRECTION: 0x06,
    MessageType.RESEND: 0x07,
    MessageType.HEARTBEAT: 0x08,
    MessageType.ACK: 0x10,
    MessageType.NAK: 0x11,
    MessageType.GAME_DATA: 0x12,
    MessageType.STATUS: 0x13,
    MessageType.FEEDBACK: 0x14,
    MessageType.CORRECTION_PUSH: 0x15,
    MessageType.CONTROL: 0x16,
    MessageType.LOCKED: 0x17,
    MessageType.SEATING: 0x18,  # station to pad, both versions (SPEC.md 14)
}
ERROR_CODES: dict[ErrorCode, int] = {
    ErrorCode.MALFORMED: 1,
    ErrorCode.UNSUPPORTED_VERSION: 2,
    ErrorCode.BAD_MAC: 3,
    ErrorCode.REPLAY: 4,
    ErrorCode.NOT_LOGGED_IN: 5,
    ErrorCode.NO_SUCH_SECTION: 6,
    ErrorCode.NO_SUCH_TABLE: 7,
    ErrorCode.BAD_PIN: 8,
    ErrorCode.TABLE_IN_USE: 9,
    ErrorCode.UNIT_REPLACED: 10,
    ErrorCode.STOPPED: 11,
    ErrorCode.WRONG_ROUND: 12,
    ErrorCode.BOARD_OUT_OF_RANGE: 13,
    ErrorCode.WRONG_PAIRS: 14,
    ErrorCode.ALREADY_PLAYED: 15,
    ErrorCode.INVALID_CONTRACT: 16,
    ErrorCode.INVALID_TRICKS: 17,
    ErrorCode.INVALID_LEAD: 18,
    ErrorCode.INVALID_PLAYER: 19,
    ErrorCode.NOT_YOUR_BOARD: 20,
    ErrorCode.CORRECTION_CLOSED: 21,
    ErrorCode.INTERNAL: 22,
    ErrorCode.OTHER_EVENT: 23,  # version 2 on (SPEC.md 13.3)
    ErrorCode.UNIT_LOCKED: 24,
}
FLAG_BITS: dict[ResultFlag, int] = {
    ResultFlag.LEAD_DECLARER_MISMATCH: 0,
    ResultFlag.SUSPECT_WRONG_SIDE: 1,
    ResultFlag.DUPLICATE: 2,
    ResultFlag.CORRECTED: 3,
    ResultFlag.DIRECTOR_CHANGED: 4,
    ResultFlag.UNKNOWN_PLAYER: 5,
}
SEAT_CODES = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}
STRAIN_CODES = {Strain.C: 0, Strain.D: 1, Strain.H: 2, Strain.S: 3, Strain.NT: 4}
DOUBLING_CODES = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 1, Doubling.REDOUBLED: 2}
STATE_CODES = {StationState.RUNNING: 0, StationState.STOPPED: 1}
KIND_CODES = {FeedbackKind.TRAVELLER: 0, FeedbackKind.FREQUENCY: 1, FeedbackKind.HAND: 2,
              FeedbackKind.PAR: 3, FeedbackKind.RANKING: 4}
COMMAND_CODES = {ControlCommand.RESET: 0, ControlCommand.STOP: 1, ControlCommand.START: 2,
                 ControlCommand.RELOGIN: 3, ControlCommand.RESEND: 4}
ASK_CODES = {AskPlayers.NEVER: 0, AskPlayers.FIRST: 1, AskPlayers.EVERY: 2}
ENTRY_NONE, ENTRY_RESULT, ENTRY_NOT_PLAYED = 0, 1, 2
NONE_U8 = 0xFF  # battery, declarer/tricks of a passed-out board
NONE_I16 = -0x8000  # score_ns

def _u8_or_none(value: int | None, none: int = NONE_U8) -> bytes:
    return bytes([none if value is None else value])


def _place(entry: Result | Correction | NotPlayed | CorrectionPush | Players) -> bytes:
    return struct.pack(">BBB", ord(entry.section), entry.table, entry.round)


def _contract_byte(contract: str) -> int:
    parts = contract_parts(contract)
    if parts is None:
        return 0x00
    level, strain, doubling = parts
    return level | STRAIN_CODES[strain] << 3 | DOUBLING_CODES[doubling] << 6


def _play(entry: Result | Correction) -> bytes:
    """Contract, declarer/tricks and lead: three bytes."""
    if entry.declarer is None or entry.tricks is None:
        play = NONE_U8
    else:
        play = SEAT_CODES[entry.declarer] << 4 | entry.tricks
    lead = 0
    if entry.lead is not None:
        suit, rank = card_parts(entry.lead)
        lead = SUITS.index(suit) << 4 | rank
    return bytes([_contract_byte(entry.contract), play, lead])


def _entry_tail(entry: Result | Correction | NotPlayed) -> bytes:
    """Board, pairs and (if played) contract/play/lead."""
    tail = struct.pack(">BHH", entry.board, entry.ns, entry.ew)
    return tail if isinstance(entry, NotPlayed) else tail + _play(entry)


def _entry_kind(entry: Result | NotPlayed | None) -> int:
    if entry is None:
        return ENTRY_NONE
    return ENTRY_NOT_PLAYED if isinstance(entry, NotPlayed) else ENTRY_RESULT


def _rows_text(rows: tuple[tuple[str | int | None, ...], ...]) -> bytes:
    # UTF-8, not \u escapes: the text is inside the frame, where every byte is airtime.
    return json.dumps([list(row) for row in rows], separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def _payload(body: Body) -> bytes:
    match body:
        case Hello():
            return bytes([body.protocol]) + _u8_or_none(body.battery) + body.firmware.encode()
        case Login():
            pin = (body.pin or "").encode()
            return struct.pack(">BBB", ord(body.section), body.table, int(body.takeover)) + pin
        case Players():
            return _place(body) + struct.pack(">IIII", body.north, body.east, body.south,
                                              body.west)
        case Result() | Correction() | NotPlayed():
            return _place(body) + _entry_tail(body)
        case Resend():
            return _u8_or_none(body.from_round, 0)
        case Heartbeat():
            return _u8_or_none(body.battery)
        case Ack():
            score = NONE_I16 if body.score_ns is None else body.score_ns
            flags = sum(1 << FLAG_BITS[flag] for flag in body.flags)
            return struct.pack(">IhH", body.re, score, flags)
        case Nak():
            held = b"" if body.held is None else _place(body.held) + _entry_tail(body.held)
            detail = (body.detail or "").encode()
            return (struct.pack(">IBB", body.re, ERROR_CODES[body.code], _entry_kind(body.held))
                    + held + detail)
        case GameData():
            out = bytearray(struct.pack(">BBBBBB", ord(body.section), body.table, body.round,
                                        body.part, body.parts, len(body.rounds)))
            for info in body.rounds:
                out += struct.pack(">BHHB", info.round, info.ns or 0, info.ew or 0,
                                   len(info.boards)) + bytes(info.boards)
            for entry in body.results:
                out += bytes([_entry_kind(entry), entry.round]) + _entry_tail(entry)
            return bytes(out)
        case Status():
            return bytes([STATE_CODES[body.state]]) + _u8_or_none(body.round, 0)
        case Feedback():
            rows = body.rows
            if body.kind is FeedbackKind.RANKING:
                # A ranking row's names are JSON only (SPEC.md 14.9): airtime, and a keypad's
                # screen, go to the five cells of section 4.
                rows = tuple(row[:RANKING_CELLS] for row in rows)
            return (bytes([body.board, KIND_CODES[body.kind], body.part, body.parts])
                    + _rows_text(rows))
        case CorrectionPush():
            push = _place(body) + bytes([body.board, _entry_kind(body.result)])
            if body.result is not None:
                push += _entry_tail(body.result)[1:]  # the board is already there
            return push
        case Control():
            return bytes([COMMAND_CODES[body.command]])
        case Locked():
            return bytes([ERROR_CODES[body.reason]])
        case Seating():
            return _seating(body)


def _seating(body: Seating) -> bytes:
    known = sum(1 << bit for bit, seat in enumerate(body.seats) if seat.number is not None)
    out = bytearray(struct.pack(">BBBBHHB", ord(body.section), body.table, body.round,
                                ASK_CODES[body.ask], body.ns or 0, body.ew or 0, known))
    for seat in body.seats:
        name = (seat.name or "").encode("utf-8")
        out += struct.pack(">IB", seat.number or 0, len(name)) + name
    return bytes(out)


# Decoding -----------------------------------------------------------------------------------


class _Reader:
    """Reads a payload front to back; running short or leaving bytes over is MALFORMED."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def take(self, fmt: str) -> tuple[int, ...]:
        size = struct.calcsize(fmt)
        if self._at + size > len(self._data):
            raise ProtocolError(ErrorCode.MALFORMED, "payload too short")
        values = struct.unpack_from(fmt, self._data, self._at)
        self._at += size
        return values

    def u8(self) -> int:
        return self.take(">B")[0]

    def section(self) -> str:
        return chr(self.u8())

    def rest(self) -> bytes:
        data = self._data[self._at :]
        self._at = len(self._data)
        return data

    def text(self) -> str:
        try:
            return self.rest().decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(ErrorCode.MALFORMED, "text is not UTF-8") from None

    def more(self) -> bool:
        return self._at < len(self._data)

    def done(self) -> None:
        if self.more():
            raise ProtocolError(ErrorCode.MALFORMED, "bytes left over after the payload")


def _lookup(table: dict[_K, int], number: int, name: str) -> _K:
    for member, code in table.items():
        if code == number:
            return member
    raise ProtocolError(ErrorCode.MALFORMED, f"unknown {name} {number}")


def _read_contract(byte: int) -> str:
    if byte == 0:
        return "PASS"
    level, strain, doubling = byte & 0x07, byte >> 3 & 0x07, byte >> 6
    try:
        return make_contract(level, _lookup(STRAIN_CODES, strain, "strain"),
                             _lookup(DOUBLING_CODES, doubling, "doubling"))
    except ProtocolError:
        raise ProtocolError(ErrorCode.INVALID_CONTRACT, f"bad contract byte {byte:#04x}") from None


def _read_play(reader: _Reader) -> tuple[str, Seat | None, int | None, str | None]:
    contract = _read_contract(reader.u8())
    play, lead_byte = reader.take(">BB")
    declarer: Seat | None = None
    tricks: int | None = None
    if play != NONE_U8:
        try:
            declarer = _lookup(SEAT_CODES, play >> 4, "declarer")
        except ProtocolError:
            raise ProtocolError(ErrorCode.INVALID_CONTRACT, "bad declarer") from None
        tricks = play & 0x0F
    lead = None
    if lead_byte:
        rank = lead_byte & 0x0F
        if lead_byte >> 6 or not 2 <= rank <= 14:
            raise ProtocolError(ErrorCode.INVALID_LEAD, f"bad lead byte {lead_byte:#04x}")
        lead = SUITS[lead_byte >> 4 & 0x03] + RANKS[rank - 2]
    return contract, declarer, tricks, lead


def _read_entry(reader: _Reader, kind: int, section: str, table: int, round_: int, *,
                board: int | None = None) -> Result | NotPlayed | None:
    if kind == ENTRY_NONE:
        return None
    if board is None:
        board = reader.u8()
    ns, ew = reader.take(">HH")
    if kind == ENTRY_NOT_PLAYED:
        return NotPlayed(section, table, round_, board, ns, ew)
    if kind == ENTRY_RESULT:
        return Result(section, table, round_, board, ns, ew, *_read_play(reader))
    raise ProtocolError(ErrorCode.MALFORMED, f"unknown entry kind {kind}")


def _read_battery(value: int) -> int | None:
    return None if value == NONE_U8 else value


def _read_hello(reader: _Reader) -> Hello:
    protocol, battery = reader.take(">BB")
    return Hello(reader.text(), _read_battery(battery), protocol)


def _read_login(reader: _Reader) -> Login:
    section = reader.section()
    table, flags = reader.take(">BB")
    if flags > 1:
        raise ProtocolError(ErrorCode.MALFORMED, f"unknown login flags {flags:#04x}")
    return Login(section, table, reader.text() or None, bool(flags))


def _read_players(reader: _Reader) -> Players:
    section = reader.section()
    table, round_, north, east, south, west = reader.take(">BBIIII")
    return Players(section, table, round_, north, east, south, west)


def _read_result(reader: _Reader) -> Result:
    section = reader.section()
    table, round_, board, ns, ew = reader.take(">BBBHH")
    return Result(section, table, round_, board, ns, ew, *_read_play(reader))


def _read_correction(reader: _Reader) -> Correction:
    return Correction(*_fields_of(_read_result(reader)))


def _fields_of(result: Result) -> tuple[str, int, int, int, int, int, str, Seat | None,
                                         int | None, str | None]:
    return (result.section, result.table, result.round, result.board, result.ns, result.ew,
            result.contract, result.declarer, result.tricks, result.lead)


def _read_not_played(reader: _Reader) -> NotPlayed:
    section = reader.section()
    table, round_, board, ns, ew = reader.take(">BBBHH")
    return NotPlayed(section, table, round_, board, ns, ew)


def _read_resend(reader: _Reader) -> Resend:
    return Resend(reader.u8() or None)


def _read_heartbeat(reader: _Reader) -> Heartbeat:
    return Heartbeat(_read_battery(reader.u8()))


def _read_ack(reader: _Reader) -> Ack:
    re, score, bits = reader.take(">IhH")
    # Bits this version does not know are ignored, so stations can add flags compatibly.
    flags = tuple(flag for flag, bit in FLAG_BITS.items() if bits >> bit & 1)
    return Ack(re, None if score == NONE_I16 else score, flags)


def _read_nak(reader: _Reader) -> Nak:
    re, code, kind = reader.take(">IBB")
    held = None
    if kind != ENTRY_NONE:
        section = reader.section()
        table, round_ = reader.take(">BB")
        held = _read_entry(reader, kind, section, table, round_)
    return Nak(re, _lookup(ERROR_CODES, code, "error code"), held, reader.text() or None)


def _read_game_data(reader: _Reader) -> GameData:
    section = reader.section()
    table, round_, part, parts, count = reader.take(">BBBBB")
    rounds = []
    for _ in range(count):
        number, ns, ew, boards = reader.take(">BHHB")
        rounds.append(RoundInfo(number, ns or None, ew or None, reader.take(f">{boards}B")))
    results = []
    while reader.more():
        kind, entry_round = reader.take(">BB")
        if kind not in (ENTRY_RESULT, ENTRY_NOT_PLAYED):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown entry kind {kind}")
        entry = _read_entry(reader, kind, section, table, entry_round)
        assert entry is not None  # kinds checked above
        results.append(entry)
    return GameData(section, table, round_, tuple(rounds), tuple(results), part, parts)


def _read_status(reader: _Reader) -> Status:
    state, round_ = reader.take(">BB")
    return Status(_lookup(STATE_CODES, state, "state"), round_ or None)


def _read_feedback(reader: _Reader) -> Feedback:
    board, kind, part, parts = reader.take(">BBBB")
    try:
        rows = json.loads(reader.rest().decode("utf-8"))
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorCode.MALFORMED, "feedback rows are not JSON") from None
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise ProtocolError(ErrorCode.MALFORMED, "feedback rows must be a list of lists")
    return Feedback(board, _lookup(KIND_CODES, kind, "feedback kind"),
                    tuple(tuple(row) for row in rows), part, parts)


def _read_correction_push(reader: _Reader) -> CorrectionPush:
    section = reader.section()
    table, round_, board, kind = reader.take(">BBBB")
    return CorrectionPush(section, table, round_, board,
                          _read_entry(reader, kind, section, table, round_, board=board))


def _read_control(reader: _Reader) -> Control:
    return Control(_lookup(COMMAND_CODES, reader.u8(), "command"))


def _read_locked(reader: _Reader) -> Locked:
    return Locked(_lookup(ERROR_CODES, reader.u8(), "reason"))


def _read_seating(reader: _Reader) -> Seating:
    section = reader.section()
    table, round_, ask, ns, ew, known = reader.take(">BBBHHB")
    if known > 0x0F:
        raise ProtocolError(ErrorCode.MALFORMED, f"unknown seat bits {known:#04x}")
    seats = []
    for bit in range(4):
        number, size = reader.take(">IB")
        try:
            name = bytes(reader.take(f">{size}B")).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(ErrorCode.MALFORMED, "a name is not UTF-8") from None
        seats.append(SeatPlayer(number if known >> bit & 1 else None, name or None))
    north, east, south, west = seats
    return Seating(section, table, round_, _lookup(ASK_CODES, ask, "ask"), ns or None,
                   ew or None, north, east, south, west)


_READERS: dict[MessageType, Callable[[_Reader], Body]] = {
    MessageType.HELLO: _read_hello,
    MessageType.LOGIN: _read_login,
    MessageType.PLAYERS: _read_players,
    MessageType.RESULT: _read_result,
    MessageType.NOT_PLAYED: _read_not_played,
    MessageType.CORRECTION: _read_correction,
    MessageType.RESEND: _read_resend,
    MessageType.HEARTBEAT: _read_heartbeat,
    MessageType.ACK: _read_ack,
    MessageType.NAK: _read_nak,
    MessageType.GAME_DATA: _read_game_data,
    MessageType.STATUS: _read_status,
    MessageType.FEEDBACK: _read_feedback,
    MessageType.CORRECTION_PUSH: _read_correction_push,
    MessageType.CONTROL: _read_control,
    MessageType.LOCKED: _read_locked,
    MessageType.SEATING: _read_seating,
}


def body_payload(body: Body) -> bytes:
    """The payload bytes of a body."""
    return _payload(body)


def read_body(message_type: MessageType, payload: bytes) -> Body:
    """The body in a payload; ProtocolError (with the nak code) if it is not a valid one."""
    reader = _Reader(payload)
    body = _READERS[message_type](reader)
    reader.done()
    return body


def type_of(code: int) -> MessageType | None:
    """The message type with this wire number, if any."""
    for message_type, number in TYPE_CODES.items():
        if number == code:
            return message_type
    return None
