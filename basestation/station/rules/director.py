"""The director's actions on the open session: rulings, moved and erased results, rounds,
penalties, hand records, the club's list of players, and pairing, commanding, locking and
resetting pads. Part of SessionRules (rules/composed.py); the parts beside it (tables,
merges, movements) call on it for a pad commanded or an entry made.

They act on the session's state (basestation.station.session.state) and change a board's entry
only through its `replace_result`, as the pads' rules do. Like those, each action hands its
changes to working memory to the batch as change records (`Batch.change`, effects/changes.py:
made at once, set aside while the batch commits, made again after; their store operations
come from the records), and queues its answers, events and audit rows on the batch.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from basestation.domain.board import vulnerability_of
from basestation.domain.cards import Deal
from basestation.domain.contract import parse_contract, score_ns
from basestation.movements import MATCH_KINDS, SWISS_PAIRS, matches_of
from basestation.scoring.event_formats import entrants_of
from basestation.scoring.penalties import MatchPenalty
from basestation.scoring.traveller import Penalty, ScoringError
from basestation.scoring.vp import VP_TOTAL
from basestation.station.effects.batch import Batch
from basestation.station.effects.events import (
    ScoresChanged,
    TableHeld,
    UnitChanged,
)
from basestation.station.refusals import Invalid, NotFound, Phrase, code_refusal, said
from basestation.station.rules.services import HubServices
from basestation.station.session.entries import (
    Entry,
    ResultChanged,
    held_from_body,
    push_body,
)
from basestation.station.session.list_changes import HandRecordLoaded, PlayerListed
from basestation.station.session.memory import HeldResult, SectionState, UnitState
from basestation.station.session.penalty_changes import PenaltyAdded, PenaltyRemoved
from basestation.station.session.pin_tries import PinsForgiven
from basestation.station.session.rulings import Ruling, has_outcome, ruled_result
from basestation.station.session.state import (
    HeldMatchPenalty,
    HeldPenalty,
    SessionState,
    penalty_row,
)
from basestation.station.session.unit_changes import UnitLeftTable, UnitLocked, UnitReset
from basestation.station.session.validation import check_placement
from basestation.store import repository as repo
from firmware_protocol.messages import (
    Control,
    ControlCommand,
    ErrorCode,
    Locked,
    ResultFlag,
    Seat,
)


class DirectorActions:
    """The director's commands on the open session."""

    def __init__(self, session: SessionState, hub: HubServices | None = None) -> None:
        self.session = session
        self.hub = hub  # None: a session loaded only to be read

    def director_enter(self, body: Entry, batch: Batch, erase: bool = False, *,
                       source: str = "director") -> HeldResult | None:
        """The director's correction, not-played or erasure; pushed to the table's pad."""
        section = self.session.sections.get(body.section)
        if section is None:
            raise NotFound("section.not_found", section=body.section)
        held = section.held(body.table, body.round, body.board)
        if erase:
            if held is None:
                raise NotFound("result.not_held")
            self.session.retire(section, held, "erased", batch)
            batch.event(ResultChanged(held, erased=True))
            self.session.push(section, body.table, push_body(held, None), batch)
            batch.ops.append(repo.audit(self.session.event_id, "director", "erase", **_place(body)))
            return None
        problem = check_placement(section, table=body.table, round_=body.round, board=body.board,
                                  ns=body.ns, ew=body.ew)
        if problem is not None and problem != ErrorCode.WRONG_ROUND:
            raise code_refusal(problem)
        entry = held_from_body(body, None, None)
        if isinstance(entry, ErrorCode):
            raise code_refusal(entry)
        entry.source = source
        # Checked as a pad's entry is: a lead from the wrong hand is flagged whoever enters it.
        entry.flags = (ResultFlag.DIRECTOR_CHANGED.value,
                       *self.session.checks(section, entry, replacing=held))
        # A not-played goes to the pad too: it must stop showing the result it replaced.
        self.session.replace_result(section, held, entry, batch)
        batch.ops.append(repo.audit(self.session.event_id, source, "enter", kind=entry.kind,
                                    contract=entry.contract, declarer=entry.declarer,
                                    tricks=entry.tricks, **_place(body)))
        return entry

    def director_rule(self, section: str, table: int, round_: int, board: int, batch: Batch,
                      *, ruling: dict[str, Any]) -> HeldResult:
        """An adjusted score (AVE, 60/40, weighted, split) or a ruling on the played result
        (arrowswitch, fouled, matchpoint override); Invalid for a ruling that cannot be."""
        state = self._director_section(section)
        assignment = state.movement.at(round_, table)
        if assignment is None or board not in assignment.boards:
            raise NotFound("board.not_in_play", board=board, table=table, round=round_)
        held = state.held(table, round_, board)
        ns, ew = (held.ns, held.ew) if held is not None else (assignment.ns, assignment.ew)
        if ns is None or ew is None:
            raise Invalid("ruling.sit_out")
        played = held if held is not None and held.kind == "result" else None
        outcome = has_outcome(ruling)
        try:
            ruled_result(board, ns, ew, section, ruling,
                         score_ns=played.score_ns if played is not None else None)
        except ScoringError as exc:
            raise Invalid("ruling.invalid", problem=said(exc)) from exc
        if outcome or played is None:
            entry = HeldResult(section=section, table=table, round=round_, board=board,
                               ns=ns, ew=ew, kind="adjusted")
        else:
            entry = dataclasses.replace(played, unit=None, seq=None)
        entry.ruling = Ruling.of(ruling)
        entry.source = "director"
        entry.flags = (ResultFlag.DIRECTOR_CHANGED.value,)
        self.session.replace_result(state, held, entry, batch)
        batch.ops.append(repo.audit(self.session.event_id, "director", "ruling", section=section,
                                    table=table, round=round_, board=board,
                                    ruling=entry.ruling.as_dict()))
        return entry

    def director_move(self, section: str, table: int, round_: int, board: int, batch: Batch,
                      *, to_board: int | None = None, ns: int | None = None,
                      ew: int | None = None) -> HeldResult:
        """Puts a result entered under the wrong board number or pairs where it belongs."""
        state = self._director_section(section)
        held = state.held(table, round_, board)
        if held is None:
            raise NotFound("result.not_held")
        new_board = to_board or board
        if not 1 <= new_board <= state.movement.boards:
            raise Invalid("board.no_such", board=new_board, section=section)
        if new_board != board and state.held(table, round_, new_board) is not None:
            raise Invalid("board.taken", board=new_board)
        entry = dataclasses.replace(
            held, board=new_board, ns=ns or held.ns, ew=ew or held.ew,
            source="director", flags=(ResultFlag.DIRECTOR_CHANGED.value,))
        if (entry.kind == "result" and entry.contract and entry.declarer
                and entry.tricks is not None):
            # Vulnerability goes with the board number, so the score may change.
            entry.score_ns = score_ns(parse_contract(entry.contract), Seat(entry.declarer),
                                      entry.tricks, vulnerability_of(new_board))
        if new_board != board:
            # The old board's place is emptied on the grid and on the pad first.
            self.session.retire(state, held, "superseded", batch)
            batch.event(ResultChanged(held, erased=True))
            self.session.push(state, table, push_body(held, None), batch)
            held = None
        self.session.replace_result(state, held, entry, batch)
        batch.ops.append(repo.audit(self.session.event_id, "director", "move_result",
                                    section=section, table=table, round=round_, board=board,
                                    to_board=new_board,
                                    ns=entry.ns, ew=entry.ew))
        return entry

    def close_round(self, section: str, batch: Batch) -> int:
        """Moves the section on to the next round; boards still missing show red."""
        state = self._director_section(section)
        if state.current_round >= state.movement.rounds:
            raise Invalid("section.last_round", section=section)
        if self.session.ending:
            raise Invalid("session.no_new_round")
        batch.ops.append(repo.audit(self.session.event_id, "director", "close_round",
                                    section=section, round=state.current_round))
        # Every pad of the section is told the new round; later rounds already complete are
        # passed too (SPEC.md 6.9). Nothing is locked: a late result is still taken.
        self.session.round_moves_on(state, state.current_round + 1, batch)
        return state.current_round

    def add_penalty(self, penalty: Penalty, batch: Batch) -> HeldPenalty:
        """A procedural or disciplinary penalty, off the pair's session total."""
        assert self.session.event_id is not None
        movement = self._director_section(penalty.section).movement
        if movement.pair_key(penalty.pair, penalty.direction) not in movement.pair_keys():
            if movement.two_field and penalty.direction is None:
                raise Invalid("penalty.say_side", pair=penalty.pair)
            if movement.two_field and penalty.direction is not None:
                raise Invalid("penalty.no_side_pair", section=penalty.section,
                              side=penalty.direction, pair=penalty.pair)
            raise Invalid("penalty.no_pair", section=penalty.section, pair=penalty.pair)
        if penalty.board is not None and not 1 <= penalty.board <= movement.boards:
            raise Invalid("section.no_board", section=penalty.section, board=penalty.board)
        held = HeldPenalty(penalty)
        batch.change(PenaltyAdded(self.session, held))
        self._insert_penalty(held, batch)
        batch.ops.append(repo.audit(self.session.event_id, "director", "penalty", pair=penalty.pair,
                                    section=penalty.section, percent=penalty.percent))
        batch.event(ScoresChanged([]))
        return held

    def add_match_penalty(self, penalty: MatchPenalty, batch: Batch) -> HeldMatchPenalty:
        """A VP penalty off a team's (or Swiss pair's) total, or an IMP penalty off its score
        in one round's match; only in a teams or Swiss event."""
        assert self.session.event_id is not None
        if self.session.event_format not in MATCH_KINDS:
            raise Invalid("penalty.pairs_event")
        state = self._director_section(penalty.section)
        who = Phrase("penalty.pair" if self.session.event_format == SWISS_PAIRS
                     else "penalty.team")
        if penalty.entrant not in entrants_of(state.movement):
            raise Invalid("penalty.no_entrant", section=penalty.section, who=who,
                          entrant=penalty.entrant)
        if penalty.vps > VP_TOTAL:
            raise Invalid("penalty.too_many_vps", vps=penalty.vps, total=VP_TOTAL)
        if penalty.round is not None:
            if not 1 <= penalty.round <= state.movement.rounds:
                raise Invalid("section.no_round_drawn", section=penalty.section,
                              round=penalty.round)
            if not any(penalty.entrant in place.pair
                       for place in matches_of(state.movement, penalty.round)):
                raise Invalid("penalty.no_match", who=who, entrant=penalty.entrant,
                              round=penalty.round)
        held = HeldMatchPenalty(penalty)
        batch.change(PenaltyAdded(self.session, held))
        self._insert_penalty(held, batch)
        detail: dict[str, Any] = {"vps": penalty.vps} if penalty.vps else {"imps": penalty.imps}
        batch.ops.append(repo.audit(self.session.event_id, "director", "penalty",
                                    section=penalty.section, entrant=penalty.entrant,
                                    round=penalty.round, **detail))
        batch.event(ScoresChanged([]))
        return held

    def _insert_penalty(self, held: HeldPenalty | HeldMatchPenalty, batch: Batch) -> None:
        """The penalty's row; its new id kept on `held` once the batch is committed (on the
        loop: the commit's thread never touches memory)."""
        assert self.session.event_id is not None
        batch.insert(penalty_row(self.session.event_id, held.penalty),
                     lambda row_id: setattr(held, "row_id", row_id))

    def remove_penalty(self, row_id: int, batch: Batch) -> None:
        matched = next((p for p in self.session.match_penalties if p.row_id == row_id), None)
        if matched is not None:
            batch.change(PenaltyRemoved(self.session, matched, row_id))
            batch.ops.append(repo.audit(self.session.event_id, "director", "remove_penalty",
                                        id=row_id))
            batch.event(ScoresChanged([]))
            return
        held = next((p for p in self.session.penalties if p.row_id == row_id), None)
        if held is None:
            raise NotFound("penalty.not_found", penalty=row_id)
        batch.change(PenaltyRemoved(self.session, held, row_id))
        batch.ops.append(repo.audit(self.session.event_id, "director", "remove_penalty", id=row_id))
        batch.event(ScoresChanged([]))

    def set_hand_records(self, section: str, deals: dict[int, str], batch: Batch) -> list[int]:
        """Loads deals (PBN) for a section's boards; CardError (a ValueError) for a bad one."""
        state = self._director_section(section)
        assert self.session.event_id is not None
        parsed = {board: Deal.from_pbn(text) for board, text in deals.items()
                  if 1 <= board <= state.movement.boards}
        for board in sorted(parsed):
            batch.change(HandRecordLoaded(self.session, self.session.event_id, section, board,
                                          deals[board], parsed[board]))
        batch.ops.append(repo.audit(self.session.event_id, "director", "hand_records",
                                    section=section, boards=sorted(parsed)))
        batch.on_commit(self.session.solve_par)  # only deals the database holds
        return sorted(parsed)

    def set_players(self, players: dict[int, str], batch: Batch,
                    national: dict[int, str | None] | None = None,
                    handicaps: dict[int, float | None] | None = None) -> int:
        """Adds or renames players in the club's list (numbers the pads enter). With
        `national`, their national numbers are set too (None: none); else they are kept.
        A player named in `handicaps` gets that handicap (None: none); the others keep
        theirs. Returns how many the list holds."""
        session = self.session
        handicaps = handicaps or {}
        for number, name in sorted(players.items()):
            number_there = session.national.get(number) if national is None \
                else national.get(number)
            handicap = handicaps[number] if number in handicaps \
                else session.handicaps.get(number)
            batch.change(PlayerListed(session, number, name, number_there, handicap))
        batch.ops.append(repo.audit(self.session.event_id, "director", "players",
                                    count=len(players)))
        return len(session.players)

    def pair_unit(self, unit: int, batch: Batch) -> UnitState:
        """Registers a unit (its key is shown to the director). A unit already known is
        re-keyed: it moves to the next key epoch, so its old key (a lost pad's, say) stops
        verifying and only the pad given the new key can speak for it."""
        if self.hub is None:
            raise RuntimeError("pairing needs the hub")
        paired = self.hub.pair(unit, batch)
        batch.event(UnitChanged(unit, "new" if paired.new else "rekeyed"))
        batch.ops.append(repo.audit(self.session.event_id, "director", "pair", unit=unit,
                                    epoch=paired.epoch))
        return paired.unit

    def pair_units(self, units: list[int], batch: Batch) -> None:
        """Pairs several units in one turn."""
        for unit in units:
            self.pair_unit(unit, batch)

    def command_unit(self, unit: int, command: ControlCommand, batch: Batch) -> None:
        """A director's command to one pad: `resend` has it re-send everything it holds
        (recovery after the station lost data), `relogin`, `reset`, `stop`, `start`."""
        if unit not in self.session.units:
            raise NotFound("unit.not_found", unit=unit)
        batch.send(unit, Control(command=command))
        batch.ops.append(repo.audit(self.session.event_id, "director", "command", unit=unit,
                                    command=command.value))

    def lock_unit(self, unit: int, batch: Batch) -> None:
        """Locks a unit out (lost, faulty or at the wrong table); its table is freed."""
        state = self._director_unit(unit)
        self._free_table(state, batch)
        # UNIT_LOCKED: a version 1 pad is sent UNIT_REPLACED instead (the hub maps it down).
        batch.change(UnitLocked(state))
        batch.send(unit, Locked(reason=ErrorCode.UNIT_LOCKED))
        batch.ops.append(repo.audit(self.session.event_id, "director", "lock", unit=unit))
        batch.event(UnitChanged(unit, "locked"))

    def reset_unit(self, unit: int, batch: Batch) -> str:
        """Unlocks a unit, clears its bad-MAC count, frees its table and tells its pad to
        forget its session (control `reset`): it logs in afresh. Returns what was done, in a
        sentence for the director."""
        state = self._director_unit(unit)
        done = []
        if state.section is not None and state.table is not None:
            done.append(f"freed table {state.section}{state.table}")
        if state.locked_reason is not None:
            done.append("lifted its lock")
        if state.bad_macs:
            done.append("cleared its failed checks")
        if unit in self.session.pin_tries.units:
            batch.change(PinsForgiven(self.session.pin_tries, unit))
            done.append("forgot its wrong PINs")
        self._free_table(state, batch)
        batch.change(UnitReset(state))
        batch.send(unit, Control(command=ControlCommand.RESET))
        batch.ops.append(repo.audit(self.session.event_id, "director", "reset", unit=unit))
        batch.event(UnitChanged(unit, "reset"))
        if state.link is None:  # never heard on any link since the station started
            done.append("could not tell the pad, which the station has not heard from")
            return f"Unit {unit}: {_joined(done)}; clear it on the pad itself."
        done.append("told the pad to forget its session")
        return f"Unit {unit}: {_joined(done)}; it shows the login form when it hears this."

    def _free_table(self, unit: UnitState, batch: Batch) -> None:
        section = None if unit.section is None else self.session.sections.get(unit.section)
        if section is not None and unit.table is not None \
                and section.holders.get(unit.table) == unit.unit:
            batch.event(TableHeld(section.letter, unit.table, None, "not_logged_in"))
        batch.change(UnitLeftTable(unit, section, self.session.event_id))

    def _director_section(self, section: str) -> SectionState:
        if self.session.event_id is None:
            raise NotFound("section.not_found", section=section)
        return self.session.section_of(section)

    def _director_unit(self, unit: int) -> UnitState:
        state = self.session.units.get(unit)
        if state is None:
            raise NotFound("unit.not_found", unit=unit)
        return state


def _joined(parts: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _place(body: Entry) -> dict[str, object]:
    return {"section": body.section, "table": body.table, "round": body.round,
            "board": body.board}
