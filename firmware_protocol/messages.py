"""Typed, immutable protocol messages. Constructing one checks every field (see SPEC.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from firmware_protocol.enums import (
    AskPlayers,
    ControlCommand,
    Doubling,
    ErrorCode,
    FeedbackKind,
    MessageType,
    PadPlace,
    ResultEntry,
    ResultFlag,
    Seat,
    StationState,
    Strain,
)
from firmware_protocol.errors import ProtocolError
from firmware_protocol.fields import (
    PASS,
    canonical_card,
    canonical_contract,
    check_int,
    check_optional_int,
    check_section,
    check_text,
)

__all__ = [
    "BODY_TYPES",
    "HANDICAPPED",
    "LATEST_VERSION",
    "PROTOCOL_VERSION",
    "VERSIONS",
    "Ack",
    "AskPlayers",
    "Body",
    "Cell",
    "Control",
    "ControlCommand",
    "Correction",
    "CorrectionPush",
    "Doubling",
    "Entry",
    "ErrorCode",
    "Feedback",
    "FeedbackKind",
    "GameData",
    "Heartbeat",
    "Hello",
    "Locked",
    "Login",
    "Message",
    "MessageType",
    "Move",
    "Nak",
    "NextRound",
    "NotPlayed",
    "Players",
    "ProtocolError",
    "Received",
    "Resend",
    "Result",
    "ResultFlag",
    "RoundClock",
    "RoundInfo",
    "Row",
    "Seat",
    "SeatPlayer",
    "Seating",
    "StationState",
    "Status",
    "Strain",
    "for_version",
]

PROTOCOL_VERSION = 1  # a message's version unless it says otherwise
LATEST_VERSION = 2  # the highest version this package speaks
VERSIONS = (1, 2)  # every version this package reads and writes (SPEC.md 9)

# Ranges shared by both codecs (the binary form has room for exactly these).
MAX_UNIT = 0xFFFF
MAX_SEQ = 0xFFFF_FFFF
MAX_EVENT = 0xFFFF_FFFF
MAX_SMALL = 255  # table, round, board, part and count fields
MAX_PAIR = 0xFFFF
MAX_PLAYER = 0xFFFF_FFFF
MAX_SCORE = 32767
MAX_FIRMWARE = 24
MAX_PIN = 8
MAX_DETAIL = 64
MAX_ADJUSTED = 24
MAX_NAME = 24  # a player's name on a pad (SPEC.md 14): short, since radio airtime is scarce
SEAT_NAMES = ("north", "east", "south", "west")
# A nak UNIT_REPLACED, UNIT_LOCKED or NOT_LOGGED_IN answering an entry of a pad the station no
# longer takes entries from says in `detail` what became of it (SPEC.md 6.5): kept for the
# director to decide, or already held as it is. No detail: not kept. A CORRECTION_CLOSED of a
# table just left says TO_DIRECTOR too (SPEC.md 14.10).
TO_DIRECTOR = "director"
ALREADY_HELD = "held"
MAX_CELL = 2**31 - 1


def _set(obj: object, name: str, value: object) -> None:
    # Frozen dataclasses store their normalised form (canonical card, tuple, enum) this way.
    object.__setattr__(obj, name, value)


def _check_place(section: object, table: object, round_: object) -> None:
    check_section(section)
    check_int(table, "table", 1, MAX_SMALL)
    check_int(round_, "round", 1, MAX_SMALL)


def _check_board_pairs(board: object, ns: object, ew: object) -> None:
    check_int(board, "board", 1, MAX_SMALL)
    check_int(ns, "ns", 1, MAX_PAIR)
    check_int(ew, "ew", 1, MAX_PAIR)


_SEATS = frozenset(seat.value for seat in Seat)  # looked up, not the enum walked per result


def _check_played(entry: Result | Correction) -> None:
    """Contract, declarer, tricks and lead of a result or correction, normalised in place."""
    _check_place(entry.section, entry.table, entry.round)
    _check_board_pairs(entry.board, entry.ns, entry.ew)
    contract = canonical_contract(entry.contract)
    _set(entry, "contract", contract)
    if contract == PASS:
        if entry.declarer is not None:
            raise ProtocolError(ErrorCode.INVALID_CONTRACT, "a passed-out board has no declarer")
        if entry.tricks is not None:
            raise ProtocolError(ErrorCode.INVALID_TRICKS, "a passed-out board has no tricks")
        if entry.lead is not None:
            raise ProtocolError(ErrorCode.INVALID_LEAD, "a passed-out board has no lead")
        return
    if not isinstance(entry.declarer, str) or entry.declarer not in _SEATS:
        raise ProtocolError(
            ErrorCode.INVALID_CONTRACT, f"declarer must be N, E, S or W, not {entry.declarer!r}"
        )
    _set(entry, "declarer", Seat(entry.declarer))
    check_int(entry.tricks, "tricks", 0, 13, ErrorCode.INVALID_TRICKS)
    if entry.lead is not None:
        _set(entry, "lead", canonical_card(entry.lead))


@dataclass(frozen=True, slots=True)
class Hello:
    """Pad start-up: firmware version, battery percent, highest protocol version it speaks."""

    TYPE: ClassVar[MessageType] = MessageType.HELLO
    firmware: str
    battery: int | None
    protocol: int = PROTOCOL_VERSION
    # JSON only (SPEC.md 6.7): the pad restarts its round clock from a `status`, so the
    # station need not send it a `seating` for that alone.
    status_clock: bool = False

    def __post_init__(self) -> None:
        check_text(self.firmware, "firmware", MAX_FIRMWARE, ascii_only=True)
        check_optional_int(self.battery, "battery", 0, 100)
        check_int(self.protocol, "protocol", 1, MAX_SMALL)
        if not isinstance(self.status_clock, bool):
            raise ProtocolError(ErrorCode.MALFORMED, "status_clock must be true or false")


@dataclass(frozen=True, slots=True)
class Login:
    """Take a section/table; `takeover` asks to replace the unit holding it (needs the director)."""

    TYPE: ClassVar[MessageType] = MessageType.LOGIN
    section: str
    table: int
    pin: str | None = None
    takeover: bool = False

    def __post_init__(self) -> None:
        check_section(self.section)
        check_int(self.table, "table", 1, MAX_SMALL)
        if self.pin == "":
            _set(self, "pin", None)  # an empty pin is no pin (the binary form cannot tell)
        if self.pin is not None:
            check_text(self.pin, "pin", MAX_PIN, ascii_only=True)
        if not isinstance(self.takeover, bool):
            raise ProtocolError(ErrorCode.MALFORMED, "takeover must be true or false")


@dataclass(frozen=True, slots=True)
class Players:
    """Player numbers at a table for a round (0 for a visitor or the phantom)."""

    TYPE: ClassVar[MessageType] = MessageType.PLAYERS
    section: str
    table: int
    round: int
    north: int
    east: int
    south: int
    west: int

    # JSON only (SPEC.md 14.4): the names typed for visitors, as (seat, name) in seat order,
    # each for a seat whose number is 0. The binary form has no room: a bridgepad's visitor
    # stays 0 and the director names it.
    visitors: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        _check_place(self.section, self.table, self.round)
        for seat in SEAT_NAMES:
            check_int(getattr(self, seat), seat, 0, MAX_PLAYER)
        try:
            visitors = dict(self.visitors)
        except (TypeError, ValueError):
            visitors = None
        if visitors is None or len(visitors) != len(self.visitors):
            raise ProtocolError(ErrorCode.MALFORMED, "visitors: one name per seat")
        for seat, name in visitors.items():
            if seat not in SEAT_NAMES or getattr(self, seat) != 0:
                raise ProtocolError(ErrorCode.MALFORMED,
                                    f"a visitor's name for {seat!r}, whose number is not 0")
            check_text(name, "a visitor's name", MAX_NAME)
            if not name.strip():
                raise ProtocolError(ErrorCode.MALFORMED, "a visitor's name is empty")
        _set(self, "visitors", tuple((seat, visitors[seat]) for seat in SEAT_NAMES
                                     if seat in visitors))

    @property
    def numbers(self) -> tuple[int, int, int, int]:
        """North, East, South, West."""
        return self.north, self.east, self.south, self.west


@dataclass(frozen=True, slots=True)
class Result:
    """One board's result. `tricks` is the total declarer took; PASS has no declarer or tricks."""

    TYPE: ClassVar[MessageType] = MessageType.RESULT
    section: str
    table: int
    round: int
    board: int
    ns: int
    ew: int
    contract: str
    declarer: Seat | None
    tricks: int | None
    lead: str | None = None

    def __post_init__(self) -> None:
        _check_played(self)


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """The board was not played at this table (late play or an adjusted score to come)."""

    TYPE: ClassVar[MessageType] = MessageType.NOT_PLAYED
    section: str
    table: int
    round: int
    board: int
    ns: int
    ew: int
    # Station to pad, JSON only (SPEC.md 4): the director's adjusted score this entry
    # stands for, e.g. "60/40", shown instead of "not played". The binary form has no room.
    adjusted: str | None = None

    def __post_init__(self) -> None:
        _check_place(self.section, self.table, self.round)
        _check_board_pairs(self.board, self.ns, self.ew)
        if self.adjusted == "":
            _set(self, "adjusted", None)
        if self.adjusted is not None:
            check_text(self.adjusted, "adjusted", MAX_ADJUSTED)


