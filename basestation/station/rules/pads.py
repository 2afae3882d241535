"""The pads' rules: logins, results, corrections, players and merge offers.

Called by the hub, one message at a time, with the batch that will be committed; each hands
its changes to working memory to the batch as change records (`Batch.change`,
effects/changes.py: the batch sets them aside while it commits and makes them again after,
and their store operations come from the records), and queues answers, events and audit
rows.
"""

from __future__ import annotations

import json

from basestation.station.effects.batch import Batch
from basestation.station.effects.events import (
    MergeConflict,
    MergeOffered,
    NumberSweep,
    TableHeld,
    TableInUse,
    TooManyVisitors,
    UnitHeard,
    UnitReplaced,
    UnknownPlayer,
    WrongPin,
)
from basestation.station.rules.services import HubServices
from basestation.station.session.entries import (
    Entry,
    as_result,
    body_from_held,
    held_from_body,
    result_flags,
)
from basestation.station.session.feedback import feedback_for, par_feedback
from basestation.station.session.following import arriving, check_move, pair_of, side_of
from basestation.station.session.memory import SectionState, UnitState
from basestation.station.session.offer_changes import OfferMade, OfferRewritten
from basestation.station.session.pin_tries import PinRefused
from basestation.station.session.seating import VISITOR_BASE
from basestation.station.session.seating_changes import TableLetGo, TableTaken, TakeoverClosed
from basestation.station.session.state import MergeOffer, OfferKey, SessionState
from basestation.station.session.unit_changes import UnitReplacedBy
from basestation.station.session.validation import check_placement, check_table
from basestation.store import repository as repo
from basestation.store.models import (
    MergeOfferRow,
    SeatingRow,
)
from firmware_protocol import jsonwire
from firmware_protocol.messages import (
    ALREADY_HELD,
    SEAT_NAMES,
    TO_DIRECTOR,
    Ack,
    Body,
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
    Row,
)

# The nak's detail for a table-round over its bound of numbers tried (SPEC.md 14.3).
TOO_MANY_NUMBERS = "too many numbers tried this round: ask the director"

