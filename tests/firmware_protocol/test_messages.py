"""Field checks in the message classes: invalid values carry the nak code the station needs."""

from __future__ import annotations

import pytest

from firmware_protocol.enums import ErrorCode, MessageType, ResultFlag, Seat
from firmware_protocol.errors import ProtocolError
from firmware_protocol.fields import canonical_card, canonical_contract, contract_parts
from firmware_protocol.messages import (
    BODY_TYPES,
    Ack,
    CorrectionPush,
    GameData,
    Locked,
    Login,
    Message,
    Nak,
    NotPlayed,
    Players,
    RoundInfo,
    for_version,
)
from tests.helpers import result

# A result at table A3 in round 2, pairs 3 and 10, led HK: what the cases below change.
SAMPLE: dict[str, object] = {"table": 3, "round": 2, "board": 5, "ns": 3, "ew": 10,
                             "lead": "HK"}


def code_of(make: object) -> ErrorCode:
    assert callable(make)
    with pytest.raises(ProtocolError) as caught:
        make()
    return caught.value.code


def test_every_type_has_a_body_class() -> None:
    assert set(BODY_TYPES) == set(MessageType)
    assert all(cls.TYPE is kind for kind, cls in BODY_TYPES.items())


def test_direction_of_types() -> None:
    assert MessageType.RESULT.from_pad
    assert not MessageType.ACK.from_pad
    assert sum(kind.from_pad for kind in MessageType) == 8


def test_error_code_values_are_their_names() -> None:
    assert all(code.value == code.name for code in ErrorCode)
    assert MessageType.NOT_PLAYED.value == "not_played"


@pytest.mark.parametrize("text", ["1C", "3NT", "4SX", "7NTXX", "PASS", "2HXX"])
def test_valid_contracts(text: str) -> None:
    assert canonical_contract(text) == text


@pytest.mark.parametrize("text", ["0S", "8H", "4", "4SXXX", "3N", "pass", "4s", " 4S", "4SX ",
                                  "", "P", 4, None, "4NTNT"])
def test_invalid_contracts(text: object) -> None:
    assert code_of(lambda: canonical_contract(text)) is ErrorCode.INVALID_CONTRACT


def test_contract_parts() -> None:
    assert contract_parts("PASS") is None
    level, strain, doubling = contract_parts("3NTX") or (0, None, None)
    assert (level, strain, doubling) == (3, "NT", "X")


@pytest.mark.parametrize(("text", "canonical"),
                         [("HK", "HK"), ("D10", "D10"), ("DT", "D10"), ("C2", "C2"), ("SA", "SA")])
def test_cards(text: str, canonical: str) -> None:
    assert canonical_card(text) == canonical


@pytest.mark.parametrize("text", ["H1", "D11", "XK", "hk", "H", "S0", "HKK", "", 5])
def test_invalid_cards(text: object) -> None:
    assert code_of(lambda: canonical_card(text)) is ErrorCode.INVALID_LEAD


def test_result_normalises_lead_and_declarer() -> None:
    held = result(**(SAMPLE | {"lead": "ST", "declarer": "N"}))
    assert held.lead == "S10"
    assert held.declarer is Seat.N


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"contract": "8S"}, ErrorCode.INVALID_CONTRACT),
        ({"declarer": "Q"}, ErrorCode.INVALID_CONTRACT),
        ({"declarer": None}, ErrorCode.INVALID_CONTRACT),
        ({"tricks": 14}, ErrorCode.INVALID_TRICKS),
        ({"tricks": -1}, ErrorCode.INVALID_TRICKS),
        ({"tricks": None}, ErrorCode.INVALID_TRICKS),
        ({"tricks": True}, ErrorCode.INVALID_TRICKS),
        ({"lead": "Z9"}, ErrorCode.INVALID_LEAD),
        ({"contract": "PASS"}, ErrorCode.INVALID_CONTRACT),
        ({"contract": "PASS", "declarer": None}, ErrorCode.INVALID_TRICKS),
        ({"contract": "PASS", "declarer": None, "tricks": None}, ErrorCode.INVALID_LEAD),
        ({"section": "a"}, ErrorCode.MALFORMED),
        ({"section": "AB"}, ErrorCode.MALFORMED),
        ({"table": 0}, ErrorCode.MALFORMED),
        ({"round": 256}, ErrorCode.MALFORMED),
        ({"board": 0}, ErrorCode.MALFORMED),
        ({"ns": 0}, ErrorCode.MALFORMED),
        ({"ew": 65536}, ErrorCode.MALFORMED),
        ({"board": 1.0}, ErrorCode.MALFORMED),
    ],
)
def test_invalid_results(changes: dict[str, object], code: ErrorCode) -> None:
    assert code_of(lambda: result(**(SAMPLE | changes))) is code