@dataclass(frozen=True, slots=True)
class Correction:
    """Replaces the result held for this board; only during the round it was played in."""

    TYPE: ClassVar[MessageType] = MessageType.CORRECTION
    section: str
    table: int
    round: int
    board: int
    ns: int
    ew: int
    contract: str
    declarer: Seat | None
    tricks: int | None
    lead: str | None = None

    def __post_init__(self) -> None:
        _check_played(self)

    def as_result(self) -> Result:
        """The result this correction asks the station to hold."""
        return Result(self.section, self.table, self.round, self.board, self.ns, self.ew,
                      self.contract, self.declarer, self.tricks, self.lead)


@dataclass(frozen=True, slots=True)
class Resend:
    """Ask the station to send game_data again, holding results from `from_round` on (None: all)."""

    TYPE: ClassVar[MessageType] = MessageType.RESEND
    from_round: int | None = None

    def __post_init__(self) -> None:
        check_optional_int(self.from_round, "from_round", 1, MAX_SMALL)


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """I am still here (sent when idle); battery percent if known."""

    TYPE: ClassVar[MessageType] = MessageType.HEARTBEAT
    battery: int | None = None

    def __post_init__(self) -> None:
        check_optional_int(self.battery, "battery", 0, 100)


Entry: TypeAlias = "Result | NotPlayed"


