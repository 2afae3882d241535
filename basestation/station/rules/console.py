"""The director's console settings for the night: the alert thresholds, and each section's
round length, when its pads ask for player numbers, how they take a board's result and
whether they show the rankings after each round. Changed in turn with pad traffic
and stored with the batch, so a restart keeps them (docs/ARCHITECTURE.md, "Kept across a
restart"). Part of SessionRules (rules/composed.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from basestation.i18n import shipped
from basestation.movements import check_pads_follow
from basestation.station.effects.batch import Batch
from basestation.station.effects.changes import Change
from basestation.station.effects.events import BusEvent, Event
from basestation.station.refusals import Invalid
from basestation.station.session.memory import SectionState, Thresholds
from basestation.station.session.round_rankings import completed_round
from basestation.station.session.setting_changes import (
    ClubLanguageSet,
    PadsPlaced,
    PlayerNumbersAsked,
    RankingsShown,
    ResultEntrySet,
    RoundClockSet,
    ThresholdsSet,
)
from basestation.station.session.state import SessionState
from basestation.store import repository as repo
from firmware_protocol.enums import AskPlayers, PadPlace, ResultEntry
from firmware_protocol.messages import RoundRankings

THRESHOLD_NAMES = ("silent_minutes", "bad_mac_run", "rounds_behind")


@dataclass(frozen=True)
class ThresholdsChanged(BusEvent):
    """The console's alert thresholds or round clocks changed."""

    TYPE = "thresholds"
    limits: Thresholds

    def to_json(self) -> Event:
        return {"type": self.TYPE, **self.limits.to_json()}


@dataclass(frozen=True)
class SectionSettingChanged(BusEvent):
    """One of a section's settings changed; the event's type names the setting
    (round_minutes, player_numbers, result_entry, pads, round_rankings)."""

    setting: str
    section: str
    said: Mapping[str, object]

    @property
    def event_type(self) -> str:
        return self.setting

    def to_json(self) -> Event:
        return {"type": self.setting, "section": self.section, **self.said}


class Console:
    """The console's settings: the thresholds and each section's."""

    def __init__(self, session: SessionState) -> None:
        self.session = session

    def set_thresholds(self, changes: dict[str, float | int], batch: Batch) -> Thresholds:
        """Changes the thresholds given (the others stay) and stores all of them."""
        limits = self.session.thresholds
        unknown = [name for name in changes if name not in THRESHOLD_NAMES]
        if unknown:
            raise Invalid("threshold.unknown", name=unknown[0])
        batch.change(ThresholdsSet(limits, tuple(changes.items())))
        batch.ops.append(repo.audit(self.session.event_id, "director", "thresholds", **changes))
        batch.event(ThresholdsChanged(limits))
        return limits

    def set_club_language(self, code: str, batch: Batch) -> str:
        """The club's language (one the station ships): the pads', the console's and the
        website's from now on, kept across restarts."""
        languages = shipped()
        if code not in languages:
            raise Invalid("club.language_unknown", code=code, languages=", ".join(languages))
        batch.change(ClubLanguageSet(self.session, code))
        batch.ops.append(repo.audit(self.session.event_id, "director", "club_language",
                                    language=code))
        return code

    def set_round_clock(self, section: str, per_board: float, per_round: float,
                        batch: Batch) -> Thresholds:
        """The section's round clock: minutes per board plus minutes per round (the move)."""
        state = self.session.section_of(section)
        if per_board <= 0 and per_round <= 0:
            raise Invalid("clock.no_time")
        batch.change(RoundClockSet(self.session.thresholds, section,
                                   self.session.section_ids[section], per_board, per_round))
        self._told(state, batch, "round_minutes",
                   minutes_per_board=per_board, minutes_per_round=per_round,
                   minutes=self.session.thresholds.round_length(state))  # the clocks start again
        return self.session.thresholds

    def set_round_minutes(self, section: str, minutes: float, batch: Batch) -> Thresholds:
        """The section's round length as a whole: minutes per round, none per board."""
        return self.set_round_clock(section, 0.0, minutes, batch)

    def set_player_numbers(self, section: str, ask: AskPlayers,
                           batch: Batch) -> AskPlayers:
        """When the section's pads ask the players for their numbers (SPEC.md 14)."""
        state = self.session.section_of(section)
        self._changed(state, PlayerNumbersAsked(state, self.session.section_ids[section], ask),
                      batch, "player_numbers", ask=ask.value)
        return ask

    def set_result_entry(self, section: str, entry: ResultEntry,
                         batch: Batch) -> ResultEntry:
        """How the section's pads take a board's result: "=", "+1", "-1" (the default), or the
        tricks taken."""
        state = self.session.section_of(section)
        self._changed(state, ResultEntrySet(state, self.session.section_ids[section], entry),
                      batch, "result_entry", entry=entry.value)
        return entry

    def set_pads(self, section: str, pads: PadPlace, batch: Batch) -> PadPlace:
        """Whether the section's pads stay at their tables or move with the round-1 NS or
        EW pairs (players' own phones). Raises MovementError (a sentence naming the round
        and pairs) when the movement would put two of those pairs at one table or leave a
        table without one."""
        state = self.session.section_of(section)
        if pads != PadPlace.TABLES:
            check_pads_follow(state.movement, pads.upper())
        self._changed(state, PadsPlaced(state, self.session.section_ids[section], pads),
                      batch, "pads", pads=pads.value)
        return pads

    def set_round_rankings(self, section: str, rankings: RoundRankings | None,
                           batch: Batch) -> RoundRankings | None:
        """Whether the section's pads show the rankings after each round (None: only once
        published), and which first and last rounds stay hidden. Raises Invalid when no round
        is left."""
        state = self.session.section_of(section)
        rounds = state.movement.rounds
        if rankings is not None and rankings.hide_first + rankings.hide_last >= rounds:
            raise Invalid("rankings.none_left", hide_first=rankings.hide_first,
                          hide_last=rankings.hide_last, section=section, rounds=rounds)
        shown = rankings or RoundRankings()
        # The pads get the latest below, once.
        self._changed(state, RankingsShown(state, self.session.section_ids[section], rankings,
                                           completed_round(state)),
                      batch, "round_rankings", shown=rankings is not None,
                      hide_first=shown.hide_first, hide_last=shown.hide_last)
        for message in self.session.round_rankings(state):
            for _table, unit in sorted(state.holders.items()):
                batch.send(unit, message)
        return rankings

    def _changed(self, state: SectionState, change: Change, batch: Batch, what: str,
                 **said: object) -> None:
        """A section's setting changes (`change`, stored with the section): audited, told to
        the pages and, with its round's seating, to every pad of the section at once."""
        batch.change(change)
        self._told(state, batch, what, **said)

    def _told(self, state: SectionState, batch: Batch, what: str, **said: object) -> None:
        """A section's setting changed: audited, told to the pages and the section's pads."""
        batch.ops.append(repo.audit(self.session.event_id, "director", what,
                                    section=state.letter, **said))
        batch.event(SectionSettingChanged(what, state.letter, said))
        self.session.tell_section(state, batch)


__all__ = ["THRESHOLD_NAMES", "Console", "SectionSettingChanged", "ThresholdsChanged"]
