"""The reference pad: what SPEC.md 6 and 8 ask of a pad, as a pure state machine.

No I/O and no clock: the caller passes the time with every event, sends what `Send` effects
say, calls `tick` at `deadline`, and keeps the store (SPEC.md 6.4) in non-volatile memory.
The jitter of 6.6 comes from the caller too (a factor in 0.8..1.2 per transmission), so the
behaviour vectors (vectors/behaviour/pad_machine.json) replay exactly. The simulator's pad is
built on this machine; the browser pad (padcore.js) replays the same vectors.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from firmware_protocol.enums import ControlCommand, ErrorCode, ResultFlag, StationState
from firmware_protocol.messages import (
    ALREADY_HELD,
    TO_DIRECTOR,
    Ack,
    Body,
    Control,
    Correction,
    CorrectionPush,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Nak,
    NotPlayed,
    Players,
    Resend,
    Result,
    Status,
)

GIVE_UP_ATTEMPTS = 8
KEEP_AND_RETRY = frozenset({ErrorCode.INTERNAL})
LOCKING = frozenset({ErrorCode.UNIT_REPLACED, ErrorCode.UNIT_LOCKED})
NOT_IN_EVENT = frozenset({ErrorCode.NO_SUCH_TABLE, ErrorCode.NO_SUCH_SECTION})
ENTRIES = (Result, NotPlayed, Correction, Players)  # held back while the station is stopped
HANDED = (Result, NotPlayed, Correction)  # what a pad the station let go hands over (6.5)
# Answers to an entry of a pad the station no longer takes entries from (6.5).
LET_GO = frozenset({*LOCKING, ErrorCode.NOT_LOGGED_IN})
POWER_ON_AGAIN = (Hello, Resend, Heartbeat)  # a power-on sends these afresh, not the old ones


@dataclass(frozen=True)
class Timers:
    """SPEC.md 6.6 and 6.7 in seconds; `answer` is 1.5 on serial/radio, 5 on MQTT."""

    answer: float = 5.0
    cap: float = 30.0
    probe: float = 30.0
    idle: float = 60.0
    game_data: float = 10.0

    def timeout(self, attempt: int) -> float:
        """Without jitter: the first timeout doubled per attempt, up to the cap."""
        return min(self.answer * 2.0 ** (attempt - 1), self.cap)


@dataclass
class StoredEntry:
    """One board's entry on the pad, and what the station said about it."""

    body: Result | NotPlayed
    acked: bool = False
    score_ns: int | None = None
    flags: tuple[ResultFlag, ...] = ()
    source: str = "pad"  # pad, station (from game_data) or director (correction_push)
    handed: bool = False  # sent to the director to decide (a locked pad's, SPEC.md 6.5)


class PadStore(Protocol):
    """What the machine keeps in non-volatile memory (SPEC.md 6.4)."""

    seq_reserved: int  # every seq below this may have been used: continue from here
    station_seq: int  # highest station seq accepted
    section: str | None
    table: int | None
    locked: ErrorCode | None
    key_replaced: bool  # the unit was paired again: silent until this pad gets the new key
    queue: list[Body]  # not yet answered, oldest first
    entries: dict[tuple[int, int], StoredEntry]

    def reserve(self, seq: int) -> None:
        """Persists a counter above `seq` before it is used."""


@dataclass
class PadState:
    """The plain store: the counter exactly, no blocks reserved ahead."""

    seq_reserved: int = 1
    station_seq: int = 0
    section: str | None = None
    table: int | None = None
    locked: ErrorCode | None = None
    key_replaced: bool = False
    queue: list[Body] = field(default_factory=list)
    entries: dict[tuple[int, int], StoredEntry] = field(default_factory=dict)

    def reserve(self, seq: int) -> None:
        self.seq_reserved = max(self.seq_reserved, seq + 1)


# -- effects ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Send:
    """Transmit `body` under `seq`; `again`: a retransmission, the same bytes as before."""

    seq: int
    body: Body
    again: bool = False


