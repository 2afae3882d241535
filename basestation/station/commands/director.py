"""The director's commands, one typed async method each: the routes, the simulator and the
command line call these, never the hub or the rules. Each runs in one turn of the hub, in
turn with the pads' traffic, and returns once what it changed is committed.

A refusal is one of station/refusals.py's, the same for every caller: `NotFound` (no such
section, table, unit or result), `Invalid` (a ruling or result that cannot be), `Conflict` (the
director must confirm or do something else first, including "no event is open"). Pure code's
own refusals (a movement that cannot be) become `Invalid` here, at the command's edge; any
other exception is a bug. One handler answers them all (`api/errors.py`: 404, 422, 409).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import date
from typing import Any, TypeVar

from basestation.domain.cards import CardError
from basestation.formats.past_session import PastSession
from basestation.movements import MovementError
from basestation.scoring.ladder import LadderRules
from basestation.scoring.penalties import MatchPenalty
from basestation.scoring.traveller import Penalty
from basestation.station.commands.competitions import Competition, Competitions
from basestation.station.commands.history_import import HistoryImport, Imported
from basestation.station.commands.opening import EventOpening
from basestation.station.commands.swiss_draw import SwissDraw
from basestation.station.config import NewEvent
from basestation.station.core.hub import Hub
from basestation.station.effects.batch import Batch
from basestation.station.refusals import Conflict, Invalid, said
from basestation.station.rules.composed import SessionRules
from basestation.station.rules.director_seats import Seated
from basestation.station.rules.merges import Decided
from basestation.station.rules.movement_changes import Changed
from basestation.station.session.memory import HeldResult, Thresholds, UnitState
from basestation.station.session.state import HeldMatchPenalty, HeldPenalty
from basestation.store.models import CompetitionRow
from firmware_protocol.enums import AskPlayers, PadPlace, ResultEntry
from firmware_protocol.messages import ControlCommand, Entry, RoundRankings

T = TypeVar("T")


@contextmanager
def _checked(key: str, *refusals: type[ValueError]) -> Iterator[None]:
    """Pure code's refusals (a movement, a deal that cannot be; its own sentence) as the
    command's `Invalid`; any other ValueError stays a bug."""
    try:
        yield
    except refusals as exc:
        raise Invalid(key, problem=said(exc)) from exc


def _movement_checked() -> AbstractContextManager[None]:
    return _checked("movement.invalid", MovementError)


