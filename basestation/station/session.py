"""The session's rules: logins, results, corrections and the director's actions.

Called by the hub, one message at a time, with the batch that will be committed; it changes
the working memory and queues the database operations, answers and events.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from basestation.domain.board import vulnerability_of
from basestation.domain.cards import Deal, lead_matches, parse_card
from basestation.domain.contract import parse_contract, score_ns
from basestation.movements import Movement, generate
from basestation.scoring.traveller import Penalty, ScoringError
from basestation.station.batch import Batch
from basestation.station.entries import (
    Entry,
    as_result,
    body_from_held,
    event_fields,
    held_from_body,
    held_from_row,
    push_body,
    result_flags,
    row_values,
)
from basestation.station.feedback import feedback_for
from basestation.station.rulings import has_outcome, ruled_result, ruling_text
from basestation.station.scores import LiveScores
from basestation.station.state import HeldResult, SectionState, UnitState
from basestation.station.validation import check_placement, check_table, looks_wrong_side
from basestation.store import repository as repo
from basestation.store.models import (
    EventRow,
    HandRecordRow,
    MergeOfferRow,
    PlayerRow,
    ResultRow,
    SeatingRow,
    SectionRow,
    TableHoldRow,
)
from firmware_protocol import jsonwire
from firmware_protocol.messages import (
    Ack,
    Body,
    Control,
    ControlCommand,
    Correction,
    ErrorCode,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Message,
    Nak,
    NotPlayed,
    Players,
    Resend,
    Result,
    ResultFlag,
    RoundInfo,
    Seat,
    StationState,
    Status,
)

if TYPE_CHECKING:
    from basestation.station.config import SectionConfig
    from basestation.store.repository import Snapshot



@dataclass
class HeldPenalty:
    """A director's penalty, stored as a result row of kind "penalty" (its id removes it)."""

    penalty: Penalty
    row_id: int | None = None


