"""The open session's working memory, rebuilt from the database at start, and what the pads'
rules and the director's commands share: storing, retiring and replacing a board's entry, the
station's status, completion (docs/ARCHITECTURE.md, "Module map of the core").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from basestation.domain.cards import Deal, lead_matches, parse_card
from basestation.movements import SWISS_TEAMS, TEAMS, Movement, MovementError, check_pads_follow
from basestation.scoring.event_formats import first_movement, rounds_to_draw
from basestation.scoring.penalties import MatchPenalty
from basestation.scoring.traveller import Penalty
from basestation.station.config import EventScoring
from basestation.station.effects.batch import Batch
from basestation.station.effects.events import (
    PlayerAdded,
    RoundMoved,
    SeatsChanged,
    SessionComplete,
    SessionStatus,
)
from basestation.station.refusals import Invalid, NotFound
from basestation.station.session.entries import (
    Entry,
    ResultChanged,
    body_from_held,
    held_from_body,
    held_from_row,
    push_body,
)
from basestation.station.session.memory import HeldResult, SectionState, Thresholds, UnitState
from basestation.station.session.number_tries import NumberTries
from basestation.station.session.par import ParSolver
from basestation.station.session.pin_tries import PinTries
from basestation.station.session.result_changes import (
    ResultHeld,
    ResultRetired,
    SessionCompleted,
)
from basestation.station.session.round_changes import RankingsSent, RoundMovedOn, TableReached
from basestation.station.session.round_rankings import completed_round, ranking_after, shown_round
from basestation.station.session.scores import LiveScores
from basestation.station.session.seating import (
    VISITOR_BASE,
    round_clock,
    seating_for,
    tables_playing,
)
from basestation.station.session.seating_changes import PairSeated, VisitorAdded
from basestation.station.session.seats import Place, Seats, numbers_text
from basestation.station.session.switch_changes import SessionEnded
from basestation.station.session.validation import looks_wrong_side
from basestation.station.session.visitor_bound import VisitorBound
from basestation.store import repository as repo
from basestation.store.models import (
    EventRow,
    MergeOfferRow,
    PenaltyRow,
    SectionRow,
)
from firmware_protocol import jsonwire
from firmware_protocol.enums import PadPlace, ResultEntry
from firmware_protocol.messages import (
    AskPlayers,
    Body,
    Correction,
    ErrorCode,
    NotPlayed,
    Result,
    ResultFlag,
    RoundClock,
    RoundRankings,
    Seat,
    Seating,
    StationState,
    Status,
)

if TYPE_CHECKING:
    from basestation.station.config import SectionConfig
    from basestation.store.repository import Snapshot, Store



@dataclass
class HeldPenalty:
    """A director's penalty in a pairs event, stored in the penalty table (its id removes it)."""

    penalty: Penalty
    row_id: int | None = None


@dataclass
class HeldMatchPenalty:
    """A VP or IMP penalty in a teams or Swiss event, stored in the penalty table too."""

    penalty: MatchPenalty
    row_id: int | None = None


def penalty_row(event_id: int, penalty: Penalty | MatchPenalty) -> PenaltyRow:
    """The row a new penalty is stored as."""
    if isinstance(penalty, MatchPenalty):
        return PenaltyRow(event_id=event_id, section=penalty.section, pair=penalty.entrant,
                          vps=penalty.vps if penalty.vps else None,
                          imps=None if penalty.vps else penalty.imps, round=penalty.round)
    return PenaltyRow(event_id=event_id, section=penalty.section, pair=penalty.pair,
                      direction=penalty.direction, percent=penalty.percent,
                      board=penalty.board)


def held_penalty(row: PenaltyRow) -> HeldPenalty | HeldMatchPenalty:
    """A stored penalty back in memory, at start-up."""
    if row.vps is not None or row.imps is not None:
        return HeldMatchPenalty(MatchPenalty(section=row.section, entrant=row.pair,
                                             vps=row.vps or 0.0, imps=row.imps or 0,
                                             round=row.round), row.id)
    return HeldPenalty(Penalty(pair=row.pair, direction=row.direction,
                               percent=row.percent or 0.0, board=row.board,
                               section=row.section), row.id)


