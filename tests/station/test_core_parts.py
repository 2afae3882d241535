"""The core's parts (issue 23): the units owned by one module, the rules composed around one
session state and given the hub's services at construction, alerts typed in one module with
the bus events' JSON unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from basestation.station.core.queue import Flood, flood_alert
from basestation.station.core.units import UnitAsBefore, Units, epoch_key
from basestation.station.effects.batch import Batch
from basestation.station.effects.changes import ABSENT, AsWas, EntryAsWas, MemberAsWas
from basestation.station.effects.events import (
    AlertKind,
    DatabaseBack,
    MergeConflict,
    Replay,
    alert,
)
from basestation.station.rules.composed import SessionRules
from basestation.station.session.memory import UnitState
from tests.station.fakes import SECRET, station, turns


def no_answers(unit: int, seq: int) -> None:
    return None


def test_pairing_a_unit_registers_it_then_moves_it_to_the_next_key_epoch() -> None:
    units = Units(SECRET, no_answers)
    first = units.pair(17, Batch())
    assert (first.new, first.epoch, first.unit.key) == (True, 0, epoch_key(SECRET, 17, 0))
    again = units.pair(17, Batch())
    assert (again.new, again.epoch) == (False, 1)
    assert units[17] is first.unit and units[17].key == epoch_key(SECRET, 17, 1)
    assert units.key_epochs == {17: 1} and len(units) == 1 and list(units) == [17]


def test_a_failed_message_puts_its_unit_back_as_it_was() -> None:
    units = Units(SECRET, no_answers)
    known = units.add(3)
    was = (known.last_seq, known.battery)
    before = units.copy(3)
    known.last_seq, known.battery = 9, 40
    units.restore(3, before)
    assert (units[3].last_seq, units[3].battery) == was
    units.add(4)
    units.restore(4, units.copy(99))  # not known before the message: dropped again
    assert 4 not in units


def test_a_unit_set_aside_comes_back_with_its_changes_and_its_seqs_kept() -> None:
    """A batch's changes to units are set aside while it commits and applied after: a new
    unit is unknown meanwhile; a known one is as before, but never a station seq lower."""
    units = Units(SECRET, no_answers)
    known = units.add(3)
    batch = Batch()
    batch.changed(UnitAsBefore(units, 3, units.copy(3)))
    known.last_seq, known.battery = 9, 40
    known.answers[9] = ("digest", "[]")
    batch.changed(UnitAsBefore(units, 4, units.copy(4)))
    units.add(4)
    batch.set_aside()
    assert (known.last_seq, known.battery, dict(known.answers)) == (-1, None, {})
    assert 4 not in units
    units.next_seq(known)  # the serial line numbers what it sends meanwhile
    units.failed_check(known)  # and a forged message is counted (and answered) at once
    known.cut_off = 30.0  # and the flood control cuts it off at the broker
    batch.apply()
    assert (known.last_seq, known.battery, list(known.answers)) == (9, 40, [9])
    assert 4 in units and (known.down_seq, known.bad_macs, known.cut_off) == (1, 1, 30.0)
    batch.undo_to(batch.mark())  # nothing left to take back


def test_pairing_put_back_and_made_again_any_number_of_times() -> None:
    """A swap's inverse's inverse puts the change back again, and so on."""
    units = Units(SECRET, no_answers)
    units.pair(5, Batch())
    batch = Batch()
    units.pair(5, batch)  # epoch 0 -> 1: a new key
    after = (units.key_epochs[5], units[5].key)
    before = (0, epoch_key(SECRET, 5, 0))
    [change] = batch.undo
    for _ in range(2):
        change = change.apply()
        assert (units.key_epochs[5], units[5].key) == before
        change = change.apply()
        assert (units.key_epochs[5], units[5].key) == after


def test_a_batch_set_aside_puts_memory_as_it_was_and_applies_it_again() -> None:
    holder = UnitState(unit=1, key=b"k", section="A", table=2)
    board: dict[int, str] = {1: "one"}
    tables: set[int] = {1}
    batch = Batch()
    batch.change(AsWas(holder, (("section", "B"), ("table", 5))))
    assert (holder.section, holder.table) == ("B", 5)  # made at once: what follows sees it
    batch.change(EntryAsWas(board, 2, "two"))
    batch.change(EntryAsWas(board, 1, ABSENT))
    batch.change(MemberAsWas(tables, 7, True))
    batch.change(AsWas(holder, (("table", 6),)))  # the same field changed twice in one batch
    batch.on_commit(lambda: board.__setitem__(9, "given by the commit"))
    batch.set_aside()
    assert ((holder.section, holder.table), board, tables) == (("A", 2), {1: "one"}, {1})
    batch.apply()
    assert ((holder.section, holder.table), board, tables) == (
        ("B", 6), {2: "two", 9: "given by the commit"}, {1, 7})
    batch.undo_to(batch.mark())  # nothing left to take back
    assert (holder.section, holder.table) == ("B", 6)


def test_sent_to_and_failed_checks_are_saved_with_the_next_commit_once() -> None:
    units = Units(SECRET, no_answers)
    one, two = units.add(1), units.add(2)
    assert units.next_seq(one) == 1
    units.failed_check(two)
    assert units.to_save(bad_macs_too=False) == {1}
    assert units.to_save(bad_macs_too=True) == {2}
    assert units.to_save(bad_macs_too=True) == set()
    assert (two.bad_macs, two.failing) == (1, 1)


def test_the_rules_parts_hold_one_state(tmp_path: Path) -> None:
    rules = station(tmp_path).rules
    session = rules.session
    assert rules.pads.session is rules.director.session is session
    assert rules.director_seats.session is rules.switches.session is session
    assert rules.tables.session is rules.merges.session is rules.movements.session is session
    assert rules.console.session is session
    assert rules.tables.director is rules.merges.director is rules.director
    assert session.event_name == "Tuesday pairs"
    # Nothing forwarded: each method or field is reached through the part that owns it.
    assert set(vars(rules)) == {"session", "pads", "director", "director_seats", "tables",
                                "merges", "movements", "switches", "console"}


async def test_pairing_goes_through_the_hub_services(tmp_path: Path) -> None:
    made = station(tmp_path)
    paired = await turns(made, made.director.pair_unit(71))
    assert made.hub.units[71] is paired and made.rules.session.units[71] is paired
    with pytest.raises(RuntimeError, match="needs the hub"):
        SessionRules().director.pair_unit(71, Batch())  # a session loaded only to be read


def test_alerts_keep_the_json_the_pages_read() -> None:
    batch = Batch()
    batch.event(Replay(3, 7))
    assert batch.events == [Replay(3, 7)]  # the event itself, made JSON only as it is sent
    assert json.dumps(batch.events[0].to_json()) == \
        '{"type": "alert", "kind": "replay", "unit": 3, "seq": 7}'
    assert DatabaseBack().to_json() == {"type": "alert", "kind": "database_back"}
    offered = MergeConflict(4, "A", 2, 1, 3).to_json()
    assert offered == {"type": "alert", "kind": "merge_conflict", "unit": 4, "section": "A",
                       "table": 2, "round": 1, "board": 3, "origin": "let_go"}
    assert type(alert(AlertKind.BAD_MAC).kind) is str
    units = {5: UnitState(unit=5, key=b"k", section="A", table=2)}
    assert flood_alert(Flood(5, 900, 800, 0, 0), units).model_dump() == {
        "kind": "flooding", "unit": 5, "messages": 900, "seconds": 10, "dropped": 800,
        "checked": 0, "failed": 0, "section": "A", "table": 2}