def _check_entry(entry: object, name: str) -> None:
    if not isinstance(entry, Result | NotPlayed):
        raise ProtocolError(ErrorCode.MALFORMED, f"{name} must be a result or not_played")


_FLAG_ORDER = {flag: place for place, flag in enumerate(ResultFlag)}  # an ack's flags' order


@dataclass(frozen=True, slots=True)
class Ack:
    """The message `re` was accepted (for a result: stored). Flags are kept in a canonical order."""

    TYPE: ClassVar[MessageType] = MessageType.ACK
    re: int
    score_ns: int | None = None
    flags: tuple[ResultFlag, ...] = ()

    def __post_init__(self) -> None:
        check_int(self.re, "re", 0, MAX_SEQ)
        check_optional_int(self.score_ns, "score_ns", -MAX_SCORE, MAX_SCORE)
        if self.flags == ():  # the usual ack: nothing to check or put in order
            return
        flags = set(self.flags)
        if not all(isinstance(flag, ResultFlag) for flag in flags):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown flag in {self.flags!r}")
        _set(self, "flags", tuple(sorted(flags, key=_FLAG_ORDER.__getitem__)))


@dataclass(frozen=True, slots=True)
class Nak:
    """The message `re` was refused; for ALREADY_PLAYED `held` is what the station holds."""

    TYPE: ClassVar[MessageType] = MessageType.NAK
    re: int
    code: ErrorCode
    held: Result | NotPlayed | None = None
    detail: str | None = None

    def __post_init__(self) -> None:
        check_int(self.re, "re", 0, MAX_SEQ)
        if not isinstance(self.code, ErrorCode):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown error code {self.code!r}")
        if self.held is not None:
            _check_entry(self.held, "held")
        if self.detail == "":
            _set(self, "detail", None)  # an empty detail is no detail (as in the binary form)
        if self.detail is not None:
            check_text(self.detail, "detail", MAX_DETAIL)


