"""Conversions between pad messages, the station's held results and the result rows."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import UTC, datetime

from basestation.domain.board import vulnerability_of
from basestation.domain.cards import CardError, parse_card
from basestation.domain.contract import (
    ContractError,
    lead_words,
    parse_contract,
    result_notation,
    score_ns,
)
from basestation.station.effects.events import BusEvent, Event, Where
from basestation.station.refusals import Phrase, Value
from basestation.station.session.memory import HeldResult
from basestation.station.session.rulings import Ruling
from basestation.store.models import ResultRow
from firmware_protocol.messages import (
    Correction,
    CorrectionPush,
    ErrorCode,
    NotPlayed,
    Result,
    ResultFlag,
    Seat,
)

Entry = Result | Correction | NotPlayed


def push_body(held: HeldResult, result: Result | NotPlayed | None) -> CorrectionPush:
    return CorrectionPush(section=held.section, table=held.table, round=held.round,
                          board=held.board, result=result)


def result_flags(values: tuple[str, ...] | list[str]) -> tuple[ResultFlag, ...]:
    return tuple(dict.fromkeys(ResultFlag(v) for v in values))


# A few hundred distinct scores and unit numbers, each held by thousands of results:
# one int object per value instead of one per result.
_NUMBERS: dict[int, int] = {}


def _shared(value: int | None) -> int | None:
    return None if value is None else _NUMBERS.setdefault(value, value)


def _text(value: str | None) -> str | None:
    # Texts read back from the database are fresh strings; the few distinct ones are shared.
    return None if value is None else sys.intern(value)


def held_from_body(body: Entry, unit: int | None, seq: int | None) -> HeldResult | ErrorCode:
    base = HeldResult(section=body.section, table=body.table, round=body.round,
                      board=body.board, ns=body.ns, ew=body.ew, unit=_shared(unit), seq=seq)
    if isinstance(body, NotPlayed):
        base.kind = "not_played"
        return base
    try:
        contract = parse_contract(body.contract)
        if body.lead is not None:
            parse_card(body.lead)
    except ContractError:
        return ErrorCode.INVALID_CONTRACT
    except CardError:
        return ErrorCode.INVALID_LEAD
    if contract.passed_out:
        base.contract, base.score_ns = str(contract), 0
        return base
    if body.declarer is None or body.tricks is None or not 0 <= body.tricks <= 13:
        return ErrorCode.INVALID_TRICKS
    base.contract, base.declarer, base.tricks, base.lead = (
        str(contract), body.declarer.value, body.tricks, body.lead)
    base.score_ns = _shared(
        score_ns(contract, body.declarer, body.tricks, vulnerability_of(body.board)))
    return base


def as_result(held: HeldResult) -> Result:
    return Result(section=held.section, table=held.table, round=held.round, board=held.board,
                  ns=held.ns or 0, ew=held.ew or 0, contract=held.contract or "PASS",
                  declarer=Seat(held.declarer) if held.declarer else None, tricks=held.tricks,
                  lead=held.lead)


def body_from_held(held: HeldResult) -> Result | NotPlayed:
    if held.kind == "not_played" or held.contract is None:
        # An adjusted score travels as not played, saying what the director awarded.
        shown = held.ruling.shown_on_pad if held.kind == "adjusted" and held.ruling else None
        return NotPlayed(section=held.section, table=held.table, round=held.round,
                         board=held.board, ns=held.ns or 0, ew=held.ew or 0, adjusted=shown)
    return as_result(held)


def held_from_row(row: ResultRow) -> HeldResult:
    return HeldResult(section=sys.intern(row.section), table=row.table_no, round=row.round,
                      board=row.board, ns=row.ns, ew=row.ew, kind=sys.intern(row.kind),
                      contract=_text(row.contract), declarer=_text(row.declarer),
                      tricks=row.tricks, lead=_text(row.lead), ruling=Ruling.stored(row.ruling),
                      score_ns=_shared(row.score_ns),
                      flags=tuple(sys.intern(f) for f in row.flags.split(",") if f),
                      source=sys.intern(row.source),
                      unit=_shared(row.unit), seq=row.seq)


def row_values(event_id: int, held: HeldResult) -> dict[str, object]:
    return {"event_id": event_id, "section": held.section, "table_no": held.table,
            "round": held.round, "board": held.board, "ns": held.ns, "ew": held.ew,
            "kind": held.kind, "contract": held.contract, "declarer": held.declarer,
            "tricks": held.tricks, "lead": held.lead,
            "ruling": None if held.ruling is None else held.ruling.as_dict(),
            "score_ns": held.score_ns, "flags": ",".join(held.flags), "status": "active",
            "source": held.source, "unit": held.unit, "seq": held.seq,
            "created_at": datetime.now(UTC)}


@dataclass(frozen=True)
class ResultChanged(BusEvent):
    """A result held (new or replacing another), or taken away by the director (erased)."""

    TYPE = "result"
    held: HeldResult
    erased: bool = False

    def where(self) -> Where:
        return Where(self.held.section, self.held.table)

    def to_json(self) -> Event:
        data: Event = {"type": self.TYPE, **held_fields(self.held)}
        if self.erased:
            data["erased"] = True
        return data


def held_fields(held: HeldResult) -> dict[str, object]:
    """A held entry as the pages read it, in an event or an answer of the API."""
    return {"section": held.section, "table": held.table, "round": held.round,
            "board": held.board, "ns": held.ns, "ew": held.ew, "kind": held.kind,
            "contract": held.contract, "declarer": held.declarer, "tricks": held.tricks,
            "lead": held.lead, "score_ns": held.score_ns, "flags": list(held.flags),
            "source": held.source}


SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SEAT_KEYS = {"N": "held.north", "E": "held.east", "S": "held.south", "W": "held.west"}


def entry_words(held: HeldResult) -> str:
    """An entry as players write it, with North-South's score, as the pad does: "4S+1 by
    South, lead \u2665K, NS +450", "passed out, NS 0", "not played"."""
    return str(entry_phrase(held))


def entry_phrase(held: HeldResult) -> Phrase:
    """`entry_words` as a message key and values (refusals.py), for a page to say."""
    if held.kind == "adjusted":
        return Phrase("held.adjusted", {"score": str(held.adjusted)})
    if held.kind == "not_played":
        return Phrase("held.not_played")
    if held.contract is None or held.contract == "PASS":
        return Phrase("held.passed_out")
    seat = SEAT_KEYS.get(held.declarer or "")
    by: Value = Phrase(seat) if seat else held.declarer or "?"
    values: dict[str, Value] = {
        "result": result_notation(held.contract, held.tricks), "declarer": by,
        "score": f"{held.score_ns:+d}" if held.score_ns else "0"}
    if held.lead:
        return Phrase("held.played_lead", {**values, "lead": lead_words(held.lead)})
    return Phrase("held.played", values)
