"""The director's penalties as change records (effects/changes.py): added and removed, the
pairs' scores following either way."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.effects.changes import Change
from basestation.station.session.state import HeldMatchPenalty, HeldPenalty, SessionState
from basestation.store import repository as repo
from basestation.store.repository import Op


@dataclass(frozen=True)
class PenaltiesAsWas(Change):
    """The session's penalties, of both kinds, as they were."""

    session: SessionState
    penalties: tuple[HeldPenalty, ...]
    match_penalties: tuple[HeldMatchPenalty, ...]

    @classmethod
    def now(cls, session: SessionState) -> PenaltiesAsWas:
        """The session's penalties as they are: what puts them back after a change."""
        return cls(session, tuple(session.penalties), tuple(session.match_penalties))

    def apply(self) -> PenaltiesAsWas:
        session = self.session
        back = PenaltiesAsWas.now(session)
        session.penalties[:] = self.penalties
        session.match_penalties[:] = self.match_penalties
        session.score_penalties()
        return back


@dataclass(frozen=True)
class PenaltyAdded(Change):
    """A penalty in force: a percentage of a top (pairs), or VPs or IMPs (teams, Swiss). Its
    row is added with the batch (`Batch.insert`: its new id is kept once committed)."""

    session: SessionState
    held: HeldPenalty | HeldMatchPenalty

    def apply(self) -> PenaltiesAsWas:
        session = self.session
        back = PenaltiesAsWas.now(session)
        if isinstance(self.held, HeldMatchPenalty):
            session.match_penalties.append(self.held)
        else:
            session.penalties.append(self.held)
            session.score_penalties()
        return back


@dataclass(frozen=True)
class PenaltyRemoved(Change):
    """A penalty the director removed (its row, `row_id`, is marked so)."""

    session: SessionState
    held: HeldPenalty | HeldMatchPenalty
    row_id: int

    def apply(self) -> PenaltiesAsWas:
        session = self.session
        back = PenaltiesAsWas.now(session)
        if isinstance(self.held, HeldMatchPenalty):
            session.match_penalties.remove(self.held)
        else:
            session.penalties.remove(self.held)
            session.score_penalties()
        return back

    def ops(self) -> tuple[Op, ...]:
        return (repo.erase_penalty(self.row_id),)
