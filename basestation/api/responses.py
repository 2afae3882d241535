"""The routes' answers, declared so /docs and the OpenAPI document describe them.

Shapes are the ones the pages read, every field named: no model lets an undeclared key
through. A shape a view builds is declared beside that view and re-exported here (the grid's
in station/views/grid.py, the alerts in station/effects/alerts.py, the status, units and
event in api/readmodel.py, the held results, travellers, score cards and rankings in
api/views.py): the view returns the very model its route answers with. Rows
whose fields depend on their kind (an alert, a merge offer's entry, a scored line) are
`Given`: each carries only the fields it was given, as the pages have always read them
(tests/api/test_response_shapes.py checks that nothing is dropped or added).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from basestation.api.readmodel import (
    AlertsOut,
    EventOut,
    HealthOut,
    LinkOut,
    MergeOfferOut,
    SectionOut,
    StatusOut,
    UnitOut,
)
from basestation.api.views import (
    EntryOut,
    HeldOut,
    RankingOut,
    ScorecardRowOut,
    TravellerLineOut,
    TravellerOut,
)
from basestation.station.effects.alerts import AlertOut
from basestation.station.effects.shapes import Given, Shape
from basestation.station.views.grid import (
    CellOut,
    ClockOut,
    GridOut,
    SectionGridOut,
    TableOut,
    TableRowOut,
    ThresholdsOut,
)
from basestation.station.views.match_shapes import (
    MatchesOut,
    MatchOut,
    SectionMatchesOut,
    StandingOut,
)


class ConsoleOut(BaseModel):
    """Another event's console on this computer ([[console]]): its name and link."""

    name: str
    url: str = Field(description="the link; \":<port>/\": on the host the page was opened by")


class PastEventOut(BaseModel):
    id: int | None
    name: str
    regulations: str
    running: bool
    created_at: str
    date: str | None = None
    ended: bool = False
    published: bool = False
    results: int
    open: bool


class MovementOut(BaseModel):
    section: str
    movement: dict[str, Any]
    balanced: bool
    balance_report: str


class DealsOut(BaseModel):
    section: str
    deals: dict[int, str]


class EnteredOut(HeldOut):
    """The director's result as the station now holds it, and the station's sentence on it."""

    done: str


class HistoryLineOut(EntryOut):
    status: str
    source: str
    at: str


class BoardDetailOut(BaseModel):
    board: int
    held: HeldOut | None
    history: list[HistoryLineOut]


class CellDetailOut(BaseModel):
    section: str
    table: int
    round: int
    sit_out: bool
    ns: int | None = None
    ew: int | None = None
    boards: list[BoardDetailOut]


class PlayerOut(BaseModel):
    number: int
    name: str
    national: str | None = None  # left out when not known
    handicap: float | None = None  # for handicap events; left out when none


class PenaltyOut(BaseModel):
    id: int | None
    section: str
    pair: int
    direction: str | None
    percent: float
    board: int | None


class MatchPenaltyOut(BaseModel):
    id: int | None
    section: str
    entrant: int
    vps: float | None
    imps: int | None
    round: int | None


class OffersDeclinedOut(BaseModel):
    unit: int
    declined: int  # offers dropped


class MergeDecisionOut(BaseModel):
    id: int
    merged: bool
    replaced: bool = False  # a held entry was replaced (a conflict, confirmed)


class AuditEntryOut(BaseModel):
    id: int | None
    at: str
    actor: str
    who: str  # the actor in the director's words
    action: str
    detail: dict[str, Any]
    text: str


class AuditOut(BaseModel):
    event: int | None
    entries: list[AuditEntryOut]
    more: bool


class ScorecardOut(BaseModel):
    section: str
    pair: int
    direction: str | None
    boards: list[ScorecardRowOut]


class WhoAmIOut(BaseModel):
    director: bool


class CompetitionEventOut(BaseModel):
    id: int
    name: str
    date: str  # the day played (ISO), else the day it was set up


class CompetitionOut(BaseModel):
    """A competition and its ladder's rules (scoring/ladder.py)."""

    id: int
    name: str
    kind: str = Field(description="pairs or individual")
    sessions: int = Field(description="in the whole competition, however many are played")
    qualify: int = Field(description="sessions a player or pair must play to be ranked")
    count: int = Field(description="the best this many sessions are averaged")
    change_partner: bool = Field(description="players must change partner at least once")
    events: list[CompetitionEventOut]


class LadderSessionOut(BaseModel):
    event: int
    pct: float
    counted: bool  # among the best sessions that count
    partners: str  # in an individual ladder, who the player played with


class LadderRowOut(BaseModel):
    rank: int
    rank_label: str  # "3=" for a tie
    players: list[PlayerOut]
    names: str
    average: float
    played: list[LadderSessionOut]


