"""The hub's answers to what it does not take: a frame the codec refused, a tag that fails, a
message whose handling failed. None goes to a frame whose tag does not check out under the
unit's key (beyond being counted), so nobody can probe the station with forgeries."""

from __future__ import annotations

import contextlib
from typing import Any

from basestation.station.core.floods import FloodControl
from basestation.station.core.outbox import Link, Outbox
from basestation.station.core.queue import FairQueue
from basestation.station.core.units import Units
from basestation.station.effects.batch import Batch
from basestation.station.session.memory import UnitState
from firmware_protocol.binary import DecodeError
from firmware_protocol.errors import ProtocolError
from firmware_protocol.messages import PROTOCOL_VERSION, ErrorCode, Nak, Received
from firmware_protocol.security import verify, verify_mac


class Refusals:
    """Naks for the refused, each in the unit's own sequence when the unit is known."""

    def __init__(self, units: Units, outbox: Outbox, queue: FairQueue[Any],
                 flood_control: FloodControl) -> None:
        self.units = units
        self.outbox = outbox
        self.queue = queue
        self.flood_control = flood_control
        self.bad_frames = 0  # frames refused by the codec, or of a type pads never send

    def frame(self, link: Link, error: ProtocolError | DecodeError) -> None:
        """Answers a message the codec could not accept (a bad contract, say) with a nak.

        Only when the unit's tag over what was received checks out: an unauthenticated
        frame gets no answer beyond the bad-frame count, so nobody can probe the station.
        """
        self.bad_frames += 1
        unit, seq, mac, signed = error.unit, error.seq, error.mac, error.signed
        if unit is None or seq is None or mac is None or signed is None:
            return
        if not self.queue.police(unit):  # a few a second per unit are answered, no more
            self.flood_control.say()
            return
        known = self.units.get(unit)
        key = self.units.key_of(unit)
        if not verify_mac(key, signed, mac):
            return
        nak = Nak(re=seq, code=error.code, detail=error.reason[:60] or None)
        # Answered in the version it came in; one this side does not speak gets version 1.
        version = error.version or PROTOCOL_VERSION
        if known is None:
            link.send(self.outbox.envelope(unit, 0, nak, version), key)
            return
        # An authentic unit gets the nak in its own sequence, so its pad takes it.
        if error.version is not None:
            known.version = version
        known.link = link.name
        self.outbox.heard_on(link)
        self.outbox.send(unit, nak)

    def bad_mac(self, received: Received, link: Link, unit: UnitState | None,
                batch: Batch) -> None:
        """A tag that fails: the units count it and say under which seq and key the BAD_MAC
        nak goes, answered on the link it came from, without trusting the claimed unit's
        route."""
        message = received.message
        seq, key = self.units.bad_mac(received, unit, batch)
        with contextlib.suppress(Exception):
            nak = self.outbox.envelope(message.unit, seq,
                                       Nak(re=message.seq, code=ErrorCode.BAD_MAC), message.v)
            link.send(nak, key)

    def internal(self, received: Received, link: Link) -> None:
        """INTERNAL: the station failed, the entry was not stored, the pad retries later
        (SPEC.md 6.6). Only to a message whose tag checks out."""
        message = received.message
        unit = self.units.get(message.unit)
        key = self.units.key_of(message.unit)
        if not verify(received, key):
            return
        nak = Nak(re=message.seq, code=ErrorCode.INTERNAL)
        if unit is None:
            with contextlib.suppress(Exception):
                link.send(self.outbox.envelope(message.unit, 0, nak, message.v), key)
            return
        unit.link = link.name
        unit.version = message.v
        self.outbox.heard_on(link)
        self.outbox.send(message.unit, nak)
