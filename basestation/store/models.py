"""The station's tables. Results and changes are appended, never overwritten."""

from __future__ import annotations

import datetime as dt
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger
from sqlmodel import Field, SQLModel


def now() -> datetime:
    return datetime.now(UTC)


class EventRow(SQLModel, table=True):
    __tablename__ = "event"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    regulations: str = "nz"
    running: bool = True
    # The director ends the session (pads stop, a backup is taken), then publishes results.
    ended: bool = False
    published: bool = False
    created_at: datetime = Field(default_factory=now)
    date: dt.date | None = None  # the day it is played (prints and the list of events show it)
    # pairs, teams, swiss-teams or swiss-pairs; a Swiss event plays `rounds` rounds.
    format: str = "pairs"
    rounds: int = 0
    # A pairs event's boards matchpointed across every section (the Scorer's "Score all
    # sections"), and its pairs placed per "section" and direction or across the "room".
    across_the_field: bool = False
    places: str = "section"
    # A handicap event: pairs placed by their percentage plus half their players' handicaps.
    handicap: bool = False
    # Taken from a file of the years before (the file's SHA-256): never the open event.
    imported: str | None = None


class SectionRow(SQLModel, table=True):
    __tablename__ = "section"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    letter: str
    movement_kind: str
    tables: int
    boards: int
    phantom: bool = False
    movement_json: str
    current_round: int = 1
    # The round clock: when the current round began (the event's opening, for round 1), and
    # the minutes per round and per board when the director set them (else the club's pace).
    round_started: datetime | None = Field(default_factory=now)
    round_minutes: float | None = None  # the round clock's minutes per round, when set
    board_minutes: float | None = None  # and per board (null with minutes per round: none)
    # When the section's pads ask for player numbers: never, first (round) or every (round).
    player_numbers: str = "first"
    # How its pads take a board's result: "result" (=, +1, -1) or "tricks" (taken).
    result_entry: str = "result"
    # Rankings on its pads after each round (else only once published), hiding the first and
    # the last rounds named here.
    round_rankings: bool = False
    rankings_hide_first: int = 0
    rankings_hide_last: int = 0
    # Its pads stay at their tables ("tables") or move with the round-1 "ns" or "ew" pairs.
    pads: str = "tables"


class UnitRow(SQLModel, table=True):
    """A pad the station knows. Its key derives from the station secret and `key_epoch`."""

    __tablename__ = "unit"
    unit: int = Field(primary_key=True)
    key_epoch: int = 0
    kind: str = ""
    firmware: str = ""
    battery: int | None = None
    last_seen: datetime | None = None
    last_seq: int = Field(default=-1, sa_type=BigInteger)
    down_seq: int = Field(default=0, sa_type=BigInteger)  # the station's own, to this unit
    bad_macs: int = 0
    locked_reason: str | None = None
    replaced_by: int | None = None  # the unit that took its table over (UNIT_REPLACED)
    section: str | None = None
    table_no: int | None = None


class TableHoldRow(SQLModel, table=True):
    """Which unit holds a section's table (one at a time)."""

    __tablename__ = "table_hold"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    section: str
    table_no: int
    unit: int
    since: datetime = Field(default_factory=now)
    active: bool = True


class TakeoverRow(SQLModel, table=True):
    """A takeover the director authorised: the next pad that asks may take the table over.
    state: open, taken (a pad took the table), withdrawn (the director thought better of it)."""

    __tablename__ = "takeover"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    section: str
    table_no: int
    state: str = "open"
    created_at: datetime = Field(default_factory=now)


class AlertThresholdsRow(SQLModel, table=True):
    """When the grid raises its alerts, as the director last set them (one row, id 1): they
    hold for every night until changed."""

    __tablename__ = "alert_thresholds"
    id: int = Field(default=1, primary_key=True)
    silent_minutes: float
    bad_mac_run: int
    rounds_behind: int


class ClubRow(SQLModel, table=True):
    """The club's settings the director sets on /setup (one row, id 1): they outlast a
    restart and win over station.toml's starting values."""

    __tablename__ = "club"
    id: int = Field(default=1, primary_key=True)
    language: str | None = None  # the pads', the console's and the website's language