class NotQualifiedOut(BaseModel):
    players: list[PlayerOut]
    names: str
    played: list[LadderSessionOut]
    why: str


class LadderOut(BaseModel):
    competition: CompetitionOut
    events: list[CompetitionEventOut]  # the sessions counted here, in the order played
    sessions_played: int
    left_out: int = Field(description="events not published yet: counted for the director "
                                      "only")
    rows: list[LadderRowOut]
    not_qualified: list[NotQualifiedOut]


class PlaceGetterOut(BaseModel):
    rank_label: str
    names: str
    average: float


class CompetitionSummaryOut(BaseModel):
    competition: CompetitionOut
    place_getters: list[PlaceGetterOut]  # first, second and third (more when tied)


class PlayerSessionOut(BaseModel):
    date: str
    event: int
    event_name: str
    section: str
    pair: int
    direction: str | None
    partners: str
    pct: float
    rank_label: str
    pairs: int  # ranked in the pair's field (its section, and direction in a Mitchell)


class PlayerHistoryOut(BaseModel):
    player: PlayerOut
    since: str
    until: str
    sessions: list[PlayerSessionOut]
    average: float | None = None  # over the sessions shown; left out when none


# The director's actions' answers: what changed, as the pages read it back.


class OkOut(BaseModel):
    ok: bool


class RunningOut(BaseModel):
    running: bool


class TakeoverOut(BaseModel):
    """A table's takeover, authorised or withdrawn."""

    section: str
    table: int
    takeover: str = Field(description="authorised or withdrawn")


class UnitTakeoverOut(BaseModel):
    """A unit's table handed to the next pad that asks."""

    unit: int
    section: str
    table: int
    takeover: str = Field(description="authorised")


class ResendOut(BaseModel):
    section: str
    table: int
    unit: int = Field(description="the unit holding the table, asked to resend")
    command: str


class CommandOut(BaseModel):
    unit: int
    command: str


class UnitResetOut(UnitOut):
    done: str = Field(description="what the reset did, in a sentence")


class RoundClosedOut(BaseModel):
    section: str
    current_round: int


class HandRecordsLoadedOut(BaseModel):
    section: str
    boards: list[int] = Field(description="the boards whose deals were loaded")
    ignored: list[int] = Field(description="boards in the file the section does not have")


class SeatedOut(BaseModel):
    """Where a pair new to the movement sits first."""

    round: int
    table: int
    direction: str
    pair: int


class MovementChangedOut(BaseModel):
    section: str
    kind: str
    tables: int
    boards: int
    rounds: int
    seated: list[SeatedOut] = Field(description="pairs the new movement seats that the old "
                                                "one did not")


class PlayersCountOut(BaseModel):
    players: int = Field(description="players on the club's list now")


class ErasedOut(BaseModel):
    erased: bool


class RemovedOut(BaseModel):
    removed: int = Field(description="the penalty's id")


__all__ = [
    "AlertOut",
    "AlertsOut",
    "AuditEntryOut",
    "AuditOut",
    "BoardDetailOut",
    "CellDetailOut",
    "CellOut",
    "ClockOut",
    "CommandOut",
    "CompetitionEventOut",
    "CompetitionOut",
    "CompetitionSummaryOut",
    "ConsoleOut",
    "DealsOut",
    "EnteredOut",
    "EntryOut",
    "ErasedOut",
    "EventOut",
    "Given",
    "GridOut",
    "HandRecordsLoadedOut",
    "HealthOut",
    "HeldOut",
    "HistoryLineOut",
    "LadderOut",
    "LadderRowOut",
    "LadderSessionOut",
    "LinkOut",
    "MatchOut",
    "MatchPenaltyOut",
    "MatchesOut",
    "MergeDecisionOut",
    "MergeOfferOut",
    "MovementChangedOut",
    "MovementOut",
    "NotQualifiedOut",
    "OffersDeclinedOut",
    "OkOut",
    "PastEventOut",
    "PenaltyOut",
    "PlaceGetterOut",
    "PlayerHistoryOut",
    "PlayerOut",
    "PlayerSessionOut",
    "PlayersCountOut",
    "RankingOut",
    "RemovedOut",
    "ResendOut",
    "RoundClosedOut",
    "RunningOut",
    "ScorecardOut",
    "ScorecardRowOut",
    "SeatedOut",
    "SectionGridOut",
    "SectionMatchesOut",
    "SectionOut",
    "Shape",
    "StandingOut",
    "StatusOut",
    "TableOut",
    "TableRowOut",
    "TakeoverOut",
    "ThresholdsOut",
    "TravellerLineOut",
    "TravellerOut",
    "UnitOut",
    "UnitResetOut",
    "UnitTakeoverOut",
    "WhoAmIOut",
]
