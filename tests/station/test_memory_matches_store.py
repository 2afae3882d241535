"""Memory changes only once the database has committed: while a batch commits, memory is
what the database held before it; after a commit the database refuses, it is what a fresh
load of the database gives (nothing a failed batch changed lingers, nothing stored is
missing); after one it accepts, it is again what a fresh load gives. Each case injects the
failure into one kind of write (a pad's result, a correction, a director's command) and
compares memory with a second station loading the same database. Memory is never reloaded
from the database for it: the batch's changes are set aside and applied again."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from basestation.scoring.traveller import Penalty
from basestation.station.app import Station
from basestation.station.effects.batch import Batch
from basestation.station.rules.director_seats import Seated
from basestation.station.session.memory import SectionState
from basestation.station.session.state import STORED_FIELDS, SessionState
from firmware_protocol.enums import AskPlayers, PadPlace, ResultEntry
from firmware_protocol.messages import (
    Ack,
    Correction,
    ErrorCode,
    GameData,
    Login,
    Nak,
    Players,
    RoundRankings,
    Seat,
)
from tests.helpers import result
from tests.station.fakes import DEAL_1, FakeLink, inbound, station, turns

# SessionState's fields that a fresh load cannot give, each with why; every other field is
# stored (session/state.py, STORED_FIELDS) and compared.
MEMORY_ONLY = {
    "director_pin": "a setting of the station, not of the event",
    "feedback": "a setting of the station: what the pads are shown after a board",
    "own_sections": "a setting of this process: the sections it holds",
    "pin_tries": "wrong PINs counted while the station runs (a restart forgives them)",
    "visitor_bound": "visitors each pad added, counted while the station runs",
    "number_tries": "numbers tried per table-round, counted while the station runs",
    "ending": "an End waiting for tables still playing: after a restart it is asked again",
    "units": "the units' registry (core/units.py): compared below, unit by unit",
    "scores": "live scores, worked out from the results held",
    "offers_replaced": "let-go units' replaced offers, counted while the station runs",
    "offers_pending": "offers made in the batch being built: empty between batches",
    "par": "par results solved ahead: a cache",
}
# A section's fields that are not stored, or stored as another: each with why.
SECTION_MEMORY_ONLY = {
    "last_heard": "when each table was last heard, while the station runs",
    "by_table": "the results held, compared once in order (`results`)",
    "by_board": "the results held again, by board",
    "_expected": "a cache of the entries the movement calls for",
    "rankings_sent": "rankings sent while the station runs (a load takes each round done)",
}


def comparable(value: Any) -> Any:
    """`value` as plain data, every field of a dataclass in it (but a section's
    `SECTION_MEMORY_ONLY` and fields not compared by the class itself)."""
    if isinstance(value, SectionState):
        fields = {f.name: comparable(getattr(value, f.name))
                  for f in dataclasses.fields(value)
                  if f.compare and f.name not in SECTION_MEMORY_ONLY}
        fields["results"] = sorted(repr(comparable(held)) for held in value.all_results())
        return fields
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: comparable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.compare}
    if isinstance(value, dict):
        return {key: comparable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [comparable(item) for item in value]
    if isinstance(value, set):
        return frozenset(value)  # a copy: memory goes on changing
    return value


def memory(session: SessionState, units: Any) -> dict[str, Any]:
    """What the pages and the pads are told, as held in memory: every stored field of the
    session, and the units' stored fields."""
    assert not session.offers_pending  # between batches
    held = {name: comparable(getattr(session, name)) for name in STORED_FIELDS}
    held["units"] = {n: (u.key, u.section, u.table, u.locked_reason, u.replaced_by,
                         u.bad_macs) for n, u in units.items()}
    return held


def test_every_field_of_the_session_is_stored_or_said_not_to_be() -> None:
    names = {f.name for f in dataclasses.fields(SessionState)}
    assert set(STORED_FIELDS) | set(MEMORY_ONLY) == names
    assert not set(STORED_FIELDS) & set(MEMORY_ONLY)


def fresh(made: Station) -> dict[str, Any]:
    again = Station(made.config)
    try:
        again.hub.load()
        return memory(again.session, again.units)
    finally:
        again.store.close()