@dataclass
class SessionRules:
    """The open event: its sections, who holds which table, the results held."""

    director_pin: str | None = None
    event_id: int | None = None
    event_name: str = ""
    regulations: str = "nz"
    running: bool = True
    sections: dict[str, SectionState] = field(default_factory=dict)
    section_ids: dict[str, int] = field(default_factory=dict)
    deals: dict[tuple[str, int], Deal] = field(default_factory=dict)
    deal_text: dict[tuple[str, int], str] = field(default_factory=dict)
    feedback: frozenset[str] = frozenset()
    players: dict[int, str] = field(default_factory=dict)
    takeovers: set[tuple[str, int]] = field(default_factory=set)
    units: dict[int, UnitState] = field(default_factory=dict)
    scores: LiveScores | None = None
    merge_offers: dict[int, Entry] = field(default_factory=dict)  # open offers, by id
    offered: set[str] = field(default_factory=set)  # every offer made, as stored
    penalties: list[HeldPenalty] = field(default_factory=list)
    # The hub's key derivation (unit, epoch) and each unit's epoch: re-pairing moves it on.
    key_for: Callable[[int, int], bytes] | None = None
    key_epochs: dict[int, int] = field(default_factory=dict)
    # Empty: every section. Otherwise this process holds only these (another process, sharing
    # the database, holds the others): it loads, answers and changes nothing else.
    own_sections: frozenset[str] = frozenset()
    # Every section has an entry for every board: said once (the end-of-session backup).
    completed: bool = False

    # -- start-up ----------------------------------------------------------------------------

    def load(self, snap: Snapshot, units: dict[int, UnitState]) -> None:
        self.units = units
        self.key_epochs = {row.unit: row.key_epoch for row in snap.units}
        self.sections, self.section_ids, self.deals, self.deal_text = {}, {}, {}, {}
        self.players = {p.number: p.name for p in snap.players}
        self.scores = None
        self.penalties = []
        self.completed = False
        if snap.event is None:
            self.event_id = None
            return
        self.event_id = snap.event.id
        self.event_name = snap.event.name
        self.regulations = snap.event.regulations
        self.running = snap.event.running
        for row in snap.sections:
            if self.own_sections and row.letter not in self.own_sections:
                continue
            movement = Movement.from_json(json.loads(row.movement_json))
            self.sections[row.letter] = SectionState(row.letter, movement, row.current_round)
            assert row.id is not None
            self.section_ids[row.letter] = row.id
        for hold in snap.holds:
            if hold.section in self.sections:
                self.sections[hold.section].holders[hold.table_no] = hold.unit
        for result in snap.results:
            if result.kind == "penalty":
                if result.section not in self.sections:
                    continue
                self.penalties.append(_penalty_from_row(result))
                continue
            state = self.sections.get(result.section)
            if state is None:
                continue
            state.put(held_from_row(result))
            state.table_round[result.table_no] = max(state.table_round.get(result.table_no, 0),
                                                     result.round)
        for record in snap.hand_records:
            if record.section not in self.sections:
                continue
            self.deals[(record.section, record.board)] = Deal.from_pbn(record.deal)
            self.deal_text[(record.section, record.board)] = record.deal
        self.completed = self._all_complete()
        self.scores = LiveScores(self.regulations, self.sections)
        self.merge_offers = {}
        self.offered = {offer.body_json for offer in snap.merge_offers}
        for offer in snap.merge_offers:
            stored = json.loads(offer.body_json)
            body = jsonwire.body_from_json(stored["type"], stored["body"])
            if offer.id is not None and isinstance(body, Result | Correction | NotPlayed):
                self.merge_offers[offer.id] = body
        self.scores.scorer.set_penalties(p.penalty for p in self.penalties)

    @staticmethod
    def event_rows(name: str, regulations: str,
                   sections: list[SectionConfig]) -> tuple[EventRow, list[SectionRow]]:
        """The rows for a new event; raises MovementError for an impossible movement."""
        event = EventRow(name=name, regulations=regulations)
        rows = []
        for spec in sections:
            movement = generate(spec.movement, spec.tables, spec.boards, phantom=spec.phantom)
            rows.append(SectionRow(event_id=0, letter=spec.letter, movement_kind=spec.movement,
                                   tables=spec.tables, boards=spec.boards, phantom=spec.phantom,
                                   movement_json=json.dumps(movement.to_json())))
        return event, rows

    # -- dispatch ----------------------------------------------------------------------------

    def dispatch(self, unit: UnitState, message: Message, batch: Batch) -> list[Body]:
        body = message.body
        re = message.seq
        if isinstance(body, Hello):
            unit.firmware, unit.battery = body.firmware, body.battery
            return [Ack(re=re), self.status()]
        if isinstance(body, Heartbeat):
            unit.battery = body.battery
            batch.event("unit", unit=unit.unit, battery=unit.battery, state="heard")
            return [Ack(re=re)]
        if isinstance(body, Login):
            return self.login(unit, body, re, batch)
        if isinstance(body, Resend):
            refused = self._table_of(unit, None, None)
            if isinstance(refused, ErrorCode):
                return [Nak(re=re, code=refused)]
            return [Ack(re=re), *self.game_data(unit)]
        if isinstance(body, Players):
            return self.seat_players(unit, body, re, batch)
        if isinstance(body, Result | Correction | NotPlayed):
            return self.enter(unit, body, re, batch)
        return [Nak(re=re, code=ErrorCode.MALFORMED, detail=f"{body.TYPE} is station-to-pad")]

    def status(self) -> Status:
        rounds = [s.current_round for s in self.sections.values()]
        state = StationState.RUNNING if self.running else StationState.STOPPED
        return Status(state=state, round=max(rounds) if rounds else None)

    # -- login -------------------------------------------------------------------------------

    def login(self, unit: UnitState, body: Login, re: int, batch: Batch) -> list[Body]:
        if unit.locked_reason is not None:
            return [Nak(re=re, code=ErrorCode(unit.locked_reason))]
        section = self.sections.get(body.section)
        if section is None or self.event_id is None:
            return [Nak(re=re, code=ErrorCode.NO_SUCH_SECTION)]
        if (problem := check_table(section, body.table)) is not None:
            return [Nak(re=re, code=problem)]
        holder = section.holders.get(body.table)
        if holder is not None and holder != unit.unit:
            if not body.takeover:
                batch.event("alert", kind="table_in_use", section=body.section,
                            table=body.table, unit=unit.unit, holder=holder)
                return [Nak(re=re, code=ErrorCode.TABLE_IN_USE)]
            if body.pin is not None and body.pin != self.director_pin:
                return [Nak(re=re, code=ErrorCode.BAD_PIN)]
            if body.pin is None and (body.section, body.table) not in self.takeovers:
                return [Nak(re=re, code=ErrorCode.TABLE_IN_USE, detail="ask the director")]
            self.takeovers.discard((body.section, body.table))
            self._lock_out(holder, batch, by=unit.unit)
        if unit.section is not None and unit.table is not None:
            old = self.sections.get(unit.section)
            if old is not None and old.holders.get(unit.table) == unit.unit:
                del old.holders[unit.table]
                batch.ops.append(repo.release_holds(self.event_id, unit.section, unit.table))
        section.holders[body.table] = unit.unit
        unit.section, unit.table = body.section, body.table
        batch.ops.append(repo.release_holds(self.event_id, body.section, body.table))
        batch.ops.append(repo.add(TableHoldRow(event_id=self.event_id, section=body.section,
                                               table_no=body.table, unit=unit.unit)))
        batch.ops.append(repo.audit(self.event_id, f"unit {unit.unit}", "login",
                                    section=body.section, table=body.table))
        batch.event("table", section=body.section, table=body.table, unit=unit.unit,
                    state="logged_in")
        return [Ack(re=re), *self.game_data(unit)]

    def _lock_out(self, holder: int, batch: Batch, by: int) -> None:
        old = self.units.get(holder)
        if old is None:
            return
        old.locked_reason = ErrorCode.UNIT_REPLACED.value
        batch.send(old.unit, Locked(reason=ErrorCode.UNIT_REPLACED))
        batch.ops.append(repo.upsert_unit({"unit": old.unit, "locked_reason": old.locked_reason}))
        batch.ops.append(repo.audit(self.event_id, "director", "replace", old=old.unit, new=by,
                                    section=old.section, table=old.table))
        batch.event("alert", kind="unit_replaced", unit=old.unit, by=by, section=old.section,
                    table=old.table)
        old.section, old.table = None, None

    def game_data(self, unit: UnitState) -> list[Body]:
        if unit.section is None or unit.table is None:
            return []
        section = self.sections[unit.section]
        table = unit.table
        rounds = tuple(
            RoundInfo(round=a.round, ns=a.ns, ew=a.ew, boards=a.boards)
            for r in range(1, section.movement.rounds + 1)
            if (a := section.movement.at(r, table)) is not None
        )
        held = tuple(body_from_held(h) for h in section.results_for_table(table))
        current = max(section.table_round.get(table, 0), section.current_round)
        whole = GameData(section=section.letter, table=table, round=current, rounds=rounds,
                         results=held)
        return [whole]

    # -- players -----------------------------------------------------------------------------

    def seat_players(self, unit: UnitState, body: Players, re: int, batch: Batch) -> list[Body]:
        refused = self._table_of(unit, body.section, body.table)
        if isinstance(refused, ErrorCode):
            return [Nak(re=re, code=refused)]
        numbers = (body.north, body.east, body.south, body.west)
        unknown = [n for n in numbers if n != 0 and self.players and n not in self.players]
        assert self.event_id is not None
        batch.ops.append(repo.add(SeatingRow(event_id=self.event_id, section=body.section,
                                             table_no=body.table, round=body.round,
                                             north=body.north, east=body.east,
                                             south=body.south, west=body.west)))
        flags = (ResultFlag.UNKNOWN_PLAYER,) if unknown else ()
        if unknown:
            batch.event("alert", kind="unknown_player", section=body.section, table=body.table,
                        players=unknown)
        return [Ack(re=re, flags=flags)]

    def _table_of(self, unit: UnitState, section: str | None,
                  table: int | None) -> SectionState | ErrorCode:
        if unit.locked_reason is not None:
            return ErrorCode(unit.locked_reason)
        if unit.section is None or unit.table is None:
            return ErrorCode.NOT_LOGGED_IN
        if section is not None and (section, table) != (unit.section, unit.table):
            return ErrorCode.NOT_LOGGED_IN
        state = self.sections.get(unit.section)
        if state is None or state.holders.get(unit.table) != unit.unit:
            return ErrorCode.NOT_LOGGED_IN
        return state

    # -- results -----------------------------------------------------------------------------

    def enter(self, unit: UnitState, body: Entry, re: int, batch: Batch) -> list[Body]:
        if not self.running:
            return [Nak(re=re, code=ErrorCode.STOPPED)]
        if unit.locked_reason is not None:
            self._offer_merge(unit, body, batch)
            return [Nak(re=re, code=ErrorCode(unit.locked_reason))]
        section = self._table_of(unit, body.section, body.table)
        if isinstance(section, ErrorCode):
            return [Nak(re=re, code=section)]
        problem = check_placement(section, table=body.table, round_=body.round, board=body.board,
                                  ns=body.ns, ew=body.ew)
        if problem is not None:
            return [Nak(re=re, code=problem)]
        entry = held_from_body(body, unit.unit, re)
        if isinstance(entry, ErrorCode):
            return [Nak(re=re, code=entry)]
        held = section.held(body.table, body.round, body.board)
        if held is not None and held.same_entry(entry):
            flags = (*held.flags, ResultFlag.DUPLICATE.value)
            return [Ack(re=re, score_ns=held.score_ns, flags=result_flags(flags))]
        if held is not None and held.kind != "not_played":
            if not isinstance(body, Correction):
                return [Nak(re=re, code=ErrorCode.ALREADY_PLAYED, held=as_result(held))]
            if body.round != section.table_round.get(body.table, 0):
                return [Nak(re=re, code=ErrorCode.CORRECTION_CLOSED)]
        if held is not None:
            self._retire(section, held, "superseded", batch)
            if isinstance(body, Correction):
                entry.flags = (*entry.flags, ResultFlag.CORRECTED.value)
        entry.flags = (*entry.flags, *self._checks(section, entry))
        self._store(section, entry, batch)
        self._advance(section, body.table, body.round, batch)
        if entry.kind == "result" and self.feedback:
            deal = self.deal_text.get((section.letter, entry.board))
            for message in feedback_for(section, entry.board, self.feedback, deal):
                batch.send(unit.unit, message)
        return [Ack(re=re, score_ns=entry.score_ns, flags=result_flags(entry.flags))]

    def _checks(self, section: SectionState, entry: HeldResult) -> list[str]:
        flags: list[str] = []
        deal = self.deals.get((section.letter, entry.board))
        if (deal is not None and entry.lead is not None and entry.declarer is not None
                and not lead_matches(deal, Seat(entry.declarer), parse_card(entry.lead))):
            flags.append(ResultFlag.LEAD_DECLARER_MISMATCH.value)
        others = section.results_for_board(entry.board)
        if entry.kind == "result" and looks_wrong_side(entry, others):
            flags.append(ResultFlag.SUSPECT_WRONG_SIDE.value)
        return flags

    def _store(self, section: SectionState, entry: HeldResult, batch: Batch) -> None:
        assert self.event_id is not None
        section.put(entry)
        section.last_heard[entry.table] = datetime.now(UTC)
        if self.scores is not None:
            self.scores.changed(section.letter, entry.board)
        batch.ops.append(repo.insert_result(row_values(self.event_id, entry)))
        batch.event("result", **event_fields(entry))
        if not self.completed and section.complete() and self._all_complete():
            self.completed = True
            batch.event("complete", event=self.event_id)

    def _all_complete(self) -> bool:
        return bool(self.sections) and all(s.complete() for s in self.sections.values())

    def _retire(self, section: SectionState, held: HeldResult, status: str,
                batch: Batch) -> None:
        section.remove(held.table, held.round, held.board)
        if self.scores is not None:
            self.scores.changed(section.letter, held.board)
        assert self.event_id is not None
        place = (held.section, held.table, held.round, held.board)
        batch.ops.append(repo.retire_result(self.event_id, place, status))

    def _advance(self, section: SectionState, table: int, round_: int, batch: Batch) -> None:
        if round_ > section.table_round.get(table, 0):
            section.table_round[table] = round_
        if round_ > section.current_round:
            section.current_round = round_
            batch.ops.append(repo.update_section_round(self.section_ids[section.letter], round_))
            batch.event("round", section=section.letter, round=round_)

    def _offer_merge(self, unit: UnitState, body: Entry, batch: Batch) -> None:
        """A replaced unit's result the station does not hold goes to the director, not away."""
        section = self.sections.get(body.section)
        if section is None or self.event_id is None:
            return
        held = section.held(body.table, body.round, body.board)
        entry = held_from_body(body, unit.unit, None)
        if isinstance(entry, ErrorCode) or (held is not None and held.same_entry(entry)):
            return
        stored = json.dumps({"type": body.TYPE.value, "body": jsonwire.body_to_json(body)},
                            sort_keys=True)
        if stored in self.offered:
            return  # the old unit retransmits: one offer is enough

        def remember(offer_id: int) -> None:
            self.merge_offers[offer_id] = body

        self.offered.add(stored)
        batch.ops.append(repo.insert(
            MergeOfferRow(event_id=self.event_id, unit=unit.unit, body_json=stored), remember))
        batch.event("alert", kind="merge_offer", unit=unit.unit, section=body.section,
                    table=body.table, round=body.round, board=body.board)

    # -- director ----------------------------------------------------------------------------

    def authorise_takeover(self, section: str, table: int, batch: Batch) -> None:
        state = self.sections.get(section)
        if state is None or check_table(state, table) is not None:
            raise LookupError(f"no table {section}{table}")
        self.takeovers.add((section, table))
        batch.ops.append(repo.audit(self.event_id, "director", "authorise_takeover",
                                    section=section, table=table))

    def set_running(self, running: bool, batch: Batch) -> Status:
        assert self.event_id is not None
        self.running = running
        batch.ops.append(repo.set_running(self.event_id, running))
        batch.ops.append(repo.audit(self.event_id, "director", "start" if running else "stop"))
        batch.event("status", running=running)
        return self.status()

    def decide_merge(self, offer_id: int, accept: bool, batch: Batch) -> HeldResult | None:
        """The director takes a replaced unit's undelivered result into the session, or not."""
        body = self.merge_offers.get(offer_id)
        if body is None:
            raise LookupError(f"no open merge offer {offer_id}")
        entry = self.director_enter(body, batch, source="recovery") if accept else None
        del self.merge_offers[offer_id]
        batch.ops.append(repo.close_merge_offer(offer_id, "merged" if accept else "rejected"))
        batch.ops.append(repo.audit(self.event_id, "director", "merge", offer=offer_id,
                                    accepted=accept))
        return entry

    def director_enter(self, body: Entry, batch: Batch, erase: bool = False, *,
                       source: str = "director") -> HeldResult | None:
        """The director's correction, not-played or erasure; pushed to the table's pad."""
        section = self.sections.get(body.section)
        if section is None:
            raise LookupError(f"no section {body.section}")
        held = section.held(body.table, body.round, body.board)
        if erase:
            if held is None:
                raise LookupError("nothing held for that board at that table in that round")
            self._retire(section, held, "erased", batch)
            batch.event("result", erased=True, **event_fields(held))
            self._push(section, body.table, push_body(held, None), batch)
            return None
        problem = check_placement(section, table=body.table, round_=body.round, board=body.board,
                                  ns=body.ns, ew=body.ew)
        if problem is not None and problem != ErrorCode.WRONG_ROUND:
            raise ValueError(problem.value)
        entry = held_from_body(body, None, None)
        if isinstance(entry, ErrorCode):
            raise ValueError(entry.value)
        entry.source = source
        entry.flags = (ResultFlag.DIRECTOR_CHANGED.value,)
        if held is not None:
            self._retire(section, held, "superseded", batch)
        self._store(section, entry, batch)
        if isinstance(body, Result | Correction):
            self._push(section, body.table, push_body(entry, as_result(entry)), batch)
        return entry

    def director_rule(self, section: str, table: int, round_: int, board: int, batch: Batch,
                      *, ruling: dict[str, Any]) -> HeldResult:
        """An adjusted score (AVE, 60/40, weighted, split) or a ruling on the played result
        (arrowswitch, fouled, matchpoint override); ValueError for a ruling that cannot be."""
        state = self._director_section(section)
        assignment = state.movement.at(round_, table)
        if assignment is None or board not in assignment.boards:
            raise LookupError(f"board {board} is not in play at table {table} in round {round_}")
        held = state.held(table, round_, board)
        ns, ew = (held.ns, held.ew) if held is not None else (assignment.ns, assignment.ew)
        if ns is None or ew is None:
            raise ValueError("a sit-out has no result to rule on")
        played = held if held is not None and held.kind == "result" else None
        outcome = has_outcome(ruling)
        try:
            ruled_result(board, ns, ew, section, ruling,
                         score_ns=played.score_ns if played is not None else None)
        except ScoringError as exc:
            raise ValueError(str(exc)) from exc
        if outcome or played is None:
            entry = HeldResult(section=section, table=table, round=round_, board=board,
                               ns=ns, ew=ew, kind="adjusted")
        else:
            entry = dataclasses.replace(played, unit=None, seq=None)
        entry.adjusted = ruling_text(ruling)
        entry.source = "director"
        entry.flags = (ResultFlag.DIRECTOR_CHANGED.value,)
        if held is not None:
            self._retire(state, held, "superseded", batch)
        self._store(state, entry, batch)
        batch.ops.append(repo.audit(self.event_id, "director", "ruling", section=section,
                                    table=table, round=round_, board=board,
                                    ruling=entry.adjusted))
        self._push(state, table, push_body(entry, body_from_held(entry)), batch)
        return entry

    def director_move(self, section: str, table: int, round_: int, board: int, batch: Batch,
                      *, to_board: int | None = None, ns: int | None = None,
                      ew: int | None = None) -> HeldResult:
        """Puts a result entered under the wrong board number or pairs where it belongs."""
        state = self._director_section(section)
        held = state.held(table, round_, board)
        if held is None:
            raise LookupError("nothing held for that board at that table in that round")
        new_board = to_board or board
        if not 1 <= new_board <= state.movement.boards:
            raise ValueError(f"no board {new_board} in section {section}")
        if new_board != board and state.held(table, round_, new_board) is not None:
            raise ValueError(f"board {new_board} already has a result there: erase it first")
        entry = dataclasses.replace(
            held, board=new_board, ns=ns or held.ns, ew=ew or held.ew,
            source="director", flags=(ResultFlag.DIRECTOR_CHANGED.value,))
        if (entry.kind == "result" and entry.contract and entry.declarer
                and entry.tricks is not None):
            # Vulnerability goes with the board number, so the score may change.
            entry.score_ns = score_ns(parse_contract(entry.contract), Seat(entry.declarer),
                                      entry.tricks, vulnerability_of(new_board))
        self._retire(state, held, "superseded", batch)
        if new_board != board:
            batch.event("result", erased=True, **event_fields(held))
            self._push(state, table, push_body(held, None), batch)
        self._store(state, entry, batch)
        batch.ops.append(repo.audit(self.event_id, "director", "move_result", section=section,
                                    table=table, round=round_, board=board, to_board=new_board,
                                    ns=entry.ns, ew=entry.ew))
        self._push(state, table, push_body(entry, body_from_held(entry)), batch)
        return entry

    def close_round(self, section: str, batch: Batch) -> int:
        """Moves the section on to the next round; boards still missing show red."""
        state = self._director_section(section)
        if state.current_round >= state.movement.rounds:
            raise ValueError(f"section {section} is already in its last round")
        state.current_round += 1
        batch.ops.append(repo.update_section_round(self.section_ids[section],
                                                   state.current_round))
        batch.ops.append(repo.audit(self.event_id, "director", "close_round", section=section,
                                    round=state.current_round - 1))
        batch.event("round", section=section, round=state.current_round)
        return state.current_round

    def add_penalty(self, penalty: Penalty, batch: Batch) -> HeldPenalty:
        """A procedural or disciplinary penalty, off the pair's session total."""
        assert self.event_id is not None
        self._director_section(penalty.section)
        held = HeldPenalty(penalty)
        self.penalties.append(held)

        def remember(row_id: int) -> None:
            held.row_id = row_id

        row = ResultRow(event_id=self.event_id, section=penalty.section, table_no=0, round=0,
                        board=penalty.board or 0, ns=penalty.pair, kind="penalty",
                        adjusted=json.dumps({"direction": penalty.direction,
                                             "percent": penalty.percent}),
                        source="director")
        batch.ops.append(repo.insert(row, remember))
        batch.ops.append(repo.audit(self.event_id, "director", "penalty", pair=penalty.pair,
                                    section=penalty.section, percent=penalty.percent))
        self._penalties_changed(batch)
        return held

    def remove_penalty(self, row_id: int, batch: Batch) -> None:
        held = next((p for p in self.penalties if p.row_id == row_id), None)
        if held is None:
            raise LookupError(f"no penalty {row_id}")
        self.penalties.remove(held)
        batch.ops.append(repo.set_status(row_id, "erased"))
        batch.ops.append(repo.audit(self.event_id, "director", "remove_penalty", id=row_id))
        self._penalties_changed(batch)

    def _penalties_changed(self, batch: Batch) -> None:
        if self.scores is not None:
            self.scores.scorer.set_penalties(p.penalty for p in self.penalties)
        batch.event("scores", boards=[])

    def set_hand_records(self, section: str, deals: dict[int, str], batch: Batch) -> list[int]:
        """Loads deals (PBN) for a section's boards; CardError (a ValueError) for a bad one."""
        state = self._director_section(section)
        assert self.event_id is not None
        parsed = {board: Deal.from_pbn(text) for board, text in deals.items()
                  if 1 <= board <= state.movement.boards}
        for board in sorted(parsed):
            batch.ops.append(repo.add(HandRecordRow(event_id=self.event_id, section=section,
                                                    board=board, deal=deals[board])))
            self.deals[(section, board)] = parsed[board]
        batch.ops.append(repo.audit(self.event_id, "director", "hand_records", section=section,
                                    boards=sorted(parsed)))
        return sorted(parsed)

    def set_players(self, players: dict[int, str], batch: Batch) -> None:
        """Adds or renames players in the club's list (numbers the pads enter)."""
        for number, name in sorted(players.items()):
            batch.ops.append(repo.merge(PlayerRow(number=number, name=name)))
        self.players.update(players)
        batch.ops.append(repo.audit(self.event_id, "director", "players", count=len(players)))

    def pair_unit(self, unit: int, key: bytes, batch: Batch) -> UnitState:
        """Registers a unit (its key is shown to the director). A unit already known is
        re-keyed: it moves to the next key epoch, so its old key (a lost pad's, say) stops
        verifying and only the pad given the new key can speak for it."""
        known = self.units.get(unit)
        epoch = 0
        if known is None:
            known = UnitState(unit=unit, key=key)
            self.units[unit] = known
            batch.ops.append(repo.upsert_unit({"unit": unit}))
            batch.event("unit", unit=unit, state="new")
        else:
            if self.key_for is None:
                raise RuntimeError("re-pairing needs the hub's key derivation")
            epoch = self.key_epochs.get(unit, 0) + 1
            known.key = self.key_for(unit, epoch)
            batch.ops.append(repo.upsert_unit({"unit": unit, "key_epoch": epoch}))
            batch.event("unit", unit=unit, state="rekeyed")
        self.key_epochs[unit] = epoch
        batch.ops.append(repo.audit(self.event_id, "director", "pair", unit=unit, epoch=epoch))
        return known

    def command_unit(self, unit: int, command: ControlCommand, batch: Batch) -> None:
        """A director's command to one pad: `resend` has it re-send everything it holds
        (recovery after the station lost data), `relogin`, `reset`, `stop`, `start`."""
        if unit not in self.units:
            raise LookupError(f"no unit {unit}")
        batch.send(unit, Control(command=command))
        batch.ops.append(repo.audit(self.event_id, "director", "command", unit=unit,
                                    command=command.value))

    def lock_unit(self, unit: int, batch: Batch) -> None:
        """Locks a unit out (lost, faulty or at the wrong table); its table is freed."""
        state = self._director_unit(unit)
        self._free_table(state, batch)
        state.locked_reason = ErrorCode.UNIT_REPLACED.value
        batch.send(unit, Locked(reason=ErrorCode.UNIT_REPLACED))
        batch.ops.append(repo.upsert_unit({"unit": unit, "locked_reason": state.locked_reason,
                                           "section": None, "table_no": None}))
        batch.ops.append(repo.audit(self.event_id, "director", "lock", unit=unit))
        batch.event("unit", unit=unit, state="locked")

    def reset_unit(self, unit: int, batch: Batch) -> None:
        """Unlocks a unit, clears its bad-MAC count and frees its table: it logs in afresh."""
        state = self._director_unit(unit)
        self._free_table(state, batch)
        state.locked_reason, state.bad_macs = None, 0
        batch.ops.append(repo.upsert_unit({"unit": unit, "locked_reason": None, "bad_macs": 0,
                                           "section": None, "table_no": None}))
        batch.ops.append(repo.audit(self.event_id, "director", "reset", unit=unit))
        batch.event("unit", unit=unit, state="reset")

    def _free_table(self, unit: UnitState, batch: Batch) -> None:
        if unit.section is not None and unit.table is not None:
            section = self.sections.get(unit.section)
            if section is not None and section.holders.get(unit.table) == unit.unit:
                del section.holders[unit.table]
                batch.event("table", section=unit.section, table=unit.table, unit=None,
                            state="not_logged_in")
            if self.event_id is not None:
                batch.ops.append(repo.release_unit_holds(self.event_id, unit.unit))
        unit.section, unit.table = None, None

    def _director_section(self, section: str) -> SectionState:
        state = self.sections.get(section)
        if state is None or self.event_id is None:
            raise LookupError(f"no section {section}")
        return state

    def _director_unit(self, unit: int) -> UnitState:
        state = self.units.get(unit)
        if state is None:
            raise LookupError(f"no unit {unit}")
        return state

    def _push(self, section: SectionState, table: int, body: Body, batch: Batch) -> None:
        holder = section.holders.get(table)
        if holder is not None:
            batch.send(holder, body)


def _penalty_from_row(row: ResultRow) -> HeldPenalty:
    detail = json.loads(row.adjusted or "{}")
    penalty = Penalty(pair=row.ns or 0, direction=detail.get("direction"),
                      percent=float(detail.get("percent", 0)), board=row.board or None,
                      section=row.section)
    return HeldPenalty(penalty, row.id)
