"""A let-go unit (replaced, locked, withdrawn) keeps its login so that its unsent entries
reach the director (SPEC.md 6.5), but it cannot flood the director with them nor use the
answers as an oracle: one open offer a board of its table's rounds, a later one replacing
the earlier; the grid names a unit once it sends a board again; the director declines all of
a unit's offers at once; `held` is told only for an entry the unit itself sent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlmodel import Session, select

from basestation.station.effects.alerts import AlertOut
from basestation.station.views.grid import alerts
from basestation.store.models import MergeOfferRow
from firmware_protocol.messages import ALREADY_HELD, TO_DIRECTOR, ErrorCode, Login
from tests.helpers import result
from tests.station.fakes import inbound, turns
from tests.station.test_replaced_hand_over import at_table, naks


def standing(made: Any, kind: str) -> list[AlertOut]:
    return [a for a in alerts(made.session, made.units) if a.kind == kind]


async def test_a_guess_equal_to_another_pads_entry_is_not_told_held(tmp_path: Path) -> None:
    made, link = await at_table(tmp_path)  # unit 1 entered board 1 at A1
    await turns(made, made.director.authorise_takeover("A", 1))
    await made.hub.step(inbound(link, 2, 1, Login(section="A", table=1)))
    await made.hub.step(inbound(link, 2, 2, result(1, 1, 2, 1, 1, tricks=8)))
    assert made.rules.session.sections["A"].held(1, 1, 2) is not None
    link.sent.clear()
    # Unit 1 guesses what unit 2 entered since, and something else: the same answer.
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 2, 1, 1, tricks=8)),
              inbound(link, 1, 4, result(1, 1, 2, 1, 1, tricks=12)),
              inbound(link, 1, 5, result(1, 1, 1, 1, 1)))  # its own entry: held
    assert naks(link, 1) == [(ErrorCode.UNIT_REPLACED, TO_DIRECTOR),
                             (ErrorCode.UNIT_REPLACED, TO_DIRECTOR),
                             (ErrorCode.UNIT_REPLACED, ALREADY_HELD)]


async def test_one_offer_a_board_the_unit_named_and_its_offers_declined_at_once(
        tmp_path: Path) -> None:
    made, link = await at_table(tmp_path)
    await turns(made, made.director.lock_unit(1))
    # Seven distinct results for board 2, and a board its table never had in round 1.
    await made.hub.step(*(inbound(link, 1, 3 + tricks, result(1, 1, 2, 1, 1, tricks=tricks))
                          for tricks in range(7, 14)),
              inbound(link, 1, 20, result(1, 1, 5, 1, 1)))
    offers = made.rules.session.merge_offers
    assert [(o.body.board, o.body.tricks) for o in offers.values()] == [(2, 13)]  # the last
    assert naks(link, 1)[-1] == (ErrorCode.UNIT_REPLACED, None)  # board 5: not kept
    assert [(a.unit, a.replaced, a.offers) for a in standing(made, "many_offers")] \
        == [(1, 6, 1)]
    # One row, rewritten: the flood writes nothing more. After a restart it is as stored.
    with Session(made.store.engine) as session:
        rows = list(session.exec(select(MergeOfferRow)))
    assert [json.loads(row.body_json)["body"]["tricks"] for row in rows] == [13]
    made.hub.load()
    assert [(o.body.board, o.body.tricks) for o in
            made.rules.session.merge_offers.values()] == [(2, 13)]
    # Sent again later, one offer still, rewritten in place.
    await made.hub.step(inbound(link, 1, 22, result(1, 1, 2, 1, 1, tricks=3)))
    assert [(o.body.board, o.body.tricks) for o in
            made.rules.session.merge_offers.values()] == [(2, 3)]
    # A board of its next round: an offer of its own.
    here = made.rules.session.sections["A"].movement.at(2, 1)
    await made.hub.step(inbound(link, 1, 23, result(1, 2, here.boards[0], here.ns, here.ew)))
    assert len(made.rules.session.merge_offers) == 2
    assert await turns(made, made.director.decline_offers(1)) == 2
    assert made.rules.session.merge_offers == {}
    assert standing(made, "many_offers") == [] and standing(made, "merge_offer") == []
    assert made.rules.session.sections["A"].held(1, 1, 2) is None  # nothing taken
