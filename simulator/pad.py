"""A scoring pad's firmware as a sans-IO state machine: events in, messages out.

The pad knows nothing of sockets, radios or clocks. Its driver calls the event methods with
the current time, transmits whatever `take_outgoing` returns, and calls `tick` at `deadline`.
Everything in `memory` survives a battery change; everything else is lost with the power.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from firmware_protocol.messages import (
    Ack,
    AskPlayers,
    Body,
    Control,
    ControlCommand,
    Correction,
    CorrectionPush,
    ErrorCode,
    Feedback,
    FeedbackKind,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Message,
    Nak,
    NotPlayed,
    Players,
    Received,
    Resend,
    Result,
    Row,
    Seating,
    StationState,
    Status,
)
from firmware_protocol.security import verify
from simulator.memory import PadMemory, StoredEntry
from simulator.notices import (
    Answered,
    ContactChanged,
    CorrectionPushed,
    EventEntered,
    FeedbackShown,
    GameDataReceived,
    LockedOut,
    Notice,
    SeatingShown,
    TableForgotten,
)
from simulator.timing import GIVE_UP_ATTEMPTS, Timing

STATION_TYPES = (Ack, Nak, GameData, Status, Feedback, CorrectionPush, Control, Locked, Seating)
KEEP_AND_RETRY = frozenset({ErrorCode.BAD_MAC, ErrorCode.INTERNAL})
LOCKING = frozenset({ErrorCode.UNIT_REPLACED, ErrorCode.UNIT_LOCKED})
NOT_IN_EVENT = frozenset({ErrorCode.NO_SUCH_TABLE, ErrorCode.NO_SUCH_SECTION})


@dataclass
class PadStats:
    sent: int = 0  # first transmissions
    retransmitted: int = 0
    acked: int = 0
    naked: int = 0
    flagged: int = 0
    ignored: int = 0  # station messages dropped: bad tag, old seq, wrong direction
    gave_up: int = 0


@dataclass
class _GameDataSet:
    first_seq: int
    parts: int
    seen: set[int] = field(default_factory=set)
    started: float = 0.0


class Pad:
    """One pad. Build it from its memory; a battery change is a new Pad on the same memory."""

    def __init__(self, memory: PadMemory, timing: Timing, rng: random.Random | None = None, *,
                 firmware: str = "simulator 1", battery: int | None = 100) -> None:
        self.memory = memory
        self.timing = timing
        self.rng = rng or random.Random(memory.unit)
        self.firmware = firmware
        self.battery = battery
        self.next_seq = memory.seq_reserved  # after a restart: a gap, never a repeat
        self.stats = PadStats()
        self.notices: list[Notice] = []
        self.display: dict[tuple[int, FeedbackKind], list[Row]] = {}
        self.contact = True
        self.station_running = True
        self.paused = False  # control stop
        self._out: list[Message] = []
        self._flight: Message | None = None
        self._attempts = 0
        self._flight_deadline: float | None = None
        self._retry_at: float | None = None  # after BAD_MAC or INTERNAL
        self._probe_at: float | None = None
        self._last_sent = 0.0
        self._game_data: _GameDataSet | None = None

    # -- what the driver asks --------------------------------------------------------------

    @property
    def unit(self) -> int:
        return self.memory.unit

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing in flight."""
        return self._flight is None and not self.memory.queue

    @property
    def logged_in(self) -> bool:
        return self.memory.table is not None and bool(self.memory.rounds)

    def take_outgoing(self) -> list[Message]:
        out, self._out = self._out, []
        return out

    def take_notices(self) -> list[Notice]:
        notices, self.notices = self.notices, []
        return notices

    @property
    def deadline(self) -> float | None:
        times = [t for t in (self._flight_deadline, self._retry_at, self._probe_at) if t]
        if self._game_data is not None:
            times.append(self._game_data.started + self.timing.game_data_wait)
        if self.idle and self.contact and self.memory.locked is None:
            times.append(self._last_sent + self.timing.idle)
        return min(times) if times else None

    # -- the players and the power switch ----------------------------------------------------

    def power_on(self, now: float) -> None:
        """Hello, then `resend` if the pad knows its table, then whatever was queued."""
        self._last_sent = now
        front: list[Body] = [Hello(firmware=self.firmware, battery=self.battery,
                                   protocol=self.memory.protocol)]
        if self.memory.table is not None and self.memory.locked is None:
            front.append(Resend(from_round=None))
        self.memory.queue[:0] = front
        self._send_next(now)

    def login(self, section: str, table: int, now: float, *, takeover: bool = False,
              pin: str | None = None) -> None:
        self.memory.locked = None
        self._enqueue(Login(section=section, table=table, pin=pin, takeover=takeover), now)

    def players(self, round_: int, seats: tuple[int, int, int, int], now: float, *,
                visitors: tuple[tuple[str, str], ...] = ()) -> None:
        """Player numbers North, East, South, West (0 for a visitor, whose name a pad with
        letters may give in `visitors`: the JSON form only)."""
        section, table = self._place()
        north, east, south, west = seats
        self._enqueue(Players(section=section, table=table, round=round_, north=north,
                              east=east, south=south, west=west, visitors=visitors), now)

    def asks_numbers(self, round_: int) -> bool:
        """Whether the pad asks the players for their numbers at this round, as the station
        said (SPEC.md 14.1): every round, or the first round the table plays."""
        ask = self.memory.ask
        if ask == AskPlayers.EVERY:
            return True
        played = [r for r, info in self.memory.rounds.items()
                  if info.ns is not None and info.ew is not None]
        return ask == AskPlayers.FIRST and bool(played) and round_ == min(played)

    def enter(self, entry: Result | NotPlayed, now: float) -> None:
        """A board confirmed by East/West: stored first, then sent."""
        self.memory.entries[(entry.round, entry.board)] = StoredEntry(entry)
        self.memory.round, self.memory.board = entry.round, entry.board
        self._enqueue(entry, now)

    def correct(self, result: Result, now: float) -> None:
        """Re-entry at the table, during the round (the pad's copy changes once acked)."""
        self._enqueue(Correction(result.section, result.table, result.round, result.board,
                                 result.ns, result.ew, result.contract, result.declarer,
                                 result.tricks, result.lead), now)

    def recover(self, now: float) -> None:
        """Re-send every entry in memory as new messages (control resend, director's menu)."""
        for _, stored in sorted(self.memory.entries.items()):
            if stored.source == "pad":
                self.memory.queue.append(stored.body)
        self._send_next(now)

    def entry_for(self, round_: int, board: int) -> StoredEntry | None:
        return self.memory.entries.get((round_, board))

    # -- the station -------------------------------------------------------------------------

    def receive(self, received: Received, now: float) -> None:
        message = received.message
        if self._old_station(received, now):
            return
        if (message.unit != self.unit or not isinstance(message.body, STATION_TYPES)
                or message.seq <= self.memory.station_seq or not verify(received,
                                                                       self.memory.key)):
            self.stats.ignored += 1  # forged, old, or the other direction: never trusted
            return
        self.memory.station_seq = message.seq
        if not self.contact:
            self._restore_contact(now)
        if message.event not in (0, self.memory.event):
            self._enter_event(message.event)  # before the message itself (SPEC.md 13.5)
        body = message.body
        if isinstance(body, Ack | Nak):
            if self._flight is not None and body.re == self._flight.seq:
                self._answered(body, now)
        elif isinstance(body, GameData):
            self._game_data_part(body, message.seq, now)
        elif isinstance(body, Status):
            self.station_running = body.state == StationState.RUNNING
        elif isinstance(body, CorrectionPush):
            self._pushed(body)
        elif isinstance(body, Control):
            self._control(body.command, now)
        elif isinstance(body, Locked):
            self.memory.locked = body.reason
            self._flight = self._flight_deadline = None
            self.notices.append(LockedOut(body.reason))
        elif isinstance(body, Feedback):
            self._feedback(body)
        elif isinstance(body, Seating):
            self.memory.seatings[body.round] = body
            self.notices.append(SeatingShown(body))
        self._send_next(now)

    def _old_station(self, received: Received, now: float) -> bool:
        """A station that does not speak our version says so, perhaps outside its sequence
        (seq 0, to a unit it does not know yet): with a tag that verifies, answering the
        message in flight, the pad speaks version 1 from now on (SPEC.md 9)."""
        message, flight = received.message, self._flight
        body = message.body
        if (not isinstance(body, Nak) or body.code != ErrorCode.UNSUPPORTED_VERSION
                or flight is None or body.re != flight.seq or flight.v == 1
                or message.unit != self.unit or not verify(received, self.memory.key)):
            return False
        self.memory.protocol = 1
        self.memory.station_seq = max(self.memory.station_seq, message.seq)
        self._flight = self._flight_deadline = None
        head = self.memory.queue[0] if self.memory.queue else None
        if isinstance(head, Hello):
            self.memory.queue[0] = Hello(head.firmware, head.battery, protocol=1)
        self._send_next(now)
        return True

    def _enter_event(self, event: int) -> None:
        """The station has opened another event: forget this one's session, keep the table
        and log in to it again (SPEC.md 13.5)."""
        head = self.memory.queue[0] if self._flight is not None and self.memory.queue else None
        dropped = self.memory.enter_event(event, head)
        if head is not None and (not self.memory.queue or self.memory.queue[0] is not head):
            self._flight = self._flight_deadline = None  # an entry of the old event: dropped
        self.display.clear()
        self.paused, self.station_running = False, True
        self._game_data = None
        self.notices.append(EventEntered(event, dropped))

    def tick(self, now: float) -> None:
        if self._flight is not None and self._flight_deadline is not None \
                and now >= self._flight_deadline:
            self._timed_out(now)
        if self._retry_at is not None and now >= self._retry_at:
            self._retry_at = None
        if self._probe_at is not None and now >= self._probe_at:
            self._probe_at = now + self.timing.probe
            self._transmit(self._message(Heartbeat(self.battery)), now)
        gd = self._game_data
        if gd is not None and now >= gd.started + self.timing.game_data_wait:
            self._game_data = None  # parts went missing on the air: ask for the whole set
            self._enqueue(Resend(from_round=None), now)
        if self.idle and self.contact and self.memory.locked is None \
                and now >= self._last_sent + self.timing.idle:
            self._enqueue(Heartbeat(self.battery), now)
        self._send_next(now)

    # -- sending -----------------------------------------------------------------------------

    def _place(self) -> tuple[str, int]:
        if self.memory.section is None or self.memory.table is None:
            raise RuntimeError("the pad is not logged in to a table")
        return self.memory.section, self.memory.table

    def _enqueue(self, body: Body, now: float) -> None:
        self.memory.queue.append(body)
        self._send_next(now)

    def _new_seq(self) -> int:
        seq = self.next_seq
        self.memory.reserve(seq)
        self.next_seq += 1
        return seq

    def _blocked(self, body: Body) -> bool:
        if self.memory.locked is not None and not isinstance(body, Hello | Login):
            return True
        entry = isinstance(body, Result | NotPlayed | Correction | Players)
        return entry and (self.paused or not self.station_running)

    def _send_next(self, now: float) -> None:
        if self._flight is not None or not self.contact or self._retry_at is not None:
            return
        if not self.memory.queue or self._blocked(self.memory.queue[0]):
            return
        self._flight = self._message(self.memory.queue[0])
        self._attempts = 1
        self.stats.sent += 1
        self._transmit(self._flight, now)
        self._flight_deadline = now + self._jittered(1)

    def _message(self, body: Body) -> Message:
        """`body` under the next seq, in the version the pad speaks, with its event."""
        version = self.memory.protocol
        event = self.memory.event if version >= 2 else 0
        return Message(self.unit, self._new_seq(), body, version, event)

    def _transmit(self, message: Message, now: float) -> None:
        self._out.append(message)
        self._last_sent = now

    def _jittered(self, attempt: int) -> float:
        return self.timing.timeout(attempt) * self.rng.uniform(0.8, 1.2)

    def _timed_out(self, now: float) -> None:
        assert self._flight is not None
        if self._attempts >= GIVE_UP_ATTEMPTS:
            # "No contact": keep the queue, probe now and then with a heartbeat.
            self.contact = False
            self.stats.gave_up += 1
            self._flight = self._flight_deadline = None
            self._probe_at = now + self.timing.probe
            self.notices.append(ContactChanged(False))
            return
        self._attempts += 1
        self.stats.retransmitted += 1
        self._transmit(self._flight, now)  # the same seq and the same bytes
        self._flight_deadline = now + self._jittered(self._attempts)

    def _restore_contact(self, now: float) -> None:
        self.contact = True
        self._probe_at = None
        self.notices.append(ContactChanged(True))
        # The head goes again under a new seq (probes moved the counter on), then catch up.
        self.memory.queue.insert(1 if self.memory.queue else 0, Resend(from_round=None))

    # -- answers -----------------------------------------------------------------------------

    def _answered(self, answer: Ack | Nak, now: float) -> None:
        body = self.memory.queue.pop(0)
        self._flight = self._flight_deadline = None
        if isinstance(answer, Ack):
            self.stats.acked += 1
            self._accepted(body, answer, now)
        else:
            self.stats.naked += 1
            if self._refused(body, answer, now):
                return  # kept for a later retry: not the players' business yet
        self.notices.append(Answered(body, answer))

    def _accepted(self, body: Body, ack: Ack, now: float) -> None:
        if isinstance(body, Login | Resend):
            # game_data follows; if none comes (lost on the air), the wait runs out: resend.
            self._game_data = _GameDataSet(first_seq=-1, parts=1, started=now)
        if isinstance(body, Login):
            self.memory.section, self.memory.table = body.section, body.table
            self.memory.locked = None
        if isinstance(body, Result | NotPlayed | Correction):
            entry = body.as_result() if isinstance(body, Correction) else body
            self.memory.entries[(entry.round, entry.board)] = StoredEntry(
                entry, acked=True, score_ns=ack.score_ns, flags=ack.flags)
            if ack.flags:
                self.stats.flagged += 1

    def _refused(self, body: Body, nak: Nak, now: float) -> bool:
        """True when the pad keeps the message at the head of its queue."""
        if nak.code in KEEP_AND_RETRY:
            self.memory.queue.insert(0, body)
            self._retry_at = now + self.timing.cap
            return True
        if nak.code == ErrorCode.STOPPED:
            self.memory.queue.insert(0, body)
            self.station_running = False
            return True
        if nak.code == ErrorCode.REPLAY:
            if nak.detail is not None and nak.detail.isdigit():
                self.next_seq = max(self.next_seq, int(nak.detail) + 1)
            self.memory.queue.insert(0, body)  # never answered under that seq: send it anew
            return True
        if nak.code in LOCKING:
            self.memory.locked = nak.code
        if isinstance(body, Login) and nak.code in NOT_IN_EVENT:
            # The event has no such table: back to the login form, to choose another.
            self._forget_table()
            self.notices.append(TableForgotten(nak.code))
        if isinstance(body, Result | NotPlayed):
            stored = self.memory.entries.get((body.round, body.board))
            if stored is not None and stored.body == body and not stored.acked:
                del self.memory.entries[(body.round, body.board)]  # the players fix it
            if nak.code == ErrorCode.ALREADY_PLAYED and nak.held is not None:
                held = nak.held
                self.memory.entries[(held.round, held.board)] = StoredEntry(
                    held, acked=True, source="station")
        return False

    # -- station messages --------------------------------------------------------------------

    def _game_data_part(self, body: GameData, seq: int, now: float) -> None:
        first = seq - (body.part - 1)
        gd = self._game_data
        if gd is None or gd.first_seq != first:
            gd = self._game_data = _GameDataSet(first, body.parts, started=now)
        gd.seen.add(body.part)
        memory = self.memory
        memory.section, memory.table = body.section, body.table
        memory.round = max(memory.round or 0, body.round)
        for info in body.rounds:
            memory.rounds[info.round] = info
        for entry in body.results:
            # The station's copy is the truth for every board it lists (SPEC 6.1).
            memory.entries[(entry.round, entry.board)] = StoredEntry(entry, acked=True,
                                                                     source="station")
        if len(gd.seen) == gd.parts:
            self._game_data = None
            self.notices.append(GameDataReceived(body.section, body.table))

    def _pushed(self, body: CorrectionPush) -> None:
        if body.result is None:
            self.memory.entries.pop((body.round, body.board), None)
        else:
            self.memory.entries[(body.round, body.board)] = StoredEntry(
                body.result, acked=True, source="director")
        self.notices.append(CorrectionPushed(body))

    def _control(self, command: ControlCommand, now: float) -> None:
        if command == ControlCommand.RESET:
            # The director's reset: the session goes, the lock too; back to the login form.
            self.memory.forget_session()
            self.memory.locked = None
            self._flight = self._flight_deadline = None
            self._game_data = None
            self.display.clear()
            self.paused = False
            self.notices.append(TableForgotten(None))
        elif command == ControlCommand.STOP:
            self.paused = True
        elif command == ControlCommand.START:
            self.paused = False
        elif command == ControlCommand.RELOGIN and self.memory.table is not None:
            section, table = self._place()
            if not any(isinstance(body, Login) for body in self.memory.queue):
                self.memory.queue.append(Login(section=section, table=table))
        elif command == ControlCommand.RESEND:
            self.recover(now)

    def _forget_table(self) -> None:
        memory = self.memory
        memory.section = memory.table = memory.round = memory.board = None
        memory.rounds.clear()

    def _feedback(self, body: Feedback) -> None:
        key = (body.board, body.kind)
        rows = [] if body.part == 1 else self.display.get(key, [])
        self.display[key] = [*rows, *body.rows]
        if body.part == body.parts:
            self.notices.append(FeedbackShown(body.board, body.kind, tuple(self.display[key])))