def test_passed_out_board() -> None:
    passed = result(**(SAMPLE | {"contract": "PASS", "declarer": None, "tricks": None,
                               "lead": None}))
    assert passed.contract == "PASS"


def test_other_ranges() -> None:
    assert code_of(lambda: Players("A", 1, 1, -1, 0, 0, 0)) is ErrorCode.MALFORMED
    assert code_of(lambda: Login("A", 1, "123456789")) is ErrorCode.MALFORMED
    assert Login("A", 1, "").pin is None
    assert code_of(lambda: Ack(1, 40000)) is ErrorCode.MALFORMED
    assert code_of(lambda: Nak(1, "NOPE")) is ErrorCode.MALFORMED  # type: ignore[arg-type]
    assert code_of(lambda: Nak(1, ErrorCode.BAD_MAC, None, "x" * 65)) is ErrorCode.MALFORMED
    assert code_of(lambda: Message(0, 1, Ack(1))) is ErrorCode.MALFORMED
    assert code_of(lambda: Message(1, 2**32, Ack(1))) is ErrorCode.MALFORMED
    assert code_of(lambda: Message(1, 1, Ack(1), v=3)) is ErrorCode.UNSUPPORTED_VERSION
    assert code_of(lambda: Message(1, 1, Ack(1), v=0)) is ErrorCode.UNSUPPORTED_VERSION


def test_version_2_carries_the_event() -> None:
    assert Message(1, 1, Ack(1), v=2, event=7).event == 7
    assert Message(1, 1, Ack(1), v=2).event == 0  # no event open
    assert code_of(lambda: Message(1, 1, Ack(1), v=1, event=7)) is ErrorCode.MALFORMED
    assert code_of(lambda: Message(1, 1, Ack(1), v=2, event=2**32)) is ErrorCode.MALFORMED
    assert code_of(lambda: Message(1, 1, Ack(1), v=2, event=-1)) is ErrorCode.MALFORMED


def test_version_2_codes_are_not_sent_in_version_1() -> None:
    assert ErrorCode.OTHER_EVENT.since == ErrorCode.UNIT_LOCKED.since == 2
    assert ErrorCode.UNIT_REPLACED.since == 1
    locked = Locked(ErrorCode.UNIT_LOCKED)
    assert code_of(lambda: Message(1, 1, locked)) is ErrorCode.MALFORMED
    assert code_of(lambda: Message(1, 1, Nak(3, ErrorCode.OTHER_EVENT))) is ErrorCode.MALFORMED
    assert Message(1, 1, locked, v=2).body == locked


def test_for_version_maps_codes_down_for_older_units() -> None:
    assert for_version(Locked(ErrorCode.UNIT_LOCKED), 1) == Locked(ErrorCode.UNIT_REPLACED)
    assert for_version(Locked(ErrorCode.UNIT_LOCKED), 2) == Locked(ErrorCode.UNIT_LOCKED)
    assert for_version(Nak(4, ErrorCode.UNIT_LOCKED, None, "ask"), 1) == Nak(
        4, ErrorCode.UNIT_REPLACED, None, "ask")
    assert for_version(Nak(4, ErrorCode.OTHER_EVENT), 1) == Nak(4, ErrorCode.NOT_LOGGED_IN)
    assert for_version(Nak(4, ErrorCode.STOPPED), 1) == Nak(4, ErrorCode.STOPPED)
    assert for_version(Ack(4), 1) == Ack(4)


def test_ack_flags_are_canonical() -> None:
    ack = Ack(1, None, (ResultFlag.DUPLICATE, ResultFlag.LEAD_DECLARER_MISMATCH,
                        ResultFlag.DUPLICATE))
    assert ack.flags == (ResultFlag.LEAD_DECLARER_MISMATCH, ResultFlag.DUPLICATE)


def test_game_data_results_belong_to_its_table() -> None:
    other_table = NotPlayed("A", 4, 1, 1, 1, 1)
    assert code_of(lambda: GameData("A", 3, 1, (), (other_table,))) is ErrorCode.MALFORMED
    assert code_of(lambda: GameData("A", 3, 1, (), (), 3, 2)) is ErrorCode.MALFORMED
    assert GameData("A", 3, 1, [RoundInfo(1, None, 2, [1, 2])]).rounds[0].boards == (1, 2)  # type: ignore[arg-type]


def test_correction_push_is_for_its_board() -> None:
    entry = NotPlayed("A", 3, 1, 2, 1, 1)
    assert CorrectionPush("A", 3, 1, 2, entry).result == entry
    assert code_of(lambda: CorrectionPush("A", 3, 1, 3, entry)) is ErrorCode.MALFORMED


def test_protocol_error_carries_where() -> None:
    error = ProtocolError(ErrorCode.MALFORMED, "bad", unit=3, seq=9)
    assert (error.code, error.reason, error.unit, error.seq) == (ErrorCode.MALFORMED, "bad", 3, 9)
    assert isinstance(error, ValueError)
