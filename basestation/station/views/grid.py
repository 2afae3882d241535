"""The director's round grid: tables by rounds per section, with table and cell states.

Colours follow what directors know (docs/ARCHITECTURE.md, Domain notes): table red = not
logged in, green = logged in; cell yellow = current round, green = complete, red = missing,
blue = changed by the director. A table whose pad's link is down (broker lost, receiver
unplugged) is out of contact, never green.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Protocol, cast

from pydantic import Field

from basestation.station.effects.alerts import AlertKind, AlertOut, alert
from basestation.station.effects.link_health import LinkDown
from basestation.station.effects.shapes import Shape
from basestation.station.session.entries import entry_words, held_fields
from basestation.station.session.memory import HeldResult, SectionState, Thresholds, UnitState
from basestation.station.session.number_tries import NumberTries
from basestation.station.session.pin_tries import PinTries
from basestation.station.session.visitor_bound import VisitorBound

if TYPE_CHECKING:
    from basestation.station.session.state import MergeOffer

ATTENTION_FLAGS = frozenset({"LEAD_DECLARER_MISMATCH", "SUSPECT_WRONG_SIDE", "WRONG_PAIRS"})
Units = Mapping[int, UnitState]


class CellOut(Shape):
    round: int
    state: str
    done: int
    boards: int
    ns: int | None = None
    ew: int | None = None
    board_numbers: list[int] = Field(description="the boards played in this cell")


class TableRowOut(Shape):
    """A table's row as the grid reads it, without its cells (the live stream's `rows`)."""

    table: int
    state: str
    unit: int | None
    battery: int | None
    round: int
    last_contact: str | None = Field(description="when the table's pad was last heard")
    takeover: bool = Field(description="a takeover is authorised, waiting for a pad")
    link: str | None = Field(default=None, description="the link its pad was last heard on")
    replaced_by: int | None = Field(default=None, description="who replaced its locked pad")


class TableOut(TableRowOut):
    cells: list[CellOut]


class ClockOut(Shape):
    started: str = Field(description="when the current round began")
    minutes: float = Field(description="minutes since")
    round_minutes: float = Field(description="the round's length")
    minutes_per_board: float = Field(description="of which, minutes for each board")
    minutes_per_round: float = Field(description="and minutes for the round (the move)")
    playing: list[int] = Field(description="tables still playing the current round")


class SectionGridOut(Shape):
    section: str
    round: int
    rounds: int
    tables: list[TableOut]
    clock: ClockOut


class ThresholdsOut(Shape):
    silent_minutes: float
    bad_mac_run: int
    rounds_behind: int
    round_minutes: dict[str, float] = Field(description="per section set: minutes per round")
    board_minutes: dict[str, float] = Field(description="per section set: minutes per board")


def thresholds_out(limits: Thresholds) -> ThresholdsOut:
    """The console's thresholds and round clocks, as the grid and the console show them."""
    return ThresholdsOut(silent_minutes=limits.silent_minutes, bad_mac_run=limits.bad_mac_run,
                         rounds_behind=limits.rounds_behind,
                         round_minutes=dict(limits.round_minutes),
                         board_minutes=dict(limits.board_minutes))


class GridOut(Shape):
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


class GridSession(Protocol):
    """What the grid reads of the open session (the session's state: session/state.py)."""

    event_id: int | None
    event_name: str
    running: bool
    completed: bool
    ended: bool
    ending: bool
    published: bool
    takeovers: set[tuple[str, int]]
    pin_tries: PinTries
    visitor_bound: VisitorBound
    number_tries: NumberTries

    @property
    def sections(self) -> Mapping[str, SectionState]: ...

    @property
    def merge_offers(self) -> Mapping[int, MergeOffer]: ...

    @property
    def offers_replaced(self) -> Mapping[int, int]: ...

    def offer_clash(self, offer: MergeOffer) -> HeldResult | None: ...

    def waiting_tables(self) -> list[str]: ...


