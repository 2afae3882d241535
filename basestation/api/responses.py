"""The read routes' answers, declared so /docs and the OpenAPI document describe them.

Shapes are the ones the pages read, every field named: no model lets an undeclared key
through. Rows whose fields depend on their kind (an alert, a merge offer's entry, a scored
line) are `Given`: each carries only the fields it was given, as the pages have always read
them (tests/api/test_response_shapes.py checks that nothing is dropped or added).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer


class Given(BaseModel):
    """A row whose fields depend on its kind: every one is declared, and only those it was
    given are sent (a not-played line has no contract, a link alert no table)."""

    @model_serializer(mode="wrap")
    def _given_only(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        return {k: v for k, v in data.items() if k in self.model_fields_set}


class LinkOut(BaseModel):
    name: str
    kind: str = Field(default="", description="mqtt or serial")
    where: str = Field(default="", description="the broker's host:port, or the serial port")
    connected: bool
    down_since: str | None = Field(default=None, description="when it went down, if it is")


class HealthOut(BaseModel):
    """The station's core: hub restarts after a failure, and whether the database answers."""

    hub_restarts: int
    hub_last_failure: str | None
    database: str  # ok, unavailable
    database_down_since: str | None
    queued: int  # messages and actions waiting for the hub
    shed: int  # pad messages dropped: a unit flooding, or the queue full (pads retransmit)
    # With [mqtt] dynamic_security: whether the pads' broker logins are in step, in a sentence.
    broker_logins: str | None = None


class ConsoleOut(BaseModel):
    """Another event's console on this computer ([[console]]): its name and link."""

    name: str
    url: str = Field(description="the link; \":<port>/\": on the host the page was opened by")


class StatusOut(BaseModel):
    event: str
    running: bool
    complete: bool
    ended: bool
    ending: list[str] = Field(default_factory=list, description=(
        "the tables an End waits for (\"A3\"): they play on, and the session ends once the "
        "last has finished"))
    published: bool
    results_public: bool
    sections: dict[str, int]
    links: list[LinkOut]
    health: HealthOut


class CellOut(BaseModel):
    round: int
    state: str
    done: int
    boards: int
    ns: int | None = None
    ew: int | None = None
    board_numbers: list[int] = Field(description="the boards played in this cell")


class TableOut(BaseModel):
    table: int
    state: str
    unit: int | None
    battery: int | None
    round: int
    last_contact: str | None = Field(description="when the table's pad was last heard")
    takeover: bool = Field(description="a takeover is authorised, waiting for a pad")
    link: str | None = Field(default=None, description="the link its pad was last heard on")
    replaced_by: int | None = Field(default=None, description="who replaced its locked pad")
    cells: list[CellOut]


class ClockOut(BaseModel):
    started: str = Field(description="when the current round began")
    minutes: float = Field(description="minutes since")
    round_minutes: float = Field(description="the round's length")
    minutes_per_board: float = Field(description="of which, minutes for each board")
    minutes_per_round: float = Field(description="and minutes for the round (the move)")
    playing: list[int] = Field(description="tables still playing the current round")


class SectionGridOut(BaseModel):
    section: str
    round: int
    rounds: int
    tables: list[TableOut]
    clock: ClockOut


class ThresholdsOut(BaseModel):
    silent_minutes: float
    bad_mac_run: int
    rounds_behind: int
    round_minutes: dict[str, float] = Field(description="per section set: minutes per round")
    board_minutes: dict[str, float] = Field(description="per section set: minutes per board")


