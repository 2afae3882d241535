"""The round grid's cell and table states, from a section's working memory."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from basestation.movements import generate
from basestation.station.session.memory import HeldResult, SectionState, UnitState
from basestation.station.views.grid import cell_state, table_state


def held(table: int, round_: int, board: int, **extra: object) -> HeldResult:
    """A result as the station holds it (what the grid reads, not a pad's message)."""
    assignment = generate("mitchell", 3, 6).at(round_, table)
    assert assignment is not None
    return HeldResult(section="A", table=table, round=round_, board=board,
                      ns=assignment.ns, ew=assignment.ew, score_ns=420, **extra)  # type: ignore[arg-type]


def test_cells_move_from_current_to_complete_or_missing() -> None:
    state = SectionState("A", generate("mitchell", 3, 6))
    assert cell_state(state, 1, 1).state == "current"
    assert cell_state(state, 1, 2).state == "not_started"
    state.put(held(1, 1, 1))
    assert cell_state(state, 1, 1).state == "partial"
    state.put(held(1, 1, 2))
    assert cell_state(state, 1, 1).state == "complete"
    state.put(held(2, 1, 3))
    state.current_round = 2
    assert cell_state(state, 2, 1).state == "missing"


def test_flags_and_director_changes_show() -> None:
    state = SectionState("A", generate("mitchell", 3, 6))
    state.put(held(1, 1, 1, flags=("LEAD_DECLARER_MISMATCH",)))
    assert cell_state(state, 1, 1).state == "flagged"
    state.put(held(2, 1, 3, source="director"))
    assert cell_state(state, 2, 1).state == "corrected"


def test_table_states() -> None:
    now = datetime.now(UTC)
    state = SectionState("A", generate("mitchell", 3, 6))
    units = {7: UnitState(unit=7, key=b"k" * 16, last_seen=now)}
    assert table_state(state, 1, units, now).state == "not_logged_in"
    state.holders[1] = 7
    assert table_state(state, 1, units, now).state == "logged_in"
    assert table_state(state, 1, units, now + timedelta(hours=1)).state == "no_contact"
    units[7].bad_macs = 2  # stray frames claiming unit 7, whose pad works: no mark
    assert table_state(state, 1, units, now).state == "logged_in"
    units[7].failing = 3  # its own pad failing, frame after frame
    assert table_state(state, 1, units, now).state == "bad_mac"
    units[7].locked_reason = "UNIT_REPLACED"
    assert table_state(state, 1, units, now).state == "replaced"


def test_a_section_is_complete_once_every_board_has_one_entry() -> None:
    state = SectionState("A", generate("mitchell", 3, 6))
    places = [(a.table, a.round, b) for a in state.movement.assignments for b in a.boards]
    assert state.expected_count == len(places) == 18
    for table, round_, board in places[:-1]:
        state.put(held(table, round_, board))
    state.put(held(*places[0], contract="3NT"))  # a replacement is not one more entry
    assert state.held_count == 17 and not state.complete()
    state.put(held(*places[-1]))
    assert state.complete()
    state.remove(*places[-1])
    state.remove(*places[-1])  # nothing left to remove: the count stays right
    assert state.held_count == 17 and not state.complete()


def test_a_table_whose_link_is_down_is_out_of_contact_and_a_lock_says_which() -> None:
    from basestation.station.effects.link_health import LinkDown

    now = datetime.now(UTC)
    state = SectionState("A", generate("mitchell", 3, 6))
    units = {7: UnitState(unit=7, key=b"k" * 16, last_seen=now, link="mqtt:127.0.0.1:1883"),
             8: UnitState(unit=8, key=b"k" * 16, last_seen=now, link="serial:/dev/ttyUSB0")}
    state.holders.update({1: 7, 2: 8})
    down = {"mqtt:127.0.0.1:1883": LinkDown("mqtt:127.0.0.1:1883", now, lost=True)}
    assert table_state(state, 1, units, now, links_down=down).state == "link_lost"
    assert table_state(state, 2, units, now, links_down=down).state == "logged_in"
    assert table_state(state, 1, units, now, links_down={}).state == "logged_in"
    units[8].locked_reason = "UNIT_LOCKED"
    assert table_state(state, 2, units, now).state == "locked"
    units[8].locked_reason, units[8].replaced_by = "UNIT_REPLACED", 9
    row = table_state(state, 2, units, now)
    assert (row.state, row.replaced_by) == ("replaced", 9)
