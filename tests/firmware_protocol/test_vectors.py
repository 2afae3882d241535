"""The golden vectors: both codecs against the files, in both directions."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from firmware_protocol import jsonwire
from firmware_protocol.binary import FrameDecoder, decode_frame, encode_frame
from firmware_protocol.enums import (
    AskPlayers,
    FeedbackKind,
    MessageType,
    PadPlace,
    ResultEntry,
    StationState,
)
from firmware_protocol.messages import (
    HANDICAPPED,
    RANKING_CELLS,
    CorrectionPush,
    Feedback,
    GameData,
    Heartbeat,
    Hello,
    Message,
    Nak,
    NextRound,
    NotPlayed,
    Players,
    Received,
    Result,
    RoundClock,
    RoundRankings,
    Seating,
    Status,
)
from firmware_protocol.security import unit_key, verify
from firmware_protocol.vectors import make_vectors

HERE = Path(make_vectors.__file__).parent
CASES = {name: message for cases in make_vectors.FILES.values() for name, _, message in cases}


def load() -> list[dict[str, Any]]:
    vectors: list[dict[str, Any]] = []
    for path in sorted(HERE.glob("*.json")):
        vectors += json.loads(path.read_text(encoding="ascii"))
    return vectors


VECTORS = load()


def test_files_are_what_the_generator_makes() -> None:
    for filename, cases in make_vectors.FILES.items():
        assert (HERE / filename).read_text(encoding="ascii") == make_vectors.render(cases)


def test_coverage() -> None:
    kinds = {CASES[vector["name"]].type for vector in VECTORS}
    assert kinds == set(MessageType)
    results = [CASES[v["name"]].body for v in VECTORS if CASES[v["name"]].type == "result"]
    assert any(isinstance(r, Result) and r.lead for r in results)
    assert any(isinstance(r, Result) and r.contract == "PASS" for r in results)
    assert all(set(v) - {"epoch"} == {"name", "secret", "unit", "key_hex", "seq", "json",
                                      "binary_hex"} for v in VECTORS)


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["name"] for vector in VECTORS])
def test_vector(vector: dict[str, Any]) -> None:
    key = bytes.fromhex(vector["key_hex"])
    assert unit_key(vector["secret"], vector["unit"], vector.get("epoch", 0)) == key
    expected: Message = CASES[vector["name"]]
    assert (expected.unit, expected.seq) == (vector["unit"], vector["seq"])
    # message -> bytes
    assert jsonwire.encode(expected, key).decode("ascii") == vector["json"]
    assert encode_frame(expected, key).hex() == vector["binary_hex"]
    # bytes -> message
    from_json = jsonwire.decode(vector["json"])
    from_binary = decode_frame(bytes.fromhex(vector["binary_hex"]))
    assert isinstance(from_binary, Received)
    assert from_json.message == expected
    # The binary form has no room for the JSON-only fields (SPEC.md 14.6, 14.7).
    assert from_binary.message == binary_view(expected)
    assert verify(from_json, key) and verify(from_binary, key)
    assert not verify(from_binary, unit_key(vector["secret"], vector["unit"] + 1))
    # A key of another epoch does not verify it (SPEC.md 7).
    assert not verify(from_binary, unit_key(vector["secret"], vector["unit"],
                                            vector.get("epoch", 0) + 1))


def binary_view(message: Message) -> Message:
    """The message as its binary frame carries it: without the JSON-only fields SPEC.md 12
    lists (a screen, visitors' names, an adjusted score, a seating's clock, moves and
    settings, a ranking's round and names)."""
    message = replace(message, screen=None)
    body = message.body

    def plain(entry: Any) -> Any:
        return replace(entry, adjusted=None) if isinstance(entry, NotPlayed) else entry

    match body:
        case Players():
            body = replace(body, visitors=())
        case GameData():
            body = replace(body, results=tuple(plain(entry) for entry in body.results))
        case CorrectionPush():
            body = replace(body, result=plain(body.result))
        case Nak():
            body = replace(body, held=plain(body.held))
        case Hello():
            body = replace(body, status_clock=False)
        case Status():
            body = replace(body, clock=None)
        case Seating():
            body = replace(body, clock=None, next_round=None, result_entry=ResultEntry.RESULT,
                           rankings=None, pads=PadPlace.TABLES)
        case Feedback() if body.kind is FeedbackKind.RANKING:
            body = replace(body, rows=tuple(row[:RANKING_CELLS] for row in body.rows),
                           round=None, ranking=None)
        case Feedback():
            body = replace(body, round=None)
    return replace(message, body=body)


def test_all_vectors_in_one_stream() -> None:
    wire = b"".join(bytes.fromhex(vector["binary_hex"]) for vector in VECTORS)
    decoder = FrameDecoder()
    items = [item for byte in wire for item in decoder.feed(bytes([byte]))]
    assert [item.message for item in items if isinstance(item, Received)] == [
        binary_view(CASES[vector["name"]]) for vector in VECTORS]
    assert decoder.errors.total() == 0


def test_version_2_vectors() -> None:
    # SPEC.md 13: every vector of the v2 files is a version 2 message; the v1 files hold none.
    for filename, cases in make_vectors.FILES.items():
        assert {message.v for _, _, message in cases} == {2 if "_v2" in filename else 1}
    names = {vector["name"] for vector in VECTORS}
    assert {"v2_hello", "v2_login", "v2_result_with_lead", "v2_game_data_part_2_of_3",
            "v2_status_new_event", "v2_nak_other_event", "v2_locked_unit_locked",
            "v2_control_reset"} <= names
    status = next(v for v in VECTORS if v["name"] == "v2_status_new_event")
    obj = json.loads(status["json"])
    assert (obj["v"], obj["event"]) == (2, 8)
    assert bytes.fromhex(status["binary_hex"])[2] == 0x53  # COBS code byte, then 0x40 | status


def test_version_1_ignores_an_event_in_its_envelope() -> None:
    # A v1 JSON message may carry unknown envelope fields (SPEC.md 9); `event` is one of them.
    vector = next(v for v in VECTORS if v["name"] == "result_with_lead")
    key = bytes.fromhex(vector["key_hex"])
    obj = json.loads(vector["json"])
    obj["event"] = 99
    received = jsonwire.decode(jsonwire.sign_object(obj, key))
    assert received.message == CASES["result_with_lead"]
    assert received.message.event == 0 and verify(received, key)


SPEC = (HERE.parent / "SPEC.md").read_text(encoding="utf-8")
_NP = NotPlayed("A", 3, 2, 9, 3, 10)
_SEAT = Seating("A", 3, 2, AskPlayers.NEVER, 3, 10)
_RANKING = Feedback(0, FeedbackKind.RANKING, ((1, 3, "NS", 14, 5833, "Ann Smith"),))
# Each JSON-only field of SPEC.md 12's table: a message with it, and what a frame reads back.
JSON_ONLY: list[tuple[str, Message, Message]] = [
    ("screen", Message(17, 1, Heartbeat(50), screen="k3x9q2"), Message(17, 1, Heartbeat(50))),
    ("visitors", Message(17, 2, Players("A", 3, 2, 1, 0, 2, 3, visitors=(("east", "Jo"),))),
     Message(17, 2, Players("A", 3, 2, 1, 0, 2, 3))),
    ("adjusted", Message(17, 3, GameData("A", 3, 2, (), (replace(_NP, adjusted="60/40"),))),
     Message(17, 3, GameData("A", 3, 2, (), (_NP,)))),
    ("status_clock", Message(17, 10, Hello("webpad 1", 80, 1, status_clock=True)),
     Message(17, 10, Hello("webpad 1", 80, 1))),
    ("clock", Message(17, 4, replace(_SEAT, clock=RoundClock(2, 60, 900))), Message(17, 4, _SEAT)),
    ("clock", Message(17, 11, Status(StationState.RUNNING, 3, RoundClock(3, 840, 840))),
     Message(17, 11, Status(StationState.RUNNING, 3))),
    ("next", Message(17, 5, replace(_SEAT, next_round=NextRound(3, None, None, ()))),
     Message(17, 5, _SEAT)),
    ("result_entry", Message(17, 6, replace(_SEAT, result_entry=ResultEntry.TRICKS)),
     Message(17, 6, _SEAT)),
    ("rankings", Message(17, 7, replace(_SEAT, rankings=RoundRankings(0, 1))),
     Message(17, 7, _SEAT)),
    ("pads", Message(17, 8, replace(_SEAT, pads=PadPlace.EW)), Message(17, 8, _SEAT)),
    ("round", Message(17, 9, replace(_RANKING, round=2)), Message(17, 9, replace(
        _RANKING, rows=((1, 3, "NS", 14, 5833),)))),
    ("ranking", Message(17, 12, replace(_RANKING, ranking=HANDICAPPED)), Message(17, 12, replace(
        _RANKING, rows=((1, 3, "NS", 14, 5833),)))),
]


@pytest.mark.parametrize(("field", "sent", "read"), JSON_ONLY, ids=[f for f, _, _ in JSON_ONLY])
def test_every_json_only_field_spec_12_lists_is_left_out_of_a_frame(
        field: str, sent: Message, read: Message) -> None:
    key = unit_key("tuesday-club-secret", 17)
    assert jsonwire.decode(jsonwire.encode(sent, key)).message == sent
    item = decode_frame(encode_frame(sent, key))
    assert isinstance(item, Received) and item.message == read == binary_view(sent)
    table = SPEC[SPEC.index("| message | JSON-only field |"):]
    table = table[:table.index("\n\n")]
    assert f"`{field}`" in table