class AlertOut(Given):
    """A standing problem for the director; which fields it has depends on its kind."""

    kind: str = Field(description=(
        "link_down, silent_table, no_contact, missing_boards, bad_mac, stray_bad_mac, "
        "wrong_pin, too_many_visitors, number_sweep, merge_offer, merge_conflict, unit_locked, "
        "unit_replaced, flooding, many_offers, or a flagged result: lead_declarer_mismatch, "
        "suspect_wrong_side, wrong_pairs"))
    section: str | None = None
    table: int | None = None
    round: int | None = None
    board: int | None = None
    unit: int | None = Field(default=None, description="the pad (flooding: None for frames "
                             "failing their check, claiming many units)")
    rounds: int | None = Field(default=None, description="silent_table: rounds behind")
    minutes: float | None = Field(default=None, description="no_contact: minutes silent")
    missing: int | None = Field(default=None, description="missing_boards: how many")
    count: int | None = Field(default=None, description="bad_mac, stray_bad_mac: frames "
                              "failing their check; wrong_pin: wrong PINs")
    until: str | None = Field(default=None, description="wrong_pin: PINs unchecked until")
    added: int | None = Field(default=None, description="too_many_visitors: names added")
    refused: int | None = Field(default=None, description="too_many_visitors: names refused; "
                                "number_sweep: players messages refused")
    id: int | None = Field(default=None, description="merge_offer, merge_conflict: the offer")
    held: str | None = Field(default=None, description="merge_conflict: the entry held")
    offered: str | None = Field(default=None, description="merge_conflict: the one offered")
    origin: str | None = Field(default=None, description=(
        "merge_offer, merge_conflict: where the offer came from: correction (agreed at the "
        "table after the round, from a pad that moved on with its pair), replaced, locked or "
        "reset (a pad's unsent entry), let_go (one of those three)"))
    ns: int | None = Field(default=None, description="merge_offer, merge_conflict: NS pair")
    ew: int | None = Field(default=None, description="merge_offer, merge_conflict: EW pair")
    held_source: str | None = Field(default=None, description=(
        "merge_conflict: who entered the held entry: pad, director or recovery"))
    held_unit: int | None = Field(default=None, description="merge_conflict: its pad")
    held_ns: int | None = Field(default=None, description="merge_conflict: its NS pair")
    held_ew: int | None = Field(default=None, description="merge_conflict: its EW pair")
    by: int | None = Field(default=None, description="unit_replaced: the unit that took over")
    replaced: int | None = Field(default=None, description="many_offers: offers the unit "
                                 "replaced by sending another entry for the same board")
    offers: int | None = Field(default=None, description="many_offers: its offers open now")
    messages: int | None = Field(default=None, description="flooding: in `seconds`")
    seconds: int | None = None
    dropped: int | None = None
    checked: int | None = Field(default=None, description="flooding: tags checked")
    failed: int | None = Field(default=None, description="flooding: tags failing")
    cut_off: float | None = Field(default=None, description="flooding: seconds its broker "
                                  "login is disabled for")
    link: str | None = Field(default=None, description="link_down: the link's name")
    link_kind: str | None = Field(default=None, description="mqtt or serial")
    where: str | None = Field(default=None, description="the broker or the serial port")
    since: str | None = Field(default=None, description="link_down: when it went down")
    lost: bool | None = Field(default=None, description="link_down: it had been up")
    tables: list[str] | None = Field(default=None, description="link_down: the tables whose "
                                     "pads were last heard on it; unit_locked: the tables "
                                     "the unit held in the open event")


class GridOut(BaseModel):
    event: str
    event_id: int | None = Field(default=None, description="the open event's id")
    running: bool
    complete: bool
    ended: bool
    ending: list[str] = Field(default_factory=list, description="as in the status")
    still_playing: list[str] = Field(default_factory=list, description=(
        "the tables an End would wait for now (\"A3\"): unfinished in their section's last "
        "round, or begun and unfinished in another"))
    published: bool
    sections: list[SectionGridOut]
    alerts: list[AlertOut]
    thresholds: ThresholdsOut
    epoch: str = Field(description="the live stream's bus (GET /api/stream) this was read from")
    position: int = Field(description="the last of the stream's events this grid includes")


class AlertsOut(BaseModel):
    """The alerts standing now (the grid's `alerts`), read alone."""

    alerts: list[AlertOut]
    epoch: str
    position: int


class UnitOut(BaseModel):
    unit: int
    section: str | None
    table: int | None
    battery: int | None
    firmware: str
    last_seen: str | None
    bad_macs: int
    failing: int = Field(description="frames failing their check since its last good one")
    locked: str | None = Field(description="why it is locked out: UNIT_LOCKED (by the "
                               "director) or UNIT_REPLACED (another unit took its table)")
    replaced_by: int | None = Field(default=None, description="the unit that took its table")
    link: str | None


