"""The one exception the codecs raise."""

from __future__ import annotations

from firmware_protocol.enums import ErrorCode


class ProtocolError(ValueError):
    """A message that cannot be accepted as sent; `code` is what a nak should carry.

    `unit` and `seq` are set when they could be read, so the station knows whom to answer;
    `mac` and `signed` too, so it can check the tag before it answers, and `version` (the
    message's `v`, when it is one this side speaks) so the answer goes out in that version.
    """

    def __init__(
        self,
        code: ErrorCode,
        reason: str,
        *,
        unit: int | None = None,
        seq: int | None = None,
        mac: bytes | None = None,
        signed: bytes | None = None,
        version: int | None = None,
    ) -> None:
        super().__init__(f"{code.value}: {reason}")
        self.code = code
        self.reason = reason
        self.unit = unit
        self.seq = seq
        self.mac = mac
        self.signed = signed
        self.version = version