@dataclass(frozen=True)
class Answered:
    """The station answered the message in flight; `kept`: it stays queued for a retry."""

    body: Body
    answer: Ack | Nak
    kept: bool


@dataclass(frozen=True)
class ContactChanged:
    contact: bool


@dataclass(frozen=True)
class GameDataComplete:
    section: str
    table: int


@dataclass(frozen=True)
class KeyReplaced:
    """A nak BAD_MAC in sequence under this pad's key: the unit was paired again (SPEC.md 7).
    The pad keeps every entry and sends nothing until it is given the new key."""


Effect = Send | Answered | ContactChanged | GameDataComplete | KeyReplaced


@dataclass
class Flight:
    seq: int
    body: Body
    attempts: int
    deadline: float


@dataclass
class _PartSet:
    first_seq: int  # -1: none has come yet
    parts: int
    seen: set[int]
    until: float


class PadMachine:
    """One pad's link: a power-on is a new machine on the same store."""

    def __init__(self, store: PadStore, timers: Timers, jitter: Callable[[], float], *,
                 battery: int | None = None) -> None:
        self.store = store
        self.timers = timers
        self.jitter = jitter
        self.battery = battery
        self.next_seq = store.seq_reserved  # after a restart: a gap, never a repeat
        self.flight: Flight | None = None
        self.contact = True
        self.running = True  # the station's switch (status, nak STOPPED)
        self.paused = False  # control stop
        self.round: int | None = None  # the section's current round, as the station said
        self.retry_at: float | None = None  # after INTERNAL
        self.probe_at: float | None = None
        self.last_sent = 0.0
        self.parts: _PartSet | None = None
        self._effects: list[Effect] = []

    # -- what the pad shows and when it wants the time -----------------------------------------

    @property
    def idle(self) -> bool:
        return self.flight is None and not self.store.queue

    def timers_set(self) -> dict[str, float]:
        """Each timer running and its deadline."""
        out: dict[str, float] = {}
        if self.flight is not None:
            out["answer"] = self.flight.deadline
        if self.retry_at is not None:
            out["retry"] = self.retry_at
        if self.probe_at is not None:
            out["probe"] = self.probe_at
        if self.parts is not None:
            out["game_data"] = self.parts.until
        if self.idle and self.contact and self._may_idle():
            out["heartbeat"] = self.last_sent + self.timers.idle
        return out

    @property
    def deadline(self) -> float | None:
        return min(self.timers_set().values(), default=None)

    def screen(self) -> dict[str, object]:
        """What the pad shows, coarsely (a pad says it in the players' words, never as codes)."""
        locked = self.store.locked
        return {"contact": self.contact, "locked": None if locked is None else locked.value,
                "running": self.running and not self.paused, "round": self.round,
                "waiting": len(self.store.queue), "key_replaced": self.store.key_replaced}

    # -- events ---------------------------------------------------------------------------------

    def power_on(self, now: float, hello: Hello) -> list[Effect]:
        """Hello, then `resend` if the pad knows its table, then whatever was queued (6.4)."""
        self.last_sent = now
        front: list[Body] = [hello]
        if self.store.table is not None and self.store.locked is None:
            front.append(Resend(from_round=None))
        kept = [body for body in self.store.queue if not isinstance(body, POWER_ON_AGAIN)]
        self.store.queue[:] = [*front, *kept]
        return self._done(now)

    def paired(self, now: float, hello: Hello) -> list[Effect]:
        """The pad was given the unit's new key (the director paired it again): it speaks
        again, as after a power-on, and what it kept goes to the station."""
        self.store.key_replaced = False
        return self.power_on(now, hello)

    def enter(self, body: Body, now: float) -> list[Effect]:
        """The players' doing: a login, their numbers, an entry East/West accepted (stored
        first, then sent), a correction."""
        if self.store.locked is not None and isinstance(body, ENTRIES):
            return self._done(now)  # a locked pad takes no new entry (6.5): no entry form
        if isinstance(body, Result | NotPlayed):
            self.store.entries[(body.round, body.board)] = StoredEntry(body)
        self.store.queue.append(body)
        return self._done(now)

    def fresh(self, seq: int, verified: bool) -> bool:
        """The replay rule for station messages (SPEC.md 8): a tag that verifies and a seq
        above every one accepted; the rest is ignored."""
        return verified and seq > self.store.station_seq

    def receive(self, seq: int, body: Body, verified: bool, now: float) -> list[Effect]:
        if not self.fresh(seq, verified):
            return []
        self.store.station_seq = seq
        if not self.contact:
            self._restore_contact()
        if isinstance(body, Nak) and body.code == ErrorCode.BAD_MAC:
            self._key_replaced(body)  # whatever it answers: a probe, a heartbeat
        elif isinstance(body, Ack | Nak):
            if self.flight is not None and body.re == self.flight.seq:
                self._answered(body, now)
        elif isinstance(body, GameData):
            self._game_data(body, seq, now)
        elif isinstance(body, Status):
            self.running = body.state == StationState.RUNNING
            if body.round is not None:
                self.round = body.round
        elif isinstance(body, Locked):
            self._locked(body.reason)
        elif isinstance(body, CorrectionPush):
            if body.result is None:
                self.store.entries.pop((body.round, body.board), None)
            else:
                self.store.entries[(body.round, body.board)] = StoredEntry(
                    body.result, acked=True, source="director")
        elif isinstance(body, Control):
            self._control(body.command)
        return self._done(now)

    def recover(self, now: float) -> list[Effect]:
        """Re-send every entry of the pad's own as new messages (control resend, 6.5)."""
        self._control(ControlCommand.RESEND)
        return self._done(now)

    def tick(self, now: float) -> list[Effect]:
        flight = self.flight
        if flight is not None and now >= flight.deadline:
            self._timed_out(flight, now)
        if self.retry_at is not None and now >= self.retry_at:
            self.retry_at = None
        if self.probe_at is not None and now >= self.probe_at:
            self.probe_at = now + self.timers.probe
            self._transmit(Send(self._new_seq(), Heartbeat(self.battery)), now)
        if self.parts is not None and now >= self.parts.until:
            self.parts = None  # parts went missing on the air: ask for the whole set
            self.store.queue.append(Resend(from_round=None))
        if self.idle and self.contact and self._may_idle() \
                and now >= self.last_sent + self.timers.idle:
            self.store.queue.append(Heartbeat(self.battery))
        return self._done(now)

    def drop_flight(self) -> None:
        """The message in flight is answered otherwise or gone (its owner's business)."""
        self.flight = None

    def send_next(self, now: float) -> list[Effect]:
        """After the caller changed the queue itself."""
        return self._done(now)

    # -- sending --------------------------------------------------------------------------------

    def _done(self, now: float) -> list[Effect]:
        self._send_next(now)
        effects, self._effects = self._effects, []
        return effects

    def _new_seq(self) -> int:
        seq = self.next_seq
        self.store.reserve(seq)
        self.next_seq += 1
        return seq

    def _may_idle(self) -> bool:
        """Whether the idle heartbeat runs: not while locked or holding a replaced key."""
        return self.store.locked is None and not self.store.key_replaced

    def _blocked(self, body: Body) -> bool:
        if self.store.locked is not None:
            # A locked pad hands over what it holds, whatever the switch (SPEC.md 6.5).
            return isinstance(body, Resend | Heartbeat)
        return isinstance(body, ENTRIES) and (self.paused or not self.running)

    def _locked(self, reason: ErrorCode) -> None:
        """The station took this pad's table away: its entries still go, for the director to
        decide (6.5); nothing of the session is asked for any more. The message in flight
        goes again under a new seq."""
        self.store.locked = reason
        self.flight = None
        self.parts = None
        self.store.queue[:] = [b for b in self.store.queue if not isinstance(b, Resend | Heartbeat)]

    def _send_next(self, now: float) -> None:
        if self.flight is not None or not self.contact or self.retry_at is not None \
                or self.store.key_replaced:
            return
        queue = self.store.queue
        if not queue or self._blocked(queue[0]):
            return
        seq = self._new_seq()
        self.flight = Flight(seq, queue[0], 1, now + self._jittered(1))
        self._transmit(Send(seq, queue[0]), now)

    def _transmit(self, send: Send, now: float) -> None:
        self._effects.append(send)
        self.last_sent = now

    def _jittered(self, attempt: int) -> float:
        return self.timers.timeout(attempt) * self.jitter()

    def _timed_out(self, flight: Flight, now: float) -> None:
        if flight.attempts >= GIVE_UP_ATTEMPTS:
            # "No contact": keep the queue, probe now and then with a heartbeat.
            self.contact = False
            self.flight = None
            self.probe_at = now + self.timers.probe
            self._effects.append(ContactChanged(False))
            return
        flight.attempts += 1
        flight.deadline = now + self._jittered(flight.attempts)
        self._transmit(Send(flight.seq, flight.body, again=True), now)

    def _restore_contact(self) -> None:
        self.contact = True
        self.probe_at = None
        self._effects.append(ContactChanged(True))
        # The head goes again under a new seq (probes moved the counter on), then catch up.
        self.store.queue.insert(1 if self.store.queue else 0, Resend(from_round=None))

    def _control(self, command: ControlCommand) -> None:
        store = self.store
        if command == ControlCommand.RESET:
            # The director's reset: the session, the table and any lock go (SPEC.md 13.5);
            # entries never answered still go, for the director to decide (6.5).
            store.queue[:] = [body for body in store.queue if isinstance(body, HANDED)]
            store.entries.clear()
            store.section = store.table = store.locked = None
            self.flight = self.parts = None
            self.paused, self.running = False, True
        elif command in (ControlCommand.STOP, ControlCommand.START):
            self.paused = command == ControlCommand.STOP
        elif command == ControlCommand.RELOGIN and store.section is not None \
                and store.table is not None:
            if not any(isinstance(body, Login) for body in store.queue):
                store.queue.append(Login(section=store.section, table=store.table))
        elif command == ControlCommand.RESEND:
            for _, stored in sorted(store.entries.items()):
                if stored.source == "pad":
                    store.queue.append(stored.body)

    # -- answers --------------------------------------------------------------------------------

    def _answered(self, answer: Ack | Nak, now: float) -> None:
        body = self.store.queue.pop(0)
        self.flight = None
        kept = False
        if isinstance(answer, Ack):
            self._accepted(body, answer, now)
        else:
            kept = self._refused(body, answer, now)
            if kept:
                self.store.queue.insert(0, body)
        self._effects.append(Answered(body, answer, kept))

    def _key_replaced(self, nak: Nak) -> None:
        """SPEC.md 6.6 and 7: the station answered under this pad's key in the unit's sequence
        that the tag did not verify under the unit's key: this pad's key is an earlier one.
        Everything stays queued and kept; nothing more goes out, not even a heartbeat."""
        flight = self.flight
        self.store.key_replaced = True
        self.flight = None
        self.retry_at = self.probe_at = None
        self.parts = None
        if flight is not None and nak.re == flight.seq and self.store.queue:
            self._effects.append(Answered(self.store.queue[0], nak, True))
        self._effects.append(KeyReplaced())

    def _accepted(self, body: Body, ack: Ack, now: float) -> None:
        if isinstance(body, Login | Resend):
            # game_data follows; if none comes (lost on the air), the wait runs out: resend.
            self.parts = _PartSet(-1, 1, set(), now + self.timers.game_data)
        if isinstance(body, Login):
            self.store.section, self.store.table = body.section, body.table
            self.store.locked = None
            for key in [k for k, e in self.store.entries.items() if e.handed]:
                del self.store.entries[key]  # the director's now, not this table's to play
        if isinstance(body, Result | NotPlayed | Correction):
            entry = body.as_result() if isinstance(body, Correction) else body
            self.store.entries[(entry.round, entry.board)] = StoredEntry(
                entry, acked=True, score_ns=ack.score_ns, flags=ack.flags)

    def _refused(self, body: Body, nak: Nak, now: float) -> bool:
        """True when the pad keeps the message at the head of its queue (6.2, 6.6)."""
        if nak.code in KEEP_AND_RETRY:
            self.retry_at = now + self.timers.cap
            return True
        if nak.code == ErrorCode.STOPPED:
            self.running = False  # until a status says running
            return True
        if nak.code == ErrorCode.REPLAY:
            # The station has seen higher numbers (a pad that lost its counter): go above.
            if nak.detail is not None and nak.detail.isdigit():
                self.next_seq = max(self.next_seq, int(nak.detail) + 1)
            return True  # never answered under that seq: sent anew
        if nak.code in LOCKING and self.store.locked is None:
            self._locked(nak.code)
        if isinstance(body, Login) and nak.code in NOT_IN_EVENT:
            self.store.section = self.store.table = None  # back to the login form
        if isinstance(body, HANDED) and self._reset_unheard(body, nak):
            self._control(ControlCommand.RESET)
        if isinstance(body, HANDED) and nak.code in LET_GO:
            self._handed(body, nak)
        elif isinstance(body, Result | NotPlayed):
            key = (body.round, body.board)
            stored = self.store.entries.get(key)
            if stored is not None and not stored.acked:
                del self.store.entries[key]  # the players fix it
            if nak.code == ErrorCode.ALREADY_PLAYED and nak.held is not None:
                held = nak.held
                self.store.entries[(held.round, held.board)] = StoredEntry(
                    held, acked=True, source="station")
        return False

    def _reset_unheard(self, body: Result | NotPlayed | Correction, nak: Nak) -> bool:
        """NOT_LOGGED_IN with a detail is a reset unit's answer (6.5): for an entry of the
        table the pad still holds, the pad missed the director's `control reset` (it was away)
        and does now what it would have done then (13.5)."""
        return (nak.code == ErrorCode.NOT_LOGGED_IN and nak.detail is not None
                and (body.section, body.table) == (self.store.section, self.store.table))

    def _handed(self, body: Result | NotPlayed | Correction, nak: Nak) -> None:
        """What became of an entry of a pad the station let go, as the nak's detail says:
        with the director to decide, held by the station as it is, or not kept (6.5)."""
        entry = body.as_result() if isinstance(body, Correction) else body
        key = (entry.round, entry.board)
        stored = self.store.entries.get(key)
        if stored is None or (stored.acked and stored.source != "pad"):
            return  # not this table's session any more (a reset), or the station's copy
        if nak.detail == TO_DIRECTOR:
            self.store.entries[key] = StoredEntry(entry, handed=True)
        elif nak.detail == ALREADY_HELD:
            self.store.entries[key] = StoredEntry(entry, acked=True)
        elif not stored.acked:
            del self.store.entries[key]

    # -- game data ------------------------------------------------------------------------------

    def _game_data(self, body: GameData, seq: int, now: float) -> None:
        first = seq - (body.part - 1)
        parts = self.parts
        if parts is None or parts.first_seq != first:
            parts = self.parts = _PartSet(first, body.parts, set(), now + self.timers.game_data)
        parts.seen.add(body.part)
        self.store.section, self.store.table = body.section, body.table
        self.round = body.round
        for entry in body.results:
            # The station's copy is the truth for every board it lists (SPEC.md 6.1).
            self.store.entries[(entry.round, entry.board)] = StoredEntry(
                entry, acked=True, source="station")
        if len(parts.seen) >= parts.parts:
            self.parts = None
            self._effects.append(GameDataComplete(body.section, body.table))


def persisted(store: PadStore) -> dict[str, object]:
    """The store in the vectors' words: what a pad keeps across a power cycle."""
    entries = {f"{r}/{b}": ("acked " if e.acked and e.source == "pad" else "")
               + ("handed " if e.handed else "") + e.source
               for (r, b), e in sorted(store.entries.items())}
    locked = store.locked
    return {"seq_reserved": store.seq_reserved, "station_seq": store.station_seq,
            "section": store.section, "table": store.table,
            "locked": None if locked is None else locked.value,
            "key_replaced": store.key_replaced,
            "queue": [body.TYPE.value for body in store.queue], "entries": entries}