class SectionOut(BaseModel):
    letter: str
    tables: int
    boards: int
    rounds: int
    current_round: int
    player_numbers: str = "first"  # when its pads ask for player numbers: never, first, every
    result_entry: str = "result"  # how its pads take a result: result (=, +1, -1) or tricks
    # Rankings on its pads after each round (None: only once published), rounds hidden.
    rankings: dict[str, int] | None = None
    pads: str = "tables"  # its pads stay at their tables, or move with the ns or ew pairs


class EventOut(BaseModel):
    id: int | None
    name: str
    regulations: str
    date: str | None = None
    format: str = "pairs"  # teams, swiss-teams, swiss-pairs: see GET /api/matches
    rounds: int = 0  # a Swiss event's rounds
    running: bool
    sections: list[SectionOut]
    across_the_field: bool = False  # every section's boards matchpointed together
    places: str = "section"  # pairs placed per section and direction, or across the "room"
    handicap: bool = False  # a handicap event: placed by the handicapped percentage


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


class EntryOut(BaseModel):
    """What a board's entry says: a result, not played, or an adjusted score."""

    kind: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    lead: str | None
    adjusted: str | None
    score_ns: int | None


class HeldOut(EntryOut):
    section: str
    table: int
    round: int
    board: int
    ns: int | None
    ew: int | None
    flags: list[str]
    source: str
    unit: int | None


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


class MergeOfferOut(Given):
    """An offered entry (its fields as the pad sent them: a not-played one has no contract)."""

    id: int
    type: str
    section: str
    table: int
    round: int
    board: int
    ns: int
    ew: int
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    adjusted: str | None = None  # a not-played entry standing for an adjusted score
    unit: int | None = None
    conflict: bool = False  # the station holds another entry for this board
    held: str | None = None  # that entry, in players' words with NS's score
    offered: str | None = None  # the offered entry in words, for a conflict
    origin: str = "let_go"  # where it came from, as in AlertOut
    held_source: str | None = None  # who entered the held entry (a conflict)
    held_unit: int | None = None


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


class RankingOut(Given):
    section: str
    pair: int
    direction: str | None
    names: str
    total: int | float
    pct: int | float | None
    rank: int
    rank_label: str  # "3", or "3=" for a tie
    overall_rank: int
    boards: int
    event: int | None = None  # GET /api/rankings: the open event's id
    maximum: int | float | None = None  # the matchpoints the boards it played could give
    section_place: str | None = None  # its place in its section and direction ("2=")
    room_place: str | None = None  # and across the room, in its direction
    handicap: float | None = None  # a handicap event: the pair's (its players' added)
    handicapped_pct: float | None = None  # its percentage plus half its handicap
    raw_place: str | None = None  # its place on the raw percentage
    ranking: str | None = None  # GET /api/rankings: "handicapped" or "raw", what `rank` is
    sat_out: int | None = None  # boards it sat out against the phantom
    factored_total: int | float | None = None  # its total factored up to them
    factored_maximum: int | float | None = None


class TravellerLineOut(Given):
    """A scored line, with the held result's fields (api/views.held_json) when the station
    holds it."""

    section: str | None = None
    table: int | None = None
    round: int | None = None
    board: int | None = None
    ns: int | None = None
    ew: int | None = None
    kind: str | None = None  # result, not_played, adjusted
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    adjusted: str | None = None  # the director's ruling, as the pages show it
    score_ns: int | None = None
    flags: list[str] | None = None
    source: str | None = None  # pad or director
    unit: int | None = None
    mp_ns: int | float | None = None
    mp_ew: int | float | None = None
    pct_ns: int | float | None = None
    pct_ew: int | float | None = None
    imp_ns: int | float | None = None
    ns_names: str | None = None
    ew_names: str | None = None


class TravellerOut(BaseModel):
    section: str
    board: int
    top: int | float | None
    deal: str | None = None  # PBN, when the hand records are loaded
    results: list[TravellerLineOut]


class ScorecardRowOut(HeldOut):
    """A board the pair played: the held result, their side and their score on it."""

    direction: str
    opponents: int | None
    opponents_names: str
    mp: int | float | None
    pct: int | float | None


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