def table_state(section: SectionState, table: int, units: Units,
                now: datetime, *, limits: Thresholds | None = None,
                takeovers: set[tuple[str, int]] | None = None,
                links_down: Mapping[str, LinkDown] | None = None) -> TableRowOut:
    return TableRowOut.model_validate(_table_row(section, table, units, now, limits=limits,
                                                 takeovers=takeovers, links_down=links_down))


# The grid's rows, cells and clocks are made as plain fields and checked into their models
# once, a whole section (or grid) at a time: a model made per cell cost the grid of a
# 120-table room a third more time than its fields checked together.
Fields = dict[str, object]


def _table_row(section: SectionState, table: int, units: Units, now: datetime, *,
               limits: Thresholds | None = None, takeovers: set[tuple[str, int]] | None = None,
               links_down: Mapping[str, LinkDown] | None = None) -> Fields:
    limits = limits or Thresholds()
    holder = section.holders.get(table)
    unit = units.get(holder) if holder is not None else None
    state = "not_logged_in"
    if unit is not None:
        state = "logged_in"
        if unit.locked_reason is not None:
            state = "locked" if unit.locked_reason == "UNIT_LOCKED" else "replaced"
        elif unit.link is not None and unit.link in (links_down or {}):
            state = "link_lost"  # its pad cannot reach the station, whatever it last said
        elif unit.failing >= limits.bad_mac_run:
            # Only the table's own pad failing again and again: a stray frame that merely
            # claims this unit's number, while its pad works, does not mark the table.
            state = "bad_mac"
        elif (unit.last_seen is not None
              and now - unit.last_seen > timedelta(minutes=limits.silent_minutes)):
            state = "no_contact"
    seen = unit.last_seen if unit is not None else None
    heard = section.last_heard.get(table)
    last = max((t for t in (seen, heard) if t is not None), default=None)
    return {"table": table, "state": state, "unit": holder,
            "battery": unit.battery if unit else None,
            "round": section.table_round.get(table, 0),
            "last_contact": last.isoformat() if last else None,
            "takeover": (section.letter, table) in (takeovers or set()),
            "link": unit.link if unit else None,
            "replaced_by": unit.replaced_by if unit and unit.locked_reason else None}


def cell_state(section: SectionState, table: int, round_: int) -> CellOut:
    return CellOut.model_validate(_cell(section, table, round_))


def _cell(section: SectionState, table: int, round_: int) -> Fields:
    assignment = section.movement.at(round_, table)
    if assignment is None:  # a sit-out names no pairs
        return {"round": round_, "state": "sit_out", "done": 0, "boards": 0, "board_numbers": []}
    held = [h for b in assignment.boards if (h := section.held(table, round_, b)) is not None]
    table_round = section.table_round.get(table, 0)
    if any(ATTENTION_FLAGS.intersection(h.flags) for h in held):
        state = "flagged"
    elif any(h.source == "director" for h in held):
        state = "corrected"
    elif len(held) == len(assignment.boards):
        state = "complete"
    elif round_ < max(table_round, section.current_round):
        state = "missing"
    elif round_ == max(table_round, section.current_round):
        state = "partial" if held else "current"
    else:
        state = "not_started"
    return {"round": round_, "state": state, "done": len(held),
            "boards": len(assignment.boards), "ns": assignment.ns, "ew": assignment.ew,
            "board_numbers": list(assignment.boards)}


def round_clock(section: SectionState, limits: Thresholds, now: datetime) -> ClockOut:
    """The current round: when it began, minutes gone and allowed, tables still playing."""
    return ClockOut.model_validate(_clock(section, limits, now))


def _clock(section: SectionState, limits: Thresholds, now: datetime) -> Fields:
    per_board, per_round = limits.clock(section)
    return {"started": section.round_started.isoformat(),
            "minutes": round((now - section.round_started).total_seconds() / 60, 1),
            "round_minutes": limits.round_length(section),
            "minutes_per_board": per_board, "minutes_per_round": per_round,
            "playing": sorted(section.unfinished())}


def section_grid(section: SectionState, units: Units, now: datetime, *,
                 limits: Thresholds | None = None,
                 takeovers: set[tuple[str, int]] | None = None,
                 links_down: Mapping[str, LinkDown] | None = None) -> SectionGridOut:
    return SectionGridOut.model_validate(_section(section, units, now, limits=limits,
                                                  takeovers=takeovers, links_down=links_down))