# Where an offer came from: a correction agreed at the table after the round, sent by a pad
# that had moved on with its pair (SPEC.md 14.10); the unsent entry of a pad replaced by a
# takeover, locked by the director or reset; "let_go", one of those three (stored before the
# origin was kept).
OFFER_ORIGINS = ("correction", "replaced", "locked", "reset", "let_go")
OfferKey = tuple[int, str, int, int, int]  # a let-go unit's offer: unit, section, table,
# round, board (one open offer each)


@dataclass
class MergeOffer:
    """An entry a replaced or locked unit sent after it lost its table, or a moved-on pad's
    correction, kept for the director (docs/ARCHITECTURE.md, "Delivery, duplicates and
    recovery"). `origin` says which (`OFFER_ORIGINS`)."""

    body: Entry
    unit: int | None = None
    origin: str = "let_go"

    @property
    def place(self) -> tuple[str, int, int, int]:
        """Section, table, round and board."""
        return (self.body.section, self.body.table, self.body.round, self.body.board)

    @property
    def entry(self) -> HeldResult | None:
        """The offered entry as the station would hold it (None: one it cannot read)."""
        entry = held_from_body(self.body, self.unit, None)
        return None if isinstance(entry, ErrorCode) else entry


# The fields of SessionState that the database holds: `load` sets each from a snapshot, and
# after any write memory must equal a fresh load in every one (test_memory_matches_store.py
# compares them all). The others are settings, counters and caches kept in memory only.
STORED_FIELDS = (
    "event_id", "event_name", "event_date", "event_opened", "regulations", "scoring", "running",
    "event_format", "format_rounds", "ended", "published", "sections", "section_ids", "deals",
    "deal_text", "players", "national", "handicaps", "seats", "takeovers", "tables_held",
    "thresholds", "merge_offers", "offered", "penalties", "match_penalties", "completed",
    "club_language",
)