@dataclass(frozen=True, slots=True)
class RoundInfo:
    """A table's round in the movement: the pairs (None: no pair) and boards, in order."""

    round: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]

    def __post_init__(self) -> None:
        check_int(self.round, "round", 1, MAX_SMALL)
        check_optional_int(self.ns, "ns", 1, MAX_PAIR)
        check_optional_int(self.ew, "ew", 1, MAX_PAIR)
        _set(self, "boards", tuple(self.boards))
        if len(self.boards) > MAX_SMALL:
            raise ProtocolError(ErrorCode.MALFORMED, "too many boards in a round")
        for board in self.boards:
            check_int(board, "board", 1, MAX_SMALL)


@dataclass(frozen=True, slots=True)
class GameData:
    """A table's movement and held results; part `part` of `parts` (each part stands alone)."""

    TYPE: ClassVar[MessageType] = MessageType.GAME_DATA
    section: str
    table: int
    round: int
    rounds: tuple[RoundInfo, ...]
    results: tuple[Result | NotPlayed, ...] = ()
    part: int = 1
    parts: int = 1

    def __post_init__(self) -> None:
        _check_place(self.section, self.table, self.round)
        _set(self, "rounds", tuple(self.rounds))
        _set(self, "results", tuple(self.results))
        if len(self.rounds) > MAX_SMALL:
            raise ProtocolError(ErrorCode.MALFORMED, "too many rounds")
        for info in self.rounds:
            if not isinstance(info, RoundInfo):
                raise ProtocolError(ErrorCode.MALFORMED, "rounds must hold RoundInfo")
        for entry in self.results:
            _check_entry(entry, "a game_data result")
            if (entry.section, entry.table) != (self.section, self.table):
                raise ProtocolError(ErrorCode.MALFORMED, "a result for another table")
        check_int(self.parts, "parts", 1, MAX_SMALL)
        check_int(self.part, "part", 1, self.parts)


@dataclass(frozen=True, slots=True)
class Status:
    """The station's switch and the current round (None before the session starts)."""

    TYPE: ClassVar[MessageType] = MessageType.STATUS
    state: StationState
    round: int | None = None
    clock: RoundClock | None = None  # JSON only: the round clock, restarted (SPEC.md 6.7)
    ended: bool = False  # JSON only: the director ended the session; the clock stops (6.7)

    def __post_init__(self) -> None:
        if not isinstance(self.state, StationState):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown state {self.state!r}")
        check_optional_int(self.round, "round", 1, MAX_SMALL)
        if self.clock is not None and not isinstance(self.clock, RoundClock):
            raise ProtocolError(ErrorCode.MALFORMED, "clock must be a round clock")
        if not isinstance(self.ended, bool):
            raise ProtocolError(ErrorCode.MALFORMED, "ended must be true or false")


Cell: TypeAlias = "str | int | None"
Row: TypeAlias = "tuple[Cell, ...]"


# A ranking row's cells in both forms (SPEC.md 4); a sixth, the names after a round (14.9),
# is JSON only.
RANKING_CELLS = 5


HANDICAPPED = "handicapped"  # a feedback's `ranking`: the handicapped ranking (SPEC.md 14.9)


