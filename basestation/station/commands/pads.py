"""What a browser pad asks of the station outside the wire protocol: its unit's key for a
one-time pairing code (SPEC.md 10.5), and the audit lines its pairing leaves. The routes call
these, never the hub."""

from __future__ import annotations

import hmac

from basestation.station.core.hub import Hub
from basestation.station.session.pairing_codes import PairingCodes
from basestation.store import repository as repo


class PadService:
    """The pads' calls on the station that are not pad messages."""

    def __init__(self, hub: Hub, codes: PairingCodes) -> None:
        self._hub = hub
        self.codes = codes

    def key_for_code(self, code: str) -> tuple[int, bytes]:
        """The unit and its key for a pairing code, spent by this; PairingRefused if the
        code is spent, expired, replaced or was never given."""
        unit = self.codes.spend(code)
        key = self._hub.units.key_of(unit)
        self.audit(f"unit {unit}", "pairing_code")
        return unit, key

    def holds_key(self, unit: int, key: bytes) -> bool:
        """Whether `key` is still `unit`'s (not paired again since), in constant time."""
        return hmac.compare_digest(self._hub.units.key_of(unit), key)

    def audit(self, who: str, action: str, why: str | None = None) -> None:
        """Writes an audit line for the open event in turn with the pads' traffic; nobody
        waits on it."""
        event = self._hub.rules.session.event_id
        detail = {} if why is None else {"why": why}
        self._hub.later(lambda batch: batch.ops.append(repo.audit(event, who, action, **detail)))