def row_fields(section: SectionState, table: int, units: Units, now: datetime, *,
               limits: Thresholds | None = None, takeovers: set[tuple[str, int]] | None = None,
               links_down: Mapping[str, LinkDown] | None = None) -> Fields:
    """A table's row as the plain fields `table_state` checks: what a live event carries
    of each table it touches (made for every result of a burst, so left unchecked)."""
    return _table_row(section, table, units, now, limits=limits, takeovers=takeovers,
                      links_down=links_down)


def cell_fields(section: SectionState, table: int, round_: int) -> Fields:
    """A cell as the plain fields `cell_state` checks: a live result's own cell."""
    return _cell(section, table, round_)


def section_fields(section: SectionState, units: Units, now: datetime, *,
                   limits: Thresholds | None = None,
                   takeovers: set[tuple[str, int]] | None = None,
                   links_down: Mapping[str, LinkDown] | None = None) -> Fields:
    """A section's grid as the plain fields `section_grid` checks: what a live event of a
    round moving on carries (checking a section's cells into their models only to dump them
    again was most of that message's cost at 120 tables)."""
    return _section(section, units, now, limits=limits, takeovers=takeovers,
                    links_down=links_down)


def _section(section: SectionState, units: Units, now: datetime, *,
             limits: Thresholds | None = None, takeovers: set[tuple[str, int]] | None = None,
             links_down: Mapping[str, LinkDown] | None = None) -> Fields:
    limits = limits or Thresholds()
    rows = []
    for table in range(1, section.movement.tables + 1):
        row = _table_row(section, table, units, now, limits=limits, takeovers=takeovers,
                         links_down=links_down)
        row["cells"] = [_cell(section, table, r) for r in range(1, section.movement.rounds + 1)]
        rows.append(row)
    return {"section": section.letter, "round": section.current_round,
            "rounds": section.movement.rounds, "tables": rows,
            "clock": _clock(section, limits, now)}


def link_alerts(rules: GridSession, units: Units,
                links_down: Mapping[str, LinkDown]) -> list[AlertOut]:
    """A link down (broker lost, receiver unplugged), with the tables whose pads were last
    heard on it: those are out of contact until it is back."""
    found = []
    for name, down in sorted(links_down.items()):
        tables = [f"{section.letter}{table}" for section in rules.sections.values()
                  for table, holder in sorted(section.holders.items())
                  if (unit := units.get(holder)) is not None and unit.link == name
                  and unit.locked_reason is None]
        found.append(alert(AlertKind.LINK_DOWN, **down.to_json(), tables=tables))
    return found


def alerts(rules: GridSession, units: Units, now: datetime | None = None,
           limits: Thresholds | None = None,
           links_down: Mapping[str, LinkDown] | None = None) -> list[AlertOut]:
    """Standing problems: links down, silent tables, missing boards, failing pads, pads
    guessing the director's PIN, results to merge."""
    now = now or datetime.now(UTC)
    limits = limits or Thresholds()
    found: list[AlertOut] = link_alerts(rules, units, links_down or {})
    for section in rules.sections.values():
        for table in range(1, section.movement.tables + 1):
            last = section.table_round.get(table, 0)
            if section.current_round - last >= limits.rounds_behind:
                found.append(alert(AlertKind.SILENT_TABLE, section=section.letter, table=table,
                                   rounds=section.current_round - last))
            holder = units.get(section.holders.get(table, -1))
            if (holder is not None and holder.locked_reason is None
                    and holder.last_seen is not None):
                quiet = (now - holder.last_seen).total_seconds() / 60
                if quiet >= limits.silent_minutes:
                    found.append(alert(AlertKind.NO_CONTACT, section=section.letter, table=table,
                                       unit=holder.unit, minutes=round(quiet, 1)))
            for r in range(1, section.current_round):
                cell = _cell(section, table, r)
                if cell["state"] == "missing":
                    missing = cast(int, cell["boards"]) - cast(int, cell["done"])
                    found.append(alert(AlertKind.MISSING_BOARDS, section=section.letter,
                                       table=table, round=r, missing=missing))
    for unit in units.values():
        if unit.failing >= limits.bad_mac_run:
            found.append(alert(AlertKind.BAD_MAC, unit=unit.unit, count=unit.failing,
                               section=unit.section, table=unit.table))
        elif unit.bad_macs:
            # Frames claiming a pad that otherwise works: noted, but its table stays as it is.
            found.append(alert(AlertKind.STRAY_BAD_MAC, unit=unit.unit, count=unit.bad_macs))
    found.extend(rules.pin_tries.alerts())
    found.extend(rules.number_tries.alerts(rules.event_id))
    found.extend(rules.visitor_bound.alerts(
        rules.event_id, {u.unit: (u.section, u.table) for u in units.values()}))
    found.extend(offer_alert(rules, offer_id, offer)
                 for offer_id, offer in sorted(rules.merge_offers.items()))
    open_offers = Counter(offer.unit for offer in rules.merge_offers.values())
    found.extend(alert(AlertKind.MANY_OFFERS, unit=unit, replaced=replaced,
                       offers=open_offers.get(unit, 0))
                 for unit, replaced in sorted(rules.offers_replaced.items()))
    return found


