"""The station's working memory: sections, tables, units and the results held.

It is rebuilt from the database at start, so nothing here is the only copy of anything.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from basestation.movements import Movement, PairKey
from basestation.station.session.rulings import Ruling
from firmware_protocol.enums import AskPlayers, PadPlace, ResultEntry
from firmware_protocol.messages import NextRound, RoundRankings

MINUTES_PER_BOARD = 7.5  # a club's usual pace, for a round clock nobody has set
# Per unit. A pad has one message in flight (SPEC.md), so only its latest can come again;
# older answers are read back from the database in the rare case they are asked for.
RECENT_ANSWERS = 4


@dataclass(slots=True)
class HeldResult:
    """The station's current entry for one board at one table in one round.

    Not changed once held: a correction, ruling or move holds a new entry in its place (live
    scores keep each held entry's conversion for scoring by the entry's identity).
    """

    section: str
    table: int
    round: int
    board: int
    ns: int | None
    ew: int | None
    kind: str = "result"  # result, not_played, adjusted
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    ruling: Ruling | None = None  # the director's, on an adjusted or a played result
    score_ns: int | None = None
    flags: tuple[str, ...] = ()
    source: str = "pad"
    unit: int | None = None
    seq: int | None = None

    @property
    def adjusted(self) -> str | None:
        """The ruling as the pages show it: the artificial score, or the ruling's JSON."""
        return None if self.ruling is None else self.ruling.text

    def same_entry(self, other: HeldResult) -> bool:
        """True when `other` says the same thing (a resend, not a different result)."""
        return (self.kind, self.ns, self.ew, self.contract, self.declarer, self.tricks,
                self.lead) == (other.kind, other.ns, other.ew, other.contract, other.declarer,
                               other.tricks, other.lead)


