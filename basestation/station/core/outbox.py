"""The station's messages to pads, on their way out: each in its unit's protocol version,
under the unit's next station seq and its key, on the link the unit was last heard on.

The hub decides what to say; the outbox says it. It knows the links (a reopened link
replaces the old one of its name) and numbers what it sends from the units' own counters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

from basestation.station.core.units import Units
from firmware_protocol.messages import Body, Feedback, Message, for_version


class Link(Protocol):
    """A transport to pads. `send` queues a message; it must not block."""

    name: str

    def fit(self, body: Body) -> list[Body]:
        """The body as the messages this link can carry (large ones split into parts)."""
        ...

    def send(self, message: Message, key: bytes) -> None: ...


Numbering = Callable[[list[Body]], list[tuple[Message, bytes]]]


class OrderedLink(Link, Protocol):
    """A link that puts what it sends in its own order (the serial line: answers before
    feedback, SPEC.md 11.9). It numbers a body's parts with `number` as they go out, so the
    station's seqs still rise in the order the pad receives them."""

    def post(self, unit: int, body: Body, number: Numbering) -> None: ...


class Outbox:
    """Sends the station's messages to units, on the links they were heard on."""

    def __init__(self, units: Units, open_event: Callable[[], int | None]) -> None:
        """`open_event` gives the event open now (None: none), which version 2 messages
        carry (SPEC.md 13.4)."""
        self.units = units
        self.open_event = open_event
        self.links: dict[str, Link] = {}

    def heard_on(self, link: Link) -> None:
        """A unit was heard on `link`: what goes to it goes there (a reopened link replaces
        the old one of its name)."""
        self.links[link.name] = link

    def envelope(self, unit_no: int, seq: int, body: Body, version: int,
                 event: int | None = None) -> Message:
        """A station message in `version`: from version 2 on it carries the open event, or
        `event`, the one open when it was made (0 for none), and a code the version lacks is
        mapped down (SPEC.md 13)."""
        if event is None:
            event = self.open_event() or 0
        event = event if version >= 2 else 0
        unit = self.units.get(unit_no)
        return Message(unit=unit_no, seq=seq, body=for_version(body, version), v=version,
                       event=event, screen=unit.screen if unit is not None else None)

    def send(self, unit_no: int, body: Body) -> None:
        """`body` to the unit, on the link it was last heard on (nothing if none is known)."""
        unit = self.units.get(unit_no)
        if unit is None or unit.link is None or unit.link not in self.links:
            return
        link = self.links[unit.link]
        if getattr(link, "post", None) is not None:  # an OrderedLink (a Protocol check is slow)
            # Numbered when it goes, but under the event open now, as it is made (SPEC.md
            # 13.4): what waits for the line keeps its event; feedback of an event since
            # closed is dropped.
            made = self.open_event() or 0

            def number(parts: list[Body]) -> list[tuple[Message, bytes]]:
                if isinstance(body, Feedback) and (self.open_event() or 0) != made:
                    return []
                return self._numbered(unit_no, parts, made)

            cast(OrderedLink, link).post(unit_no, body, number)
            return
        for message, key in self._numbered(unit_no, link.fit(body)):
            link.send(message, key)

    def _numbered(self, unit_no: int, parts: list[Body],
                  event: int | None = None) -> list[tuple[Message, bytes]]:
        """The parts as messages to the unit, under its next station seqs, with its key (and
        `event`, when they were made under another than the open one)."""
        unit = self.units.get(unit_no)
        if unit is None:
            return []
        numbered = []
        for part in parts:
            seq = self.units.next_seq(unit)
            numbered.append((self.envelope(unit_no, seq, part, unit.version, event),
                             unit.key))
        return numbered