@dataclass(frozen=True, slots=True)
class Feedback:
    """Rows to show after a board (board 0: the whole session); part `part` of `parts`."""

    TYPE: ClassVar[MessageType] = MessageType.FEEDBACK
    board: int
    kind: FeedbackKind
    rows: tuple[Row, ...]
    part: int = 1
    parts: int = 1
    # JSON only (SPEC.md 14.9): the round a ranking stands after (None: the whole session).
    round: int | None = None
    # JSON only (SPEC.md 14.9): "handicapped" when a ranking places the pairs on their
    # handicapped percentage, which its percent cells then are (None: the raw ranking).
    ranking: str | None = None

    def __post_init__(self) -> None:
        check_int(self.board, "board", 0, MAX_SMALL)
        check_optional_int(self.round, "round", 1, MAX_SMALL)
        if self.ranking not in (None, HANDICAPPED):
            raise ProtocolError(ErrorCode.MALFORMED,
                                f"ranking must be {HANDICAPPED!r} or absent, not {self.ranking!r}")
        if not isinstance(self.kind, FeedbackKind):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown feedback kind {self.kind!r}")
        if isinstance(self.rows, str | bytes):
            raise ProtocolError(ErrorCode.MALFORMED, "rows must be a list of lists")
        rows = tuple(_check_row(row) for row in self.rows)
        _set(self, "rows", rows)
        check_int(self.parts, "parts", 1, MAX_SMALL)
        check_int(self.part, "part", 1, self.parts)


def _check_row(row: object) -> Row:
    if not isinstance(row, list | tuple):
        raise ProtocolError(ErrorCode.MALFORMED, "a feedback row must be a list")
    for cell in row:
        if isinstance(cell, str):
            check_text(cell, "cell", 255)
        elif cell is not None:
            check_int(cell, "cell", -MAX_CELL, MAX_CELL)
    return tuple(row)


@dataclass(frozen=True, slots=True)
class CorrectionPush:
    """The director changed a board at this table: the new entry, or None if it was erased."""

    TYPE: ClassVar[MessageType] = MessageType.CORRECTION_PUSH
    section: str
    table: int
    round: int
    board: int
    result: Result | NotPlayed | None

    def __post_init__(self) -> None:
        _check_place(self.section, self.table, self.round)
        check_int(self.board, "board", 1, MAX_SMALL)
        if self.result is not None:
            _check_entry(self.result, "result")
            where = (self.result.section, self.result.table, self.result.round, self.result.board)
            if where != (self.section, self.table, self.round, self.board):
                raise ProtocolError(ErrorCode.MALFORMED, "result is for another board")


@dataclass(frozen=True, slots=True)
class Control:
    """A director's command to the pad."""

    TYPE: ClassVar[MessageType] = MessageType.CONTROL
    command: ControlCommand

    def __post_init__(self) -> None:
        if not isinstance(self.command, ControlCommand):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown command {self.command!r}")


@dataclass(frozen=True, slots=True)
class Locked:
    """The station no longer accepts this unit (for example UNIT_REPLACED)."""

    TYPE: ClassVar[MessageType] = MessageType.LOCKED
    reason: ErrorCode

    def __post_init__(self) -> None:
        if not isinstance(self.reason, ErrorCode):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown reason {self.reason!r}")


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """Who sits in a seat, as the station knows it: `number` None when nobody has said, 0 for
    a visitor without a name; `name` None when the number is not on the club's list, and
    always None without a number (None or 0)."""

    number: int | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        check_optional_int(self.number, "number", 0, MAX_PLAYER)
        if self.name == "":
            _set(self, "name", None)  # no name (the binary form cannot tell "" from none)
        if self.name is not None:
            check_text(self.name, "name", MAX_NAME)
            if not self.number:  # a name is a listed number's (SPEC.md 14.2)
                raise ProtocolError(ErrorCode.MALFORMED, "a name needs a player number")


SCREEN = re.compile(r"[0-9a-z]{1,16}")  # a page's screen name (SPEC.md 15)
MAX_CLOCK = 24 * 3600  # seconds: a round clock's length, and how far its end may be


@dataclass(frozen=True, slots=True)
class RoundClock:
    """The section's round clock (SPEC.md 14.6): the round it times, the seconds until that
    round's time is up when the message was sent (negative once over), and its length."""

    round: int
    ends_in: int
    length: int

    def __post_init__(self) -> None:
        check_int(self.round, "clock round", 1, MAX_SMALL)
        check_int(self.ends_in, "ends_in", -MAX_CLOCK, MAX_CLOCK)
        check_int(self.length, "length", 0, MAX_CLOCK)


