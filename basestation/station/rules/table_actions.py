"""The director's way back for an orphaned table (its pad gone or silent): let another pad
take over a unit's table, withdraw a takeover authorised by mistake, and ask the table's pad
to re-send what it holds."""

from __future__ import annotations

from basestation.station.effects.batch import Batch
from basestation.station.effects.events import TableTakeover
from basestation.station.refusals import Conflict, Invalid, NotFound
from basestation.station.rules.composed import SessionRules
from basestation.station.session.seating_changes import TakeoverClosed
from basestation.station.session.validation import check_table
from basestation.store import repository as repo
from firmware_protocol.messages import ControlCommand


def _table(rules: SessionRules, section: str, table: int) -> None:
    state = rules.session.sections.get(section)
    if state is None or rules.session.event_id is None or check_table(state, table) is not None:
        raise NotFound("table.not_found", section=section, table=table)


def replace_unit(rules: SessionRules, unit: int, batch: Batch) -> tuple[str, int]:
    """Lets the next pad that asks take over the table this unit holds (returned); this unit
    is then locked out and the new pad downloads everything the station holds for the table.
    No such unit is a NotFound; a unit holding no table, a Conflict."""
    state = rules.session.units.get(unit)
    if state is None:
        raise NotFound("unit.not_found", unit=unit)
    section, table = state.section, state.table
    if section is None or table is None:
        raise Conflict("unit.no_table", unit=unit)
    rules.director.authorise_takeover(section, table, batch)
    return section, table


def cancel_takeover(rules: SessionRules, section: str, table: int, batch: Batch) -> None:
    """The next pad that asks for this table is refused again, as before the authorisation."""
    _table(rules, section, table)
    if (section, table) not in rules.session.takeovers:
        raise Invalid("table.no_takeover", section=section, table=table)
    assert rules.session.event_id is not None
    batch.change(TakeoverClosed(rules.session, rules.session.event_id, section, table,
                                "withdrawn"))
    batch.ops.append(repo.audit(rules.session.event_id, "director", "cancel_takeover",
                                section=section, table=table))
    batch.event(TableTakeover(section, table, takeover=False))


def resend_table(rules: SessionRules, section: str, table: int, batch: Batch) -> int:
    """Asks the pad holding the table to re-send every result it holds (SPEC.md control
    `resend`); returns its unit. Anything the station already has is acknowledged again."""
    _table(rules, section, table)
    holder = rules.session.sections[section].holders.get(table)
    if holder is None:
        raise Invalid("table.no_pad", section=section, table=table)
    rules.director.command_unit(holder, ControlCommand.RESEND, batch)
    return holder


__all__ = ["cancel_takeover", "replace_unit", "resend_table"]