@dataclass
class SessionState:
    """The open event's working memory: its sections, who holds which table, the results held;
    and the one path by which an entry takes a board's place (`replace_result`)."""

    director_pin: str | None = None
    pin_tries: PinTries = field(default_factory=PinTries)  # wrong PINs per unit, in memory
    visitor_bound: VisitorBound = field(default_factory=VisitorBound)  # pads' visitors, per unit
    number_tries: NumberTries = field(default_factory=NumberTries)  # numbers tried, per round
    event_id: int | None = None
    event_name: str = ""
    event_date: date | None = None
    event_opened: datetime | None = None  # when the event was set up (the Scorer's event_time)
    regulations: str = "nz"
    scoring: EventScoring = field(default_factory=EventScoring)  # across the field, places
    running: bool = True
    event_format: str = "pairs"  # or teams, swiss-teams, swiss-pairs (scoring/event_formats.py)
    format_rounds: int = 0  # a Swiss event's rounds
    ended: bool = False  # the director ended the session
    # The director's End waits for the tables still playing their round: they play on, the
    # others are told entry has stopped, and the session ends once the last has finished.
    # In memory only: after a restart the session is in play, and the director ends it again.
    ending: bool = False
    published: bool = False  # the director published the results
    sections: dict[str, SectionState] = field(default_factory=dict)
    section_ids: dict[str, int] = field(default_factory=dict)
    deals: dict[tuple[str, int], Deal] = field(default_factory=dict)
    deal_text: dict[tuple[str, int], str] = field(default_factory=dict)
    feedback: frozenset[str] = frozenset()
    players: dict[int, str] = field(default_factory=dict)  # the club's list, kept across events
    national: dict[int, str] = field(default_factory=dict)  # player number -> national number
    handicaps: dict[int, float] = field(default_factory=dict)  # player number -> handicap
    seats: Seats = field(default_factory=Seats)  # who plays for each pair or team
    takeovers: set[tuple[str, int]] = field(default_factory=set)  # authorised, not yet taken
    # (unit, section, table) for every table a unit has held in the event, released or not: a
    # locked unit's entries become merge offers only for these.
    tables_held: set[tuple[int, str, int]] = field(default_factory=set)
    thresholds: Thresholds = field(default_factory=Thresholds)  # the console's, as stored
    club_language: str | None = None  # set on /setup; None: station.toml's holds
    units: Mapping[int, UnitState] = field(default_factory=dict)  # read only: units.py's
    scores: LiveScores | None = None
    merge_offers: dict[int, MergeOffer] = field(default_factory=dict)  # open ones, by id
    offered: set[str] = field(default_factory=set)  # every offer made, as stored
    # Let-go units' offers replaced by a later one for the same board, by unit (this process).
    offers_replaced: dict[int, int] = field(default_factory=dict)
    # Offers made in the batch being built, not yet stored: by unit and place, the row and
    # the latest entry sent.
    offers_pending: dict[OfferKey, tuple[MergeOfferRow, Entry, str]] = field(default_factory=dict)
    penalties: list[HeldPenalty] = field(default_factory=list)
    match_penalties: list[HeldMatchPenalty] = field(default_factory=list)  # teams and Swiss
    par: ParSolver = field(default_factory=ParSolver)  # par solved ahead, off the loop
    # Empty: every section. Otherwise this process holds only these (another process, sharing
    # the database, holds the others): it loads, answers and changes nothing else.
    own_sections: frozenset[str] = frozenset()
    # Every section has an entry for every board: said once (the end-of-session backup).
    completed: bool = False

    # -- start-up ----------------------------------------------------------------------------

    @classmethod
    def past(cls, store: Store, event_id: int) -> SessionState | None:
        """Event `event_id` as it was stored, scored afresh, on its own (it shares nothing
        with the open event's working memory); None if there is no such event. Reads the
        database: run it off the event loop."""
        snap = store.snapshot(event_id)
        if snap.event is None:
            return None
        session = cls()
        session.load(snap, {})
        return session

    def load(self, snap: Snapshot, units: Mapping[int, UnitState]) -> None:
        """Memory as the database holds it: every field of `STORED_FIELDS` from `snap`."""
        self.units = units
        self.sections, self.section_ids, self.deals, self.deal_text = {}, {}, {}, {}
        self.players = {p.number: p.name for p in snap.players}
        self.national = {p.number: p.national for p in snap.players if p.national}
        self.handicaps = {p.number: p.handicap for p in snap.players if p.handicap is not None}
        self.seats.load(snap.seats)
        self.scores = None
        self.penalties = []
        self.match_penalties = []
        self.completed = False
        self.event_format, self.format_rounds = "pairs", 0
        self.scoring = EventScoring()
        self.ended = self.published = self.ending = False
        self.club_language = snap.club.language if snap.club is not None else None
        self.thresholds = Thresholds()
        if snap.thresholds is not None:
            self.thresholds.silent_minutes = snap.thresholds.silent_minutes
            self.thresholds.bad_mac_run = snap.thresholds.bad_mac_run
            self.thresholds.rounds_behind = snap.thresholds.rounds_behind
        self.takeovers = set()
        self.tables_held = set()
        if snap.event is None:
            self.event_id = None
            return
        self.event_id = snap.event.id
        self.event_name = snap.event.name
        self.event_date = snap.event.date
        self.event_opened = snap.event.created_at
        self.event_format, self.format_rounds = snap.event.format, snap.event.rounds
        self.regulations = snap.event.regulations
        self.scoring = EventScoring(across_the_field=snap.event.across_the_field,
                                    places=snap.event.places, handicap=snap.event.handicap)
        self.running = snap.event.running
        self.ended, self.published = snap.event.ended, snap.event.published
        for row in snap.sections:
            if self.own_sections and row.letter not in self.own_sections:
                continue
            movement = Movement.from_json(json.loads(row.movement_json))
            section = SectionState(row.letter, movement, row.current_round)
            if row.round_started is not None:  # else stored before the clock was: from now
                section.round_started = row.round_started
            section.ask = AskPlayers(row.player_numbers)
            section.result_entry = ResultEntry(row.result_entry)
            section.pads = PadPlace(row.pads)
            if row.round_rankings:
                section.rankings = RoundRankings(row.rankings_hide_first, row.rankings_hide_last)
            if row.round_minutes is not None:
                self.thresholds.round_minutes[row.letter] = row.round_minutes
            if row.board_minutes is not None:
                self.thresholds.board_minutes[row.letter] = row.board_minutes
            self.sections[row.letter] = section
            assert row.id is not None
            self.section_ids[row.letter] = row.id
        for hold in snap.holds:
            if hold.section in self.sections:
                self.sections[hold.section].holders[hold.table_no] = hold.unit
        self.tables_held = {held for held in snap.tables_held if held[1] in self.sections}
        self.takeovers = {(t.section, t.table_no) for t in snap.takeovers
                          if t.section in self.sections}
        for stored in snap.penalties:
            if stored.section in self.sections:
                held = held_penalty(stored)
                if isinstance(held, HeldMatchPenalty):
                    self.match_penalties.append(held)
                else:
                    self.penalties.append(held)
        for result in snap.results:
            state = self.sections.get(result.section)
            if state is None:
                continue
            state.put(held_from_row(result))
        for letter, table, round_ in snap.heard:  # the round each table was last heard playing
            if letter in self.sections:  # (`advance`: its pad's own entries, kept or not)
                self.sections[letter].table_round[table] = round_
        for record in snap.hand_records:
            if record.section not in self.sections:
                continue
            self.deals[(record.section, record.board)] = Deal.from_pbn(record.deal)
            self.deal_text[(record.section, record.board)] = record.deal
        self.solve_par()
        self.completed = self.all_complete()
        for section in self.sections.values():  # the pads had these; a login gets them again
            section.rankings_sent = completed_round(section)
        self.scores = LiveScores(self.regulations, self.sections, self.scoring)
        self.merge_offers = {}
        # Decided ones too: an old unit retransmitting one the director declined makes none.
        self.offered = set(snap.offered)
        self.offers_replaced = {}  # in memory only: a restart names no unit until it sends again
        self.offers_pending = {}
        for offer in snap.merge_offers:
            stored = json.loads(offer.body_json)
            body = jsonwire.body_from_json(stored["type"], stored["body"])
            if offer.id is not None and isinstance(body, Result | Correction | NotPlayed):
                self.merge_offers[offer.id] = MergeOffer(body, offer.unit,
                                                         stored.get("origin", "let_go"))
        self.scores.scorer.set_penalties(p.penalty for p in self.penalties)

    def score_penalties(self) -> None:
        """The live scores take the pairs' penalties in force now."""
        if self.scores is not None:
            self.scores.scorer.set_penalties(p.penalty for p in self.penalties)

    def seat(self, place: Place, numbers: tuple[int, ...], actor: str, batch: Batch, *,
             answered: int | None = None) -> None:
        """Seats players for a pair or team (see `seats.py`); the pages and the pads of the
        tables where it plays now hear of it at once (but table `answered`, whose pad gets
        its seating as the answer to its numbers)."""
        assert self.event_id is not None
        section, entrant, side = place
        if actor != "director" and self.seats.by.get(place) == "director":
            # A pad reseating the director's pair: the director sees who changed it.
            batch.ops.append(repo.audit(self.event_id, actor, "reseat", section=section,
                                        entrant=entrant, side=side,
                                        was=numbers_text(self.seats.held.get(place, ())),
                                        now=numbers_text(numbers)))
        batch.change(PairSeated(self, self.event_id, place, numbers, actor))
        batch.event(SeatsChanged(section, entrant, side, list(numbers)))
        state = self.sections.get(section)
        if state is not None:  # the pads where it plays now show who plays, at once
            for table, round_ in tables_playing(state, entrant):
                if table != answered:
                    self.push(state, table, self.seating(state, table, round_), batch)

    def seating(self, section: SectionState, table: int, round_: int, *,
                clock: RoundClock | None = None) -> Seating:
        """What the table's pad is told of that round (SPEC.md 14), with the section's round
        clock now (or `clock`, worked out already for the same moment)."""
        if clock is None and not self.ended:  # once ended, the round clock has stopped
            clock = round_clock(section, self.thresholds, datetime.now(UTC))
        return seating_for(section, table, round_, self.seats, self.players, clock=clock)

    def tell_section(self, section: SectionState, batch: Batch) -> None:
        """Every pad of the section is sent its round's seating: the section's setting, or its
        round clock, changed (SPEC.md 14.2, 14.6, 14.8). One clock for all: they are told
        at the same moment."""
        clock = round_clock(section, self.thresholds, datetime.now(UTC))
        for table, unit in sorted(section.holders.items()):
            batch.send(unit, self.seating(section, table, section.play_round(table),
                                          clock=clock))

    def round_rankings(self, section: SectionState) -> list[Body]:
        """The rankings after the section's last completed round, when its setting shows
        them after that round (SPEC.md 14.9); else nothing."""
        round_ = shown_round(section)
        if round_ is None:
            return []
        return [ranking_after(section, round_, self.regulations, self.seats, self.players,
                              penalties=(p.penalty for p in self.penalties),
                              handicaps=self.handicaps if self.scoring.handicap else None)]

    def rankings_moved_on(self, section: SectionState, batch: Batch) -> None:
        """A round of the section completed: its pads are sent the rankings after it, once,
        when the setting shows them (never a round in progress, never a hidden round)."""
        if section.rankings is None:
            return
        done = completed_round(section)
        if done <= section.rankings_sent:
            return
        batch.change(RankingsSent(section, done))
        for message in self.round_rankings(section):
            for _table, unit in sorted(section.holders.items()):
                batch.send(unit, message)

    def known_visitor(self, name: str) -> int | None:
        """The number of a visitor of that name (letter case and spaces aside) on the list."""
        name = " ".join(name.split()).casefold()
        return next((n for n, known in self.players.items()
                     if n > VISITOR_BASE and known.casefold() == name), None)

    def add_visitor(self, name: str, batch: Batch, actor: str = "station") -> int:
        """A visitor added to the club's list by name (from a pad, the console or set-up):
        numbered from 9 000 001 up; a visitor of that name already added keeps its number."""
        name = " ".join(name.split())
        if not name:
            raise Invalid("visitor.no_name")
        if (known := self.known_visitor(name)) is not None:
            return known
        number = max((n for n in self.players if n > VISITOR_BASE), default=VISITOR_BASE) + 1
        batch.change(VisitorAdded(self, number, name))
        batch.ops.append(repo.audit(self.event_id, actor, "visitor", number=number,
                                    name=name))
        batch.event(PlayerAdded(number, name))
        return number

    @staticmethod
    def event_rows(name: str, regulations: str, sections: list[SectionConfig],
                   held_on: date | None = None, *, event_format: str = "pairs",
                   rounds: int = 0, scoring: EventScoring | None = None,
                   ) -> tuple[EventRow, list[SectionRow]]:
        """The rows for a new event; raises MovementError for an impossible movement."""
        scoring = scoring or EventScoring()
        event = EventRow(name=name, regulations=regulations, date=held_on or date.today(),
                         format=event_format, rounds=rounds,
                         across_the_field=scoring.across_the_field, places=scoring.places,
                         handicap=scoring.handicap)
        rows = []
        for spec in sections:
            movement = first_movement(event_format, rounds, movement=spec.movement,
                                      tables=spec.tables, boards=spec.boards,
                                      phantom=spec.phantom)
            pairs = event_format == "pairs"  # else a match event: spec.tables counts entrants
            hidden = spec.rankings_hide_first + spec.rankings_hide_last
            if spec.round_rankings and hidden >= movement.rounds:
                raise MovementError.of("rankings.none_left", hide_first=spec.rankings_hide_first,
                                       hide_last=spec.rankings_hide_last, section=spec.letter,
                                       rounds=movement.rounds)
            if spec.pads != PadPlace.TABLES:
                check_pads_follow(movement, spec.pads.upper())
            rows.append(SectionRow(event_id=0, letter=spec.letter,
                                   movement_kind=spec.movement if pairs else event_format,
                                   tables=movement.tables, boards=movement.boards,
                                   phantom=spec.phantom, player_numbers=spec.player_numbers,
                                   result_entry=spec.result_entry,
                                   round_rankings=spec.round_rankings,
                                   rankings_hide_first=spec.rankings_hide_first,
                                   rankings_hide_last=spec.rankings_hide_last,
                                   pads=spec.pads,
                                   movement_json=json.dumps(movement.to_json())))
        return event, rows

    def status(self) -> Status:
        """The station's status: the switch, and the highest current round of its sections
        (what a unit holding no table is told)."""
        rounds = [s.current_round for s in self.sections.values()]
        state = StationState.RUNNING if self.running and not self.ending else \
            StationState.STOPPED
        return Status(state=state, round=max(rounds) if rounds else None, ended=self.ended)

    # -- the director's End, waiting for the tables still playing ---------------------------

    def waiting_tables(self) -> list[str]:
        """The tables still playing their section's current round ("A3"): an End waits."""
        return [f"{s.letter}{table}" for s in self.sections.values()
                for table in s.still_playing()]

    def plays_on(self, section: SectionState, table: int, round_: int) -> bool:
        """Whether the table may still enter for `round_`: always, unless an End waits; then
        only a table still playing, and no round after the current (none begins)."""
        return not self.ending or (round_ <= section.current_round
                                   and table in section.still_playing())

    def end(self, actor: str, batch: Batch) -> None:
        """The session ends: entry stops, the end-of-session backup follows the event. The
        pads are told by the caller (`tell_status`), each that the session has ended."""
        assert self.event_id is not None
        batch.change(SessionEnded(self, self.event_id))
        batch.ops.append(repo.audit(self.event_id, actor, "end"))
        batch.event(SessionStatus(running=False, ended=True))

    def _table_done(self, section: SectionState, table: int, batch: Batch) -> None:
        """While an End waits: a table that has finished its round is told entry has stopped
        there; once none is still playing, the session ends."""
        if table in section.still_playing():
            return
        if self.waiting_tables():
            holder = section.holders.get(table)
            if holder is not None:
                batch.send(holder, self.status_for(holder))
            return
        self.end("station", batch)
        self.tell_status(batch)

    def section_of(self, letter: str) -> SectionState:
        """The section `letter` of the open event; NotFound when it has none."""
        state = self.sections.get(letter)
        if state is None:
            raise NotFound("section.not_found", section=letter)
        return state

    def held_section(self, unit_no: int) -> SectionState | None:
        """The section where the unit holds a table now (None: it holds none)."""
        unit = self.units.get(unit_no)
        if unit is None or unit.section is None or unit.table is None:
            return None
        section = self.sections.get(unit.section)
        if section is None or section.holders.get(unit.table) != unit_no:
            return None
        return section

    def status_for(self, unit_no: int) -> Status:
        """The status a unit is told: the switch, and its own section's current round when it
        holds a table there, else the station's (SPEC.md 6.7)."""
        section = self.held_section(unit_no)
        if section is None:
            return self.status()
        table = self.units[unit_no].table
        playing = self.running and (not self.ending or table in section.still_playing())
        state = StationState.RUNNING if playing else StationState.STOPPED
        return Status(state=state, round=section.current_round, ended=self.ended)

    def tell_status(self, batch: Batch) -> None:
        """The switch changed: every unit the station can reach and has not locked out is
        told, each with its own section's round."""
        for unit in self.units.values():
            if unit.link is not None and unit.locked_reason is None:
                batch.send(unit.unit, self.status_for(unit.unit))

    def solve_par(self) -> None:
        """Queues the par of every deal held for solving, off the event loop."""
        if "par" in self.feedback:
            self.par.solve((text, board) for (_, board), text in self.deal_text.items())

    def _store(self, section: SectionState, entry: HeldResult, batch: Batch) -> None:
        assert self.event_id is not None
        batch.change(ResultHeld(self, section, self.event_id, entry, datetime.now(UTC)))
        batch.event(ResultChanged(entry))
        if not self.completed and section.complete() and self.all_complete():
            batch.change(SessionCompleted(self))
            batch.event(SessionComplete(self.event_id))

    def rescore(self, section: SectionState, board: int) -> None:
        """The board's live scores are worked out again (its results changed)."""
        if self.scores is not None:
            self.scores.changed(section.letter, board)

    def offer_held(self, offer: MergeOffer) -> tuple[HeldResult | None, bool]:
        """The result held for an offer's board (None: nothing held, a plain offer), and
        whether it is the offered entry itself. Held and different is a conflict, for the
        director to settle side by side."""
        body = offer.body
        section = self.sections.get(body.section)
        held = None if section is None else section.held(body.table, body.round, body.board)
        offered = offer.entry
        same = held is not None and offered is not None and held.same_entry(offered)
        return held, same

    def offer_clash(self, offer: MergeOffer) -> HeldResult | None:
        """The held result an offer would replace, when it says something else."""
        held, same = self.offer_held(offer)
        return None if same else held

    @property
    def team_event(self) -> bool:
        return self.event_format in (TEAMS, SWISS_TEAMS)

    @property
    def results_public(self) -> bool:
        """Results (travellers, rankings, exports) are for everyone once the director has
        published them; until then they are the director's, so a phone on the club network
        cannot show a board still to be played, nor a score the director is still checking."""
        return self.event_id is None or self.published

    def all_complete(self) -> bool:
        return (bool(self.sections) and all(s.complete() for s in self.sections.values())
                and not rounds_to_draw(self.event_format,
                                       [s.movement for s in self.sections.values()],
                                       self.format_rounds))

    def checks(self, section: SectionState, entry: HeldResult,
               replacing: HeldResult | None = None) -> list[str]:
        """The flags an entry earns, whoever enters it (a pad or the director): a lead from
        the wrong hand for the hand record, a score that looks given to the wrong side. It is
        checked against the other tables' entries, without the one it replaces."""
        flags: list[str] = []
        deal = self.deals.get((section.letter, entry.board))
        if (deal is not None and entry.lead is not None and entry.declarer is not None
                and not lead_matches(deal, Seat(entry.declarer), parse_card(entry.lead))):
            flags.append(ResultFlag.LEAD_DECLARER_MISMATCH.value)
        if entry.kind == "result" and looks_wrong_side(
                entry, [o for o in section.by_board.get(entry.board, ()) if o is not replacing]):
            flags.append(ResultFlag.SUSPECT_WRONG_SIDE.value)
        return flags

    def retire(self, section: SectionState, held: HeldResult, status: str,
                batch: Batch) -> None:
        assert self.event_id is not None
        batch.change(ResultRetired(self, section, self.event_id, held, status))

    def advance(self, section: SectionState, table: int, round_: int, batch: Batch) -> None:
        """A table entered something for `round_`: its own round, and the section's when that
        is a later round (SPEC.md 6.9)."""
        if round_ > section.table_round.get(table, 0):
            batch.change(TableReached(section, table, round_))
        self.round_moves_on(section, round_, batch)

    def round_moves_on(self, section: SectionState, round_: int, batch: Batch) -> None:
        """The section's current round becomes at least `round_`, and moves past every round
        that is complete (each table playing it holds all its boards), up to the last. Never
        backwards (SPEC.md 6.9)."""
        if self.ending:
            return  # no new round begins while the director's End waits
        target = max(section.current_round, round_)
        while target < section.movement.rounds and section.round_complete(target):
            target += 1
        if target > section.current_round:
            self._move_on(section, target, batch)

    def _move_on(self, section: SectionState, round_: int, batch: Batch) -> None:
        """The section's current round changes to `round_`: stored, shown on the grid, its
        round clock restarted, and every pad holding a table there told at once: by `status`
        with the section's round and the clock, or, to a pad that did not say it reads the
        clock there, `status` and the round's `seating` (SPEC.md 6.7, 14.6)."""
        batch.change(RoundMovedOn(section, self.section_ids[section.letter], round_,
                                  datetime.now(UTC)))
        batch.event(RoundMoved(section.letter, round_))
        # The round clock starts again: in the status for a pad that reads it there, else in
        # a seating after the status (SPEC.md 6.7, 14.6). One body each for all: its text is
        # made once.
        clock = round_clock(section, self.thresholds, datetime.now(UTC))
        state = StationState.RUNNING if self.running else StationState.STOPPED
        plain, timed = Status(state, round_), Status(state, round_, clock)
        for table, unit in sorted(section.holders.items()):
            known = self.units.get(unit)
            if known is not None and known.status_clock:
                batch.send(unit, timed)
                continue
            batch.send(unit, plain)
            batch.send(unit, self.seating(section, table, section.play_round(table),
                                          clock=clock))

    def replace_result(self, section: SectionState, held: HeldResult | None, entry: HeldResult,
                       batch: Batch, *, push: bool = True) -> None:
        """The one path by which an entry takes a board's place, for the pads' corrections and
        every director change: the held one (if any) retired as superseded, the new one stored
        (memory, row, grid event, live scores) and, unless `push` is off, sent to the table's
        pad so it shows what the station holds."""
        if held is not None:
            self.retire(section, held, "superseded", batch)
        self._store(section, entry, batch)
        if push:
            self.push(section, entry.table, push_body(entry, body_from_held(entry)), batch)
        self.rankings_moved_on(section, batch)
        self.round_moves_on(section, section.current_round, batch)  # the round is complete
        if self.ending:
            self._table_done(section, entry.table, batch)

    def push(self, section: SectionState, table: int, body: Body, batch: Batch) -> None:
        holder = section.holders.get(table)
        if holder is not None:
            batch.send(holder, body)

