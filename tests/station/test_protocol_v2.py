"""Protocol version 2 at the station (SPEC.md 13): every message carries the open event, an
entry of another event is refused and stored nowhere, a version 1 pad is answered in version 1,
a new event reaches every pad, and the director's lock and reset say what they are."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from basestation.station.config import NewEvent, SectionConfig
from basestation.station.core.hub import Inbound
from basestation.station.links.line_order import LineOrder
from firmware_protocol import jsonwire
from firmware_protocol.binary import DecodeError, DecodeErrorKind
from firmware_protocol.messages import (
    TO_DIRECTOR,
    Ack,
    Body,
    Control,
    ControlCommand,
    ErrorCode,
    GameData,
    Hello,
    Locked,
    Login,
    Message,
    Nak,
    Players,
    Seating,
    StationState,
    Status,
)
from firmware_protocol.security import compute_mac, unit_key
from tests.helpers import result
from tests.station.fakes import (
    SECRET,
    FakeLink,
    inbound,
    station,
    turns,
)

VECTORS = (Path(__file__).resolve().parents[2] / "firmware_protocol" / "vectors"
           / "station_to_pad_v2.json")


async def test_every_message_to_a_v2_pad_carries_the_open_event(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    event = made.rules.session.event_id
    assert event is not None
    await made.hub.step(inbound(link, 1, 1, Hello("pad", 90, 2), v=2))
    await made.hub.step(inbound(link, 1, 2, Login("A", 1), v=2))
    answers = link.messages_to(1)
    assert [type(m.body) for m in answers] == [Ack, Status, Ack, GameData, Seating]
    assert {(m.v, m.event) for m in answers} == {(2, event)}
    assert made.hub.units[1].version == 2


async def test_a_v1_pad_is_answered_in_version_1(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 3, 1, Login("A", 1)))
    assert {(m.v, m.event) for m in link.messages_to(3)} == {(1, 0)}
    # A v1 pad's entries carry no event, so they are not checked against it.
    await made.hub.step(inbound(link, 3, 2, result(1, 1, 1, 1, 1)))
    assert isinstance(link.to(3)[0], Ack)


async def test_an_entry_of_another_event_is_refused_and_not_stored(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    event = made.rules.session.event_id
    assert event is not None
    await made.hub.step(inbound(link, 1, 1, Login("A", 1), v=2, event=0))  # login: not checked
    link.to(1)
    held = made.rules.session.sections["A"].held_count
    for seq, body in enumerate((result(1, 1, 1, 1, 1),
                                Players("A", 1, 1, 11, 12, 13, 14)), start=2):
        await made.hub.step(inbound(link, 1, seq, body, v=2, event=event + 1))
        answer = link.messages_to(1)
        assert [m.body for m in answer] == [Nak(re=seq, code=ErrorCode.OTHER_EVENT)]
        assert answer[0].event == event
    assert made.rules.session.sections["A"].held_count == held
    assert made.store.snapshot().results == []
    # The same entry under the open event is stored.
    await made.hub.step(inbound(link, 1, 4, result(1, 1, 1, 1, 1), v=2, event=event))
    assert isinstance(link.to(1)[0], Ack)
    assert made.rules.session.sections["A"].held_count == held + 1


async def test_the_directors_lock_is_a_lock_and_a_v1_pad_hears_replaced(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    event = made.rules.session.event_id
    await made.hub.step(inbound(link, 1, 1, Login("A", 1), v=2, event=event or 0),
              inbound(link, 2, 1, Login("A", 2)))
    link.sent.clear()
    await turns(made, made.director.lock_unit(1))
    await turns(made, made.director.lock_unit(2))
    assert made.hub.units[1].locked_reason == made.hub.units[2].locked_reason == "UNIT_LOCKED"
    assert link.to(1) == [Locked(ErrorCode.UNIT_LOCKED)]
    assert link.to(2) == [Locked(ErrorCode.UNIT_REPLACED)]  # version 1 has no UNIT_LOCKED
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1), v=2, event=event or 0),
              inbound(link, 2, 2, result(2, 1, 3, 2, 2)))  # a board of its round
    # Each entry went to the director to decide (SPEC.md 6.5), said in the nak's detail.
    assert link.to(1) == [Nak(re=2, code=ErrorCode.UNIT_LOCKED, detail=TO_DIRECTOR)]
    assert link.to(2) == [Nak(re=2, code=ErrorCode.UNIT_REPLACED, detail=TO_DIRECTOR)]


async def test_a_takeover_still_says_replaced(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    event = made.rules.session.event_id or 0
    await made.hub.step(inbound(link, 1, 1, Login("A", 1), v=2, event=event))
    await made.hub.step(inbound(link, 2, 1, Login("A", 1, "4321", True), v=2, event=event))
    assert Locked(ErrorCode.UNIT_REPLACED) in link.to(1)
    assert made.hub.units[1].locked_reason == "UNIT_REPLACED"


async def test_seq_0_naks_answer_in_the_version_they_answer(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    event = made.rules.session.event_id
    # A bad tag: BAD_MAC, outside the sequence, in the message's version.
    wrong = jsonwire.encode(Message(5, 1, Hello("pad", 1, 2), 2, 0), unit_key("other", 5))
    await made.hub.step(Inbound(jsonwire.decode(wrong), link))
    [nak] = link.messages_to(5)
    assert (nak.seq, nak.v, nak.event, nak.body) == (0, 2, event, Nak(1, ErrorCode.BAD_MAC))
    wrong_v1 = jsonwire.encode(Message(6, 1, Hello("pad", 1)), unit_key("other", 6))
    await made.hub.step(Inbound(jsonwire.decode(wrong_v1), link))
    assert [(m.v, m.event) for m in link.messages_to(6)] == [(1, 0)]
    # A frame the codec refuses (a bad contract, say) from a unit never heard: refuse()
    # answers outside the sequence, in the frame's version.
    signed = b"a version 2 frame's header and payload"
    refused = DecodeError(DecodeErrorKind.MALFORMED, ErrorCode.INVALID_CONTRACT, "strain 7",
                          7, 1, compute_mac(unit_key(SECRET, 7), signed), signed, 2)
    made.hub.refusals.frame(link, refused)
    [nak] = link.messages_to(7)
    assert (nak.seq, nak.v, nak.event) == (0, 2, event)
    assert isinstance(nak.body, Nak) and nak.body.code == ErrorCode.INVALID_CONTRACT


async def test_a_new_event_reaches_every_pad(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    old = made.rules.session.event_id or 0
    await made.hub.step(inbound(link, 1, 1, Login("A", 1), v=2, event=old),
              inbound(link, 2, 1, Hello("pad", 50, 2), v=2),
              inbound(link, 3, 1, Login("A", 3)))
    link.sent.clear()
    new = NewEvent("Night two", "nz", (SectionConfig("A", "howell", 3, 10),))
    opened = await turns(made, made.director.open_new_event(new))
    assert opened != old and made.rules.session.event_id == opened
    running = Status(StationState.RUNNING, 1)
    # What the vector says a new event's status is (SPEC.md 13.1): the new event's round 1.
    [vector] = [v for v in json.loads(VECTORS.read_text(encoding="utf-8"))
                if v["name"] == "v2_status_new_event"]
    assert jsonwire.decode(vector["json"].encode()).message.body == running
    first = link.messages_to(1)
    assert [m.body for m in first] == [running, Control(ControlCommand.RELOGIN)]
    assert {(m.v, m.event) for m in first} == {(2, opened)}
    assert [(m.body, m.event) for m in link.messages_to(2)] == [(running, opened)]
    assert [(m.body, m.v) for m in link.messages_to(3)] == [
        (running, 1), (Control(ControlCommand.RELOGIN), 1)]
    # The old event's entry, sent after the new one opened, is refused and not stored.
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1), v=2, event=old))
    assert link.to(1) == [Nak(re=2, code=ErrorCode.OTHER_EVENT)]
    assert made.rules.session.sections["A"].held_count == 0


async def test_reset_tells_the_pad_and_says_what_it_did(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 17, 1, Login("A", 3), v=2,
                                event=made.rules.session.event_id or 0))
    link.sent.clear()
    await turns(made, made.director.lock_unit(17))
    await made.hub.step(inbound(link, 17, 2, Login("A", 3), v=2,
                                event=made.rules.session.event_id or 0))
    link.sent.clear()
    done = await turns(made, made.director.reset_unit(17))
    assert done == ("Unit 17: lifted its lock and told the pad to forget its session; it shows "
                    "the login form when it hears this.")
    assert link.to(17) == [Control(ControlCommand.RESET)]
    await made.hub.step(inbound(link, 17, 3, Login("A", 3), v=2,
                                event=made.rules.session.event_id or 0))
    link.to(17)
    done = await turns(made, made.director.reset_unit(17))
    assert done.startswith("Unit 17: freed table A3 and told the pad to forget its session")
    assert made.rules.session.sections["A"].holders == {}


@dataclass
class SlowLine(FakeLink):
    """An ordered link as the serial one (SPEC.md 11.9): what the station posts waits for the
    line, owed first, and is numbered when it goes."""

    order: LineOrder = field(default_factory=LineOrder)

    def post(self, unit: int, body: Body, number: Any) -> None:
        self.order.put(unit, body, lambda: number(self.fit(body)))

    def drain(self) -> None:
        while (frames := self.order.take()) is not None:
            self.sent += [message for message, _ in frames()]


async def test_new_event_x_serial_line_old_feedback_dropped_owed_keep_their_event(
        tmp_path: Path) -> None:
    # SPEC.md 13.4: what waits for a slow line when a new event opens keeps the event it was
    # made under; feedback of the old event never goes, under either event.
    made = station(tmp_path, feedback=frozenset({"traveller"}))
    line = SlowLine()
    old = made.rules.session.event_id or 0
    await made.hub.step(inbound(line, 1, 1, Login("A", 1), v=2, event=old))
    line.drain()
    line.sent.clear()
    await made.hub.step(inbound(line, 1, 2, result(1, 1, 1, 1, 1), v=2, event=old))
    new = NewEvent("Night two", "nz", (SectionConfig("A", "howell", 3, 10),))
    opened = await turns(made, made.director.open_new_event(new))
    line.drain()
    told = [(type(m.body), m.event) for m in line.messages_to(1)]
    assert told == [(Ack, old), (Status, opened), (Control, opened)]
    seqs = [m.seq for m in line.sent]
    assert seqs == sorted(seqs)
    # The old event's par, solved after the new event opened, is not sent either: see
    # tests/station/test_par.py.
