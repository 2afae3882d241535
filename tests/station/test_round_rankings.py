"""The rankings after each round (SPEC.md 14.9): sent to the section's pads once a round is
complete at every table, only when the section's setting asks, never after a hidden round,
never a round in progress; kept across a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from basestation.station.app import Station
from basestation.station.core.hub import Hub
from basestation.station.refusals import Invalid
from basestation.station.session.round_rankings import completed_round, ranking_after
from firmware_protocol.messages import Feedback, FeedbackKind, Login, RoundRankings, Seating
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns

UNITS = (1, 2, 3)  # the pad of table 1, 2 and 3


async def logged_in(made: Station, link: FakeLink) -> None:
    for unit in UNITS:
        await made.hub.step(inbound(link, unit, 1, Login("A", unit)))
    link.sent.clear()


async def play(made: Station, link: FakeLink, table: int, round_: int,
               boards: tuple[int, ...] | None = None) -> None:
    """The table enters its round's boards (or those given), each with its own tricks."""
    here = made.rules.session.sections["A"].movement.at(round_, table)
    assert here is not None and here.ns and here.ew
    for board in boards or here.boards:
        seq = 100 * round_ + board
        await made.hub.step(inbound(link, table, seq,
                                    result(table, round_, board, here.ns, here.ew,
                                           tricks=7 + (board + table) % 5)))


def rankings(link: FakeLink, unit: int) -> list[Feedback]:
    return [b for b in link.to(unit)
            if isinstance(b, Feedback) and b.kind == FeedbackKind.RANKING]


async def shown(made: Station, hide_first: int = 0, hide_last: int = 0) -> None:
    await turns(made, made.director.set_round_rankings("A", RoundRankings(hide_first, hide_last)))


async def test_off_by_default_no_rankings_after_a_round(tmp_path: Path) -> None:
    made, link = station(tmp_path), FakeLink()
    await logged_in(made, link)
    for table in UNITS:
        await play(made, link, table, 1)
    assert all(rankings(link, unit) == [] for unit in UNITS)


async def test_every_pad_gets_the_rankings_once_the_round_is_complete(tmp_path: Path) -> None:
    made, link = station(tmp_path), FakeLink()
    await logged_in(made, link)
    await shown(made)
    link.sent.clear()
    await play(made, link, 1, 1)
    await play(made, link, 2, 1)
    assert all(rankings(link, unit) == [] for unit in UNITS)  # table 3 still plays round 1
    await play(made, link, 3, 1)
    for unit in UNITS:
        [after] = rankings(link, unit)
        assert after.round == 1 and after.board == 0
        # pairs 1-3 North-South and 1-3 East-West, each ranked in its own direction
        assert sorted((row[2], row[1]) for row in after.rows) == [
            (d, p) for d in ("EW", "NS") for p in (1, 2, 3)]
        assert all(isinstance(row[4], int) and isinstance(row[5], str) for row in after.rows)
    link.sent.clear()
    await play(made, link, 1, 2)  # round 2 in progress: nothing new
    assert rankings(link, 1) == []


async def test_a_round_in_progress_does_not_count(tmp_path: Path) -> None:
    made, link = station(tmp_path), FakeLink()
    (tmp_path / "alone").mkdir()
    alone, quiet = station(tmp_path / "alone"), FakeLink()
    await logged_in(made, link)
    await logged_in(alone, quiet)
    await shown(made)
    await play(made, link, 1, 1)
    await play(made, link, 1, 2)  # table 1 is ahead: its round 2 is not in the rankings
    await play(made, link, 2, 1)
    await play(made, link, 3, 1)
    [after] = rankings(link, 1)
    for table in UNITS:  # the same night without the round-2 results
        await play(alone, quiet, table, 1)
    section = alone.rules.session.sections["A"]
    assert completed_round(section) == 1
    session = alone.rules.session
    assert after == ranking_after(section, 1, "nz", session.seats, session.players)


async def test_the_first_and_last_rounds_named_stay_hidden(tmp_path: Path) -> None:
    made, link = station(tmp_path, tables=4, boards=8), FakeLink()  # 4 rounds
    await logged_in(made, link)
    await made.hub.step(inbound(link, 4, 1, Login("A", 4)))
    await shown(made, hide_first=1, hide_last=2)
    told = [b for b in link.to(1) if isinstance(b, Seating)]
    assert told and told[-1].rankings == RoundRankings(1, 2)
    sent: list[int | None] = []
    for round_ in range(1, 5):
        for table in (1, 2, 3, 4):
            await play(made, link, table, round_)
        sent += [f.round for f in rankings(link, 1)]
        link.sent.clear()
    assert sent == [2]  # round 1 hidden, 3 and 4 hidden: the finish stays a surprise


async def test_kept_across_a_restart_and_sent_at_login(tmp_path: Path) -> None:
    made, link = station(tmp_path), FakeLink()
    await logged_in(made, link)
    await shown(made, hide_last=1)
    for table in UNITS:
        await play(made, link, table, 1)
    Hub.load(made.hub)  # a restart rebuilds memory from the database
    section = made.rules.session.sections["A"]
    assert section.rankings == RoundRankings(0, 1)
    assert section.rankings_sent == 1  # not sent again to every pad
    link.sent.clear()
    await made.hub.step(inbound(link, 1, 500, Login("A", 1)))
    [after] = rankings(link, 1)  # a pad logging in again gets the latest shown
    assert after.round == 1
    assert rankings(link, 2) == []


async def test_switched_off_nothing_more_is_sent(tmp_path: Path) -> None:
    made, link = station(tmp_path), FakeLink()
    await logged_in(made, link)
    await shown(made)
    await turns(made, made.director.set_round_rankings("A", None))
    told = [b for b in link.to(1) if isinstance(b, Seating)]
    assert told[-1].rankings is None
    for table in UNITS:
        await play(made, link, table, 1)
    assert rankings(link, 1) == []


async def test_hiding_every_round_is_refused(tmp_path: Path) -> None:
    made, link = station(tmp_path), FakeLink()  # 3 rounds
    await logged_in(made, link)
    with pytest.raises(Invalid, match="leaves none of section A's 3 rounds"):
        await turns(made, made.director.set_round_rankings("A", RoundRankings(1, 2)))
    assert made.rules.session.sections["A"].rankings is None
