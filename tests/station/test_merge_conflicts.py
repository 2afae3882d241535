"""A replaced pad's entries (docs/ARCHITECTURE.md, "Delivery, duplicates and recovery"): a
merge offer only for a board the station does not hold, a conflict for one it holds with
another entry (replaced only when the director confirms), nothing for the same entry; settled
either way, the offer and its alert are gone, also after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from basestation.station.rules.merges import MergeConflict
from basestation.station.views.grid import alerts
from firmware_protocol.messages import CorrectionPush, ErrorCode, Hello, Login, Nak, Result, Seat
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns


async def replaced(tmp_path: Path) -> tuple[Any, FakeLink]:
    """Unit 1 enters board 1 (4S= by South) at table A1, then unit 2 takes the table over with
    the director's PIN: unit 1 is locked out, and what it still sends goes to the director."""
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    await made.hub.step(inbound(link, 2, 1, Login(section="A", table=1, takeover=True,
                                                  pin="4321")))
    link.sent.clear()
    return made, link


def offer_kinds(made: Any) -> list[tuple[str, int]]:
    return sorted((a.kind, a.board) for a in alerts(made.session, made.units)
                  if a.kind.startswith("merge"))


async def test_same_entry_is_nothing_and_another_is_a_conflict(tmp_path: Path) -> None:
    made, link = await replaced(tmp_path)
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 1, 1, 1)))  # the held entry again
    assert made.rules.session.merge_offers == {}
    await made.hub.step(inbound(link, 1, 4, result(1, 1, 1, 1, 1, tricks=9)))  # 4S-1
    await made.hub.step(inbound(link, 1, 5, result(1, 1, 2, 1, 1, tricks=11)))  # not held
    assert offer_kinds(made) == [("merge_conflict", 1), ("merge_offer", 2)]
    conflict = next(a for a in alerts(made.session, made.units)
                    if a.kind == "merge_conflict")
    assert conflict.held == "4S= by South, NS +420"
    assert conflict.offered == "4S-1 by South, NS -50"
    assert (conflict.unit, conflict.origin, conflict.held_source) == (1, "replaced", "pad")


async def test_a_conflict_replaces_only_when_confirmed(tmp_path: Path) -> None:
    made, link = await replaced(tmp_path)
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 1, 1, 1, tricks=9)))
    (offer_id,) = made.rules.session.merge_offers
    with pytest.raises(MergeConflict, match="already has 4S= by South, NS \\+420; confirm to "
                                            "replace it with unit 1's 4S-1 by South, NS -50"):
        await turns(made, made.director.decide_merge(offer_id, True))
    section = made.rules.session.sections["A"]
    held = section.held(1, 1, 1)
    assert held is not None and held.tricks == 10 and offer_id in made.rules.session.merge_offers
    await turns(made, made.director.decide_merge(offer_id, True, replace=True))
    held = section.held(1, 1, 1)
    assert held is not None and held.tricks == 9 and held.source == "recovery"
    # The table's pad (unit 2 now) is told; the offer and its alert are gone.
    assert any(isinstance(body, CorrectionPush) for body in link.to(2))
    assert made.rules.session.merge_offers == {} and offer_kinds(made) == []
    made.hub.load()
    assert made.rules.session.merge_offers == {} and section is not made.rules.session.sections["A"]
    reloaded = made.rules.session.sections["A"].held(1, 1, 1)
    assert reloaded is not None and reloaded.tricks == 9


async def test_keeping_the_held_result_drops_the_offer(tmp_path: Path) -> None:
    made, link = await replaced(tmp_path)
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 1, 1, 1, tricks=9)))
    (offer_id,) = made.rules.session.merge_offers
    await turns(made, made.director.decide_merge(offer_id, False))
    held = made.rules.session.sections["A"].held(1, 1, 1)
    assert held is not None and held.tricks == 10
    made.hub.load()
    assert made.rules.session.merge_offers == {} and offer_kinds(made) == []


async def test_an_offer_whose_board_is_entered_since_becomes_a_conflict(tmp_path: Path) -> None:
    made, link = await replaced(tmp_path)
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 2, 1, 1, tricks=11)))  # 4S+1
    assert offer_kinds(made) == [("merge_offer", 2)]
    # The new pad's players enter board 2 themselves, differently: now a conflict.
    await made.hub.step(inbound(link, 2, 2, Result(
        section="A", table=1, round=1, board=2, ns=1, ew=1, contract="3NT",
        declarer=Seat.N, tricks=9)))
    assert offer_kinds(made) == [("merge_conflict", 2)]
    made.hub.load()  # classified the same after a restart
    assert offer_kinds(made) == [("merge_conflict", 2)]
    (offer_id,) = made.rules.session.merge_offers
    with pytest.raises(MergeConflict):
        await turns(made, made.director.decide_merge(offer_id, True))
    held = made.rules.session.sections["A"].held(1, 1, 2)
    assert held is not None and held.contract == "3NT"


async def test_an_offer_entered_the_same_since_is_merged_without_a_change(
        tmp_path: Path) -> None:
    made, link = await replaced(tmp_path)
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 2, 1, 1, tricks=11)))
    await made.hub.step(inbound(link, 2, 2, result(1, 1, 2, 1, 1, tricks=11)))
    (offer_id,) = made.rules.session.merge_offers
    assert offer_kinds(made) == [("merge_offer", 2)]
    held = made.rules.session.sections["A"].held(1, 1, 2)
    await turns(made, made.director.decide_merge(offer_id, True))
    assert made.rules.session.sections["A"].held(1, 1, 2) is held  # nothing superseded
    assert made.rules.session.merge_offers == {}


async def test_a_locked_unit_offers_only_for_tables_it_held(tmp_path: Path) -> None:
    """A locked pad cannot file offers for other tables' boards (one flooded the director's
    list with 240 in 0.2 s): only for a table it held in the event, also after a restart."""
    made, link = await replaced(tmp_path)  # unit 1 held A1, then lost it
    await made.hub.step(inbound(link, 1, 3, result(2, 1, 3, 2, 2)),  # A2: never its table
              inbound(link, 1, 4, result(3, 1, 5, 3, 3, tricks=8)))  # A3 neither
    assert made.rules.session.merge_offers == {} and offer_kinds(made) == []
    await made.hub.step(inbound(link, 1, 5, result(1, 1, 2, 1, 1, tricks=11)))  # its own A1
    assert offer_kinds(made) == [("merge_offer", 2)]
    made.hub.load()
    await made.hub.step(inbound(link, 1, 6, result(2, 1, 4, 2, 2)),
              inbound(link, 1, 7, result(1, 1, 1, 1, 1, tricks=8)))
    assert offer_kinds(made) == [("merge_conflict", 1), ("merge_offer", 2)]
    # A unit the director locked before it ever held a table offers nothing at all.
    await made.hub.step(inbound(link, 3, 1, Hello(firmware="t", battery=50)))
    await turns(made, made.director.lock_unit(3))
    await made.hub.step(inbound(link, 3, 2, result(3, 1, 6, 3, 3)))
    assert offer_kinds(made) == [("merge_conflict", 1), ("merge_offer", 2)]
    # (A version 1 pad is told UNIT_REPLACED for a lock: it has no UNIT_LOCKED.)
    assert [body.code for body in link.to(3) if isinstance(body, Nak)] == [
        ErrorCode.UNIT_REPLACED]
