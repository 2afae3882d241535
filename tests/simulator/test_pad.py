"""The sans-IO pad: retransmission with backoff, queueing out of contact, battery change."""

from __future__ import annotations

import random

import pytest

from firmware_protocol import jsonwire
from firmware_protocol.messages import (
    Ack,
    Body,
    CorrectionPush,
    ErrorCode,
    GameData,
    Heartbeat,
    Hello,
    Login,
    Message,
    Nak,
    Resend,
    Result,
    ResultFlag,
    RoundInfo,
)
from firmware_protocol.pad_machine import Timers
from firmware_protocol.security import unit_key
from simulator.memory import PadMemory
from simulator.notices import Answered, ContactChanged, GameDataReceived
from simulator.pad import Pad
from simulator.timing import GIVE_UP_ATTEMPTS, Timing, mqtt_timing, radio_timing
from tests.helpers import result

KEY = unit_key("change-me", 17)
TIMING = Timing(answer_timeout=1.5, speed=1.0, min_timeout=0.0)


class Station:
    """Builds signed station messages for unit 17, with rising seqs."""

    def __init__(self, key: bytes = KEY) -> None:
        self.key = key
        self.seq = 0

    def say(self, body: Body, seq: int | None = None) -> jsonwire.Received:
        if seq is None:
            self.seq += 1
            seq = self.seq
        return jsonwire.decode(jsonwire.encode(Message(17, seq, body), self.key))


def logged_in_pad(station: Station) -> Pad:
    """A pad past hello and login, holding table A1's movement."""
    pad = Pad(PadMemory(17, KEY), TIMING, random.Random(1))
    pad.power_on(0.0)
    hello = pad.take_outgoing()[0]
    pad.receive(station.say(Ack(re=hello.seq)), 0.1)
    pad.login("A", 1, 0.2)
    login = pad.take_outgoing()[0]
    pad.receive(station.say(Ack(re=login.seq)), 0.3)
    pad.receive(station.say(GameData("A", 1, 1, (RoundInfo(1, 1, 1, (1, 2)),))), 0.3)
    pad.take_notices()
    return pad


def test_hello_login_and_game_data() -> None:
    station = Station()
    pad = logged_in_pad(station)
    assert pad.logged_in and pad.memory.rounds[1].boards == (1, 2)
    assert pad.idle


def test_result_is_retransmitted_with_the_same_seq_and_backoff() -> None:
    station = Station()
    pad = logged_in_pad(station)
    pad.enter(result(lead="HK"), 1.0)
    first = pad.take_outgoing()
    assert [m.body for m in first] == [result(lead="HK")]
    seq = first[0].seq
    now, gaps = 1.0, []
    for _ in range(4):
        deadline = pad.deadline
        assert deadline is not None
        gaps.append(deadline - now)
        now = deadline
        pad.tick(now)
        again = pad.take_outgoing()
        assert [(m.seq, m.body) for m in again] == [(seq, result(lead="HK"))]
    # Each timeout about doubles (jitter is within +-20 %).
    for attempt, gap in enumerate(gaps, start=1):
        assert TIMING.timeout(attempt) * 0.8 <= gap <= TIMING.timeout(attempt) * 1.2
    pad.receive(station.say(Ack(re=seq, score_ns=420)), now + 0.1)
    assert pad.idle and pad.entry_for(1, 1) is not None
    assert pad.entry_for(1, 1).acked  # type: ignore[union-attr]
    assert pad.stats.retransmitted == 4


def test_gives_up_then_probes_and_resumes_on_any_answer() -> None:
    station = Station()
    pad = logged_in_pad(station)
    pad.enter(result(board=1, lead="HK"), 1.0)
    first_seq = pad.take_outgoing()[0].seq
    now = 1.0
    while pad.contact:
        now = pad.deadline or now
        pad.tick(now)
    assert pad.stats.retransmitted == GIVE_UP_ATTEMPTS - 1
    assert ContactChanged(False) in pad.take_notices()
    pad.take_outgoing()
    # Out of contact, the players keep entering: everything queues, nothing is dropped.
    pad.enter(result(board=2, lead="HK"), now)
    assert pad.take_outgoing() == []
    assert [type(b) for b in pad.memory.queue] == [Result, Result]
    # A heartbeat probe goes out now and then.
    now = pad.deadline or now
    pad.tick(now)
    probe = pad.take_outgoing()
    assert [type(m.body) for m in probe] == [Heartbeat]
    # The station answers the probe: contact is back; the head goes again under a new seq.
    pad.receive(station.say(Ack(re=probe[0].seq)), now + 0.1)
    resumed = pad.take_outgoing()
    assert [m.body for m in resumed] == [result(board=1, lead="HK")]
    assert resumed[0].seq > probe[0].seq
    assert resumed[0].seq != first_seq
    pad.receive(station.say(Ack(re=resumed[0].seq, score_ns=420)), now + 0.2)
    # Then a resend to catch up, then the next queued entry, in order.
    catch_up = pad.take_outgoing()
    assert [type(m.body) for m in catch_up] == [Resend]
    pad.receive(station.say(Ack(re=catch_up[0].seq)), now + 0.3)
    assert [m.body for m in pad.take_outgoing()] == [result(board=2, lead="HK")]