def refuse_next_commit(made: Station, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The database refuses the next commit (not an outage: the hub does not wait it out)."""
    refused: list[int] = []
    commit = made.store.commit

    def once(ops: Any) -> None:
        if not refused:
            refused.append(1)
            raise RuntimeError("the database refused the batch")
        commit(ops)
    monkeypatch.setattr(made.store, "commit", once)
    return refused


def seen_while_committing(made: Station, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Memory as a reader finds it while each commit from now on is under way (the loop
    waits for the commit's thread meanwhile, so reading it from there is safe here)."""
    seen: list[Any] = []
    commit = made.store.commit

    def watched(ops: Any) -> None:
        seen.append(memory(made.session, made.units))
        commit(ops)
    monkeypatch.setattr(made.store, "commit", watched)
    return seen


def reloads(made: Station, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the times memory is rebuilt from the database from now on."""
    counted: list[int] = []
    snapshot = made.store.snapshot

    def counting() -> Any:
        counted.append(1)
        return snapshot()
    monkeypatch.setattr(made.store, "snapshot", counting)
    return counted


async def playing(tmp_path: Path) -> tuple[Station, FakeLink]:
    made, link = station(tmp_path), FakeLink()
    for table in (1, 2):
        await made.hub.step(inbound(link, table, 1, Login(section="A", table=table)))
        answer = link.to(table)
        assert isinstance(answer[0], Ack) and isinstance(answer[1], GameData)
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    assert isinstance(link.to(1)[0], Ack)
    return made, link


async def test_a_result_refused_at_commit_leaves_memory_as_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await playing(tmp_path)
    reloaded = reloads(made, monkeypatch)
    refused = refuse_next_commit(made, monkeypatch)
    await made.hub.step(inbound(link, 2, 2, result(2, 1, 3, 2, 2)))
    assert refused and isinstance(link.to(2)[0], Nak)
    assert made.session.sections["A"].held(2, 1, 3) is None
    assert memory(made.session, made.units) == fresh(made)
    assert not reloaded
    # The pad sends it again, under the same seq: a new message to the station, stored;
    # while it commits, memory is still as stored before it.
    before = memory(made.session, made.units)
    seen = seen_while_committing(made, monkeypatch)
    await made.hub.step(inbound(link, 2, 2, result(2, 1, 3, 2, 2)))
    assert isinstance(link.to(2)[0], Ack) and made.session.sections["A"].held(2, 1, 3)
    assert seen == [before]
    assert memory(made.session, made.units) == fresh(made) != before


async def test_a_correction_refused_at_commit_keeps_the_result_held(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await playing(tmp_path)
    reloaded = reloads(made, monkeypatch)
    refuse_next_commit(made, monkeypatch)
    fix = Correction(section="A", table=1, round=1, board=1, ns=1, ew=1, contract="3NT",
                     declarer=Seat.N, tricks=9)
    await made.hub.step(inbound(link, 1, 3, fix))
    assert isinstance(link.to(1)[0], Nak)
    held = made.session.sections["A"].held(1, 1, 1)
    assert held is not None and held.contract == "4S"
    assert memory(made.session, made.units) == fresh(made)
    assert not reloaded


async def test_two_pads_in_one_batch_both_stored_when_tried_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await playing(tmp_path)
    reloaded = reloads(made, monkeypatch)
    refuse_next_commit(made, monkeypatch)
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 2, 1, 1)),
              inbound(link, 2, 2, result(2, 1, 3, 2, 2)))
    assert isinstance(link.to(1)[0], Ack) and isinstance(link.to(2)[0], Ack)
    assert memory(made.session, made.units) == fresh(made)
    assert not reloaded


async def test_a_takeover_refused_at_commit_leaves_both_units_as_they_were(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new pad takes table 1 with the director's PIN, locking out the one there: refused
    at commit, the table is still unit 1's, unit 1 is not locked and unit 5 is not known."""
    made, link = await playing(tmp_path)
    reloaded = reloads(made, monkeypatch)
    refuse_next_commit(made, monkeypatch)
    takeover = Login(section="A", table=1, pin="4321", takeover=True)
    await made.hub.step(inbound(link, 5, 1, takeover))
    assert [type(body) for body in link.to(5)] == [Nak] and link.to(1) == []
    assert made.session.sections["A"].holders[1] == 1 and 5 not in made.units
    assert made.units[1].locked_reason is None
    before = memory(made.session, made.units)
    assert before == fresh(made)
    assert not reloaded
    seen = seen_while_committing(made, monkeypatch)
    await made.hub.step(inbound(link, 5, 1, takeover))
    assert seen == [before]
    assert made.session.sections["A"].holders[1] == 5
    assert made.units[1].locked_reason == ErrorCode.UNIT_REPLACED.value
    assert memory(made.session, made.units) == fresh(made)


async def test_players_with_a_visitor_refused_at_commit_add_nobody(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await playing(tmp_path)
    reloaded = reloads(made, monkeypatch)
    refuse_next_commit(made, monkeypatch)
    numbers = Players("A", 1, 1, 11, 12, 13, 0, visitors=(("west", "Vera Visitor"),))
    await made.hub.step(inbound(link, 1, 3, numbers))
    assert isinstance(link.to(1)[0], Nak)
    assert made.session.players == {} and made.session.seats.held == {}
    assert memory(made.session, made.units) == fresh(made)
    assert not reloaded
    await made.hub.step(inbound(link, 1, 3, numbers))
    assert list(made.session.players.values()) == ["Vera Visitor"]
    assert memory(made.session, made.units) == fresh(made)


async def test_a_round_moving_on_in_a_refused_batch_stays_where_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await playing(tmp_path)
    await made.hub.step(inbound(link, 3, 1, Login(section="A", table=3)))
    for unit, seq, body in ((1, 3, result(1, 1, 2, 1, 1)), (2, 2, result(2, 1, 3, 2, 2)),
                            (2, 3, result(2, 1, 4, 2, 2)), (3, 2, result(3, 1, 5, 3, 3))):
        await made.hub.step(inbound(link, unit, seq, body))
        assert isinstance(link.to(unit)[0], Ack)
    section = made.session.sections["A"]
    started = section.round_started
    reloaded = reloads(made, monkeypatch)
    refuse_next_commit(made, monkeypatch)
    # Round 1's last board: the section would move on to round 2 and tell every pad.
    await made.hub.step(inbound(link, 3, 3, result(3, 1, 6, 3, 3)))
    assert [type(body) for body in link.to(3)] == [Nak] and link.to(1) == link.to(2) == []
    assert (section.current_round, section.round_started) == (1, started)
    assert dict(section.table_round) == {1: 1, 2: 1, 3: 1}
    assert memory(made.session, made.units) == fresh(made)
    assert not reloaded
    before = memory(made.session, made.units)
    seen = seen_while_committing(made, monkeypatch)
    await made.hub.step(inbound(link, 3, 3, result(3, 1, 6, 3, 3)))
    assert seen == [before]
    assert section.current_round == 2 and memory(made.session, made.units) == fresh(made)


async def test_a_message_failing_half_way_is_taken_back_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug after the entry was held in memory: that message's changes are taken back, its
    pad told INTERNAL, and the other pad's result in the same batch stored."""
    made, link = await playing(tmp_path)
    reloaded = reloads(made, monkeypatch)
    advance = made.session.advance

    def failing(section: Any, table: int, round_: int, batch: Batch) -> None:
        if table == 2:
            raise RuntimeError("a bug, once the entry is held")
        advance(section, table, round_, batch)
    monkeypatch.setattr(made.session, "advance", failing)
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 2, 1, 1)),
              inbound(link, 2, 2, result(2, 1, 3, 2, 2)))
    assert isinstance(link.to(1)[0], Ack)
    nak = link.to(2)[0]
    assert isinstance(nak, Nak) and nak.code == ErrorCode.INTERNAL
    assert made.session.sections["A"].held(2, 1, 3) is None
    assert memory(made.session, made.units) == fresh(made)
    assert not reloaded


