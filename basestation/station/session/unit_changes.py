"""Changes to a pad's unit, as values (effects/changes.py): locked, replaced, reset, out of
its table. Each says what it sets and what it stores; what it replaced comes back from
`apply`."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.effects.changes import ABSENT, Change, Together, set_entry, set_fields
from basestation.station.session.memory import SectionState, UnitState
from basestation.store import repository as repo
from basestation.store.repository import Op
from firmware_protocol.messages import ErrorCode


@dataclass(frozen=True)
class UnitLocked(Change):
    """The director locks the unit out: its pad may enter nothing (`reason`, SPEC.md 6.5)."""

    unit: UnitState
    reason: str = ErrorCode.UNIT_LOCKED.value

    def apply(self) -> Change:
        return set_fields(self.unit, locked_reason=self.reason)

    def ops(self) -> tuple[Op, ...]:
        return (repo.upsert_unit({"unit": self.unit.unit, "locked_reason": self.reason}),)


@dataclass(frozen=True)
class UnitReset(Change):
    """The director resets the unit: its lock lifted, its failed checks cleared."""

    unit: UnitState

    def apply(self) -> Change:
        return set_fields(self.unit, locked_reason=None, bad_macs=0, failing=0)

    def ops(self) -> tuple[Op, ...]:
        return (repo.upsert_unit({"unit": self.unit.unit, "locked_reason": None,
                                  "bad_macs": 0}),)


@dataclass(frozen=True)
class UnitReplacedBy(Change):
    """Another unit took the table: this one is locked out, named as replaced by `by`, and
    holds no table."""

    unit: UnitState
    by: int

    def apply(self) -> Change:
        return set_fields(self.unit, locked_reason=ErrorCode.UNIT_REPLACED.value,
                          replaced_by=self.by, section=None, table=None)

    def ops(self) -> tuple[Op, ...]:
        return (repo.upsert_unit({"unit": self.unit.unit,
                                  "locked_reason": ErrorCode.UNIT_REPLACED.value,
                                  "replaced_by": self.by, "section": None,
                                  "table_no": None}),)


@dataclass(frozen=True)
class UnitLeftTable(Change):
    """The unit holds no table any more; `section`, the one it held a table of, lets the
    table go too (None: the section's memory is left as it is, a new event loading)."""

    unit: UnitState
    section: SectionState | None
    event_id: int | None

    def apply(self) -> Change:
        section, table = self.section, self.unit.table
        back: list[Change] = []
        if section is not None and table is not None \
                and section.holders.get(table) == self.unit.unit:
            back.append(set_entry(section.holders, table, ABSENT))
        back.append(set_fields(self.unit, section=None, table=None))
        return Together(tuple(back))

    def ops(self) -> tuple[Op, ...]:
        held = self.unit.section is not None and self.unit.table is not None
        release = (repo.release_unit_holds(self.event_id, self.unit.unit),) \
            if held and self.event_id is not None else ()
        return (*release, repo.upsert_unit({"unit": self.unit.unit, "section": None,
                                            "table_no": None}))