def test_battery_change_resumes_from_memory_without_reusing_seqs() -> None:
    station = Station()
    pad = logged_in_pad(station)
    pad.enter(result(board=1, lead="HK"), 1.0)
    used = max(m.seq for m in pad.take_outgoing())
    memory = pad.memory  # non-volatile: survives the battery change
    reborn = Pad(memory, TIMING, random.Random(2))
    reborn.power_on(5.0)
    out = reborn.take_outgoing()
    assert [type(m.body) for m in out] == [Hello] and out[0].seq > used
    reborn.receive(station.say(Ack(re=out[0].seq)), 5.1)
    resend = reborn.take_outgoing()
    assert [type(m.body) for m in resend] == [Resend]  # it knows its table: no login
    reborn.receive(station.say(Ack(re=resend[0].seq)), 5.2)
    queued = reborn.take_outgoing()
    assert [m.body for m in queued] == [result(board=1, lead="HK")]
    assert queued[0].seq > resend[0].seq


def test_forged_and_old_station_messages_are_ignored() -> None:
    station = Station()
    pad = logged_in_pad(station)
    pad.enter(result(lead="HK"), 1.0)
    seq = pad.take_outgoing()[0].seq
    forger = Station(unit_key("wrong", 17))
    forger.seq = 1000
    pad.receive(forger.say(Ack(re=seq)), 1.1)
    pad.receive(station.say(Ack(re=seq), seq=1), 1.1)  # an old station seq: a replay
    assert not pad.idle and pad.stats.ignored == 2
    pad.receive(station.say(Ack(re=seq)), 1.2)
    assert pad.idle


def test_refusals() -> None:
    station = Station()
    pad = logged_in_pad(station)
    # INTERNAL keeps the entry for a later retry; BOARD_OUT_OF_RANGE gives it back to the players.
    pad.enter(result(board=1, lead="HK"), 1.0)
    seq = pad.take_outgoing()[0].seq
    pad.receive(station.say(Nak(re=seq, code=ErrorCode.INTERNAL)), 1.1)
    assert pad.memory.queue == [result(board=1, lead="HK")] and pad.take_outgoing() == []
    pad.tick(pad.deadline or 0.0)
    retry = pad.take_outgoing()
    assert [m.body for m in retry] == [result(board=1, lead="HK")]
    pad.receive(station.say(Nak(re=retry[0].seq, code=ErrorCode.BOARD_OUT_OF_RANGE)), 40.0)
    assert pad.idle and pad.entry_for(1, 1) is None
    notices = pad.take_notices()
    assert isinstance(notices[-1], Answered) and notices[-1].body == result(board=1, lead="HK")
    # REPLAY with the station's highest seq: continue above it.
    pad.enter(result(board=2, lead="HK"), 41.0)
    seq = pad.take_outgoing()[0].seq
    pad.receive(station.say(Nak(re=seq, code=ErrorCode.REPLAY, detail="500")), 41.1)
    again = pad.take_outgoing()
    assert again[0].body == result(board=2, lead="HK") and again[0].seq == 501


def test_flagged_ack_correction_push_and_takeover_game_data() -> None:
    station = Station()
    pad = logged_in_pad(station)
    pad.enter(result(board=1, lead="HK"), 1.0)
    seq = pad.take_outgoing()[0].seq
    pad.receive(station.say(Ack(re=seq, score_ns=420,
                                flags=(ResultFlag.LEAD_DECLARER_MISMATCH,))), 1.1)
    assert pad.stats.flagged == 1
    fixed = result(board=1, lead="C2")
    pad.receive(station.say(CorrectionPush("A", 1, 1, 1, fixed)), 1.2)
    stored = pad.entry_for(1, 1)
    assert stored is not None and stored.body == fixed and stored.source == "director"
    # A new unit taking over receives everything held, in parts.
    spare = Pad(PadMemory(17, KEY), TIMING, random.Random(3))
    spare.login("A", 1, 2.0, takeover=True)
    login = spare.take_outgoing()[0]
    assert login.body == Login("A", 1, takeover=True)
    spare.receive(station.say(Ack(re=login.seq)), 2.1)
    spare.receive(station.say(GameData("A", 1, 1, (RoundInfo(1, 1, 1, (1, 2)),), (),
                                       part=1, parts=2)), 2.1)
    spare.receive(station.say(GameData("A", 1, 1, (), (fixed,), part=2, parts=2)), 2.1)
    assert any(isinstance(n, GameDataReceived) for n in spare.take_notices())
    assert spare.entry_for(1, 1) is not None and spare.entry_for(1, 1).acked  # type: ignore[union-attr]


@pytest.mark.parametrize("speed", [1.0, 60.0, 1000.0])
def test_timing_scales_with_speed(speed: float) -> None:
    timing = Timing(answer_timeout=5.0, speed=speed, min_timeout=0.2)
    assert timing.first == max(5.0 / speed, 0.2)
    assert timing.timeout(2) == pytest.approx(2 * timing.first)
    assert timing.timeout(20) == timing.cap


@pytest.mark.parametrize("timing", [radio_timing(), mqtt_timing()])
def test_at_full_speed_the_timers_are_the_specs(timing: Timing) -> None:
    assert timing.timers == Timers(timing.answer_timeout, 30.0, 30.0, 60.0, 10.0)
