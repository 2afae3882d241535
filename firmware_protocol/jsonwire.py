"""The JSON form of messages, used over MQTT: one object per message, tagged with a mac."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from firmware_protocol.binary import split_feedback, split_game_data
from firmware_protocol.enums import (
    AskPlayers,
    ControlCommand,
    ErrorCode,
    FeedbackKind,
    MessageType,
    PadPlace,
    ResultEntry,
    ResultFlag,
    StationState,
)
from firmware_protocol.errors import ProtocolError
from firmware_protocol.fields import check_int
from firmware_protocol.messages import (
    LATEST_VERSION,
    MAX_EVENT,
    MAX_SEQ,
    MAX_UNIT,
    PROTOCOL_VERSION,
    SEAT_NAMES,
    VERSIONS,
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
    Message,
    Move,
    Nak,
    NextRound,
    NotPlayed,
    Players,
    Received,
    Resend,
    Result,
    RoundClock,
    RoundInfo,
    RoundRankings,
    Seating,
    SeatPlayer,
    Status,
)
from firmware_protocol.security import compute_mac, verify

__all__ = ["MAX_JSON", "Received", "answers_from_json", "answers_json", "body_from_json",
           "body_text", "body_to_json", "canonical_bytes", "decode", "encode", "fit",
           "sign_object", "verify"]

MAX_JSON = 65536  # longer payloads are refused unread

_MAC_HEX = re.compile(r"[0-9a-fA-F]{8}")
_TYPE_NAMES = frozenset(kind.value for kind in MessageType)  # not the enum walked per message

JsonObject = dict[str, Any]
E = TypeVar("E")


def _not_json(value: object) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _canonical_encoder() -> Callable[[JsonObject], str]:
    """json.dumps(sort_keys, no spaces, ASCII, no NaN) as one C encoder made once: dumps makes
    a new encoder for every call, which cost more than encoding a small message. Where the C
    encoder is missing, or does not give dumps' text, dumps' own encoder is kept."""
    encoder = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                               allow_nan=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return encoder.encode
    try:
        # No circular check: what is encoded is a decoded message or a body's fields.
        fast = make(None, _not_json, json.encoder.encode_basestring_ascii, None, ":", ",",
                    True, False, False)
        probe: JsonObject = {"b": [1, 2.5, None, True, "\u00e9\u2028"], "a": {"y": -1, "x": ""}}
        if "".join(fast(probe, 0)) != encoder.encode(probe):
            return encoder.encode
    except Exception:  # another signature: the plain encoder
        return encoder.encode
    return lambda obj: "".join(fast(obj, 0))


_canonical = _canonical_encoder()


def canonical_bytes(obj: JsonObject) -> bytes:
    """What the mac covers: sorted keys, no spaces, ASCII only (others as \\u escapes)."""
    return _canonical(obj).encode("ascii")


def sign_object(obj: JsonObject, key: bytes) -> bytes:
    """Tag any object (without `mac`) and serialise it; tests and simulators craft odd ones."""
    signed = {name: value for name, value in obj.items() if name != "mac"}
    return canonical_bytes({**signed, "mac": compute_mac(key, canonical_bytes(signed)).hex()})


def encode(message: Message, key: bytes) -> bytes:
    """The message as MQTT payload bytes, mac included.

    The same bytes as `sign_object` of the envelope (sorted keys: body, event, mac, screen,
    seq, type, unit, v), put together around the body's text so that nothing is encoded twice:
    the body comes from `body_text`, the signed text is the envelope without its mac."""
    head = '{"body":' + body_text(message.body)
    if message.v >= 2:
        head += f',"event":{message.event:d}'  # version 1 has none: its bytes stay as they were
    tail = ""
    if message.screen is not None:  # only when said (SPEC.md 15)
        tail = ',"screen":' + json.dumps(message.screen, ensure_ascii=True)
    tail += (f',"seq":{message.seq:d},"type":"{message.type.value}","unit":{message.unit:d},'
             f'"v":{message.v:d}}}')
    mac = compute_mac(key, (head + tail).encode("ascii")).hex()
    return (head + ',"mac":"' + mac + '"' + tail).encode("ascii")


MADE_KEPT = 4096  # bodies whose text `body_text` remembers (more than a batch sends)
_made: dict[int, tuple[Body, str]] = {}


def body_text(body: Body) -> str:
    """The body's canonical JSON text (what the mac covers), made once per body object.

    An answer's text is made when the hub stores it (`answers_json`) and used again when the
    link sends that same object; a seating sent to each pad of a section is made once too.
    Remembered by identity, holding the body so its id is not reused while remembered."""
    made = _made.get(id(body))
    if made is not None and made[0] is body:
        return made[1]
    text = canonical_bytes(body_to_json(body)).decode("ascii")
    if len(_made) >= MADE_KEPT:
        _made.clear()
    _made[id(body)] = (body, text)
    return text


def answers_json(answers: list[Body]) -> str:
    """Answers as stored for repeats: a JSON list of {"body", "type"} (`answers_from_json`
    reads it), each body's text the one the link sends."""
    return "[" + ",".join('{"body":' + body_text(body) + ',"type":"' + body.TYPE.value + '"}'
                          for body in answers) + "]"


