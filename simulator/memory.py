"""What a pad keeps in non-volatile memory (SPEC.md 6.4): it survives a battery change."""

from __future__ import annotations

from dataclasses import dataclass, field

from firmware_protocol.messages import (
    LATEST_VERSION,
    AskPlayers,
    Body,
    Correction,
    ErrorCode,
    Heartbeat,
    Hello,
    Login,
    NotPlayed,
    Players,
    Result,
    RoundInfo,
    Seating,
)
from firmware_protocol.pad_machine import HANDED, StoredEntry

SEQ_BLOCK = 64  # seqs reserved per write of the counter


@dataclass
class PadMemory:
    unit: int
    key: bytes
    seq_reserved: int = 1  # every seq below this may have been used; continue from here
    station_seq: int = 0  # highest station seq accepted
    section: str | None = None
    table: int | None = None
    round: int | None = None
    board: int | None = None
    rounds: dict[int, RoundInfo] = field(default_factory=dict)
    entries: dict[tuple[int, int], StoredEntry] = field(default_factory=dict)
    queue: list[Body] = field(default_factory=list)  # not yet answered, oldest first
    locked: ErrorCode | None = None
    key_replaced: bool = False  # the unit was paired again: silent until given the new key
    event: int = 0  # the event the pad holds (SPEC.md 13), 0 for none yet
    protocol: int = LATEST_VERSION  # the version it speaks; 1 for good after an old station
    # What the station said of each round (SPEC.md 14): pairs, players, names, and when the
    # section asks for numbers. Part of the session: forgotten with it.
    seatings: dict[int, Seating] = field(default_factory=dict)

    @property
    def ask(self) -> AskPlayers | None:
        """When to ask the players for their numbers, as the station last said (None: it has
        not said, an older station: never)."""
        latest = max(self.seatings.values(), key=lambda s: s.round, default=None)
        return None if latest is None else latest.ask

    def reserve(self, seq: int) -> None:
        """Persists a counter above `seq` before it is used."""
        if seq >= self.seq_reserved:
            self.seq_reserved = seq + SEQ_BLOCK

    def forget_session(self) -> None:
        self.section = self.table = self.round = self.board = None
        self.rounds.clear()
        self.entries.clear()
        # Entries never answered still go, for the director to decide (SPEC.md 6.5).
        self.queue[:] = [body for body in self.queue if isinstance(body, HANDED)]
        self.seatings.clear()

    def enter_event(self, event: int, in_flight: Body | None = None) -> int:
        """Takes up `event` (SPEC.md 13.5): the previous event's rounds, entries and queued
        entries go; the table is kept and a login to it queued. `in_flight` stays queued
        unless it is an entry. Returns how many queued entries were dropped."""
        dropped = sum(isinstance(body, ENTRIES) for body in self.queue)
        self.queue = [body for body in self.queue
                      if isinstance(body, NO_EVENT) or (body is in_flight
                                                        and not isinstance(body, ENTRIES))]
        self.round = self.board = None
        self.rounds.clear()
        self.entries.clear()
        self.seatings.clear()
        self.event = event
        if (self.section is not None and self.table is not None
                and not any(isinstance(body, Login) for body in self.queue)):
            self.queue.append(Login(section=self.section, table=self.table))
        return dropped


# What belongs to an event (dropped when the pad enters another), and what belongs to none.
ENTRIES = (Result, NotPlayed, Correction, Players)
NO_EVENT = (Hello, Login, Heartbeat)
