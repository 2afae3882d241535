"""A logged-in pad reads only its own table's names through `players` (SPEC.md 14.3): the
numbers tried at a table in a round are bounded (those the director seated there aside),
beyond that the message is refused and the grid names the unit; a pad reseating a pair the
director seated is written in the audit log."""

from __future__ import annotations

import json
from pathlib import Path

from sqlmodel import Session, select

from basestation.station.app import Station
from basestation.station.rules.director_seats import Seated
from basestation.station.session.number_tries import PER_ROUND
from basestation.station.views.grid import alerts
from basestation.store.models import AuditRow
from firmware_protocol.messages import Ack, ErrorCode, Nak, Players, Seating
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns
from tests.station.test_pad_seating import logged_in, pairs_at

CLUB = {n: f"Player {n}" for n in range(1, 28)}  # 27 listed numbers between 1 and 1,000


async def pad_at_table_1(tmp_path: Path) -> tuple[Station, FakeLink]:
    """A station with the club's 27 players, unit 1 logged in at table A1."""
    made = station(tmp_path)
    made.import_players(CLUB)
    link = FakeLink()
    await logged_in(made, link)
    return made, link


def audit_rows(made: object, action: str) -> list[AuditRow]:
    with Session(made.store.engine) as session:  # type: ignore[attr-defined]
        return list(session.exec(select(AuditRow).where(AuditRow.action == action)))


async def test_a_pad_sweeping_numbers_learns_a_tables_worth_and_is_named(
        tmp_path: Path) -> None:
    made, link = await pad_at_table_1(tmp_path)
    learned: set[str] = set()
    refused = 0
    for seq, first in enumerate(range(1, 1001, 4), start=2):  # four numbers a message
        await made.hub.step(inbound(link, 1, seq, Players("A", 1, 1, first, first + 1,
                                                          first + 2, first + 3)))
        for told in link.to(1):
            if isinstance(told, Seating):
                learned |= {s.name for s in told.seats if s.name}
            if isinstance(told, Nak):
                assert told.code == ErrorCode.INVALID_PLAYER
                refused += 1
        link.sent.clear()
    assert len(learned) <= PER_ROUND < len(CLUB)
    assert refused == 250 - PER_ROUND // 4
    [sweep] = [a for a in alerts(made.session, made.units) if a.kind == "number_sweep"]
    assert (sweep.unit, sweep.table, sweep.round) == (1, 1, 1)
    assert sweep.refused == refused
    assert len(audit_rows(made, "number_sweep")) == 1  # once, not 247 times
    # Numbers tried again are no new tries: the table can still confirm its players.
    await made.hub.step(inbound(link, 1, 300, Players("A", 1, 1, 1, 2, 3, 4)))
    assert isinstance(link.to(1)[0], Ack)


async def test_the_directors_seating_is_not_a_try_and_a_pad_reseating_it_is_audited(
        tmp_path: Path) -> None:
    made, link = await pad_at_table_1(tmp_path)
    ns, _ = pairs_at(made, 1, 1)
    await turns(made, made.director.seat(
        "A", ns, "NS", [Seated(5), Seated(6)]))
    link.sent.clear()
    # The director's two numbers and twelve of the table's own: all within the bound.
    for seq, first in enumerate(range(7, 7 + PER_ROUND, 2), start=2):
        await made.hub.step(inbound(link, 1, seq, Players("A", 1, 1, 5, first, 6, first + 1)))
    assert not [b for b in link.to(1) if isinstance(b, Nak)]
    assert audit_rows(made, "reseat") == []  # NS kept as the director seated it
    await made.hub.step(inbound(link, 1, 20, Players("A", 1, 1, 7, 8, 9, 10)))
    [row] = audit_rows(made, "reseat")
    assert row.actor == "unit 1"
    assert json.loads(row.detail) == {"section": "A", "entrant": ns, "side": "NS",
                                      "was": "5,6", "now": "7,9"}
    # Seated by the table since: the next change is the table's own, not audited again.
    await made.hub.step(inbound(link, 1, 21, Players("A", 1, 1, 11, 8, 12, 10)))
    assert len(audit_rows(made, "reseat")) == 1


async def test_a_table_entering_its_players_every_round_is_never_refused(
        tmp_path: Path) -> None:
    """Four new numbers a round, two put right, and the round before's sent late: within the
    unit's bound for each round its table plays (SPEC.md 14.3)."""
    made, link = await pad_at_table_1(tmp_path)
    section = made.rules.session.sections["A"]
    seq = 2
    for round_ in range(1, section.movement.rounds + 1):
        base = 100 * round_
        for numbers in ((base, base + 1, base + 2, base + 3),
                        (base, base + 1, base + 4, base + 5)):  # two typed wrongly at first
            await made.hub.step(inbound(link, 1, seq, Players("A", 1, round_, *numbers)))
            seq += 1
        if round_ > 1:  # the round before's, late (the pad was out of reach)
            late = 100 * (round_ - 1)
            await made.hub.step(inbound(link, 1, seq, Players("A", 1, round_ - 1, late,
                                                              late + 1, late + 4, late + 5)))
            seq += 1
        assert not [b for b in link.to(1) if isinstance(b, Nak)], round_
        link.sent.clear()
        at = section.movement.at(round_, 1)
        assert at is not None and at.ns and at.ew
        for board in at.boards:
            await made.hub.step(inbound(link, 1, seq, result(1, round_, board, at.ns, at.ew)))
            seq += 1
        link.sent.clear()