def offer_alert(rules: GridSession, offer_id: int, offer: MergeOffer) -> AlertOut:
    """An open offer: `merge_offer` for a board the station does not hold, `merge_conflict`
    (with both entries in words) for one it holds with another entry. Each says where the
    offer came from (`origin`) and the pairs it names; a conflict also who entered the held
    entry (`held_source`: pad, director or recovery; `held_unit`) and for which pairs."""
    body = offer.body
    offer_fields = {"id": offer_id, "unit": offer.unit, "section": body.section,
                    "table": body.table, "round": body.round, "board": body.board,
                    "origin": offer.origin, "ns": body.ns, "ew": body.ew}
    held = rules.offer_clash(offer)
    if held is None:
        return alert(AlertKind.MERGE_OFFER, **offer_fields)
    offered = offer.entry
    return alert(AlertKind.MERGE_CONFLICT, **offer_fields, held=entry_words(held),
                 offered=None if offered is None else entry_words(offered),
                 held_entry=held_fields(held),
                 offered_entry=None if offered is None else held_fields(offered),
                 held_source=held.source, held_unit=held.unit, held_ns=held.ns,
                 held_ew=held.ew)


def grid(rules: GridSession, units: Units, now: datetime | None = None,
         limits: Thresholds | None = None,
         links_down: Mapping[str, LinkDown] | None = None, *,
         more_alerts: Sequence[AlertOut] = (), epoch: str = "", position: int = 0) -> GridOut:
    """The whole grid, with alerts the session does not hold (`more_alerts`: flagged
    results, locked units, floods) and the live stream's position it was read at."""
    return GridOut.model_validate(grid_fields(rules, units, now, limits, links_down,
                                              more_alerts=more_alerts, epoch=epoch,
                                              position=position))


def grid_fields(rules: GridSession, units: Units, now: datetime | None = None,
                limits: Thresholds | None = None,
                links_down: Mapping[str, LinkDown] | None = None, *,
                more_alerts: Sequence[AlertOut] = (), epoch: str = "",
                position: int = 0) -> Fields:
    """The whole grid as the plain fields `grid` checks (its alerts and thresholds made
    already): what GET /api/grid writes as they are, as a page's first read is a congress
    room's whole grid."""
    now = now or datetime.now(UTC)
    limits = limits or Thresholds()
    still_playing = rules.waiting_tables()
    return {
        "event": rules.event_name, "event_id": rules.event_id, "running": rules.running,
        "complete": rules.completed, "ended": rules.ended,
        "ending": still_playing if rules.ending else [], "still_playing": still_playing,
        "published": rules.published,
        "sections": [_section(s, units, now, limits=limits, takeovers=rules.takeovers,
                              links_down=links_down) for s in rules.sections.values()],
        "alerts": [*alerts(rules, units, now, limits, links_down), *more_alerts],
        "thresholds": thresholds_out(limits), "epoch": epoch, "position": position}
