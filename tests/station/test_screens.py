"""Two phones or tabs opened as one unit (SPEC.md 15): the newest screen holds the unit; the
other is told, and nothing it sends is taken or spoils the unit's sequence."""

from __future__ import annotations

from pathlib import Path

from basestation.station.core.hub import Inbound
from firmware_protocol import jsonwire
from firmware_protocol.messages import (
    Ack,
    Body,
    GameData,
    Heartbeat,
    Hello,
    Login,
    Message,
    Seating,
    Status,
)
from firmware_protocol.security import unit_key
from tests.helpers import result
from tests.station.fakes import SECRET, FakeLink, station

UNIT = 5


def said(link: FakeLink, seq: int, body: Body, screen: str | None) -> Inbound:
    """A pad message from a page on `screen` (None: a pad that names none)."""
    data = jsonwire.encode(Message(UNIT, seq, body, 1, 0, screen), unit_key(SECRET, UNIT))
    return Inbound(jsonwire.decode(data), link)


async def test_the_newest_screen_holds_the_unit_and_the_other_is_told(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(said(link, 1, Hello("webpad 1", None, 2), "first"))
    await made.hub.step(said(link, 2, Login("A", 1), "first"))
    answers = link.messages_to(UNIT)
    assert [type(m.body) for m in answers] == [Ack, Status, Ack, GameData, Seating]
    assert {m.screen for m in answers} == {"first"}
    # A second phone, opened with the same pairing link: its hello takes the unit.
    await made.hub.step(said(link, 3, Hello("webpad 1", None, 2), "second"))
    answers = link.messages_to(UNIT)
    assert [type(m.body) for m in answers] == [Ack, Status]
    assert {m.screen for m in answers} == {"second"}
    # The first phone's result is not taken: a status names the screen that holds the unit.
    first = made.rules.session.sections["A"].movement.at(1, 1)
    assert first is not None and first.ns and first.ew
    ns, ew = first.ns, first.ew
    await made.hub.step(said(link, 4, result(1, 1, 1, ns, ew), "first"))
    [told] = link.messages_to(UNIT)
    assert isinstance(told.body, Status) and told.screen == "second"
    assert made.rules.session.sections["A"].held(1, 1, 1) is None
    # Its seq 4 spoiled nothing: the second phone's own seq 4 is new to the station.
    await made.hub.step(said(link, 4, result(1, 1, 1, ns, ew), "second"))
    [ack] = link.messages_to(UNIT)
    assert isinstance(ack.body, Ack) and ack.body.score_ns is not None
    # The first phone back on the network says hello again: a screen that lost the unit does
    # not take it back.
    await made.hub.step(said(link, 5, Hello("webpad 1", None, 2), "first"))
    [told] = link.messages_to(UNIT)
    assert isinstance(told.body, Status) and told.screen == "second"
    assert made.hub.units[UNIT].screen == "second"


async def test_a_pad_that_names_no_screen_is_as_before(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(said(link, 1, Hello("bridgepad 1", 80, 2), None))
    await made.hub.step(said(link, 2, Heartbeat(80), None))
    answers = link.messages_to(UNIT)
    assert [type(m.body) for m in answers] == [Ack, Status, Ack]
    assert {m.screen for m in answers} == {None}
    assert b'"screen"' not in jsonwire.encode(answers[0], unit_key(SECRET, UNIT))
