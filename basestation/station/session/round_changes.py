"""A section's rounds and movement, as change records (effects/changes.py): a table reaching
a round, the section moving on, its movement replaced, its rankings sent."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from basestation.movements import Movement, missing_pair
from basestation.station.effects.changes import Change, set_entry, set_fields
from basestation.station.session.memory import SectionState
from basestation.store import repository as repo
from basestation.store.repository import Op

if TYPE_CHECKING:
    from basestation.station.session.state import SessionState


@dataclass(frozen=True)
class TableReached(Change):
    """A table entered something for `round_`: its own round (worked out from the results
    when loaded, so nothing is stored for it)."""

    section: SectionState
    table: int
    round_: int

    def apply(self) -> Change:
        return set_entry(self.section.table_round, self.table, self.round_)


@dataclass(frozen=True)
class RoundMovedOn(Change):
    """The section's current round is `round_` from `started` (its round clock)."""

    section: SectionState
    section_id: int
    round_: int
    started: datetime

    def apply(self) -> Change:
        return set_fields(self.section, current_round=self.round_, round_started=self.started)

    def ops(self) -> tuple[Op, ...]:
        return (repo.update_section_round(self.section_id, self.round_, self.started),)


@dataclass(frozen=True)
class MovementReplaced(Change):
    """The section plays `movement` from now on (a late pair seated, a Swiss round drawn);
    its boards are scored again."""

    session: SessionState
    section: SectionState
    movement: Movement

    def apply(self) -> MovementReplaced:
        back = MovementReplaced(self.session, self.section, self.section.movement)
        self.section.replace_movement(self.movement)
        if self.session.scores is not None:
            self.session.scores.movement_changed(self.section.letter)
        return back

    def ops(self) -> tuple[Op, ...]:
        movement = self.movement
        return (repo.update_section_movement(
            self.session.section_ids[self.section.letter], json.dumps(movement.to_json()),
            movement.tables, movement.boards, missing_pair(movement) is not None),)


@dataclass(frozen=True)
class RankingsSent(Change):
    """The section's pads were sent the rankings after `round_` (each round once; in memory
    only: a restart takes every completed round as sent)."""

    section: SectionState
    round_: int

    def apply(self) -> Change:
        return set_fields(self.section, rankings_sent=self.round_)