class DirectorService:
    """What the director can do to the station, through the hub."""

    def __init__(self, hub: Hub, rules: SessionRules) -> None:
        self._hub = hub
        self._rules = rules
        # The parts that act on more than the open session (the database's events, the
        # standings), each with what it owns; the session's own parts are `rules`'.
        self._opening = EventOpening(hub)
        self._swiss = SwissDraw(hub, rules)
        self._history = HistoryImport(hub)
        self._competitions = Competitions(hub)

    async def _act(self, action: Callable[[Batch], T], *, need_event: bool = True) -> T:
        if need_event and self._rules.session.event_id is None:
            raise Conflict("event.none_open")
        # Every command here records how to take its changes back (`Batch.changed`): a
        # commit the database refuses puts memory back without reloading it.
        return await self._hub.act(action, taken_back=True)

    async def open_new_event(self, new: NewEvent) -> int:
        """Opens `new` while the station runs, as the set-up page does (commands/opening.py):
        the event in play is closed (only when `new` says so, else a Conflict), the new one
        loaded and the pads told; returns its id."""
        return await self._opening.open_new_event(new)

    # -- players and seats ------------------------------------------------------------------

    async def set_players(self, players: Mapping[int, str],
                          national: Mapping[int, str | None] | None = None,
                          handicaps: Mapping[int, float | None] | None = None) -> int:
        """Adds or renames players in the club's list (with national numbers, when given,
        and the handicaps given; the others' kept); returns how many the list holds."""
        named, numbers = dict(players), dict(national) if national is not None else None
        given = dict(handicaps or {})
        return await self._act(lambda batch: self._rules.director.set_players(
            named, batch, numbers, given), need_event=False)

    async def add_visitor(self, name: str) -> int:
        """A visitor joins the club's list with a number of their own; returns it."""
        return await self._act(lambda batch: self._rules.session.add_visitor(name, batch),
                               need_event=False)

    async def seat(self, section: str, entrant: int, side: str | None,
                   players: Sequence[Seated]) -> tuple[int, ...]:
        """Seats a pair or team (or changes who plays for it); the pads where it plays now
        are told at once."""
        return await self._act(lambda batch: self._rules.director_seats.director_seat(
            section, entrant, side, players, batch))

    # -- units and tables -------------------------------------------------------------------

    async def pair_unit(self, unit: int) -> UnitState:
        """Registers a unit, or moves a known one to its next key epoch (its old key stops
        working)."""
        return await self._act(lambda batch: self._rules.director.pair_unit(unit, batch),
                               need_event=False)

    async def pair_units(self, units: Sequence[int]) -> None:
        """Pairs several units in one turn."""
        wanted = list(units)
        await self._act(lambda batch: self._rules.director.pair_units(wanted, batch),
                        need_event=False)

    async def lock_unit(self, unit: int, *, need_event: bool = True) -> None:
        """Locks a unit out (or withdraws it): its table is free, and what its pad still
        holds comes to the director."""
        await self._act(lambda batch: self._rules.director.lock_unit(unit, batch),
                        need_event=need_event)

    async def reset_unit(self, unit: int) -> str:
        """Frees the unit's table and has its pad log in afresh; returns what was done."""
        return await self._act(lambda batch: self._rules.director.reset_unit(unit, batch),
                               need_event=False)

    async def command_unit(self, unit: int, command: ControlCommand) -> None:
        await self._act(lambda batch: self._rules.director.command_unit(unit, command, batch),
                        need_event=False)

    async def replace_unit(self, unit: int) -> tuple[str, int]:
        """Lets the next pad that asks take this unit's table over; returns the table."""
        return await self._act(lambda batch: self._rules.tables.replace_unit(unit, batch),
                               need_event=False)  # a unit holding a table is of the open event

    async def authorise_takeover(self, section: str, table: int) -> None:
        await self._act(
            lambda batch: self._rules.tables.authorise_takeover(section, table, batch),
            need_event=False)

    async def cancel_takeover(self, section: str, table: int) -> None:
        await self._act(lambda batch: self._rules.tables.cancel_takeover(section, table, batch))

    async def resend_table(self, section: str, table: int) -> int:
        """Asks the table's pad to send again what it holds; returns its unit."""
        return await self._act(lambda batch: self._rules.tables.resend_table(
            section, table, batch))

    # -- results, rulings and penalties -----------------------------------------------------

    async def enter(self, entry: Entry) -> HeldResult:
        """The director's result for a board (a correction or a late play), pushed to the
        table's pad."""
        held = await self._act(lambda batch: self._rules.director.director_enter(entry, batch))
        assert held is not None  # only erasing holds nothing
        return held

    async def erase(self, entry: Entry) -> None:
        await self._act(lambda batch: self._rules.director.director_enter(entry, batch, erase=True))

    async def move_result(self, section: str, table: int, round_: int, board: int, *,
                          to_board: int | None = None, ns: int | None = None,
                          ew: int | None = None) -> HeldResult:
        return await self._act(lambda batch: self._rules.director.director_move(
            section, table, round_, board, batch, to_board=to_board, ns=ns, ew=ew))

    async def rule(self, section: str, table: int, round_: int, board: int,
                   ruling: dict[str, Any]) -> HeldResult:
        return await self._act(lambda batch: self._rules.director.director_rule(
            section, table, round_, board, batch, ruling=ruling))

    async def add_penalty(self, penalty: Penalty) -> HeldPenalty:
        return await self._act(lambda batch: self._rules.director.add_penalty(penalty, batch))

    async def add_match_penalty(self, penalty: MatchPenalty) -> HeldMatchPenalty:
        return await self._act(lambda batch: self._rules.director.add_match_penalty(penalty, batch))

    async def remove_penalty(self, penalty_id: int) -> None:
        await self._act(lambda batch: self._rules.director.remove_penalty(penalty_id, batch))

    async def decide_merge(self, offer_id: int, accept: bool, *,
                           replace: bool = False) -> Decided:
        """Merges a pad's offered entry (over a held one only with `replace`) or drops it."""
        return await self._act(lambda batch: self._rules.merges.decide(
            offer_id, accept, batch, replace=replace))

    async def decline_offers(self, unit: int) -> int:
        """Drops every open offer of a let-go unit at once; how many."""
        return await self._act(lambda batch: self._rules.merges.decline_unit(unit, batch))

    # -- the session and its sections -------------------------------------------------------

    async def pause_or_resume(self, running: bool) -> bool:
        return await self._act(lambda batch: self._rules.switches.pause_or_resume(
            running, batch))

    async def end_session(self) -> list[str]:
        """Ends the session, or, while tables still play their round, waits for them (the
        session ends once the last has finished): returns those tables ("A3")."""
        return await self._act(self._rules.switches.end_session)

    async def publish(self, published: bool) -> None:
        """Publishes the open event's results (or takes them back)."""
        await self._act(lambda batch: self._rules.switches.publish(published, batch))

    async def publish_event(self, event_id: int, published: bool) -> None:
        """Publishes any event's results, the open one's or a past one's."""
        await self._act(lambda batch: self._rules.switches.publish_event(
            event_id, published, batch), need_event=False)

    async def close_round(self, section: str) -> int:
        """Closes the section's round; returns the round it plays now."""
        return await self._act(lambda batch: self._rules.director.close_round(section, batch))

    async def draw_round(self, section: str) -> int:
        """Closes a Swiss round before every board is in: the next is drawn from the
        standings now (the rounds before it closed too); returns it."""
        with _movement_checked():
            return await self._act(lambda batch: self._swiss.draw_round(section, batch))

    async def set_hand_records(self, section: str, deals: dict[int, str]) -> list[int]:
        """The section's hand records; returns the boards they gave."""
        with _checked("hand_records.invalid", CardError):
            return await self._act(
                lambda batch: self._rules.director.set_hand_records(section, deals, batch))

    async def late_pair(self, section: str, from_round: int) -> Changed:
        with _movement_checked():
            return await self._act(lambda batch: self._rules.movements.late_pair(
                section, from_round, batch), need_event=False)

    async def withdraw_pair(self, section: str, pair: int, *, direction: str | None,
                            from_round: int) -> Changed:
        with _movement_checked():
            return await self._act(lambda batch: self._rules.movements.withdraw(
                section, pair, direction=direction, from_round=from_round, batch=batch),
                need_event=False)

    async def replace_movement(self, section: str, kind: str, tables: int, boards: int, *,
                               phantom: bool, from_round: int) -> Changed:
        with _movement_checked():
            return await self._act(lambda batch: self._rules.movements.replace(
                section, kind, tables, boards, phantom=phantom, from_round=from_round,
                batch=batch), need_event=False)

    # -- the console ------------------------------------------------------------------------

    async def set_thresholds(self, changes: dict[str, float | int]) -> Thresholds:
        return await self._act(lambda batch: self._rules.console.set_thresholds(
            changes, batch), need_event=False)

    async def set_club_language(self, code: str) -> str:
        """The club's language, kept across restarts (a language not shipped: refused)."""
        return await self._act(lambda batch: self._rules.console.set_club_language(
            code, batch), need_event=False)

    async def set_round_minutes(self, section: str, minutes: float) -> Thresholds:
        return await self._act(lambda batch: self._rules.console.set_round_minutes(
            section, minutes, batch))

    async def set_round_clock(self, section: str, per_board: float,
                              per_round: float) -> Thresholds:
        return await self._act(lambda batch: self._rules.console.set_round_clock(
            section, per_board, per_round, batch))

    async def set_player_numbers(self, section: str, ask: AskPlayers) -> AskPlayers:
        return await self._act(lambda batch: self._rules.console.set_player_numbers(
            section, ask, batch))

    async def set_result_entry(self, section: str, entry: ResultEntry) -> ResultEntry:
        return await self._act(lambda batch: self._rules.console.set_result_entry(
            section, entry, batch))

    async def set_pads(self, section: str, pads: PadPlace) -> PadPlace:
        """Where a section's pads stay: at their tables, or moving with a pair."""
        with _movement_checked():  # pads that cannot follow those pairs
            return await self._act(lambda batch: self._rules.console.set_pads(
                section, pads, batch))

    async def set_round_rankings(self, section: str,
                                 rankings: RoundRankings | None) -> RoundRankings | None:
        return await self._act(lambda batch: self._rules.console.set_round_rankings(
            section, rankings, batch))

    # -- the years before (commands/history_import.py: read and checked, then written whole) -

    async def import_past(self, past: PastSession, held_on: date | None = None) -> Imported:
        """A session of the years before, from its file, into the club's history: an event
        of its own (never the open one), its players matched by national number or added
        as visitors. A Conflict for a file imported already; nothing half done."""
        return await self._history.import_past(past, held_on)

    # -- competitions (commands/competitions.py: checked against what is stored) -----------

    async def create_competition(self, name: str, rules: LadderRules) -> CompetitionRow:
        """A new competition with its ladder's rules and no events yet."""
        return await self._competitions.create(name, rules)

    async def set_competition_rules(self, competition_id: int,
                                    rules: LadderRules) -> Competition:
        """The competition's ladder rules; refused when no ladder can be run by them, when
        it holds more events than sessions, or when one of its events is in another
        competition with other rules."""
        return await self._competitions.set_rules(competition_id, rules)

    async def add_competition_event(self, competition_id: int, event_id: int) -> Competition:
        """Adds a pairs event to the competition (already in it: nothing changes)."""
        return await self._competitions.add_event(competition_id, event_id)

    async def remove_competition_event(self, competition_id: int,
                                       event_id: int) -> Competition:
        """Takes an event out of the competition."""
        return await self._competitions.remove_event(competition_id, event_id)
