"""The director's way back for an orphaned table (its pad gone or silent): let another pad
take the table over (named by the table, or by the unit holding it), withdraw a takeover
authorised by mistake, and ask the table's pad to re-send what it holds. Part of
SessionRules (rules/composed.py)."""

from __future__ import annotations

from basestation.station.effects.batch import Batch
from basestation.station.effects.events import TableTakeover
from basestation.station.refusals import Conflict, Invalid, NotFound
from basestation.station.rules.director import DirectorActions
from basestation.station.session.seating_changes import TakeoverClosed, TakeoverOpened
from basestation.station.session.state import SessionState
from basestation.station.session.validation import check_table
from basestation.store import repository as repo
from firmware_protocol.messages import ControlCommand


class TableActions:
    """The director's actions on a table and the pad holding it."""

    def __init__(self, session: SessionState, director: DirectorActions) -> None:
        self.session = session
        self.director = director  # commands a pad (`command_unit`)

    def authorise_takeover(self, section: str, table: int, batch: Batch) -> None:
        """The next pad that asks for the table takes it over."""
        state = self.session.sections.get(section)
        if state is None or check_table(state, table) is not None:
            raise NotFound("table.not_found", section=section, table=table)
        if (section, table) not in self.session.takeovers:
            assert self.session.event_id is not None
            batch.change(TakeoverOpened(self.session, self.session.event_id, section, table))
        batch.ops.append(repo.audit(self.session.event_id, "director", "authorise_takeover",
                                    section=section, table=table))
        batch.event(TableTakeover(section, table, takeover=True))

    def replace_unit(self, unit: int, batch: Batch) -> tuple[str, int]:
        """Lets the next pad that asks take over the table this unit holds (returned); this
        unit is then locked out and the new pad downloads everything the station holds for
        the table. No such unit is a NotFound; a unit holding no table, a Conflict."""
        state = self.session.units.get(unit)
        if state is None:
            raise NotFound("unit.not_found", unit=unit)
        section, table = state.section, state.table
        if section is None or table is None:
            raise Conflict("unit.no_table", unit=unit)
        self.authorise_takeover(section, table, batch)
        return section, table

    def cancel_takeover(self, section: str, table: int, batch: Batch) -> None:
        """The next pad that asks for this table is refused again, as before the
        authorisation."""
        self._table(section, table)
        if (section, table) not in self.session.takeovers:
            raise Invalid("table.no_takeover", section=section, table=table)
        assert self.session.event_id is not None
        batch.change(TakeoverClosed(self.session, self.session.event_id, section, table,
                                    "withdrawn"))
        batch.ops.append(repo.audit(self.session.event_id, "director", "cancel_takeover",
                                    section=section, table=table))
        batch.event(TableTakeover(section, table, takeover=False))

    def resend_table(self, section: str, table: int, batch: Batch) -> int:
        """Asks the pad holding the table to re-send every result it holds (SPEC.md control
        `resend`); returns its unit. Anything the station already has is acknowledged
        again."""
        self._table(section, table)
        holder = self.session.sections[section].holders.get(table)
        if holder is None:
            raise Invalid("table.no_pad", section=section, table=table)
        self.director.command_unit(holder, ControlCommand.RESEND, batch)
        return holder

    def _table(self, section: str, table: int) -> None:
        state = self.session.sections.get(section)
        if state is None or self.session.event_id is None \
                or check_table(state, table) is not None:
            raise NotFound("table.not_found", section=section, table=table)
