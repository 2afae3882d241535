"""A scoring pad's firmware as a sans-IO state machine: events in, messages out.

The link (queue, retransmission, replay rule, naks, status, locked, game_data) is the reference
pad of firmware_protocol/pad_machine.py, the machine the behaviour vectors check; this class
adds what a simulated pad keeps beyond it (the movement, seatings, feedback shown, events, the
version it speaks) and builds the messages. It knows nothing of sockets, radios or clocks: its
driver calls the event methods with the current time, transmits whatever `take_outgoing`
returns, and calls `tick` at `deadline`. Everything in `memory` survives a battery change.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from firmware_protocol.messages import (
    Ack,
    AskPlayers,
    Control,
    ControlCommand,
    Correction,
    CorrectionPush,
    ErrorCode,
    Feedback,
    FeedbackKind,
    GameData,
    Hello,
    Locked,
    Login,
    Message,
    Nak,
    NotPlayed,
    Players,
    Received,
    Result,
    Row,
    Seating,
    Status,
)
from firmware_protocol.pad_machine import (
    NOT_IN_EVENT,
    Effect,
    GameDataComplete,
    KeyReplaced,
    PadMachine,
    Send,
    StoredEntry,
)
from firmware_protocol.pad_machine import (
    Answered as LinkAnswered,
)
from firmware_protocol.pad_machine import (
    ContactChanged as LinkContact,
)
from firmware_protocol.security import verify
from simulator.memory import PadMemory
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
from simulator.notices import (
    KeyReplaced as KeyReplacedNotice,
)
from simulator.timing import Timing

STATION_TYPES = (Ack, Nak, GameData, Status, Feedback, CorrectionPush, Control, Locked, Seating)


@dataclass
class PadStats:
    sent: int = 0  # first transmissions
    retransmitted: int = 0
    acked: int = 0
    naked: int = 0
    flagged: int = 0
    ignored: int = 0  # station messages dropped: bad tag, old seq, wrong direction
    gave_up: int = 0


class Pad:
    """One pad. Build it from its memory; a battery change is a new Pad on the same memory."""

    def __init__(self, memory: PadMemory, timing: Timing, rng: random.Random | None = None, *,
                 firmware: str = "simulator 1", battery: int | None = 100) -> None:
        self.memory = memory
        self.timing = timing
        self.rng = rng or random.Random(memory.unit)
        self.firmware = firmware
        self.machine = PadMachine(memory, timing.timers, lambda: self.rng.uniform(0.8, 1.2),
                                  battery=battery)
        self.stats = PadStats()
        self.notices: list[Notice] = []
        self.display: dict[tuple[int, FeedbackKind], list[Row]] = {}
        self._out: list[Message] = []
        self._flight: Message | None = None  # the bytes of the message in flight

    # -- what the driver asks --------------------------------------------------------------

    @property
    def unit(self) -> int:
        return self.memory.unit

    @property
    def battery(self) -> int | None:
        return self.machine.battery

    @battery.setter
    def battery(self, value: int | None) -> None:
        self.machine.battery = value

    @property
    def next_seq(self) -> int:
        return self.machine.next_seq

    @property
    def contact(self) -> bool:
        return self.machine.contact

    @property
    def station_running(self) -> bool:
        return self.machine.running

    @property
    def paused(self) -> bool:
        """Control stop."""
        return self.machine.paused

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing in flight."""
        return self.machine.idle

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
        return self.machine.deadline

    # -- the players and the power switch ----------------------------------------------------

    def power_on(self, now: float) -> None:
        """Hello, then `resend` if the pad knows its table, then whatever was queued."""
        hello = Hello(firmware=self.firmware, battery=self.battery,
                      protocol=self.memory.protocol)
        self._apply(self.machine.power_on(now, hello))

    @property
    def key_replaced(self) -> bool:
        """The unit was paired again: this pad holds an earlier key and sends nothing."""
        return self.memory.key_replaced

    def paired(self, key: bytes, now: float) -> None:
        """The director paired the unit again and the pad was given its new key: it speaks
        again, as after a power-on, and everything it kept goes to the station."""
        self.memory.key = key
        hello = Hello(firmware=self.firmware, battery=self.battery,
                      protocol=self.memory.protocol)
        self._apply(self.machine.paired(now, hello))

    def login(self, section: str, table: int, now: float, *, takeover: bool = False,
              pin: str | None = None) -> None:
        self._apply(self.machine.enter(Login(section=section, table=table, pin=pin,
                                             takeover=takeover), now))

    def players(self, round_: int, seats: tuple[int, int, int, int], now: float, *,
                visitors: tuple[tuple[str, str], ...] = ()) -> None:
        """Player numbers North, East, South, West (0 for a visitor, whose name a pad with
        letters may give in `visitors`: the JSON form only)."""
        section, table = self._place()
        north, east, south, west = seats
        self._apply(self.machine.enter(Players(section=section, table=table, round=round_,
                                               north=north, east=east, south=south,
                                               west=west, visitors=visitors), now))

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
        self.memory.round, self.memory.board = entry.round, entry.board
        self._apply(self.machine.enter(entry, now))

    def correct(self, result: Result, now: float) -> None:
        """Re-entry at the table, during the round (the pad's copy changes once acked)."""
        self._apply(self.machine.enter(Correction(
            result.section, result.table, result.round, result.board, result.ns, result.ew,
            result.contract, result.declarer, result.tricks, result.lead), now))

    def recover(self, now: float) -> None:
        """Re-send every entry in memory as new messages (control resend, director's menu)."""
        self._apply(self.machine.recover(now))

    def entry_for(self, round_: int, board: int) -> StoredEntry | None:
        return self.memory.entries.get((round_, board))

    # -- the station -------------------------------------------------------------------------

    def receive(self, received: Received, now: float) -> None:
        message = received.message
        if self._old_station(received, now):
            return
        verified = (message.unit == self.unit and isinstance(message.body, STATION_TYPES)
                    and verify(received, self.memory.key))
        if not self.machine.fresh(message.seq, verified):
            self.stats.ignored += 1  # forged, old, or the other direction: never trusted
            return
        if message.event not in (0, self.memory.event):
            self._enter_event(message.event)  # before the message itself (SPEC.md 13.5)
        body = message.body
        self._apply(self.machine.receive(message.seq, body, True, now))
        if isinstance(body, GameData):
            memory = self.memory
            memory.round = max(memory.round or 0, body.round)
            for info in body.rounds:
                memory.rounds[info.round] = info
        elif isinstance(body, CorrectionPush):
            self.notices.append(CorrectionPushed(body))
        elif isinstance(body, Control) and body.command == ControlCommand.RESET:
            # The session goes, and what the pad showed of it; back to the login form.
            self.memory.forget_session()
            self.display.clear()
            self.notices.append(TableForgotten(None))
        elif isinstance(body, Locked):
            self.notices.append(LockedOut(body.reason))
        elif isinstance(body, Feedback):
            self._feedback(body)
        elif isinstance(body, Seating):
            self.memory.seatings[body.round] = body
            self.notices.append(SeatingShown(body))

    def _old_station(self, received: Received, now: float) -> bool:
        """A station that does not speak our version says so, perhaps outside its sequence
        (seq 0, to a unit it does not know yet): with a tag that verifies, answering the
        message in flight, the pad speaks version 1 from now on (SPEC.md 9)."""
        message, flight = received.message, self._flight
        body = message.body
        if (not isinstance(body, Nak) or body.code != ErrorCode.UNSUPPORTED_VERSION
                or flight is None or self.machine.flight is None
                or body.re != flight.seq or flight.v == 1
                or message.unit != self.unit or not verify(received, self.memory.key)):
            return False
        self.memory.protocol = 1
        self.memory.station_seq = max(self.memory.station_seq, message.seq)
        self.machine.drop_flight()
        head = self.memory.queue[0] if self.memory.queue else None
        if isinstance(head, Hello):
            self.memory.queue[0] = Hello(head.firmware, head.battery, protocol=1)
        self._apply(self.machine.send_next(now))
        return True

    def _enter_event(self, event: int) -> None:
        """The station has opened another event: forget this one's session, keep the table
        and log in to it again (SPEC.md 13.5)."""
        machine = self.machine
        head = self.memory.queue[0] if machine.flight is not None and self.memory.queue else None
        dropped = self.memory.enter_event(event, head)
        if head is not None and (not self.memory.queue or self.memory.queue[0] is not head):
            machine.drop_flight()  # an entry of the old event: dropped
        self.display.clear()
        machine.paused, machine.running, machine.parts = False, True, None
        self.notices.append(EventEntered(event, dropped))

    def tick(self, now: float) -> None:
        self._apply(self.machine.tick(now))

    # -- what the machine did ----------------------------------------------------------------

    def _place(self) -> tuple[str, int]:
        if self.memory.section is None or self.memory.table is None:
            raise RuntimeError("the pad is not logged in to a table")
        return self.memory.section, self.memory.table

    def _apply(self, effects: list[Effect]) -> None:
        for effect in effects:
            if isinstance(effect, Send):
                self._send(effect)
            elif isinstance(effect, LinkAnswered):
                self._answered(effect)
            elif isinstance(effect, LinkContact):
                if not effect.contact:
                    self.stats.gave_up += 1
                self.notices.append(ContactChanged(effect.contact))
            elif isinstance(effect, GameDataComplete):
                self.notices.append(GameDataReceived(effect.section, effect.table))
            elif isinstance(effect, KeyReplaced):
                self.notices.append(KeyReplacedNotice())

    def _send(self, send: Send) -> None:
        flight = self._flight
        if send.again and flight is not None and flight.seq == send.seq:
            self.stats.retransmitted += 1
            self._out.append(flight)  # the same seq and the same bytes
            return
        # In the version the pad speaks, with its event.
        version = self.memory.protocol
        event = self.memory.event if version >= 2 else 0
        message = Message(self.unit, send.seq, send.body, version, event)
        in_flight = self.machine.flight
        if in_flight is not None and in_flight.seq == send.seq:
            self._flight = message
            self.stats.sent += 1
        self._out.append(message)

    def _answered(self, answered: LinkAnswered) -> None:
        body, answer = answered.body, answered.answer
        if isinstance(answer, Ack):
            self.stats.acked += 1
            if answer.flags and isinstance(body, Result | NotPlayed | Correction):
                self.stats.flagged += 1
        else:
            self.stats.naked += 1
            if isinstance(body, Login) and answer.code in NOT_IN_EVENT:
                # The event has no such table: back to the login form, to choose another.
                self.memory.round = self.memory.board = None
                self.memory.rounds.clear()
                self.notices.append(TableForgotten(answer.code))
        if not answered.kept:  # kept for a later retry: not the players' business yet
            self.notices.append(Answered(body, answer))

    def _feedback(self, body: Feedback) -> None:
        key = (body.board, body.kind)
        rows = [] if body.part == 1 else self.display.get(key, [])
        self.display[key] = [*rows, *body.rows]
        if body.part == body.parts:
            self.notices.append(FeedbackShown(body.board, body.kind, tuple(self.display[key])))
