"""The standing alerts: the problems the grid lists while their cause lasts, each of a kind
(AlertKind) with the fields that kind carries (`AlertOut`, the grid's and /api/alerts' rows).
Published as they happen, they are events on the bus (effects/events.py: `Alerted`,
`AlertRaised`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import Field

from basestation.station.effects.shapes import Given


class AlertKind(StrEnum):
    """Every kind of alert the station raises (the grid page words each one)."""

    # The station itself.
    DATABASE_UNAVAILABLE = "database_unavailable"
    DATABASE_BACK = "database_back"
    HUB_RESTARTED = "hub_restarted"
    LINK_DOWN = "link_down"
    LINK_BACK = "link_back"
    # Units and their tags.
    BAD_MAC = "bad_mac"
    STRAY_BAD_MAC = "stray_bad_mac"
    REPLAY = "replay"
    FLOODING = "flooding"
    WRONG_PIN = "wrong_pin"
    TOO_MANY_VISITORS = "too_many_visitors"
    NUMBER_SWEEP = "number_sweep"  # a pad trying many player numbers at its table
    UNIT_REPLACED = "unit_replaced"
    UNIT_LOCKED = "unit_locked"
    NO_CONTACT = "no_contact"
    # Tables and entries.
    TABLE_IN_USE = "table_in_use"
    UNKNOWN_PLAYER = "unknown_player"
    SILENT_TABLE = "silent_table"
    MISSING_BOARDS = "missing_boards"
    MERGE_OFFER = "merge_offer"
    MERGE_CONFLICT = "merge_conflict"
    MANY_OFFERS = "many_offers"  # a let-go unit sent a board's entry more than once


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
    held_entry: dict[str, Any] | None = Field(default=None, description=(
        "merge_conflict: the entry held, its fields (as the cell dialog reads an entry), for a "
        "page to say it in its own language; `held` is the same in English"))
    offered_entry: dict[str, Any] | None = Field(default=None, description=(
        "merge_conflict: the entry offered, its fields; none when it cannot be read"))
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


def alert(kind: AlertKind, /, **fields: Any) -> AlertOut:
    """An alert of `kind` with the fields that kind carries (what the grid's list holds)."""
    return AlertOut(kind=kind.value, **fields)