Command = Callable[[Station], Awaitable[object]]
Setup = Callable[[Station, FakeLink], Awaitable[object]]


async def commanded(made: Station, command: Command) -> object:
    """A command of the director's service (what the routes call), its turn in the hub run
    here as the hub's loop would."""
    return await turns(made, command(made))


async def offered(made: Station, link: FakeLink) -> None:
    """Unit 1 locked, then its result for board 2 becomes a merge offer."""
    await commanded(made, lambda made: made.director.lock_unit(1))
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 2, 1, 1)))
    assert made.session.merge_offers


async def round_played(made: Station, _link: FakeLink) -> None:
    """Every table has played round 1 (the director enters what is missing) and round 2 has
    begun nowhere: an End between rounds ends the session at once, waiting for nobody."""
    section = made.session.sections["A"]
    for a in section.movement.round_of(1):
        for board in a.boards:
            if a.ns is not None and a.ew is not None and section.held(a.table, 1, board) is None:
                await commanded(made, lambda made, a=a, board=board: made.director.enter(
                    result(a.table, 1, board, a.ns, a.ew)))
    assert not section.still_playing()


COMMANDS: dict[str, tuple[Setup | None, Command]] = {
    "penalty": (None, lambda made: made.director.add_penalty(
        Penalty(pair=1, direction="NS", percent=25.0, section="A"))),
    "remove a penalty": (
        lambda made, _: commanded(made, lambda made: made.director.add_penalty(
            Penalty(pair=1, direction="NS", percent=25.0, section="A"))),
        lambda made: made.director.remove_penalty(made.session.penalties[0].row_id or 0)),
    "close round": (None, lambda made: made.director.close_round("A")),
    "director's result": (None, lambda made: made.director.enter(result(2, 1, 3, 2, 2))),
    "director's correction": (None, lambda made: made.director.enter(
        result(1, 1, 1, 1, 1, tricks=9))),
    "erase": (None, lambda made: made.director.erase(result(1, 1, 1, 1, 1))),
    "move a result": (None, lambda made: made.director.move_result("A", 1, 1, 1, to_board=2)),
    "ruling": (None, lambda made: made.director.rule("A", 1, 1, 1, {"adjusted": "60/40"})),
    "lock a unit": (None, lambda made: made.director.lock_unit(1)),
    "reset a unit": (lambda made, _: commanded(made, lambda made: made.director.lock_unit(1)),
                     lambda made: made.director.reset_unit(1)),
    "pair a unit": (None, lambda made: made.director.pair_unit(9)),
    "pair a known unit again": (None, lambda made: made.director.pair_unit(1)),
    "the club's list": (None, lambda made: made.director.set_players({5: "Ann Smith"})),
    "a visitor": (None, lambda made: made.director.add_visitor("Vera Visitor")),
    "a takeover": (None, lambda made: made.director.authorise_takeover("A", 2)),
    "withdraw a takeover": (
        lambda made, _: commanded(made, lambda made: made.director.authorise_takeover("A", 2)),
        lambda made: made.director.cancel_takeover("A", 2)),
    "merge an offer": (offered, lambda made: made.director.decide_merge(
        min(made.session.merge_offers), True)),
    "pause": (None, lambda made: made.director.pause_or_resume(False)),
    "end the session": (round_played, lambda made: made.director.end_session()),
    "publish": (None, lambda made: made.director.publish(True)),
    "hand records": (None, lambda made: made.director.set_hand_records("A", {2: DEAL_1})),
    "a pair withdrawn": (None, lambda made: made.director.withdraw_pair(
        "A", 3, direction="EW", from_round=2)),
    "round clock": (None, lambda made: made.director.set_round_clock("A", 7.0, 2.0)),
    "player numbers": (None, lambda made: made.director.set_player_numbers(
        "A", AskPlayers.EVERY)),
    "result entry": (None, lambda made: made.director.set_result_entry("A", ResultEntry.TRICKS)),
    "round rankings": (None, lambda made: made.director.set_round_rankings(
        "A", RoundRankings(0, 0))),
    "thresholds": (None, lambda made: made.director.set_thresholds({"silent_minutes": 9})),
    "round minutes": (None, lambda made: made.director.set_round_minutes("A", 21.0)),
    "pads move": (None, lambda made: made.director.set_pads("A", PadPlace.NS)),
    "seat a pair": (None, lambda made: made.director.seat(
        "A", 2, "NS", [Seated(None, "Vera Visitor"), Seated(None, "Val Visitor")])),
    "replace a unit": (None, lambda made: made.director.replace_unit(2)),
    "pair several units": (None, lambda made: made.director.pair_units([7, 8])),
    "decline an offer": (offered, lambda made: made.director.decide_merge(
        min(made.session.merge_offers), False)),
    "a new movement": (None, lambda made: made.director.replace_movement(
        "A", "mitchell", 3, 9, phantom=False, from_round=2)),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
async def test_a_directors_command_refused_at_commit_changes_nothing(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Taken back by the batch's own undo: memory is not reloaded from the database."""
    made, link = await playing(tmp_path)
    setup, command = COMMANDS[name]
    if setup is not None:
        await setup(made, link)
    before = memory(made.session, made.units)
    reloaded = reloads(made, monkeypatch)
    refuse_next_commit(made, monkeypatch)
    with pytest.raises(RuntimeError, match="refused the batch"):
        await commanded(made, command)
    assert memory(made.session, made.units) == fresh(made) == before
    assert not reloaded
    # And the same command, committed, is in memory as the database holds it; not while
    # it commits.
    seen = seen_while_committing(made, monkeypatch)
    await commanded(made, command)
    assert seen == [before]
    assert memory(made.session, made.units) == fresh(made) != before