def answers_from_json(stored: str) -> list[Body]:
    """The answers `answers_json` stored (or the spaced form stored before it)."""
    return [body_from_json(item["type"], item["body"]) for item in json.loads(stored)]


def fit(body: Body, limit: int = MAX_JSON) -> list[Body]:
    """A station message as the MQTT messages that carry it: a game_data or feedback longer
    than `limit` bytes goes as parts (SPEC.md 10.2: a longer payload is MALFORMED, and the
    broker refuses it). Measured with the longest envelope any unit's message can have."""
    if isinstance(body, GameData):
        return list(split_game_data(body, limit, measure=_longest))
    if isinstance(body, Feedback):
        return list(split_feedback(body, limit, measure=_longest))
    return [body]


def _longest(body: Body) -> int:
    widest = Message(MAX_UNIT, MAX_SEQ, body, LATEST_VERSION, MAX_EVENT, "z" * 16)
    return len(encode(widest, bytes(16)))


def decode(data: bytes | str) -> Received:
    """Read one MQTT payload. Raises only ProtocolError; check the tag with verify()."""
    if len(data) > MAX_JSON:
        raise ProtocolError(ErrorCode.MALFORMED, "message too long")
    try:
        obj = json.loads(data, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:  # JSONDecodeError and UnicodeDecodeError too
        raise ProtocolError(ErrorCode.MALFORMED, f"not JSON: {error}") from None
    if not isinstance(obj, dict):
        raise ProtocolError(ErrorCode.MALFORMED, "a message is a JSON object")
    unit = check_int(obj.get("unit"), "unit", 1, MAX_UNIT)
    seq = check_int(obj.get("seq"), "seq", 0, MAX_SEQ)
    version = obj.get("v")
    if isinstance(version, bool) or not isinstance(version, int) or version not in VERSIONS:
        raise ProtocolError(ErrorCode.UNSUPPORTED_VERSION, f"version {version!r} is not spoken",
                            unit=unit, seq=seq)
    mac_hex = obj.get("mac")
    if not isinstance(mac_hex, str) or _MAC_HEX.fullmatch(mac_hex) is None:
        raise ProtocolError(ErrorCode.MALFORMED, "mac must be 8 hex digits", unit=unit, seq=seq,
                            version=version)
    mac = bytes.fromhex(mac_hex)
    try:
        # Unknown fields stay in what the mac covers, so newer senders still verify.
        signed = canonical_bytes({name: value for name, value in obj.items() if name != "mac"})
    except ValueError:  # a number such as 1e400 reads as infinity, which has no canonical form
        raise ProtocolError(ErrorCode.MALFORMED, "a number out of range",
                            unit=unit, seq=seq, version=version) from None
    try:
        # Version 2 requires the event; version 1 ignores one, as any unknown envelope field.
        event = check_int(_need(obj, "event"), "event", 0, MAX_EVENT) if version >= 2 else 0
        return Received(Message(unit, seq, _read_body(obj), version, event, obj.get("screen")),
                        mac, signed)
    except ProtocolError as error:
        raise ProtocolError(error.code, error.reason, unit=unit, seq=seq, mac=mac,
                            signed=signed, version=version) from None


def body_from_json(type_name: str, body: object) -> Body:
    """A body from its JSON form and type (as `body_to_json` wrote it); ProtocolError if bad."""
    return _read_body({"type": type_name, "body": body})


def _read_body(obj: JsonObject) -> Body:
    type_name = obj.get("type")
    if not isinstance(type_name, str) or type_name not in _TYPE_NAMES:
        raise ProtocolError(ErrorCode.MALFORMED, f"unknown type {type_name!r}")
    body = obj.get("body")
    if not isinstance(body, dict):
        raise ProtocolError(ErrorCode.MALFORMED, "body must be an object")
    return _READERS[MessageType(type_name)](body)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> JsonObject:
    # A repeated key would let the signed text and the read value disagree.
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise ValueError("repeated key")
    return obj


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number here")


def _need(obj: JsonObject, name: str) -> Any:
    if name not in obj:
        raise ProtocolError(ErrorCode.MALFORMED, f"missing field {name!r}")
    return obj[name]


def _enum(cls: Callable[[Any], E], value: object, name: str) -> E:
    try:
        return cls(value)
    except (ValueError, TypeError):
        raise ProtocolError(ErrorCode.MALFORMED, f"unknown {name} {value!r}") from None


def _object(value: object, name: str) -> JsonObject:
    if not isinstance(value, dict):
        raise ProtocolError(ErrorCode.MALFORMED, f"{name} must be an object")
    return value


def _list(value: object, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProtocolError(ErrorCode.MALFORMED, f"{name} must be a list")
    return value


# Writing bodies -----------------------------------------------------------------------------


def body_to_json(body: Body) -> JsonObject:
    """The `body` object of a message (every field present, None as null)."""
    match body:
        case Hello():
            hello: JsonObject = {"firmware": body.firmware, "battery": body.battery,
                                 "protocol": body.protocol}
            if body.status_clock:  # only when it does: older readers never see it
                hello["status_clock"] = True
            return hello
        case Login():
            return {"section": body.section, "table": body.table, "pin": body.pin,
                    "takeover": body.takeover}
        case Players():
            players: JsonObject = {"section": body.section, "table": body.table,
                                   "round": body.round, "north": body.north,
                                   "east": body.east, "south": body.south, "west": body.west}
            if body.visitors:  # only when named: older readers never see it
                players["visitors"] = dict(body.visitors)
            return players
        case Result() | Correction() | NotPlayed():
            return _entry_fields(body)
        case Resend():
            return {"from_round": body.from_round}
        case Heartbeat():
            return {"battery": body.battery}
        case Ack():
            return {"re": body.re, "score_ns": body.score_ns,
                    "flags": [flag.value for flag in body.flags]}
        case Nak():
            return {"re": body.re, "code": body.code.value, "held": _tagged(body.held),
                    "detail": body.detail}
        case GameData():
            return {"section": body.section, "table": body.table, "round": body.round,
                    "part": body.part, "parts": body.parts,
                    "rounds": [{"round": info.round, "ns": info.ns, "ew": info.ew,
                                "boards": list(info.boards)} for info in body.rounds],
                    "results": [_tagged(entry) for entry in body.results]}
        case Status():
            status: JsonObject = {"state": body.state.value, "round": body.round}
            if body.clock is not None:  # only when sent: older readers never see it
                status["clock"] = _clock_json(body.clock)
            if body.ended:  # likewise: only once the session has ended
                status["ended"] = True
            return status
        case Feedback():
            feedback: JsonObject = {"board": body.board, "kind": body.kind.value,
                                    "part": body.part, "parts": body.parts,
                                    "rows": [list(row) for row in body.rows]}
            if body.round is not None:  # a ranking after a round (SPEC.md 14.9)
                feedback["round"] = body.round
            if body.ranking is not None:  # the handicapped ranking (SPEC.md 14.9)
                feedback["ranking"] = body.ranking
            return feedback
        case CorrectionPush():
            return {"section": body.section, "table": body.table, "round": body.round,
                    "board": body.board, "result": _tagged(body.result)}
        case Control():
            return {"command": body.command.value}
        case Locked():
            return {"reason": body.reason.value}
        case Seating():
            return _seating_fields(body)


def _seating_fields(body: Seating) -> JsonObject:
    fields: JsonObject = {"section": body.section, "table": body.table, "round": body.round,
                          "ask": body.ask.value, "ns": body.ns, "ew": body.ew,
                          **{seat: {"number": player.number, "name": player.name}
                             for seat, player in zip(SEAT_NAMES, body.seats, strict=True)}}
    if body.result_entry is not ResultEntry.RESULT:  # absent is "result" (SPEC 14.2)
        fields["result_entry"] = body.result_entry.value
    # Only when the station has them (SPEC.md 14.6, 14.7): older readers never see them.
    if body.clock is not None:
        fields["clock"] = _clock_json(body.clock)
    if body.next_round is not None:
        after = body.next_round
        fields["next"] = {"round": after.round, "ns": _move(after.ns), "ew": _move(after.ew),
                          "boards": list(after.boards)}
    if body.rankings is not None:  # absent: rankings only once published (SPEC.md 14.9)
        fields["rankings"] = {"hide_first": body.rankings.hide_first,
                              "hide_last": body.rankings.hide_last}
    if body.pads is not PadPlace.TABLES:  # absent: each pad stays at its table (SPEC 14.10)
        fields["pads"] = body.pads.value
    return fields


def _move(move: Move | None) -> JsonObject | None:
    return None if move is None else {"table": move.table, "side": move.side}


def _clock_json(clock: RoundClock) -> JsonObject:
    return {"round": clock.round, "ends_in": clock.ends_in, "length": clock.length}


def _entry_fields(entry: Result | Correction | NotPlayed) -> JsonObject:
    fields: JsonObject = {"section": entry.section, "table": entry.table, "round": entry.round,
                          "board": entry.board, "ns": entry.ns, "ew": entry.ew}
    if not isinstance(entry, NotPlayed):
        declarer = None if entry.declarer is None else entry.declarer.value
        fields |= {"contract": entry.contract, "declarer": declarer, "tricks": entry.tricks,
                   "lead": entry.lead}
    elif entry.adjusted is not None:
        fields["adjusted"] = entry.adjusted  # only when set: older readers never see it
    return fields


def _tagged(entry: Result | NotPlayed | None) -> JsonObject | None:
    # Inside game_data, nak and correction_push an entry says which it is with "type".
    if entry is None:
        return None
    return {"type": entry.TYPE.value, **_entry_fields(entry)}


# Reading bodies -----------------------------------------------------------------------------


def _read_hello(obj: JsonObject) -> Hello:
    return Hello(_need(obj, "firmware"), obj.get("battery"),
                 obj.get("protocol", PROTOCOL_VERSION), obj.get("status_clock", False))


def _read_login(obj: JsonObject) -> Login:
    return Login(_need(obj, "section"), _need(obj, "table"), obj.get("pin"),
                 obj.get("takeover", False))


def _read_players(obj: JsonObject) -> Players:
    visitors = _object(obj.get("visitors", {}), "visitors")
    section, table, round_, north, east, south, west = (
        _need(obj, name) for name in ("section", "table", "round", *SEAT_NAMES))
    return Players(section, table, round_, north, east, south, west,
                   visitors=tuple(visitors.items()))


def _place(obj: JsonObject) -> list[Any]:
    return [_need(obj, name) for name in ("section", "table", "round", "board", "ns", "ew")]


def _played(obj: JsonObject) -> list[Any]:
    return [*_place(obj), _need(obj, "contract"), obj.get("declarer"), obj.get("tricks"),
            obj.get("lead")]


def _read_result(obj: JsonObject) -> Result:
    return Result(*_played(obj))


def _read_correction(obj: JsonObject) -> Correction:
    return Correction(*_played(obj))


def _read_not_played(obj: JsonObject) -> NotPlayed:
    section, table, round_, board, ns, ew = _place(obj)
    return NotPlayed(section, table, round_, board, ns, ew, adjusted=obj.get("adjusted"))


def _read_entry(value: object, name: str) -> Result | NotPlayed:
    obj = _object(value, name)
    kind = obj.get("type", MessageType.RESULT.value)
    if kind == MessageType.RESULT:
        return _read_result(obj)
    if kind == MessageType.NOT_PLAYED:
        return _read_not_played(obj)
    raise ProtocolError(ErrorCode.MALFORMED, f"{name} has unknown type {kind!r}")


def _read_optional_entry(value: object, name: str) -> Result | NotPlayed | None:
    return None if value is None else _read_entry(value, name)


def _read_resend(obj: JsonObject) -> Resend:
    return Resend(obj.get("from_round"))


def _read_heartbeat(obj: JsonObject) -> Heartbeat:
    return Heartbeat(obj.get("battery"))


def _read_ack(obj: JsonObject) -> Ack:
    known = {flag.value for flag in ResultFlag}
    # Flags this version does not know are ignored, so stations can add flags compatibly.
    flags = tuple(ResultFlag(flag) for flag in _list(obj.get("flags", []), "flags")
                  if isinstance(flag, str) and flag in known)
    return Ack(_need(obj, "re"), obj.get("score_ns"), flags)


def _read_nak(obj: JsonObject) -> Nak:
    return Nak(_need(obj, "re"), _enum(ErrorCode, _need(obj, "code"), "code"),
               _read_optional_entry(obj.get("held"), "held"), obj.get("detail"))


def _read_round_info(value: object) -> RoundInfo:
    obj = _object(value, "a round")
    return RoundInfo(_need(obj, "round"), obj.get("ns"), obj.get("ew"),
                     tuple(_list(_need(obj, "boards"), "boards")))


def _read_game_data(obj: JsonObject) -> GameData:
    rounds = tuple(_read_round_info(info) for info in _list(_need(obj, "rounds"), "rounds"))
    results = tuple(_read_entry(entry, "a result")
                    for entry in _list(obj.get("results", []), "results"))
    return GameData(_need(obj, "section"), _need(obj, "table"), _need(obj, "round"), rounds,
                    results, obj.get("part", 1), obj.get("parts", 1))


def _read_status(obj: JsonObject) -> Status:
    return Status(_enum(StationState, _need(obj, "state"), "state"), obj.get("round"),
                  _read_clock(obj.get("clock")), obj.get("ended", False))


def _read_feedback(obj: JsonObject) -> Feedback:
    rows = tuple(tuple(_list(row, "a row")) for row in _list(_need(obj, "rows"), "rows"))
    return Feedback(_need(obj, "board"), _enum(FeedbackKind, _need(obj, "kind"), "kind"), rows,
                    obj.get("part", 1), obj.get("parts", 1), obj.get("round"),
                    obj.get("ranking"))


def _read_correction_push(obj: JsonObject) -> CorrectionPush:
    return CorrectionPush(_need(obj, "section"), _need(obj, "table"), _need(obj, "round"),
                          _need(obj, "board"), _read_optional_entry(obj.get("result"), "result"))


def _read_control(obj: JsonObject) -> Control:
    return Control(_enum(ControlCommand, _need(obj, "command"), "command"))


def _read_locked(obj: JsonObject) -> Locked:
    return Locked(_enum(ErrorCode, _need(obj, "reason"), "reason"))


def _read_seat(value: object, name: str) -> SeatPlayer:
    obj = _object(value, name)
    return SeatPlayer(obj.get("number"), obj.get("name"))


def _read_clock(value: object) -> RoundClock | None:
    if value is None:
        return None
    obj = _object(value, "clock")
    return RoundClock(_need(obj, "round"), _need(obj, "ends_in"), _need(obj, "length"))


def _read_move(value: object, name: str) -> Move | None:
    if value is None:
        return None
    obj = _object(value, name)
    return Move(_need(obj, "table"), _need(obj, "side"))


def _read_next(value: object) -> NextRound | None:
    if value is None:
        return None
    obj = _object(value, "next")
    return NextRound(_need(obj, "round"), _read_move(obj.get("ns"), "next ns"),
                     _read_move(obj.get("ew"), "next ew"),
                     tuple(_list(obj.get("boards", []), "next boards")))


def _read_seating(obj: JsonObject) -> Seating:
    north, east, south, west = (_read_seat(obj.get(seat, {}), seat) for seat in SEAT_NAMES)
    return Seating(_need(obj, "section"), _need(obj, "table"), _need(obj, "round"),
                   _enum(AskPlayers, _need(obj, "ask"), "ask"), obj.get("ns"), obj.get("ew"),
                   north, east, south, west,
                   result_entry=_enum(ResultEntry, obj.get("result_entry", "result"),
                                      "result_entry"),
                   clock=_read_clock(obj.get("clock")), next_round=_read_next(obj.get("next")),
                   rankings=_read_rankings(obj.get("rankings")),
                   pads=_enum(PadPlace, obj.get("pads", "tables"), "pads"))


def _read_rankings(value: object) -> RoundRankings | None:
    if value is None:
        return None
    obj = _object(value, "rankings")
    return RoundRankings(obj.get("hide_first", 0), obj.get("hide_last", 0))


_READERS: dict[MessageType, Callable[[JsonObject], Body]] = {
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
