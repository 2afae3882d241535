"""Players at the station (SPEC.md 14): a pad is told when to ask for numbers, the names it
found for the numbers entered, and who plays at its table; nothing valid is refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from basestation.station.app import Station
from basestation.station.core.hub import Hub
from basestation.station.effects.events import TooManyVisitors
from basestation.station.rules.director_seats import Seated
from basestation.station.session.seating import short_name
from basestation.station.session.visitor_bound import PER_UNIT
from basestation.station.views.grid import alerts
from firmware_protocol.enums import AskPlayers, ResultEntry
from firmware_protocol.messages import (
    Ack,
    ErrorCode,
    GameData,
    Login,
    Nak,
    Players,
    ResultFlag,
    Seating,
    SeatPlayer,
)
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns

CLUB = {10234: "Ann Smith", 10567: "Bob Jones", 10890: "Cat Brown", 11012: "Dan White"}


def club_station(tmp: Path) -> Station:
    made = station(tmp)
    made.import_players(CLUB)
    return made


async def logged_in(made: Station, link: FakeLink, unit: int = 1, table: int = 1) -> list:
    await made.hub.step(inbound(link, unit, 1, Login("A", table)))
    return link.to(unit)


def pairs_at(made: Station, table: int, round_: int) -> tuple[int, int]:
    assignment = made.rules.session.sections["A"].movement.at(round_, table)
    assert assignment is not None and assignment.ns and assignment.ew
    return assignment.ns, assignment.ew


async def test_after_login_the_pad_is_told_its_round_and_when_to_ask(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    answers = await logged_in(made, link)
    assert [type(b) for b in answers] == [Ack, GameData, Seating]
    ns, ew = pairs_at(made, 1, 1)
    told = answers[-1]
    assert isinstance(told, Seating)
    assert replace(told, clock=None, next_round=None) == Seating("A", 1, 1, AskPlayers.FIRST,
                                                                 ns, ew)


async def test_numbers_entered_are_answered_with_the_names_found(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    await made.hub.step(inbound(link, 1, 2, Players("A", 1, 1, 10234, 10567, 10890, 11012)))
    ack, seating = link.to(1)
    assert ack == Ack(re=2)
    assert isinstance(seating, Seating)
    assert [s.name for s in seating.seats] == ["Ann Smith", "Bob Jones", "Cat Brown",
                                               "Dan White"]
    ns, ew = pairs_at(made, 1, 1)
    assert made.rules.session.seats.of("A", ns, "NS") == (10234, 10890)
    assert made.rules.session.seats.of("A", ew, "EW") == (10567, 11012)


async def test_a_number_not_on_the_list_is_taken_and_flagged(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    await made.hub.step(inbound(link, 1, 2, Players("A", 1, 1, 10234, 55555, 10890, 11012)))
    ack, seating = link.to(1)
    assert isinstance(ack, Ack) and ack.flags == (ResultFlag.UNKNOWN_PLAYER,)
    assert isinstance(seating, Seating)
    assert seating.east == SeatPlayer(55555, None)


async def test_with_no_club_list_loaded_only_a_visitor_number_never_given_is_flagged(
        tmp_path: Path) -> None:
    # SPEC.md 14.3: with no club list (none, then only a visitor named at a pad) a club
    # number cannot be told wrong; a visitor's number the station never gave can.
    made = station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    await made.hub.step(inbound(link, 1, 2, Players("A", 1, 1, 10234, 55555, 10890, 11012)))
    ack, seating = link.to(1)
    assert ack == Ack(re=2)
    assert isinstance(seating, Seating) and seating.east == SeatPlayer(55555, None)
    body = Players("A", 1, 2, 10234, 0, 10890, 11012, visitors=(("east", "Jane Doe"),))
    await made.hub.step(inbound(link, 1, 3, body))
    ack, seating = link.to(1)
    assert ack == Ack(re=3)  # the visitor makes no club list
    assert isinstance(seating, Seating) and seating.east == SeatPlayer(9_000_001, "Jane Doe")
    await made.hub.step(inbound(link, 1, 4, Players("A", 1, 1, 10234, 9_000_007, 10890, 0)))
    ack, _ = link.to(1)
    assert isinstance(ack, Ack) and ack.flags == (ResultFlag.UNKNOWN_PLAYER,)


async def test_a_visitor_named_at_the_pad_joins_the_list_once(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    body = Players("A", 1, 1, 10234, 0, 10890, 11012, visitors=(("east", "Jane Doe"),))
    await made.hub.step(inbound(link, 1, 2, body))
    ack, seating = link.to(1)
    assert ack == Ack(re=2)  # a visitor is on the list now: nothing unknown
    assert isinstance(seating, Seating) and seating.east == SeatPlayer(9_000_001, "Jane Doe")
    # The next round the same visitor, named again, keeps the number.
    await made.hub.step(inbound(link, 1, 3, Players("A", 1, 2, 10234, 0, 10890, 0,
                                                    visitors=(("east", "jane doe"),
                                                              ("west", "Sam Hill")))))
    _, again = link.to(1)
    assert isinstance(again, Seating)
    assert (again.east.number, again.west.number) == (9_000_001, 9_000_002)
    stored = {row.number: row.name for row in made.store.snapshot().players}
    assert stored[9_000_001] == "Jane Doe" and stored[9_000_002] == "Sam Hill"


async def test_a_pads_visitors_are_bounded_per_unit_and_event_and_the_grid_names_it(
        tmp_path: Path) -> None:
    """One pad naming a new visitor in every `players`: the first PER_UNIT join the list; the
    rest are seated as unnamed visitors (0), acknowledged, and the grid names the unit, with
    one alert at once. A name already on the list still seats its number; another unit has
    its own share; the next event starts afresh."""
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    await logged_in(made, link, unit=2, table=2)
    heard = made.bus.subscribe()
    for n in range(PER_UNIT + 5):
        body = Players("A", 1, 1, 10234, 0, 10890, 11012, visitors=(("east", f"Guest {n}"),))
        await made.hub.step(inbound(link, 1, 2 + n, body))
        ack, seating = link.to(1)
        assert ack == Ack(re=2 + n)
        assert isinstance(seating, Seating)
        assert seating.east.number == (9_000_001 + n if n < PER_UNIT else 0)
    visitors = [n for n in made.store.snapshot().players if n.number > 9_000_000]
    assert len(visitors) == PER_UNIT
    again = Players("A", 1, 1, 10234, 0, 10890, 11012, visitors=(("east", "guest 3"),))
    await made.hub.step(inbound(link, 1, 100, again))
    assert link.to(1)[1].east.number == 9_000_004  # type: ignore[attr-defined]
    other = Players("A", 2, 1, 10234, 0, 10890, 11012, visitors=(("east", "Late Guest"),))
    await made.hub.step(inbound(link, 2, 2, other))
    assert link.to(2)[1].east.number == 9_000_001 + PER_UNIT  # type: ignore[attr-defined]
    [standing] = [a for a in alerts(made.session, made.units)
                  if a.kind == "too_many_visitors"]
    assert standing.model_dump() == {"kind": "too_many_visitors", "unit": 1, "section": "A",
                                     "table": 1, "added": PER_UNIT, "refused": 5}
    events = [heard.get_nowait() for _ in range(heard.qsize())]
    said = [e for e in events if isinstance(e, TooManyVisitors)]
    assert len(said) == 1 and said[0].unit == 1
    logged = [row for row in made.store.audit() if row.action == "too_many_visitors"]
    assert [row.actor for row in logged] == ["unit 1"]
    # The next event: every unit starts afresh.
    assert made.rules.session.visitor_bound.allows(made.rules.session.event_id + 1, 1)


async def test_players_for_a_round_the_table_does_not_have_is_refused(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    rounds = made.rules.session.sections["A"].movement.rounds
    await made.hub.step(inbound(link, 1, 2, Players("A", 1, rounds + 1, 1, 2, 3, 4)))
    [nak] = link.to(1)
    assert isinstance(nak, Nak) and nak.code == ErrorCode.WRONG_ROUND
    await made.hub.step(inbound(link, 1, 3, Players("A", 2, 1, 1, 2, 3, 4)))
    [nak] = link.to(1)
    assert isinstance(nak, Nak) and nak.code == ErrorCode.NOT_LOGGED_IN
    # The round after the section's is taken (a table that finished early moved on)...
    await made.hub.step(inbound(link, 1, 4, Players("A", 1, 2, 10234, 0, 0, 0)))
    assert isinstance(link.to(1)[0], Ack)
    link.sent.clear()
    # ...a round further ahead is not yet: nothing stored, nothing named (SPEC.md 14.3).
    assert rounds > 2
    await made.hub.step(inbound(link, 1, 5, Players("A", 1, 3, 10234, 0, 0, 0)))
    [nak] = link.to(1)
    assert isinstance(nak, Nak) and nak.code == ErrorCode.WRONG_ROUND
    assert nak.detail == "table 1 has not reached round 3: enter its players when it does"


async def test_a_finished_round_brings_the_next_rounds_seating(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    section = made.rules.session.sections["A"]
    first = section.movement.at(1, 1)
    assert first is not None and first.ns and first.ew
    for seq, board in enumerate(first.boards, start=2):
        await made.hub.step(inbound(link, 1, seq, result(1, 1, board, first.ns, first.ew)))
    sent = link.to(1)
    seatings = [b for b in sent if isinstance(b, Seating)]
    assert [s.round for s in seatings] == [2]
    assert (seatings[0].ns, seatings[0].ew) == pairs_at(made, 1, 2)


async def test_the_directors_setting_reaches_the_pads_and_is_kept(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    await turns(made, made.director.set_player_numbers("A", AskPlayers.EVERY))
    [told] = link.to(1)
    assert isinstance(told, Seating) and told.ask == AskPlayers.EVERY
    Hub.load(made.hub)  # a restart rebuilds memory from the database
    assert made.rules.session.sections["A"].ask == AskPlayers.EVERY


async def test_tricks_entry_reaches_the_pads_and_is_kept(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    answers = await logged_in(made, link)
    [first] = [b for b in answers if isinstance(b, Seating)]
    assert first.result_entry == ResultEntry.RESULT  # the default: =, +1, -1
    await turns(made, made.director.set_result_entry("A", ResultEntry.TRICKS))
    [told] = link.to(1)
    assert isinstance(told, Seating) and told.result_entry == ResultEntry.TRICKS
    assert told.ask == first.ask  # the other setting is told unchanged
    Hub.load(made.hub)
    assert made.rules.session.sections["A"].result_entry == ResultEntry.TRICKS


async def seated_ns_at_table_1(made: Station, numbers: tuple[int, int]) -> Seating:
    """The director seats `numbers` as table 1's NS pair: what table 1's pad is told."""
    link = FakeLink()
    await logged_in(made, link)
    ns, _ = pairs_at(made, 1, 1)
    await turns(made, made.director.seat("A", ns, "NS", [Seated(n) for n in numbers]))
    [told] = link.to(1)
    assert isinstance(told, Seating)
    return told


async def test_the_director_seating_a_pair_shows_on_its_tables_pad(tmp_path: Path) -> None:
    told = await seated_ns_at_table_1(club_station(tmp_path), (10234, 10890))
    assert (told.north.name, told.south.name) == ("Ann Smith", "Cat Brown")


async def test_a_name_changed_on_the_list_shows_on_the_next_seating(tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link)
    # South a visitor without a name: only a pad seats one (the director names visitors).
    await made.hub.step(inbound(link, 1, 2, Players("A", 1, 1, 10234, 10567, 0, 11012)))
    told = made.rules.session.seating(made.rules.session.sections["A"], 1, 1)
    assert told.north == SeatPlayer(10234, "Ann Smith")
    assert told.south == SeatPlayer(0, None)  # a visitor without a name
    made.rules.session.players[10234] = "Ann Smith-Jones"  # the club's list says otherwise now
    again = made.rules.session.seating(made.rules.session.sections["A"], 1, 1)
    assert again.north == SeatPlayer(10234, "Ann Smith-Jones")


def test_a_long_name_is_cut_to_what_a_pad_shows() -> None:
    assert short_name("Bartholomew Featherstonehaugh") == "Bartholomew Featherstone"
    assert short_name("Zoë Ångström-Öberg Ærøskøbing") == "Zoë Ångström-Öberg"
    assert short_name("") is None


async def test_the_directors_seating_from_the_console_reaches_the_tables_pads(
        tmp_path: Path) -> None:
    made = club_station(tmp_path)
    link = FakeLink()
    await logged_in(made, link, unit=1, table=1)
    await logged_in(made, link, unit=2, table=2)
    ns, ew = pairs_at(made, 1, 1)
    # A visitor by name joins the list and sits South at table 1 at once.
    seated = await turns(made, made.director.seat(
        "A", ns, "NS", [Seated(10234), Seated(visitor="Jane Doe")]))
    assert seated == (10234, 9_000_001)
    [told] = link.to(1)
    assert isinstance(told, Seating) and (told.ns, told.ew) == (ns, ew)
    assert (told.north, told.south) == (SeatPlayer(10234, "Ann Smith"),
                                        SeatPlayer(9_000_001, "Jane Doe"))
    assert link.to(2) == []  # table 2 does not have that pair this round
    Hub.load(made.hub)  # kept: a restart seats them again from the database
    assert made.rules.session.seats.of("A", ns, "NS") == (10234, 9_000_001)
