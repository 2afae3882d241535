"""The bus's events are small frozen dataclasses, each with one `to_json`: the JSON the pages
have always read (basestation/web/static reads "type" and the fields named here)."""

from __future__ import annotations

import dataclasses

import pytest

from basestation.station.effects import events
from basestation.station.effects.events import (
    BusEvent,
    ResultsPublished,
    SessionStatus,
    TableHeld,
    TableTakeover,
    UnitChanged,
    UnitHeard,
)
from basestation.station.rules.console import SectionSettingChanged, ThresholdsChanged
from basestation.station.session.entries import ResultChanged
from basestation.station.session.memory import HeldResult, Thresholds


def test_each_event_says_its_type_and_fields() -> None:
    assert TableHeld("A", 2, None, "not_logged_in").to_json() == {
        "type": "table", "section": "A", "table": 2, "unit": None, "state": "not_logged_in"}
    assert TableTakeover("A", 2, takeover=True).to_json() == {
        "type": "table", "section": "A", "table": 2, "takeover": True}
    assert UnitHeard(7, 80).to_json() == {"type": "unit", "unit": 7, "battery": 80,
                                          "state": "heard"}
    assert UnitChanged(7, "let_back").to_json() == {"type": "unit", "unit": 7,
                                                    "state": "let_back"}
    assert SessionStatus(running=False, ended=True).to_json() == {
        "type": "status", "running": False, "ended": True, "waiting": ()}
    assert SessionStatus(True, False, ("A3",)).to_json()["waiting"] == ("A3",)
    assert ResultsPublished(True).to_json() == {"type": "status", "published": True}
    assert SectionSettingChanged("pads", "B", {"pads": "ns"}).to_json() == {
        "type": "pads", "section": "B", "pads": "ns"}
    limits = Thresholds()
    assert ThresholdsChanged(limits).to_json() == {"type": "thresholds", **limits.to_json()}


def test_a_result_event_carries_the_held_result_and_says_when_erased() -> None:
    held = HeldResult(section="A", table=1, round=2, board=3, ns=1, ew=4, contract="4S",
                      declarer="S", tricks=10, lead="HA", score_ns=420,
                      flags=("LEAD_DECLARER_MISMATCH",))
    said = ResultChanged(held).to_json()
    assert said == {"type": "result", "section": "A", "table": 1, "round": 2, "board": 3,
                    "ns": 1, "ew": 4, "kind": "result", "contract": "4S", "declarer": "S",
                    "tricks": 10, "lead": "HA", "score_ns": 420,
                    "flags": ["LEAD_DECLARER_MISMATCH"], "source": "pad"}
    assert ResultChanged(held, erased=True).to_json() == {**said, "erased": True}


def test_every_event_is_frozen() -> None:
    kinds = [k for k in vars(events).values()
             if isinstance(k, type) and issubclass(k, BusEvent) and k is not BusEvent]
    assert len(kinds) >= 12
    for kind in kinds:
        assert dataclasses.is_dataclass(kind)
        assert kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert isinstance(kind.TYPE, str)
    with pytest.raises(dataclasses.FrozenInstanceError):
        UnitChanged(7, "new").state = "locked"  # type: ignore[misc]


def test_a_pad_told_twice_of_one_rounds_seating_in_a_batch_gets_the_newest() -> None:
    from basestation.station.effects.batch import Batch
    from firmware_protocol.enums import AskPlayers
    from firmware_protocol.messages import Ack, Seating, StationState, Status

    def seating(round_: int, ask: AskPlayers = AskPlayers.FIRST) -> Seating:
        return Seating(section="A", table=1, round=round_, ask=ask, ns=1, ew=1)

    batch = Batch()
    first, newest = seating(2), seating(2, AskPlayers.EVERY)
    status = Status(state=StationState.RUNNING, round=2)
    for unit, body in ((7, Ack(re=3)), (7, first), (8, seating(2)), (7, status),
                       (7, seating(1)), (7, newest)):
        batch.send(unit, body)
    sent = batch.final_sends()
    assert [body for unit, body in sent if unit == 7] == [Ack(re=3), status, seating(1),
                                                          newest]
    assert [unit for unit, body in sent if isinstance(body, Seating)] == [8, 7, 7]


def test_listeners_read_what_an_event_is_about_from_its_attributes() -> None:
    """The bus carries the event objects: a listener reads their type and what they touch
    (`where`) without making their JSON."""
    from basestation.station.effects.alerts import AlertKind, alert
    from basestation.station.effects.events import AlertRaised, Where, WrongPin

    held = HeldResult(section="B", table=4, round=2, board=7, ns=1, ew=2)
    assert ResultChanged(held).where() == Where("B", 4, None)
    assert (TableHeld("A", 2, 9, "logged_in").where(), UnitChanged(7, "locked").where()) == (
        Where("A", 2, 9), Where(None, None, 7))
    assert WrongPin(5, 3, 30).where() == Where(None, None, 5)
    flood = AlertRaised(alert(AlertKind.FLOODING, unit=6, section="C", table=1, messages=9))
    assert (flood.event_type, flood.where()) == ("alert", Where("C", 1, 6))
    assert flood.to_json() == {"type": "alert", "kind": "flooding", "section": "C",
                               "table": 1, "unit": 6, "messages": 9}
    setting = SectionSettingChanged("pads", "B", {"pads": "ns"})
    assert (setting.event_type, setting.where()) == ("pads", Where("B", None, None))
