"""What a pad keeps in non-volatile memory (SPEC.md 6.4): it survives a battery change."""

from __future__ import annotations

from dataclasses import dataclass, field

from firmware_protocol.messages import Body, ErrorCode, NotPlayed, Result, ResultFlag, RoundInfo

SEQ_BLOCK = 64  # seqs reserved per write of the counter


@dataclass
class StoredEntry:
    """One board's entry on the pad, and what the station said about it."""

    body: Result | NotPlayed
    acked: bool = False
    score_ns: int | None = None
    flags: tuple[ResultFlag, ...] = ()
    source: str = "pad"  # pad, station (from game_data) or director (correction_push)


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

    def reserve(self, seq: int) -> None:
        """Persists a counter above `seq` before it is used."""
        if seq >= self.seq_reserved:
            self.seq_reserved = seq + SEQ_BLOCK

    def forget_session(self) -> None:
        self.section = self.table = self.round = self.board = None
        self.rounds.clear()
        self.entries.clear()
        self.queue.clear()
