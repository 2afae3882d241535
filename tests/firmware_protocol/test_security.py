"""Unit keys, tags and the replay window."""

from __future__ import annotations

import hashlib
import hmac

from firmware_protocol.security import (
    SequenceWindow,
    SeqVerdict,
    compute_mac,
    unit_key,
    verify_mac,
)


def test_unit_key_is_derived_as_specified() -> None:
    expected = hmac.new(b"change-me", b"unit:17", hashlib.sha256).digest()[:16]
    assert unit_key("change-me", 17) == expected
    assert unit_key(b"change-me", 17) == expected
    assert unit_key("change-me", 18) != expected
    assert len(expected) == 16


def test_mac_is_truncated_hmac() -> None:
    key = unit_key("s", 1)
    assert compute_mac(key, b"abc") == hmac.new(key, b"abc", hashlib.sha256).digest()[:4]


def test_wrong_key_or_changed_data_does_not_verify() -> None:
    key = unit_key("s", 1)
    mac = compute_mac(key, b"board 5")
    assert verify_mac(key, b"board 5", mac)
    assert not verify_mac(unit_key("s", 2), b"board 5", mac)
    assert not verify_mac(unit_key("t", 1), b"board 5", mac)
    assert not verify_mac(key, b"board 6", mac)
    assert not verify_mac(key, b"board 5", mac[:3])


def test_window_new_duplicate_replay() -> None:
    window = SequenceWindow(size=4)
    assert window.decide(5) is SeqVerdict.NEW
    window.record(5, b"five")
    assert window.highest == 5
    assert window.decide(5, b"five") is SeqVerdict.DUPLICATE
    assert window.decide(5) is SeqVerdict.DUPLICATE
    assert window.decide(5, b"other") is SeqVerdict.REPLAY
    assert window.decide(4) is SeqVerdict.REPLAY
    assert window.decide(6) is SeqVerdict.NEW


def test_unanswered_seq_stays_new() -> None:
    window = SequenceWindow()
    assert window.decide(1) is SeqVerdict.NEW
    assert window.decide(1) is SeqVerdict.NEW  # deciding records nothing


def test_window_forgets_oldest() -> None:
    window = SequenceWindow(size=3)
    for seq in (10, 11, 12, 13):
        window.record(seq, bytes([seq]))
    assert window.decide(10, bytes([10])) is SeqVerdict.REPLAY
    assert window.decide(11, bytes([11])) is SeqVerdict.DUPLICATE
    assert window.decide(13, bytes([13])) is SeqVerdict.DUPLICATE


def test_gaps_are_allowed_and_late_seqs_are_replays() -> None:
    window = SequenceWindow()
    window.record(10)
    window.record(20)  # a pad may skip seqs (after a battery change it jumps ahead)
    assert window.decide(15) is SeqVerdict.REPLAY
    window.record(15)  # ignored: already behind the highest
    assert window.decide(15) is SeqVerdict.REPLAY


def test_window_restored_from_highest() -> None:
    window = SequenceWindow(highest=100)
    assert window.decide(100) is SeqVerdict.REPLAY
    assert window.decide(101) is SeqVerdict.NEW
