"""Key epochs (SPEC.md 7): pairing a known unit again moves it to its next key; a pad still
holding an earlier key is told, under that key and in the unit's sequence, that its tag failed;
any other bad tag gets the same nak as advice only, at station seq 0."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from basestation.station.core.hub import Inbound
from basestation.station.effects.batch import Batch
from firmware_protocol import jsonwire
from firmware_protocol.messages import Ack, ErrorCode, Heartbeat, Message, Nak
from firmware_protocol.security import unit_key
from tests.station.fakes import SECRET, FakeLink, inbound, station, turns


@dataclass
class KeyedLink(FakeLink):
    """Keeps each message with the key it was tagged with."""

    keys: list[bytes] = field(default_factory=list)

    def send(self, message: Message, key: bytes) -> None:
        super().send(message, key)
        self.keys.append(key)


def signed(link: FakeLink, unit: int, seq: int, key: bytes) -> Inbound:
    """A heartbeat tagged with `key`, whichever key that is."""
    data = jsonwire.encode(Message(unit=unit, seq=seq, body=Heartbeat(50)), key)
    return Inbound(jsonwire.decode(data), link)


async def test_a_pad_holding_the_key_before_a_re_pairing_can_verify_its_nak(
        tmp_path: Path) -> None:
    made = station(tmp_path)
    link = KeyedLink()
    await made.hub.step(inbound(link, 17, 1, Heartbeat(90)))  # epoch 0, heard
    [ack] = link.messages_to(17)
    assert isinstance(ack.body, Ack)
    await turns(made, made.director.pair_unit(17))  # epoch 1
    assert made.hub.units[17].key == unit_key(SECRET, 17, 1)
    link.keys.clear()
    await made.hub.step(signed(link, 17, 2, unit_key(SECRET, 17, 0)))  # the old pad
    [nak] = link.messages_to(17)
    assert nak.body == Nak(re=2, code=ErrorCode.BAD_MAC)
    # In the unit's sequence, above the ack it had, under the key the old pad holds.
    assert nak.seq == ack.seq + 1 == made.hub.units[17].down_seq
    assert link.keys == [unit_key(SECRET, 17, 0)]
    # The pad given the new key goes on in the same sequence.
    link.keys.clear()
    await made.hub.step(signed(link, 17, 3, unit_key(SECRET, 17, 1)))
    [answer] = link.messages_to(17)
    assert isinstance(answer.body, Ack) and answer.seq == nak.seq + 1
    assert link.keys == [unit_key(SECRET, 17, 1)]


async def test_a_tag_no_key_of_the_unit_verifies_gets_advice_at_seq_0(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = KeyedLink()
    await turns(made, made.director.pair_unit(17))  # known: epoch 0
    await turns(made, made.director.pair_unit(17))  # epoch 1
    await made.hub.step(signed(link, 17, 5, unit_key("another-station", 17)))
    [nak] = link.messages_to(17)
    assert (nak.seq, nak.body) == (0, Nak(re=5, code=ErrorCode.BAD_MAC))
    assert link.keys == [unit_key(SECRET, 17, 1)]
    assert made.hub.units[17].down_seq == 0  # outside the unit's sequence


async def test_a_message_queued_before_a_re_pairing_is_checked_with_the_new_key(
        tmp_path: Path) -> None:
    """The tag is checked as the message is queued; the unit paired again before its turn,
    the verdict under the old key no longer counts: it is checked again, and fails."""
    made = station(tmp_path)
    link = KeyedLink()
    await made.hub.step(inbound(link, 17, 1, Heartbeat(90)))
    link.messages_to(17)
    queued = signed(link, 17, 2, unit_key(SECRET, 17, 0))
    assert made.hub.submit(queued) and queued.verified
    made.hub.pair(17, Batch())  # the director's pairing moves it to epoch 1 while it waits
    assert made.hub.units[17].key == unit_key(SECRET, 17, 1)
    await made.hub.step()
    [nak] = link.messages_to(17)
    assert nak.body == Nak(re=2, code=ErrorCode.BAD_MAC)
    assert made.hub.units[17].last_seq == 1


async def test_a_message_queued_under_the_unit_s_key_is_not_checked_again(
        tmp_path: Path) -> None:
    made = station(tmp_path)
    link = KeyedLink()
    queued = inbound(link, 17, 1, Heartbeat(90))
    assert made.hub.submit(queued) and queued.verified
    assert queued.checked_with == unit_key(SECRET, 17, 0)
    await made.hub.step()
    [ack] = link.messages_to(17)
    assert isinstance(ack.body, Ack)
