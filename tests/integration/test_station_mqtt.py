"""A small session over MQTT through a real mosquitto broker, with every refusal."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from basestation.station.core import units as units_module
from firmware_protocol.messages import (
    Ack,
    Correction,
    CorrectionPush,
    ErrorCode,
    Feedback,
    FeedbackKind,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Nak,
    NotPlayed,
    Players,
    ResultFlag,
    Seat,
)
from tests.helpers import result
from tests.pads import MqttPad

pytestmark = pytest.mark.integration


async def test_login_then_result_then_duplicate(mosquitto: int, make_station: Any) -> None:
    station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 17) as pad:
        hello = await pad.request(Hello(firmware="test 1", battery=90))
        assert isinstance(hello[0], Ack)
        answers = await pad.request(Login(section="A", table=1))
        assert isinstance(answers[0], Ack)
        game = [a for a in answers if isinstance(a, GameData)]
        assert game and game[0].table == 1 and game[0].rounds[0].boards == (1, 2)
        seq = pad.send(result(1, 1, 1, 1, 1, lead="HT"))
        first = await pad.answer(seq)
        assert isinstance(first[0], Ack) and first[0].score_ns == 420
        # Board 1: North holds the heart ten and West leads against South: mismatch.
        assert ResultFlag.LEAD_DECLARER_MISMATCH in first[0].flags
        # After the ack: the traveller of the board just played, and its par (solved off the
        # event loop since the event opened: on a busy machine it may follow a little later).
        shown = {}
        async with asyncio.timeout(30):
            while len(shown) < 2:
                body = (await pad.inbox.get()).body
                if isinstance(body, Feedback):
                    shown[body.kind] = body
        traveller = shown[FeedbackKind.TRAVELLER].rows
        assert traveller == ((1, 1, "4S", "S", 10, "H10", 420),)
        assert set(shown[FeedbackKind.PAR].rows) == {("1S", "N", 80), ("1S", "S", 80)}
        # The same message again (a lost ack): the original answer, stored once.
        pad.send(result(1, 1, 1, 1, 1, lead="HT"), seq=seq)
        again = await pad.answer(seq)
        assert again == first
        assert len(station.session.sections["A"].results_for_board(1)) == 1
        assert pad.forged == 0


async def test_every_refusal(mosquitto: int, make_station: Any) -> None:
    station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 21) as pad, MqttPad(mosquitto, "club", 22) as other:
        async def code(p: MqttPad, body: Any, **kw: Any) -> ErrorCode:
            answer = await p.request(body, **kw)
            assert isinstance(answer[0], Nak), answer
            return answer[0].code

        assert await code(pad, result(1, 1, 1, 1, 1)) == ErrorCode.NOT_LOGGED_IN
        assert await code(pad, Login(section="Z", table=1)) == ErrorCode.NO_SUCH_SECTION
        assert await code(pad, Login(section="A", table=9)) == ErrorCode.NO_SUCH_TABLE
        assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
        assert await code(other, Login(section="A", table=1)) == ErrorCode.TABLE_IN_USE
        assert await code(other, Login(section="A", table=1, takeover=True, pin="0000")) == (
            ErrorCode.BAD_PIN)
        assert await code(pad, result(1, 1, 3, 1, 1)) == ErrorCode.BOARD_OUT_OF_RANGE
        assert await code(pad, result(1, 3, 5, 1, 2)) == ErrorCode.WRONG_ROUND
        assert await code(pad, result(1, 1, 1, 1, 2)) == ErrorCode.WRONG_PAIRS
        assert isinstance((await pad.request(result(1, 1, 1, 1, 1)))[0], Ack)
        held = await pad.request(result(1, 1, 1, 1, 1, contract="3NT", tricks=9))
        assert isinstance(held[0], Nak) and held[0].code == ErrorCode.ALREADY_PLAYED
        assert held[0].held is not None and held[0].held.contract == "4S"
        # A correction in the current round replaces the result.
        fixed = await pad.request(Correction(section="A", table=1, round=1, board=1, ns=1, ew=1,
                                             contract="3NT", declarer=Seat.N, tricks=9))
        assert isinstance(fixed[0], Ack) and fixed[0].score_ns == 400
        # Move on to round 2; round 1 is then closed to corrections.
        assert isinstance((await pad.request(result(1, 2, 3, 1, 3)))[0], Ack)
        assert await code(pad, Correction(section="A", table=1, round=1, board=1, ns=1, ew=1,
                                          contract="4S", declarer=Seat.S, tricks=10)) == (
            ErrorCode.CORRECTION_CLOSED)
        # Board 2 of round 1 was never sent: it can still arrive (queued on the pad).
        assert isinstance((await pad.request(NotPlayed(section="A", table=1, round=1, board=2,
                                                       ns=1, ew=1)))[0], Ack)
        # A replay: an old sequence number with different content.
        assert await code(pad, result(1, 2, 4, 1, 3), seq=1) == ErrorCode.REPLAY
        # A bad MAC changes nothing.
        assert await code(pad, result(1, 2, 4, 1, 3), key=b"\x00" * 16) == ErrorCode.BAD_MAC
        assert station.hub.units[21].bad_macs == 1
        assert station.session.sections["A"].held(1, 2, 4) is None
        # Stopped: nothing accepted until the director starts again.
        await station.director.pause_or_resume(False)
        assert await code(pad, result(1, 2, 4, 1, 3)) == ErrorCode.STOPPED
        await station.director.pause_or_resume(True)
        assert isinstance((await pad.request(result(1, 2, 4, 1, 3)))[0], Ack)
        # Players with an unknown number are flagged, not refused.
        seated = await pad.request(Players(section="A", table=1, round=2, north=1, east=2,
                                           south=3, west=4))
        assert isinstance(seated[0], Ack)


async def test_takeover_locks_out_the_old_unit(mosquitto: int, make_station: Any) -> None:
    station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 31) as old, MqttPad(mosquitto, "club", 32) as new:
        await old.request(Login(section="A", table=2))
        assert isinstance((await old.request(result(2, 1, 3, 2, 2)))[0], Ack)
        await station.director.authorise_takeover("A", 2)
        answers = await new.request(Login(section="A", table=2, takeover=True))
        assert isinstance(answers[0], Ack)
        game = [a for a in answers if isinstance(a, GameData)]
        assert [r.board for g in game for r in g.results] == [3]
        async with asyncio.timeout(5):
            locked = await old.inbox.get()
            while isinstance(locked.body, Feedback):
                locked = await old.inbox.get()
        assert isinstance(locked.body, Locked) and locked.body.reason == ErrorCode.UNIT_REPLACED
        # The old unit comes back with a result the station never had: offered to merge.
        refused = await old.request(result(2, 1, 4, 2, 2))
        assert isinstance(refused[0], Nak) and refused[0].code == ErrorCode.UNIT_REPLACED
        assert station.session.event_id is not None
        again = await old.request(result(2, 1, 4, 2, 2))  # it tries again: still one offer
        assert isinstance(again[0], Nak) and again[0].code == ErrorCode.UNIT_REPLACED
        offers = station.store.merge_offers(station.session.event_id)
        assert len(offers) == 1 and '"board":4' in offers[0].body_json.replace(" ", "")
        assert offers[0].id is not None and list(station.session.merge_offers) == [offers[0].id]
        # The director takes it in: held as recovered, and the new pad is told.
        assert (await station.director.decide_merge(offers[0].id, True)).merged
        held = station.session.sections["A"].held(2, 1, 4)
        assert held is not None and held.source == "recovery"
        async with asyncio.timeout(5):
            pushed = await new.inbox.get()
            while not isinstance(pushed.body, CorrectionPush):
                pushed = await new.inbox.get()
        assert pushed.body.board == 4
        assert station.session.merge_offers == {}
        assert station.store.merge_offers(station.session.event_id)[0].state == "merged"


async def test_rankings_follow_the_results(mosquitto: int, make_station: Any) -> None:
    station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 41) as one, MqttPad(mosquitto, "club", 42) as three:
        await one.request(Login(section="A", table=1))
        await three.request(Login(section="A", table=3))
        assert isinstance((await one.request(result(1, 1, 1, 1, 1)))[0], Ack)
        # Round 2 at table 3 plays boards 1-2, NS 3 against EW 2.
        assert isinstance((await three.request(result(3, 2, 1, 3, 2, tricks=9)))[0], Ack)
        assert station.session.scores is not None
        ranking = {(r["pair"], r["direction"]): r for r in station.session.scores.ranking()}
        assert ranking[(1, "NS")]["total"] > ranking[(3, "NS")]["total"]
        board = station.session.scores.board("A", 1)
        assert board is not None and len(board["results"]) == 2


async def test_full_session_on_each_database(mosquitto: int, make_station: Any,
                                             database_url: str) -> None:
    """Three tables play every round; restarting from the database gives the same state."""
    station = await make_station(mqtt_port=mosquitto, database=database_url)
    movement = station.session.sections["A"].movement
    async with MqttPad(mosquitto, "club", 81) as p1, MqttPad(mosquitto, "club", 82) as p2, \
            MqttPad(mosquitto, "club", 83) as p3:
        pads = [p1, p2, p3]
        for table, pad in enumerate(pads, start=1):
            await pad.request(Login(section="A", table=table))
        for round_ in range(1, movement.rounds + 1):
            for table, pad in enumerate(pads, start=1):
                seat = movement.at(round_, table)
                for board in seat.boards:
                    answer = await pad.request(result(table, round_, board, seat.ns, seat.ew,
                                                      tricks=9 + table % 3))
                    assert isinstance(answer[0], Ack)
    before = sorted((h.table, h.round, h.board, h.score_ns)
                    for h in station.session.sections["A"].all_results())
    assert len(before) == 18
    station.hub.load()
    after = sorted((h.table, h.round, h.board, h.score_ns)
                   for h in station.session.sections["A"].all_results())
    assert after == before
    assert station.session.sections["A"].holders == {1: 81, 2: 82, 3: 83}


async def test_station_numbers_keep_rising_across_a_restart(
        mosquitto: int, make_station: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pad drops station messages whose number it has seen; a restart must not reuse any."""
    station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 91) as pad:
        await pad.request(Login(section="A", table=1))
        for board in (1, 2):
            await pad.request(result(1, 1, board, 1, 1))
        await asyncio.sleep(0.2)
        highest = station.hub.units[91].down_seq
        await pad.request(Heartbeat(battery=80))  # its commit saves what was sent before it
        monkeypatch.setattr(units_module, "DOWN_SEQ_MARGIN", 0)
        station.hub.load()  # what a restart does
        assert station.hub.units[91].down_seq >= highest > 0