@dataclass
class SectionState:
    letter: str
    movement: Movement
    current_round: int = 1
    holders: dict[int, int] = field(default_factory=dict)  # table -> unit
    table_round: dict[int, int] = field(default_factory=dict)
    last_heard: dict[int, datetime] = field(default_factory=dict)
    # Both indexes hold the same objects: by table for game_data, by board for scoring.
    # Lists, not dicts: a table or a board has a few dozen entries at most.
    by_table: dict[int, list[HeldResult]] = field(default_factory=dict)
    by_board: dict[int, list[HeldResult]] = field(default_factory=dict)
    held_count: int = 0
    # The same objects again by (table, round, board): `held` is asked several times a result.
    _at: dict[tuple[int, int, int], HeldResult] = field(default_factory=dict, init=False,
                                                        repr=False, compare=False)
    # Entries held per round, and the entries each round needs (for the movement named):
    # a round with fewer held than it needs is not complete, without looking at its tables.
    _per_round: dict[int, int] = field(default_factory=dict, init=False, repr=False,
                                       compare=False)
    _needs: tuple[Movement | None, dict[int, int]] = field(
        default_factory=lambda: (None, {}), init=False, repr=False, compare=False)
    # Per table, where `play_round` starts looking (for the movement named): the index in the
    # table's rounds before which every round with two pairs holds all its boards, and the
    # last such round. Storing an entry never undoes that; removing one forgets the table's.
    _played: dict[int, tuple[Movement, int, int | None]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    # When the section's current round began (the round clock): set as the round moves on;
    # after a restart, from the restart.
    round_started: datetime = field(default_factory=lambda: datetime.now(UTC))
    # When its pads ask the players for their numbers (SPEC.md 14), as the director set it.
    ask: AskPlayers = AskPlayers.FIRST
    # How its pads take a board's result: "=", "+1", "-1", or the tricks taken (SPEC.md 14.2).
    result_entry: ResultEntry = ResultEntry.RESULT
    # Rankings on its pads after each round, hiding some (SPEC.md 14.9); None: once published.
    rankings: RoundRankings | None = None
    # Its pads stay at their tables, or move with the round-1 NS or EW pairs (SPEC.md 14.10).
    pads: PadPlace = PadPlace.TABLES
    # The last round whose rankings its pads were sent (0: none yet), so each goes once.
    rankings_sent: int = 0
    _expected: int = field(default=-1, repr=False)
    # Where a table's pairs and boards go after a round (seating.next_round), by (table,
    # round), with the movement it was worked out from: told with every seating.
    next_rounds: dict[tuple[int, int], tuple[Movement, NextRound | None]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @property
    def expected_count(self) -> int:
        """Entries the movement calls for: each board of each round at a table with two pairs."""
        if self._expected < 0:
            self._expected = sum(len(a.boards) for a in self.movement.assignments
                                 if a.ns is not None and a.ew is not None)
        return self._expected

    def replace_movement(self, movement: Movement) -> None:
        """A new movement for the section (a late pair seated mid-session, say)."""
        self.movement = movement
        self._expected = -1

    def complete(self) -> bool:
        """True once every board of every round has an entry (a result, not played, a score)."""
        return self.held_count >= self.expected_count

    def round_complete(self, round_: int) -> bool:
        """True once every table that plays `round_` (two pairs there) holds an entry for each
        of its boards (SPEC.md 6.9)."""
        if self._per_round.get(round_, 0) < self._round_needs(round_):
            return False  # the usual answer while a round is played, and found at once
        held = self._at
        for a in self.movement.round_of(round_):  # plain loops: asked twice a result
            if a.ns is not None and a.ew is not None:
                for b in a.boards:
                    if (a.table, round_, b) not in held:
                        return False
        return True

    def unfinished(self) -> list[int]:
        """The tables that play the current round (two pairs there) and do not yet hold an
        entry for each of its boards (the grid's round clock: "still playing")."""
        round_ = self.current_round
        if self.round_complete(round_):
            return []
        return [a.table for a in self.movement.round_of(round_)
                if a.ns is not None and a.ew is not None
                and any((a.table, round_, b) not in self._at for b in a.boards)]

    def still_playing(self) -> list[int]:
        """The unfinished tables the director's End waits for: all of them in the section's
        last round, else those that have begun the round (an End between rounds ends the
        session before the next is played)."""
        round_, last = self.current_round, self.current_round >= self.movement.rounds
        return [table for table in self.unfinished() if last or any(
            (table, round_, b) in self._at for b in self._boards(round_, table))]

    def _boards(self, round_: int, table: int) -> tuple[int, ...]:
        assignment = self.movement.at(round_, table)
        return () if assignment is None else assignment.boards

    def _round_needs(self, round_: int) -> int:
        """Entries the round needs: each board at each table with two pairs, once."""
        movement, needs = self._needs
        if movement is not self.movement:  # worked out again for a new movement
            needs = {}
            self._needs = (self.movement, needs)
        count = needs.get(round_)
        if count is None:
            count = needs[round_] = sum(len(set(a.boards)) for a in self.movement.round_of(round_)
                                        if a.ns is not None and a.ew is not None)
        return count

    def held(self, table: int, round_: int, board: int) -> HeldResult | None:
        return self._at.get((table, round_, board))

    def play_round(self, table: int) -> int:
        """The round the table plays now: its first round with a board not held, else its
        last (what a pad that entered everything so far goes on to). Asked with every result
        and for every table as the round moves on, so it starts after the rounds the table
        was last found to hold whole (`_played`)."""
        rounds = self.movement.table_rounds(table)
        known = self._played.get(table)
        start, last = (known[1], known[2]) if known and known[0] is self.movement else (0, None)
        held = self._at
        for index in range(start, len(rounds)):  # plain loops: asked for with every result
            a = rounds[index]
            if a.ns is None or a.ew is None:
                continue
            for board in a.boards:
                if (table, a.round, board) not in held:
                    self._played[table] = (self.movement, index, last)
                    return a.round
            last = a.round
        self._played[table] = (self.movement, len(rounds), last)
        return last if last is not None else max(self.current_round, 1)

    def put(self, result: HeldResult) -> None:
        if _put(self.by_table.setdefault(result.table, []), result):
            self.held_count += 1
            self._per_round[result.round] = self._per_round.get(result.round, 0) + 1
        _put(self.by_board.setdefault(result.board, []), result)
        self._at[result.table, result.round, result.board] = result

    def remove(self, table: int, round_: int, board: int) -> None:
        if _remove(self.by_table.get(table, []), table, round_, board):
            self.held_count -= 1
            self._per_round[round_] -= 1
        _remove(self.by_board.get(board, []), table, round_, board)
        self._at.pop((table, round_, board), None)
        self._played.pop(table, None)  # a round it held whole may be missing a board now

    def results_for_table(self, table: int) -> list[HeldResult]:
        return sorted(self.by_table.get(table, ()), key=lambda r: (r.round, r.board))

    def results_for_board(self, board: int) -> list[HeldResult]:
        return list(self.by_board.get(board, ()))

    def all_results(self) -> list[HeldResult]:
        return [r for rows in self.by_table.values() for r in rows]


def _put(rows: list[HeldResult], result: HeldResult) -> bool:
    """Replaces the entry for the same table, round and board in place, else appends (True)."""
    for index, row in enumerate(rows):
        if row.table == result.table and row.round == result.round and row.board == result.board:
            rows[index] = result
            return False
    rows.append(result)
    return True


def _remove(rows: list[HeldResult], table: int, round_: int, board: int) -> bool:
    for index, row in enumerate(rows):
        if row.table == table and row.round == round_ and row.board == board:
            del rows[index]
            return True
    return False


@dataclass
class Thresholds:
    """When the console raises an alert; the director changes them from the grid and they
    are stored (basestation.station.rules.console), so a restart keeps them."""

    silent_minutes: float = 10.0  # a logged-in table's pad not heard for this long
    bad_mac_run: int = 3  # frames in a row failing their check: that pad is failing
    rounds_behind: int = 3  # a table this many rounds behind its section
    # The round clock, per section when set: minutes per board plus minutes per round (the
    # move). A round length set as a whole is minutes per round with none per board.
    round_minutes: dict[str, float] = field(default_factory=dict)
    board_minutes: dict[str, float] = field(default_factory=dict)

    def clock(self, section: SectionState) -> tuple[float, float]:
        """(minutes per board, minutes per round) for the section's round clock."""
        letter = section.letter
        if letter not in self.round_minutes and letter not in self.board_minutes:
            return MINUTES_PER_BOARD, 0.0
        return self.board_minutes.get(letter, 0.0), self.round_minutes.get(letter, 0.0)

    def round_length(self, section: SectionState) -> float:
        """Minutes for a round: its boards' time plus the round's own."""
        first = section.movement.at(1, 1)
        boards = len(first.boards) if first is not None else 2
        per_board, per_round = self.clock(section)
        return round(boards * per_board + per_round, 2)

    def to_json(self) -> dict[str, Any]:
        return {"silent_minutes": self.silent_minutes, "bad_mac_run": self.bad_mac_run,
                "rounds_behind": self.rounds_behind, "round_minutes": dict(self.round_minutes),
                "board_minutes": dict(self.board_minutes)}


@dataclass
class UnitState:
    unit: int
    key: bytes
    last_seq: int = -1
    down_seq: int = 0
    bad_macs: int = 0
    # Frames with a bad tag since this unit's last good one: a pad that keeps failing, not a
    # stray frame claiming its number while it works.
    failing: int = 0
    locked_reason: str | None = None
    replaced_by: int | None = None  # the unit that took its table over (UNIT_REPLACED)
    section: str | None = None
    table: int | None = None
    battery: int | None = None
    firmware: str = ""
    last_seen: datetime | None = None
    link: str | None = None
    # The protocol version of the unit's last authenticated message: the station answers in
    # it, so version 1 firmware keeps working (SPEC.md 13.4).
    version: int = 1
    status_clock: bool = False  # its hello said it restarts its clock from a status (6.7)
    answers: OrderedDict[int, tuple[str, str]] = field(default_factory=OrderedDict)
    # The screen holding the unit, and those seen (SPEC.md 15): in memory only; after a
    # restart the first screen heard holds it.
    screen: str | None = None
    screens: OrderedDict[str, None] = field(default_factory=OrderedDict)
    # The pair it moves with, when its section's pads follow pairs (SPEC.md 14.10): in
    # memory only; after a restart, worked out from its table.
    follows: PairKey | None = None
    # Seconds its broker login is disabled for, having flooded the station (0: it is not);
    # in memory only (core/queue.py, links/dynsec.py).
    cut_off: float = 0.0

    def remember(self, seq: int, digest: str, answer: str) -> None:
        self.answers[seq] = (digest, answer)
        while len(self.answers) > RECENT_ANSWERS:
            self.answers.popitem(last=False)