@dataclass(frozen=True, slots=True)
class RoundRankings:
    """The section shows its pads the rankings after each round (SPEC.md 14.9), except after
    the first `hide_first` and the last `hide_last` rounds (the finish stays a surprise)."""

    hide_first: int = 0
    hide_last: int = 0

    def __post_init__(self) -> None:
        check_int(self.hide_first, "hide_first", 0, MAX_SMALL)
        check_int(self.hide_last, "hide_last", 0, MAX_SMALL)

    def shows(self, round_: int, rounds: int) -> bool:
        """Whether the rankings after this round (of that many) may be shown."""
        return self.hide_first < round_ <= rounds - self.hide_last


@dataclass(frozen=True, slots=True)
class Move:
    """Where a pair sits next round: the table and the side (SPEC.md 14.7)."""

    table: int
    side: str

    def __post_init__(self) -> None:
        check_int(self.table, "table", 1, MAX_SMALL)
        if self.side not in ("NS", "EW"):
            raise ProtocolError(ErrorCode.MALFORMED, f"a side is NS or EW, not {self.side!r}")


@dataclass(frozen=True, slots=True)
class NextRound:
    """Where everyone at the table goes when the round ends (SPEC.md 14.7): the next round,
    the North-South and East-West pairs' seats in it (None: that pair sits out, or there is
    no pair there now) and the tables that play this round's boards next (none: the relay
    stand)."""

    round: int
    ns: Move | None = None
    ew: Move | None = None
    boards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_int(self.round, "next round", 1, MAX_SMALL)
        for name in ("ns", "ew"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Move):
                raise ProtocolError(ErrorCode.MALFORMED, f"next {name} must be a move")
        tables = tuple(self.boards)
        if len(tables) > MAX_SMALL:
            raise ProtocolError(ErrorCode.MALFORMED, "too many tables for the boards")
        for table in tables:
            check_int(table, "boards' table", 1, MAX_SMALL)
        _set(self, "boards", tables)


@dataclass(frozen=True, slots=True)
class Seating:
    """A table's round: the section's setting for asking player numbers, the pairs (or teams)
    there and who sits in each seat with their names (SPEC.md 14)."""

    TYPE: ClassVar[MessageType] = MessageType.SEATING
    section: str
    table: int
    round: int
    ask: AskPlayers
    ns: int | None = None
    ew: int | None = None
    north: SeatPlayer = SeatPlayer()
    east: SeatPlayer = SeatPlayer()
    south: SeatPlayer = SeatPlayer()
    west: SeatPlayer = SeatPlayer()
    # JSON only (SPEC.md 14.6, 14.7, 14.8): absent in the binary form, so a bridgepad (its
    # keypad is its own) never has them.
    result_entry: ResultEntry = ResultEntry.RESULT
    clock: RoundClock | None = None
    next_round: NextRound | None = None
    rankings: RoundRankings | None = None  # None: rankings only once published (14.9)
    pads: PadPlace = PadPlace.TABLES  # the pads stay at their tables, or follow pairs (14.10)

    def __post_init__(self) -> None:
        _check_place(self.section, self.table, self.round)
        if self.rankings is not None and not isinstance(self.rankings, RoundRankings):
            raise ProtocolError(ErrorCode.MALFORMED, "rankings must be the rankings setting")
        if self.clock is not None and not isinstance(self.clock, RoundClock):
            raise ProtocolError(ErrorCode.MALFORMED, "clock must be a round clock")
        if self.next_round is not None and not isinstance(self.next_round, NextRound):
            raise ProtocolError(ErrorCode.MALFORMED, "next must be the next round")
        if not isinstance(self.ask, AskPlayers):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown ask {self.ask!r}")
        if not isinstance(self.pads, PadPlace):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown pads {self.pads!r}")
        if not isinstance(self.result_entry, ResultEntry):
            raise ProtocolError(ErrorCode.MALFORMED, f"unknown result_entry {self.result_entry!r}")
        check_optional_int(self.ns, "ns", 1, MAX_PAIR)
        check_optional_int(self.ew, "ew", 1, MAX_PAIR)
        for seat in SEAT_NAMES:
            if not isinstance(getattr(self, seat), SeatPlayer):
                raise ProtocolError(ErrorCode.MALFORMED, f"{seat} must be a seat's player")

    @property
    def seats(self) -> tuple[SeatPlayer, SeatPlayer, SeatPlayer, SeatPlayer]:
        """North, East, South, West."""
        return self.north, self.east, self.south, self.west


