"""COBS stuffing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from firmware_protocol.cobs import cobs_decode, cobs_encode


@given(st.binary(max_size=700))
def test_round_trip_without_zeros(data: bytes) -> None:
    stuffed = cobs_encode(data)
    assert 0 not in stuffed
    assert len(stuffed) <= len(data) + 1 + len(data) // 254
    assert cobs_decode(stuffed) == data


def test_known_encodings() -> None:
    assert cobs_encode(b"") == b"\x01"
    assert cobs_encode(b"\x00") == b"\x01\x01"
    assert cobs_encode(b"\x11\x22\x00\x33") == b"\x03\x11\x22\x02\x33"
    assert cobs_encode(bytes(range(1, 255))) == b"\xff" + bytes(range(1, 255)) + b"\x01"


def test_invalid() -> None:
    assert cobs_decode(b"\x05\x11") is None
    assert cobs_decode(b"\x02\x00") is None
