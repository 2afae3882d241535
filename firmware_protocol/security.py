"""Unit keys, message tags, and the per-unit sequence (replay) window."""

from __future__ import annotations

import hashlib
import hmac
from enum import StrEnum

from firmware_protocol.messages import Received

KEY_SIZE = 16
MAC_SIZE = 4
DEFAULT_WINDOW = 64


def unit_key(secret: str | bytes, unit: int, epoch: int = 0) -> bytes:
    """A unit's key in a key epoch (SPEC.md 7): the first 16 bytes of HMAC-SHA256(station
    secret, "unit:<decimal id>"); from epoch 1 on (each re-pairing of a known unit moves it
    on) the HMAC key is the secret followed by "#" and the epoch in decimal."""
    if isinstance(secret, str):
        secret = secret.encode("utf-8")
    if epoch < 0:
        raise ValueError("a key epoch is 0 or more")
    if epoch:
        secret += f"#{epoch}".encode("ascii")
    return hmac.new(secret, f"unit:{unit}".encode("ascii"), hashlib.sha256).digest()[:KEY_SIZE]


def unit_username(unit: int) -> str:
    """A unit's broker user name (SPEC.md 10.3): `unit-<decimal id>`."""
    return f"unit-{unit}"


def mqtt_password(key: bytes) -> str:
    """A unit's broker password (SPEC.md 10.3): the first 16 bytes of HMAC-SHA256(unit key,
    "mqtt"), as 32 lower-case hex digits, so a pad needs nothing beyond its key."""
    return hmac.new(key, b"mqtt", hashlib.sha256).hexdigest()[:32]


def compute_mac(key: bytes, data: bytes) -> bytes:
    """The tag: the first 4 bytes of HMAC-SHA256(key, data)."""
    # hmac.digest: the same bytes in one C call (each message is checked or tagged here).
    return hmac.digest(key, data, "sha256")[:MAC_SIZE]


def verify_mac(key: bytes, data: bytes, mac: bytes) -> bool:
    """Whether mac is data's tag under key (constant time)."""
    return hmac.compare_digest(compute_mac(key, data), mac)


def verify(received: Received, key: bytes) -> bool:
    """Whether a decoded message's tag verifies under the sender's unit key."""
    return verify_mac(key, received.signed, received.mac)


class SeqVerdict(StrEnum):
    """What to do with a message's sequence number."""

    NEW = "new"  # above every seq seen: handle it
    DUPLICATE = "duplicate"  # a recently answered seq with the same content: answer it again
    REPLAY = "replay"  # at or below the highest seq, and not a known duplicate: nak REPLAY


class SequenceWindow:
    """Replay tracker for one unit's (or, on a pad, the station's) sequence numbers.

    `decide` only looks; `record` is called once the message has been answered, so a message
    that was never answered (say the store failed) is NEW again when the sender retries.
    Only the `size` most recent answered seqs are remembered, with a digest of their content.
    """

    def __init__(self, size: int = DEFAULT_WINDOW, highest: int | None = None) -> None:
        if size < 1:
            raise ValueError("the window must remember at least one seq")
        self._size = size
        self._highest = highest
        self._recent: dict[int, bytes] = {}

    @property
    def highest(self) -> int | None:
        """The highest answered seq (persist it; restore it with the constructor)."""
        return self._highest

    def decide(self, seq: int, content: bytes | None = None) -> SeqVerdict:
        """NEW, DUPLICATE or REPLAY; with content given, a duplicate must also match it."""
        if self._highest is None or seq > self._highest:
            return SeqVerdict.NEW
        digest = self._recent.get(seq)
        if digest is None:
            return SeqVerdict.REPLAY
        if content is not None and digest != _digest(content):
            return SeqVerdict.REPLAY
        return SeqVerdict.DUPLICATE

    def record(self, seq: int, content: bytes = b"") -> None:
        """Remember that seq (with this content) has been answered."""
        if self._highest is not None and seq <= self._highest and seq not in self._recent:
            return  # too old to matter: decide() already says REPLAY for it
        self._recent[seq] = _digest(content)
        if self._highest is None or seq > self._highest:
            self._highest = seq
        while len(self._recent) > self._size:
            del self._recent[min(self._recent)]


def _digest(content: bytes) -> bytes:
    return hashlib.sha256(content).digest()[:16]