class ResultRow(SQLModel, table=True):
    """One entry for a board at a table in a round. status: active, superseded, erased."""

    __tablename__ = "result"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    section: str
    table_no: int
    round: int
    board: int
    ns: int | None = None
    ew: int | None = None
    kind: str = "result"  # result, not_played, adjusted
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    # The director's ruling, a JSON object: the traveller file's ruling fields
    # (basestation.station.session.rulings.Ruling).
    ruling: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    score_ns: int | None = None
    flags: str = ""  # comma-separated ResultFlag values
    status: str = "active"
    source: str = "pad"  # pad, director, recovery
    unit: int | None = None
    seq: int | None = Field(default=None, sa_type=BigInteger)
    created_at: datetime = Field(default_factory=now)


class PenaltyRow(SQLModel, table=True):
    """A director's penalty. A pairs event's: `percent` of a top off `pair` (NS or EW in a
    two-field movement), on one board or the session. A teams or Swiss event's: `vps` off
    `pair`'s total, or `imps` off its score in round `round`'s match. status: active, erased."""

    __tablename__ = "penalty"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    section: str
    pair: int  # the pair, team or Swiss pair
    direction: str | None = None
    percent: float | None = None
    board: int | None = None
    vps: float | None = None
    imps: int | None = None
    round: int | None = None
    status: str = "active"
    created_at: datetime = Field(default_factory=now)


class AnswerRow(SQLModel, table=True):
    """The answer given to a unit's message, so a repeat gets the same answer."""

    __tablename__ = "answer"
    unit: int = Field(primary_key=True)
    seq: int = Field(primary_key=True, sa_type=BigInteger)
    digest: str
    answer_json: str


class MergeOfferRow(SQLModel, table=True):
    """A result from a replaced unit that the station did not hold: the director decides."""

    __tablename__ = "merge_offer"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    unit: int
    body_json: str
    state: str = "open"  # open, merged, rejected
    created_at: datetime = Field(default_factory=now)


class AuditRow(SQLModel, table=True):
    __tablename__ = "audit"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int | None = None
    at: datetime = Field(default_factory=now)
    actor: str  # "unit 17", "director", "station"
    action: str
    detail: str = ""


class PlayerRow(SQLModel, table=True):
    """The club's player list, kept across events."""

    __tablename__ = "player"
    number: int = Field(primary_key=True)
    name: str
    national: str | None = None  # the national body's number (NZB), when known
    # Percentage points (negative for the stronger players), for handicap events; None: none.
    handicap: float | None = None


class SeatRow(SQLModel, table=True):
    """Who plays for a pair or team, set by the director or entered at a table. Never
    updated: a change adds a row, and the newest row for a place holds."""

    __tablename__ = "seat"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    section: str
    entrant: int  # the pair or team number
    side: str = ""  # "NS"/"EW": a two-field pair, or a team's pair; "": the whole entrant
    players: str = ""  # player numbers, comma-separated, in seat order; 0: a visitor
    actor: str = "director"  # "director", or "unit N" when entered at a table
    created_at: datetime = Field(default_factory=now)


class SeatingRow(SQLModel, table=True):
    """Player numbers entered at a table for a round."""

    __tablename__ = "seating"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    section: str
    table_no: int
    round: int
    north: int
    east: int
    south: int
    west: int


class HandRecordRow(SQLModel, table=True):
    """A deal in PBN form, keyed by section and board."""

    __tablename__ = "hand_record"
    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    section: str
    board: int
    deal: str


class CompetitionRow(SQLModel, table=True):
    """Events grouped into a competition, and its ladder's rules (scoring/ladder.py)."""

    __tablename__ = "competition"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    kind: str = "pairs"  # pairs or individual
    sessions: int = 1  # in the whole competition, however many are played so far
    qualify: int = 1  # sessions a player or pair must play to be ranked
    count: int = 1  # the best this many are averaged
    change_partner: bool = False  # players must change partner at least once
    created_at: datetime = Field(default_factory=now)


class CompetitionEventRow(SQLModel, table=True):
    """An event (a session) of a competition."""

    __tablename__ = "competition_event"
    id: int | None = Field(default=None, primary_key=True)
    competition_id: int = Field(foreign_key="competition.id", index=True)
    event_id: int = Field(foreign_key="event.id", index=True)