class PadRules:
    """What the station does with each message a pad sends."""

    def __init__(self, session: SessionState, hub: HubServices | None = None) -> None:
        self.session = session
        self.hub = hub  # None: a session loaded only to be read

    # -- dispatch ----------------------------------------------------------------------------

    def dispatch(self, unit: UnitState, message: Message, batch: Batch) -> list[Body]:
        body = message.body
        re = message.seq
        if isinstance(body, Hello):
            unit.firmware, unit.battery = body.firmware, body.battery
            unit.status_clock = body.status_clock
            said: list[Body] = [Ack(re=re), self.session.status_for(unit.unit)]
            if unit.locked_reason is not None:
                # A pad that was away when it was locked out learns it at once, so it offers
                # no entry form and hands over what it holds (SPEC.md 6.5).
                said.append(Locked(reason=ErrorCode(unit.locked_reason)))
            return said
        if isinstance(body, Heartbeat):
            unit.battery = body.battery
            batch.event(UnitHeard(unit.unit, unit.battery))
            return [Ack(re=re)]
        if isinstance(body, Login):
            return self.login(unit, body, re, batch)
        if isinstance(body, Resend):
            refused = self._table_of(unit, None, None)
            if isinstance(refused, ErrorCode):
                return [Nak(re=re, code=refused)]
            return [Ack(re=re), *self.game_data(unit)]
        entry = isinstance(body, Players | Result | Correction | NotPlayed)
        if entry and self.other_event(message):
            # An entry of another event (a pad still holding last night's): nothing is stored.
            return [Nak(re=re, code=ErrorCode.OTHER_EVENT)]
        if isinstance(body, Players):
            return self.seat_players(unit, body, re, batch)
        if isinstance(body, Result | Correction | NotPlayed):
            return self.enter(unit, body, re, batch)
        # The hub drops the other direction's types (SPEC.md 1); nothing else comes here.
        return [Nak(re=re, code=ErrorCode.MALFORMED, detail=f"{body.TYPE} is station-to-pad")]

    def other_event(self, message: Message) -> bool:
        """A version 2 message that says it belongs to an event other than the open one.
        Version 1 carries no event, so it cannot be checked (SPEC.md 13.4)."""
        return message.v >= 2 and message.event != (self.session.event_id or 0)

    # -- login -------------------------------------------------------------------------------

    def login(self, unit: UnitState, body: Login, re: int, batch: Batch) -> list[Body]:
        if unit.locked_reason is not None:
            return [Nak(re=re, code=ErrorCode(unit.locked_reason))]
        section = self.session.sections.get(body.section)
        if section is None or self.session.event_id is None:
            return [Nak(re=re, code=ErrorCode.NO_SUCH_SECTION)]
        if (problem := check_table(section, body.table)) is not None:
            return [Nak(re=re, code=problem)]
        follows = arriving(section, body.table)
        left = unit.table if unit.section == body.section else None
        if left is not None and left != body.table and (pair := pair_of(section, unit)):
            # A pad following a pair goes with it to its next table (SPEC.md 14.10).
            refused = check_move(section, pair, body.table, left)
            if refused is not None:
                return [Nak(re=re, code=refused[0], detail=refused[1])]
            follows = pair
            left = section.holders.get(body.table)
            batch.change(TableLetGo(section, body.table, None))  # released as it is taken
            if left is not None and left != unit.unit:  # that pad's pair has moved on
                batch.ops.append(repo.audit(self.session.event_id, f"unit {unit.unit}",
                                            "pair_moved", section=body.section, table=body.table,
                                            left=left))
        holder = section.holders.get(body.table)
        if holder == unit.unit and (unit.section, unit.table) == (body.section, body.table):
            # Again at the table it holds (a pad restarted, or one repeating itself): nothing
            # changes, so nothing is written, however often it comes.
            unit.follows = follows
            return [Ack(re=re), *self.game_data(unit), *self.session.round_rankings(section)]
        if holder is not None and holder != unit.unit:
            # The director's "Replace unit N" lets the next pad that asks take the table,
            # with or without "Take over" ticked; otherwise only the director's PIN does.
            authorised = (body.section, body.table) in self.session.takeovers
            if not body.takeover and not authorised:
                batch.event(TableInUse(body.section, body.table, unit.unit, holder))
                return [Nak(re=re, code=ErrorCode.TABLE_IN_USE)]
            pin = body.pin if body.takeover else None
            if pin is not None:
                wrong = self.session.pin_tries.check(unit.unit, pin, self.session.director_pin)
                if wrong is not None:
                    return [self._wrong_pin(unit, body, wrong, re, batch)]
            elif not authorised:
                return [Nak(re=re, code=ErrorCode.TABLE_IN_USE, detail="ask the director")]
            batch.change(TakeoverClosed(self.session, self.session.event_id, body.section,
                                        body.table, "taken"))
            self._lock_out(holder, batch, by=unit.unit, pin=pin is not None)
        if unit.section is not None and unit.table is not None:
            old = self.session.sections.get(unit.section)
            if old is not None and old.holders.get(unit.table) == unit.unit:
                batch.change(TableLetGo(old, unit.table, self.session.event_id))
        batch.change(TableTaken(self.session, section, body.table, unit.unit,
                                self.session.event_id))
        # The unit's own fields: the hub's record of the message's unit puts them back.
        unit.section, unit.table = body.section, body.table
        unit.follows = follows
        batch.ops.append(repo.audit(self.session.event_id, f"unit {unit.unit}", "login",
                                    section=body.section, table=body.table))
        batch.event(TableHeld(body.section, body.table, unit.unit, "logged_in"))
        return [Ack(re=re), *self.game_data(unit), *self.session.round_rankings(section)]

    def _wrong_pin(self, unit: UnitState, body: Login, refused: PinRefused, re: int,
                   batch: Batch) -> Nak:
        """A PIN refused: wrong, or not checked while the unit waits (SPEC.md 6.1). The nak's
        detail is the wait in seconds; a wrong PIN that makes the unit wait is told to the
        director, naming the unit, and logged."""
        if refused.began_wait:
            batch.event(WrongPin(unit.unit, refused.wrong, refused.wait))
            batch.ops.append(repo.audit(self.session.event_id, f"unit {unit.unit}", "wrong_pin",
                                        section=body.section, table=body.table,
                                        **{"wrong PINs": refused.wrong,
                                           "waits": f"{refused.wait} s"}))
        return Nak(re=re, code=ErrorCode.BAD_PIN,
                   detail=str(refused.wait) if refused.wait else None)

    def _lock_out(self, holder: int, batch: Batch, by: int, pin: bool) -> None:
        old = self.session.units.get(holder)
        if old is None:
            return
        section, table = old.section, old.table
        batch.change(UnitReplacedBy(old, by))  # out of its table too (the new unit has it)
        batch.send(old.unit, Locked(reason=ErrorCode.UNIT_REPLACED))
        # Authorised on the grid, the director replaced it; with the PIN, the unit that gave
        # it did, and the log names that unit.
        actor, how = (f"unit {by}", {"authorised": "by the director's PIN"}) if pin else (
            "director", {})
        batch.ops.append(repo.audit(self.session.event_id, actor, "replace", old=old.unit, new=by,
                                    section=section, table=table, **how))
        batch.event(UnitReplaced(old.unit, by, section, table))

    def game_data(self, unit: UnitState) -> list[Body]:
        if unit.section is None or unit.table is None:
            return []
        section = self.session.sections[unit.section]
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
        # Then the round the table plays: who is there and whether to ask their numbers.
        return [whole, self.session.seating(section, table, section.play_round(table))]

    # -- players -----------------------------------------------------------------------------

    def seat_players(self, unit: UnitState, body: Players, re: int, batch: Batch) -> list[Body]:
        """Numbers entered at the table for a round of its movement (any round: numbers may
        come late or ahead). Nothing valid is refused: a number not on the list is only
        flagged; a visitor's name adds the visitor to the list. Answered by the ack, then the
        round's seating with the names found, for the players to confirm (SPEC.md 14.3)."""
        state = self._table_of(unit, body.section, body.table)
        if isinstance(state, ErrorCode):
            return [Nak(re=re, code=state)]
        if state.movement.at(body.round, body.table) is None:
            return [Nak(re=re, code=ErrorCode.WRONG_ROUND,
                        detail=f"table {body.table} has no round {body.round}")]
        reach = self._reach(state, body.table)
        if body.round > reach:  # names are not read ahead of the night (SPEC.md 14.3)
            return [Nak(re=re, code=ErrorCode.WRONG_ROUND,
                        detail=f"table {body.table} has not reached round {body.round}: "
                               "enter its players when it does")]
        if not self._numbers_allowed(unit, state, body, batch):
            return [Nak(re=re, code=ErrorCode.INVALID_PLAYER, detail=TOO_MANY_NUMBERS)]
        numbers = list(body.numbers)
        for seat, name in body.visitors:
            numbers[SEAT_NAMES.index(seat)] = self._visitor(unit, body, name, batch)
        north, east, south, west = numbers
        unknown = self._unknown(numbers)
        assert self.session.event_id is not None
        batch.ops.append(repo.add(SeatingRow(event_id=self.session.event_id, section=body.section,
                                             table_no=body.table, round=body.round,
                                             north=north, east=east, south=south, west=west)))
        entered = Players(body.section, body.table, body.round, north, east, south, west)
        self._seat_from_table(state, entered, f"unit {unit.unit}", batch)
        flags = (ResultFlag.UNKNOWN_PLAYER,) if unknown else ()
        if unknown:
            batch.event(UnknownPlayer(body.section, body.table, unknown))
        return [Ack(re=re, flags=flags), self.session.seating(state, body.table, body.round)]

    @staticmethod
    def _reach(state: SectionState, table: int) -> int:
        """The latest round a table's `players` may name: the round it plays, or the one
        after the section's (as for a result: a table that finished early moved on)."""
        return max(state.play_round(table), state.current_round + 1)

    def _numbers_allowed(self, unit: UnitState, state: SectionState, body: Players,
                         batch: Batch) -> bool:
        """Whether the numbers keep the table-round within its bound of numbers tried (those
        the director seated there aside), and the unit within the same bound for all the
        rounds it names while its table plays one round: beyond it a pad would read the club's
        list by number. The first refusal of a unit is told to the director and audited."""
        assignment = state.movement.at(body.round, body.table)
        seated: set[int] = set()
        if assignment is not None:
            for pair, side in ((assignment.ns, "NS"), (assignment.ew, "EW")):
                by = self.session.seats.by
                if pair is not None and "director" in (by.get((state.letter, pair, side)),
                                                       by.get((state.letter, pair, ""))):
                    seated.update(self.session.seats.of(state.letter, pair, side))
        where = (state.letter, body.table, body.round)
        typed = {n for n in body.numbers if n} - seated
        tries = self.session.number_tries
        if tries.allows(self.session.event_id, where, typed, unit=unit.unit,
                        playing=state.play_round(body.table)):
            return True
        if tries.refuse(unit.unit, where):
            _, count = tries.refused[unit.unit]
            batch.event(NumberSweep(unit.unit, *where, refused=count))
            batch.ops.append(repo.audit(self.session.event_id, f"unit {unit.unit}",
                                        "number_sweep", section=state.letter,
                                        table=body.table, round=body.round))
        return False

    def _unknown(self, numbers: list[int]) -> list[int]:
        """The numbers to flag UNKNOWN_PLAYER (SPEC.md 14.3): not on the club's list. With no
        club list loaded (none, or only visitors added by name) a club number cannot be told
        wrong, so only a visitor's number the station never gave is."""
        players = self.session.players
        listed = any(n <= VISITOR_BASE for n in players)
        return [n for n in numbers
                if n != 0 and n not in players and (listed or n > VISITOR_BASE)]

    def _visitor(self, unit: UnitState, body: Players, name: str, batch: Batch) -> int:
        """A visitor named at the table: its number on the list, added unless the unit has
        added its share this event (visitor_bound.py): then 0, a visitor the director names,
        and the grid names the unit."""
        session, bound = self.session, self.session.visitor_bound
        if (known := session.known_visitor(name)) is not None:
            return known
        if not bound.allows(session.event_id, unit.unit):
            if bound.refuse(unit.unit):
                batch.event(TooManyVisitors(unit.unit, body.section, body.table,
                                            bound.added.get(unit.unit, 0), refused=1))
                batch.ops.append(repo.audit(session.event_id, f"unit {unit.unit}",
                                            "too_many_visitors", section=body.section,
                                            table=body.table))
            return 0
        bound.add(unit.unit)
        return session.add_visitor(name, batch, f"unit {unit.unit}")

    def _seat_from_table(self, state: SectionState, body: Players, actor: str,
                         batch: Batch) -> None:
        """The numbers entered at a table seat the pairs sitting there that round; a side
        given no numbers (all 0) leaves its pair as it was."""
        assignment = state.movement.at(body.round, body.table)
        if assignment is None:
            return
        north, east, south, west = body.numbers
        table = body.table
        two_field = state.movement.two_field
        for pair, side, held in ((assignment.ns, "NS", (north, south)),
                                 (assignment.ew, "EW", (east, west))):
            if pair is None or not any(held):
                continue
            place = (state.letter, pair, side if two_field else "")
            if self.session.seats.held.get(place) == held:
                continue
            self.session.seat(place, held, actor, batch, answered=table)

    def _table_of(self, unit: UnitState, section: str | None,
                  table: int | None) -> SectionState | ErrorCode:
        if unit.locked_reason is not None:
            return ErrorCode(unit.locked_reason)
        if unit.section is None or unit.table is None:
            return ErrorCode.NOT_LOGGED_IN
        if section is not None and (section, table) != (unit.section, unit.table):
            return ErrorCode.NOT_LOGGED_IN
        state = self.session.sections.get(unit.section)
        if state is None or state.holders.get(unit.table) != unit.unit:
            return ErrorCode.NOT_LOGGED_IN
        return state

    # -- results -----------------------------------------------------------------------------

    def enter(self, unit: UnitState, body: Entry, re: int, batch: Batch) -> list[Body]:
        # SPEC.md 5's order: the unit's state (locked or replaced, not logged in), then the
        # switch, then the movement and what is held.
        if unit.locked_reason is not None:
            code = ErrorCode(unit.locked_reason)
            origin = "replaced" if code == ErrorCode.UNIT_REPLACED else "locked"
            return [Nak(re=re, code=code, detail=self._offer_merge(unit, body, batch, origin))]
        section = self._table_of(unit, body.section, body.table)
        if isinstance(section, ErrorCode):
            left = self._left_behind(unit, body)
            if left is None:
                if section == ErrorCode.NOT_LOGGED_IN and unit.section is None:
                    # The director freed its table (a reset): what it still had goes to the
                    # director as a locked pad's does, not away.
                    detail = self._offer_merge(unit, body, batch, "reset")
                    return [Nak(re=re, code=section, detail=detail)]
                return [Nak(re=re, code=section)]
            section = left
        if not self.session.running or not self.session.plays_on(section, body.table,
                                                                 body.round):
            return [Nak(re=re, code=ErrorCode.STOPPED)]  # paused, or an End waits for others
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
                if section.holders.get(body.table) != unit.unit:
                    # The pad's pair has left and the next round has begun there: the
                    # director sees both results side by side and decides (SPEC.md 14.10).
                    self._offer_merge(unit, body, batch, "correction")
                    return [Nak(re=re, code=ErrorCode.CORRECTION_CLOSED, detail=TO_DIRECTOR)]
                return [Nak(re=re, code=ErrorCode.CORRECTION_CLOSED)]
        if held is not None:
            self.session.retire(section, held, "superseded", batch)
            if isinstance(body, Correction):
                entry.flags = (*entry.flags, ResultFlag.CORRECTED.value)
        # Checked against the other tables' entries, without the one it replaces.
        entry.flags = (*entry.flags, *self.session.checks(section, entry))
        self.session.replace_result(section, None, entry, batch, push=False)
        self.session.advance(section, body.table, body.round, batch)
        if section.holders.get(body.table) == unit.unit:  # not when the pad has moved on
            self._next_round_seating(section, body.table, body.round, unit.unit, batch)
        if entry.kind == "result" and self.session.feedback:
            self._feedback(section, entry.board, unit.unit, batch)
        return [Ack(re=re, score_ns=entry.score_ns, flags=result_flags(entry.flags))]

    def _left_behind(self, unit: UnitState, body: Entry) -> SectionState | None:
        """The section, for a correction from a pad that has moved on with its pair (or is
        about to: the arriving pair's pad already holds the table) of a board it entered at
        the table it left; None for anything else (SPEC.md 14.10)."""
        section = self.session.sections.get(body.section)
        if (not isinstance(body, Correction) or section is None or side_of(section) is None
                or (unit.unit, body.section, body.table) not in self.session.tables_held):
            return None
        held = section.held(body.table, body.round, body.board)
        return section if held is not None and held.unit == unit.unit else None

    def _next_round_seating(self, section: SectionState, table: int, round_: int, unit: int,
                            batch: Batch) -> None:
        """The table's round is complete: its pad is told who comes next (SPEC.md 14.2)."""
        here = section.movement.at(round_, table)
        if here is not None and here.ns is not None and here.ew is not None:
            held = section.held
            for board in here.boards:  # a plain loop: asked with every result
                if held(table, round_, board) is None:
                    return  # a board of the round still to come: the table plays on
        now = section.play_round(table)
        if now > round_:
            batch.send(unit, self.session.seating(section, table, now))

    def _feedback(self, section: SectionState, board: int, unit: int, batch: Batch) -> None:
        """What the pad may see of the board it just played. A par not solved yet follows on
        its own once it is, rather than holding up the batch: asked for once the batch is
        committed, so a result the database refused never gets one."""
        deal = self.session.deal_text.get((section.letter, board))
        wants_par = deal is not None and "par" in self.session.feedback
        par = self.session.par.get(deal, board) if deal is not None and wants_par else None
        for message in feedback_for(section, board, self.session.feedback, deal, par):
            batch.send(unit, message)
        if deal is not None and wants_par and par is None and self.hub is not None:
            later = self.hub.later
            event = self.session.event_id

            def send(rows: tuple[Row, ...]) -> None:
                later(lambda batch: self._par_solved(event, unit, board, rows, batch))

            batch.on_commit(lambda: self.session.par.when_solved(deal, board, send))

    def _par_solved(self, event: int | None, unit: int, board: int, rows: tuple[Row, ...],
                    batch: Batch) -> None:
        """A par solved after its board's feedback went: sent unless another event has been
        opened since (SPEC.md 13.4: it would be about a board of the event closed)."""
        if self.session.event_id == event:
            batch.send(unit, par_feedback(board, rows))

    def _offer_merge(self, unit: UnitState, body: Entry, batch: Batch,
                     origin: str) -> str | None:
        """A replaced, locked or reset unit's entry goes to the director, not away: a merge
        offer, or a conflict for a board held with another entry. Only for a board the
        movement gave a table the unit held in this event, and one open offer a board for
        each unit, the later replacing the earlier: a locked pad cannot fill the director's
        list. Returns what became of it, the nak's detail (SPEC.md 6.5): TO_DIRECTOR,
        ALREADY_HELD (the same entry is held, sent by this very unit: told for no other
        pad's, so that a guess learns nothing), None (not kept). `origin` is where it came from,
        as the director is told (`OFFER_ORIGINS`)."""
        section = self.session.sections.get(body.section)
        if section is None or self.session.event_id is None:
            return None
        if (unit.unit, body.section, body.table) not in self.session.tables_held:
            return None
        here = section.movement.at(body.round, body.table)
        if here is None or body.board not in here.boards:
            return None
        held = section.held(body.table, body.round, body.board)
        entry = held_from_body(body, unit.unit, None)
        if isinstance(entry, ErrorCode):
            return None
        if held is not None and held.unit == unit.unit and held.same_entry(entry):
            return ALREADY_HELD
        stored = json.dumps({"type": body.TYPE.value, "body": jsonwire.body_to_json(body),
                             "origin": origin}, sort_keys=True)
        if stored in self.session.offered:
            return TO_DIRECTOR  # the old unit retransmits: one offer is enough

        key = (unit.unit, *MergeOffer(body).place)
        if not self._replace_offer(key, body, stored, batch, origin):
            row = MergeOfferRow(event_id=self.session.event_id, unit=unit.unit,
                                body_json=stored)
            batch.change(OfferMade(self.session, key, row, body, origin))
            batch.insert(row, lambda offer_id: self._offer_stored(key, row, offer_id))
        offered = MergeOffered if held is None else MergeConflict
        batch.event(offered(unit.unit, body.section, body.table, body.round, body.board,
                            origin))
        return TO_DIRECTOR

    def _replace_offer(self, key: OfferKey, body: Entry, stored: str, batch: Batch,
                       origin: str) -> bool:
        """The unit's open offer for the same board, if any (made in this batch, or before),
        now says `body`: its row is rewritten, no new one added, and the unit's count of
        replaced offers goes up (the grid names it: `many_offers`). False: none open."""
        unit = key[0]
        if (made := self.session.offers_pending.get(key)) is not None:  # its id comes later
            batch.change(OfferRewritten(self.session, key, body, origin, stored, made[0], None))
            return True
        found = [offer_id for offer_id, offer in self.session.merge_offers.items()
                 if offer.unit == unit and offer.place == key[1:]]
        if not found:
            return False
        batch.change(OfferRewritten(self.session, key, body, origin, stored, None, found[0]))
        return True

    def _offer_stored(self, key: OfferKey, row: MergeOfferRow, offer_id: int) -> None:
        """Committed: the offer is open, saying the latest entry sent for its board."""
        made = self.session.offers_pending.get(key)
        if made is not None and made[0] is row:
            del self.session.offers_pending[key]
            self.session.merge_offers[offer_id] = MergeOffer(made[1], key[0], made[2])