Body: TypeAlias = (
    Hello | Login | Players | Result | NotPlayed | Correction | Resend | Heartbeat
    | Ack | Nak | GameData | Status | Feedback | CorrectionPush | Control | Locked | Seating
)

BODY_TYPES: dict[MessageType, type[Body]] = {
    cls.TYPE: cls
    for cls in (Hello, Login, Players, Result, NotPlayed, Correction, Resend, Heartbeat,
                Ack, Nak, GameData, Status, Feedback, CorrectionPush, Control, Locked,
                Seating)
}
_BODY_CLASSES = frozenset(BODY_TYPES.values())  # looked up for every message made


@dataclass(frozen=True, slots=True)
class Message:
    """One message: who sent it (`unit`: the pad's id, either direction), its seq and body.

    `event` (version 2 only) is the event the sender holds: the station's open event, or the
    pad's; 0 for none. Version 1 carries no event, so it is 0 there.

    `screen` (JSON only, both versions; SPEC.md 15) names the screen a pad's page runs on, so
    the station can tell two phones or tabs opened as one unit apart; on a station message,
    the screen that holds the unit. None: not said (every binary message).
    """

    unit: int
    seq: int
    body: Body
    v: int = PROTOCOL_VERSION
    event: int = 0
    screen: str | None = None

    def __post_init__(self) -> None:
        check_int(self.unit, "unit", 1, MAX_UNIT)
        check_int(self.seq, "seq", 0, MAX_SEQ)
        if isinstance(self.v, bool) or self.v not in VERSIONS:
            raise ProtocolError(ErrorCode.UNSUPPORTED_VERSION, f"version {self.v} is not spoken")
        check_int(self.event, "event", 0, MAX_EVENT)
        if self.v < 2 and self.event != 0:
            raise ProtocolError(ErrorCode.MALFORMED, "version 1 carries no event")
        if type(self.body) not in _BODY_CLASSES:
            raise ProtocolError(ErrorCode.MALFORMED, f"not a message body: {self.body!r}")
        if self.screen is not None and (not isinstance(self.screen, str)
                                        or SCREEN.fullmatch(self.screen) is None):
            raise ProtocolError(ErrorCode.MALFORMED,
                                "screen must be 1 to 16 lower-case letters or digits")
        code = _code_of(self.body)
        if code is not None and code.since > self.v:
            raise ProtocolError(ErrorCode.MALFORMED,
                                f"{code.value} is not a code of version {self.v}")

    @property
    def type(self) -> MessageType:
        """The body's message type."""
        return self.body.TYPE


def _code_of(body: Body) -> ErrorCode | None:
    if isinstance(body, Nak):
        return body.code
    if isinstance(body, Locked):
        return body.reason
    return None


# What a unit of an older version is sent instead of a code it does not know (SPEC.md 13.3).
_OLDER_CODE = {ErrorCode.UNIT_LOCKED: ErrorCode.UNIT_REPLACED,
               ErrorCode.OTHER_EVENT: ErrorCode.NOT_LOGGED_IN}


def for_version(body: Body, v: int) -> Body:
    """`body` as a unit speaking version `v` may be sent it: a code that version lacks is
    replaced by the older code meaning nearest (UNIT_LOCKED becomes UNIT_REPLACED)."""
    code = _code_of(body)
    if code is None or code.since <= v:
        return body
    older = _OLDER_CODE[code]
    if isinstance(body, Nak):
        return Nak(body.re, older, body.held, body.detail)
    return Locked(older)


@dataclass(frozen=True, slots=True)
class Received:
    """A decoded message with its tag and the exact bytes the tag covers (check with verify)."""

    message: Message
    mac: bytes
    signed: bytes
