"""The console's settings as change records (effects/changes.py): the alert thresholds, and
each section's round clock, player numbers, result entry, pads and round rankings."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.effects.changes import Change, Together, Values, set_entry, set_fields
from basestation.station.session.memory import SectionState, Thresholds
from basestation.store import repository as repo
from basestation.store.repository import Op
from firmware_protocol.enums import AskPlayers, PadPlace, ResultEntry
from firmware_protocol.messages import RoundRankings


@dataclass(frozen=True)
class ThresholdsSet(Change):
    """Some alert thresholds changed (the others stay); all of them are stored."""

    limits: Thresholds
    values: Values

    def apply(self) -> Change:
        return set_fields(self.limits, **dict(self.values))

    def ops(self) -> tuple[Op, ...]:
        new = dict(self.values)
        now = {name: new.get(name, getattr(self.limits, name))
               for name in ("silent_minutes", "bad_mac_run", "rounds_behind")}
        return (repo.save_thresholds(now["silent_minutes"], now["bad_mac_run"],
                                     now["rounds_behind"]),)


@dataclass(frozen=True)
class ClubLanguageSet(Change):
    """The club's language set on /setup: kept across restarts."""

    session: object  # the SessionState whose club_language this sets
    code: str

    def apply(self) -> Change:
        return set_fields(self.session, club_language=self.code)

    def ops(self) -> tuple[Op, ...]:
        return (repo.save_club_language(self.code),)


@dataclass(frozen=True)
class RoundClockSet(Change):
    """A section's round clock: minutes per board plus minutes per round (the move)."""

    limits: Thresholds
    section: str
    section_id: int
    per_board: float
    per_round: float

    def apply(self) -> Change:
        return Together((set_entry(self.limits.board_minutes, self.section, self.per_board),
                         set_entry(self.limits.round_minutes, self.section, self.per_round)))

    def ops(self) -> tuple[Op, ...]:
        return (repo.set_round_clock(self.section_id, self.per_board, self.per_round),)


@dataclass(frozen=True)
class PlayerNumbersAsked(Change):
    """When the section's pads ask the players for their numbers (SPEC.md 14)."""

    section: SectionState
    section_id: int
    ask: AskPlayers

    def apply(self) -> Change:
        return set_fields(self.section, ask=self.ask)

    def ops(self) -> tuple[Op, ...]:
        return (repo.set_player_numbers(self.section_id, self.ask.value),)


@dataclass(frozen=True)
class ResultEntrySet(Change):
    """How the section's pads take a board's result (SPEC.md 14.2)."""

    section: SectionState
    section_id: int
    entry: ResultEntry

    def apply(self) -> Change:
        return set_fields(self.section, result_entry=self.entry)

    def ops(self) -> tuple[Op, ...]:
        return (repo.set_result_entry(self.section_id, self.entry.value),)


@dataclass(frozen=True)
class PadsPlaced(Change):
    """The section's pads stay at their tables or move with a pair (SPEC.md 14.10)."""

    section: SectionState
    section_id: int
    pads: PadPlace

    def apply(self) -> Change:
        return set_fields(self.section, pads=self.pads)

    def ops(self) -> tuple[Op, ...]:
        return (repo.set_pads(self.section_id, self.pads.value),)


@dataclass(frozen=True)
class RankingsShown(Change):
    """The section's pads show the rankings after each round (None: only once published),
    counting those of round `sent` and before as sent (SPEC.md 14.9)."""

    section: SectionState
    section_id: int
    rankings: RoundRankings | None
    sent: int

    def apply(self) -> Change:
        return set_fields(self.section, rankings=self.rankings, rankings_sent=self.sent)

    def ops(self) -> tuple[Op, ...]:
        shown = self.rankings or RoundRankings()
        return (repo.set_round_rankings(self.section_id, self.rankings is not None,
                                        shown.hide_first, shown.hide_last),)
