"""A replaced, locked, withdrawn or reset unit's unsent entries reach the director (docs/
ARCHITECTURE.md, "Delivery, duplicates and recovery"): each becomes a merge offer or a
side-by-side conflict, and its nak says in `detail` what became of it (SPEC.md 6.5); a pad
that was away when it was locked out is told so by the answer to its hello; the director's
"Replace unit N" lets a plain login take the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from basestation.station.views.grid import alerts
from firmware_protocol.messages import (
    ALREADY_HELD,
    TO_DIRECTOR,
    Ack,
    ErrorCode,
    Hello,
    Locked,
    Login,
    Nak,
)
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns


def offer_kinds(made: Any) -> list[tuple[str, int]]:
    return sorted((a.kind, a.board) for a in alerts(made.session, made.units)
                  if a.kind.startswith("merge"))


def naks(link: FakeLink, unit: int) -> list[tuple[ErrorCode, str | None]]:
    return [(body.code, body.detail) for body in link.to(unit) if isinstance(body, Nak)]


async def at_table(tmp_path: Path) -> tuple[Any, FakeLink]:
    """Unit 1 holds table A1 and has board 1 stored (4S= by South)."""
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    link.sent.clear()
    return made, link


async def test_replace_x_plain_login_takes_the_table_and_unsent_entries_reach_director(
        tmp_path: Path) -> None:
    made, link = await at_table(tmp_path)
    # "Replace unit 1": the next pad that asks takes over, without ticking "Take over".
    await turns(made, made.director.authorise_takeover("A", 1))
    await made.hub.step(inbound(link, 2, 1, Login(section="A", table=1)))
    assert isinstance(link.to(2)[0], Ack)
    assert made.rules.session.sections["A"].holders[1] == 2
    assert made.hub.units[1].locked_reason == ErrorCode.UNIT_REPLACED.value
    # Unit 1 was away with board 2 keyed (4S+1), and board 1 as stored: it comes back.
    link.sent.clear()
    await made.hub.step(inbound(link, 1, 3, Hello(firmware="t", battery=50)))
    assert Locked(reason=ErrorCode.UNIT_REPLACED) in link.to(1)  # told at once
    await made.hub.step(inbound(link, 1, 4, result(1, 1, 2, 1, 1, tricks=11)),
              inbound(link, 1, 5, result(1, 1, 1, 1, 1)),
              inbound(link, 1, 6, result(1, 1, 2, 1, 1, tricks=11)))  # sent again
    assert naks(link, 1) == [(ErrorCode.UNIT_REPLACED, TO_DIRECTOR),
                             (ErrorCode.UNIT_REPLACED, ALREADY_HELD),
                             (ErrorCode.UNIT_REPLACED, TO_DIRECTOR)]
    assert offer_kinds(made) == [("merge_offer", 2)]  # once, however often it is sent
    assert made.rules.session.sections["A"].held(1, 1, 2) is None  # nothing taken unseen


async def test_replace_without_authorisation_still_needs_take_over(tmp_path: Path) -> None:
    made, link = await at_table(tmp_path)
    await made.hub.step(inbound(link, 2, 1, Login(section="A", table=1)))
    assert naks(link, 2) == [(ErrorCode.TABLE_IN_USE, None)]
    await made.hub.step(inbound(link, 2, 2, Login(section="A", table=1, takeover=True)))
    assert naks(link, 2)[-1] == (ErrorCode.TABLE_IN_USE, "ask the director")
    assert made.rules.session.sections["A"].holders[1] == 1


async def test_lock_x_unsent_entries_conflict_shown_to_the_director(tmp_path: Path) -> None:
    """Withdrawn or locked by the director: a different entry for a board held is a conflict,
    one for a board not held an offer, the one held as it is nothing new."""
    made, link = await at_table(tmp_path)
    await turns(made, made.director.lock_unit(1))
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 1, 1, 1, tricks=9)),
              inbound(link, 1, 4, result(1, 1, 2, 1, 1)),
              inbound(link, 1, 5, result(2, 1, 3, 2, 2)),  # never its table: not kept
              inbound(link, 1, 6, result(1, 1, 3, 1, 1)))  # not a board of its round
    # A version 1 pad is told UNIT_REPLACED for the director's lock.
    assert naks(link, 1) == [(ErrorCode.UNIT_REPLACED, TO_DIRECTOR),
                             (ErrorCode.UNIT_REPLACED, TO_DIRECTOR),
                             (ErrorCode.UNIT_REPLACED, None),
                             (ErrorCode.UNIT_REPLACED, None)]
    assert offer_kinds(made) == [("merge_conflict", 1), ("merge_offer", 2)]


async def test_reset_x_unsent_entries_reach_director_after_the_lock_is_lifted(
        tmp_path: Path) -> None:
    """Reset before the pad came back: the unit holds no table, and what it still had for the
    table it held goes to the director all the same (after a restart too)."""
    made, link = await at_table(tmp_path)
    await turns(made, made.director.authorise_takeover("A", 1))
    await made.hub.step(inbound(link, 2, 1, Login(section="A", table=1)))
    await turns(made, made.director.reset_unit(1))
    made.hub.load()
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 2, 1, 1, tricks=11)))
    assert naks(link, 1) == [(ErrorCode.NOT_LOGGED_IN, TO_DIRECTOR)]
    assert offer_kinds(made) == [("merge_offer", 2)]
    # Logged in again at another table, it is a pad like any other.
    await made.hub.step(inbound(link, 1, 4, Login(section="A", table=3)))
    await made.hub.step(inbound(link, 1, 5, result(1, 1, 3, 1, 1)))
    assert naks(link, 1)[-1] == (ErrorCode.NOT_LOGGED_IN, None)
    assert offer_kinds(made) == [("merge_offer", 2)]
