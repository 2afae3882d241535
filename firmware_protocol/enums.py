"""The protocol's enumerations; each value is its JSON wire form."""

from __future__ import annotations

from enum import StrEnum


class Seat(StrEnum):
    """A compass seat; the value is its one-letter wire form."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the opening leader when this seat declares."""
        order = "NESW"
        return Seat(order[(order.index(self.value) + 1) % 4])


class Strain(StrEnum):
    """A contract's strain; the value is its wire form."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"


class Doubling(StrEnum):
    """Whether a contract is doubled; the value is its suffix in the contract string."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"


class MessageType(StrEnum):
    """The `type` of a message. The first eight go pad to station, the rest station to pad."""

    HELLO = "hello"
    LOGIN = "login"
    PLAYERS = "players"
    RESULT = "result"
    NOT_PLAYED = "not_played"
    CORRECTION = "correction"
    RESEND = "resend"
    HEARTBEAT = "heartbeat"
    ACK = "ack"
    NAK = "nak"
    GAME_DATA = "game_data"
    STATUS = "status"
    FEEDBACK = "feedback"
    CORRECTION_PUSH = "correction_push"
    CONTROL = "control"
    LOCKED = "locked"
    SEATING = "seating"  # added to both versions: a pad that does not know it drops it (SPEC 14)

    @property
    def from_pad(self) -> bool:
        """True for messages a pad sends; a receiver drops messages of the other direction."""
        return self in _FROM_PAD


_FROM_PAD = frozenset(
    {
        MessageType.HELLO,
        MessageType.LOGIN,
        MessageType.PLAYERS,
        MessageType.RESULT,
        MessageType.NOT_PLAYED,
        MessageType.CORRECTION,
        MessageType.RESEND,
        MessageType.HEARTBEAT,
    }
)


class ErrorCode(StrEnum):
    """Why a message was refused (nak `code`, locked `reason`, ProtocolError `code`)."""

    MALFORMED = "MALFORMED"
    UNSUPPORTED_VERSION = "UNSUPPORTED_VERSION"
    BAD_MAC = "BAD_MAC"
    REPLAY = "REPLAY"
    NOT_LOGGED_IN = "NOT_LOGGED_IN"
    NO_SUCH_SECTION = "NO_SUCH_SECTION"
    NO_SUCH_TABLE = "NO_SUCH_TABLE"
    BAD_PIN = "BAD_PIN"
    TABLE_IN_USE = "TABLE_IN_USE"
    UNIT_REPLACED = "UNIT_REPLACED"
    STOPPED = "STOPPED"
    WRONG_ROUND = "WRONG_ROUND"
    BOARD_OUT_OF_RANGE = "BOARD_OUT_OF_RANGE"
    WRONG_PAIRS = "WRONG_PAIRS"
    ALREADY_PLAYED = "ALREADY_PLAYED"
    INVALID_CONTRACT = "INVALID_CONTRACT"
    INVALID_TRICKS = "INVALID_TRICKS"
    INVALID_LEAD = "INVALID_LEAD"
    INVALID_PLAYER = "INVALID_PLAYER"
    NOT_YOUR_BOARD = "NOT_YOUR_BOARD"
    CORRECTION_CLOSED = "CORRECTION_CLOSED"
    INTERNAL = "INTERNAL"
    OTHER_EVENT = "OTHER_EVENT"
    UNIT_LOCKED = "UNIT_LOCKED"

    @property
    def since(self) -> int:
        """The protocol version that brought this code in: a unit speaking an older one is
        never sent it (SPEC.md 13.3)."""
        return 2 if self in _V2_CODES else 1


_V2_CODES = frozenset({"OTHER_EVENT", "UNIT_LOCKED"})


class ResultFlag(StrEnum):
    """Remarks on an accepted result, carried in its ack (never a reason to refuse it)."""

    LEAD_DECLARER_MISMATCH = "LEAD_DECLARER_MISMATCH"
    SUSPECT_WRONG_SIDE = "SUSPECT_WRONG_SIDE"
    DUPLICATE = "DUPLICATE"
    CORRECTED = "CORRECTED"
    DIRECTOR_CHANGED = "DIRECTOR_CHANGED"
    UNKNOWN_PLAYER = "UNKNOWN_PLAYER"


class AskPlayers(StrEnum):
    """When a section's pads ask the players for their numbers (SPEC.md 14)."""

    NEVER = "never"
    FIRST = "first"  # at the first round the table plays
    EVERY = "every"  # at every round


class ResultEntry(StrEnum):
    """How a section's pads take the result of a board (SPEC.md 14.2): against the contract
    ("=", "+1", "-2") or as the tricks declarer took."""

    RESULT = "result"
    TRICKS = "tricks"


class PadPlace(StrEnum):
    """Where a section's pads go (SPEC.md 14.10): each stays at its table, or moves with the
    pair sitting NS (or EW) at its table in round 1 (players' own phones)."""

    TABLES = "tables"
    NS = "ns"
    EW = "ew"


class StationState(StrEnum):
    """Whether the station accepts entries (the director's start/stop switch)."""

    RUNNING = "running"
    STOPPED = "stopped"


class FeedbackKind(StrEnum):
    """What a feedback message shows after a board (or, for ranking, after the session)."""

    TRAVELLER = "traveller"
    FREQUENCY = "frequency"
    HAND = "hand"
    PAR = "par"
    RANKING = "ranking"


class ControlCommand(StrEnum):
    """A command from the director to one pad."""

    RESET = "reset"
    STOP = "stop"
    START = "start"
    RELOGIN = "relogin"
    RESEND = "resend"
