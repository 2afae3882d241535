"""No response model lets an undeclared key through, and none drops one: what a route answers
is exactly what the station's views made (every field named in api/responses.py). Rows whose
fields depend on their kind (alerts, merge offers, scored lines) carry only those given."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from pydantic import BaseModel

from basestation.api.responses import AlertOut, MergeOfferOut
from basestation.api.views import rankings_json, scorecard, scored_boards, traveller_json
from basestation.station.app import Station
from basestation.station.core.queue import Flood, flood_alert
from basestation.station.core.units import lock_alert
from basestation.station.effects.link_health import LinkDown
from basestation.station.session.memory import Thresholds
from basestation.station.session.state import MergeOffer
from basestation.station.views.grid import alerts, offer_alert
from firmware_protocol.messages import NotPlayed, Result, Seat
from tests.api.conftest import ok
from tests.api.test_event_results import play_round_one

LINK = "mqtt:127.0.0.1:1883"


def same(model: type[BaseModel], rows: list[dict[str, Any]]) -> None:
    for row in rows:
        assert model.model_validate(row).model_dump(mode="json") == row


def given_only(rows: list[AlertOut]) -> None:
    """Each row sends exactly the fields it was made with (no null for another kind's), and
    reads back as itself."""
    for row in rows:
        sent = row.model_dump(mode="json")
        assert set(sent) == row.model_fields_set
        assert type(row).model_validate(sent) == row


async def test_scored_rows_come_out_as_the_views_made_them(director: httpx.AsyncClient,
                                                           station: Station) -> None:
    event_id = await play_round_one(director, station)
    session, seatings = station.session, station.store.seatings(event_id)
    assert await ok(await director.get("/api/rankings")) == [
        {**row.model_dump(mode="json"), "event": event_id}
        for row in rankings_json(session, seatings)]
    assert await ok(await director.get("/api/travellers")) == [
        traveller_json(session, scored).model_dump(mode="json")
        for scored in scored_boards(session)]
    card = await ok(await director.get("/api/sections/A/pairs/1/scorecard?direction=NS"))
    rows = scorecard(session, "A", 1, "NS")
    assert card["boards"] == [row.model_dump(mode="json") for row in rows] and len(rows) == 2


async def test_every_kind_of_alert_keeps_its_own_fields(station: Station) -> None:
    """Each producer of a standing alert, with the fields its kind carries, in and out of
    AlertOut unchanged: nothing dropped, no null added for a field of another kind."""
    now = datetime.now(UTC)
    for unit in (7, 8, 9):
        await station.director.pair_unit(unit)
    units = station.units
    section = station.session.sections["A"]
    section.holders.update({1: 7, 2: 8})
    section.current_round = 3  # tables 1-3 played nothing: silent, boards missing
    units[7].link, units[7].last_seen = LINK, now - timedelta(hours=1)
    units[7].section, units[7].table = "A", 1
    units[8].failing, units[9].bad_macs = 5, 2
    for _ in range(6):
        station.session.pin_tries.check(9, "0000", "4321")
    bound = station.session.visitor_bound
    assert bound.allows(station.session.event_id, 8)
    bound.refuse(8)
    found = alerts(station.session, units, now, Thresholds(),
                   {LINK: LinkDown(LINK, now, lost=True)})
    units[8].locked_reason, units[8].replaced_by = "UNIT_REPLACED", 7
    units[9].locked_reason = "UNIT_LOCKED"
    units[7].cut_off = 30.0
    held = {(8, "A", 2), (7, "A", 2), (9, "A", 3)}
    locks = [lock_alert(units[8], held), lock_alert(units[9], held)]
    assert locks[0] is not None and (locks[0].section, locks[0].table) == ("A", 2)
    found += [*filter(None, locks),
              flood_alert(Flood(7, 900, 800, 100, 0), units),
              flood_alert(Flood(None, 900, 0, 900, 900), units)]
    kinds = {a.kind for a in found}
    assert kinds >= {"link_down", "silent_table", "no_contact", "missing_boards", "bad_mac",
                     "stray_bad_mac", "wrong_pin", "too_many_visitors", "unit_replaced",
                     "unit_locked", "flooding"}
    given_only(found)
    assert locks[0].model_dump() == {"kind": "unit_replaced", "unit": 8, "by": 7,
                                     "section": "A", "table": 2}


async def test_merge_offers_keep_the_entry_as_sent(station: Station) -> None:
    played = Result("A", 1, 1, 1, 1, 1, "4S", Seat.S, 10, "HA")
    offers = {1: MergeOffer(played, 7),
              2: MergeOffer(NotPlayed("A", 2, 1, 3, 2, 2, adjusted="60/40"), None)}
    station.session.merge_offers.update(offers)
    shown = [offer_alert(station.session, i, offer) for i, offer in offers.items()]
    given_only(shown)
    from basestation.api.readmodel import ReadModel

    rows = [offer.model_dump(mode="json") for offer in ReadModel(station).merge_offers()]
    assert [set(r) for r in rows] == [
        {"id", "type", "section", "table", "round", "board", "ns", "ew", "contract", "declarer",
         "tricks", "lead", "unit", "conflict", "held", "offered", "origin"},
        {"id", "type", "section", "table", "round", "board", "ns", "ew", "adjusted", "unit",
         "conflict", "held", "offered", "origin"}]
    same(MergeOfferOut, rows)
