"""The simulator's pad under protocol version 2 (SPEC.md 13.5): it speaks v2 with its event,
enters a new event before handling the message that brings it, goes back to its login form
when the event has no table for it or the director resets it, and falls back to version 1
for an old station."""

from __future__ import annotations

import random

from firmware_protocol import jsonwire
from firmware_protocol.messages import (
    Ack,
    Body,
    Control,
    ControlCommand,
    ErrorCode,
    GameData,
    Hello,
    Locked,
    Login,
    Message,
    Nak,
    Players,
    Result,
    RoundInfo,
    Seat,
    StationState,
    Status,
)
from firmware_protocol.security import unit_key
from simulator.memory import PadMemory
from simulator.notices import EventEntered, TableForgotten
from simulator.pad import Pad
from simulator.timing import Timing

KEY = unit_key("change-me", 17)
TIMING = Timing(answer_timeout=1.5, speed=1.0, min_timeout=0.0)
NIGHT_1, NIGHT_2 = 7, 8


class Station:
    """Signed version 2 station messages for unit 17 under the open event, seqs rising."""

    def __init__(self, event: int = NIGHT_1) -> None:
        self.event = event
        self.seq = 0

    def say(self, body: Body, *, seq: int | None = None, v: int = 2) -> jsonwire.Received:
        if seq is None:
            self.seq += 1
            seq = self.seq
        event = self.event if v == 2 else 0
        return jsonwire.decode(jsonwire.encode(Message(17, seq, body, v, event), KEY))


def night_1_pad(station: Station) -> Pad:
    """A pad at table A3 of night 1, holding round 1 and one result entered and acked."""
    pad = Pad(PadMemory(17, KEY), TIMING, random.Random(1))
    pad.power_on(0.0)
    [hello] = pad.take_outgoing()
    assert (hello.v, hello.event) == (2, 0) and hello.body == Hello("simulator 1", 100, 2)
    pad.receive(station.say(Ack(re=hello.seq)), 0.1)
    assert pad.memory.event == NIGHT_1
    pad.login("A", 3, 0.2)
    [login] = pad.take_outgoing()
    assert (login.v, login.event) == (2, NIGHT_1)
    pad.receive(station.say(Ack(re=login.seq)), 0.3)
    pad.receive(station.say(GameData("A", 3, 1, (RoundInfo(1, 3, 10, (1, 2)),))), 0.3)
    pad.enter(Result("A", 3, 1, 1, 3, 10, "4S", Seat.S, 10, "HK"), 0.4)
    [entry] = pad.take_outgoing()
    assert entry.event == NIGHT_1
    pad.receive(station.say(Ack(re=entry.seq, score_ns=420)), 0.5)
    pad.take_notices()
    return pad


def test_a_new_event_clears_the_old_session_and_logs_in_again() -> None:
    station = Station()
    pad = night_1_pad(station)
    pad.receive(station.say(Control(ControlCommand.STOP)), 1.0)
    pad.players(1, (1, 2, 3, 4), 1.1)  # held back: the pad is stopped
    pad.enter(Result("A", 3, 1, 2, 3, 10, "3NT", Seat.N, 9, "S2"), 1.2)
    assert pad.take_outgoing() == [] and pad.paused
    station.event = NIGHT_2
    pad.receive(station.say(Status(StationState.RUNNING, 1)), 2.0)
    memory = pad.memory
    assert memory.event == NIGHT_2
    assert (memory.section, memory.table) == ("A", 3)  # kept, to log in again
    assert memory.rounds == {} and memory.entries == {} and memory.round is None
    assert memory.queue == [Login("A", 3)] and not pad.paused
    assert EventEntered(NIGHT_2, 2) in pad.take_notices()
    [login] = pad.take_outgoing()
    assert (login.body, login.event) == (Login("A", 3), NIGHT_2)
    # The station's relogin that follows adds no second login.
    pad.receive(station.say(Control(ControlCommand.RELOGIN)), 2.1)
    assert [b for b in memory.queue if isinstance(b, Login)] == [Login("A", 3)]
    pad.receive(station.say(Ack(re=login.seq)), 2.2)
    pad.receive(station.say(GameData("A", 3, 1, (RoundInfo(1, 2, 9, (4, 5)),))), 2.2)
    assert memory.rounds == {1: RoundInfo(1, 2, 9, (4, 5))} and pad.logged_in


def test_an_entry_in_flight_of_the_old_event_is_dropped() -> None:
    station = Station()
    pad = night_1_pad(station)
    pad.players(1, (1, 2, 3, 4), 1.0)
    [players] = pad.take_outgoing()
    assert isinstance(players.body, Players)
    station.event = NIGHT_2
    # Its answer comes under the new event: the pad takes the event first, so the players
    # message is gone and the answer to it is nobody's.
    pad.receive(station.say(Nak(re=players.seq, code=ErrorCode.OTHER_EVENT)), 1.1)
    assert pad.memory.queue == [Login("A", 3)]
    [login] = pad.take_outgoing()
    assert login.body == Login("A", 3) and login.event == NIGHT_2


def test_event_0_and_version_1_messages_change_no_event() -> None:
    station = Station()
    pad = night_1_pad(station)
    station.event = 0
    pad.receive(station.say(Status(StationState.RUNNING, 1)), 1.0)
    pad.receive(station.say(Status(StationState.RUNNING, 1), v=1), 1.1)
    assert pad.memory.event == NIGHT_1 and pad.memory.entries


def test_no_such_table_sends_the_pad_back_to_its_login_form() -> None:
    station = Station()
    pad = night_1_pad(station)
    station.event = NIGHT_2
    pad.receive(station.say(Status(StationState.RUNNING, 1)), 1.0)
    [login] = pad.take_outgoing()
    pad.receive(station.say(Nak(re=login.seq, code=ErrorCode.NO_SUCH_TABLE)), 1.1)
    assert (pad.memory.section, pad.memory.table) == (None, None) and not pad.logged_in
    assert TableForgotten(ErrorCode.NO_SUCH_TABLE) in pad.take_notices()
    assert pad.idle


def test_control_reset_forgets_the_session_and_the_lock() -> None:
    station = Station()
    pad = night_1_pad(station)
    pad.receive(station.say(Locked(ErrorCode.UNIT_LOCKED)), 1.0)
    assert pad.memory.locked == ErrorCode.UNIT_LOCKED
    seq_before = pad.next_seq
    pad.receive(station.say(Control(ControlCommand.RESET)), 1.1)
    memory = pad.memory
    assert memory.table is None and memory.entries == {} and memory.locked is None
    assert memory.event == NIGHT_1 and pad.next_seq == seq_before  # counters kept
    assert TableForgotten(None) in pad.take_notices()


def test_a_nak_unit_locked_locks_the_pad() -> None:
    station = Station()
    pad = night_1_pad(station)
    pad.enter(Result("A", 3, 1, 2, 3, 10, "PASS", None, None, None), 1.0)
    [entry] = pad.take_outgoing()
    pad.receive(station.say(Nak(re=entry.seq, code=ErrorCode.UNIT_LOCKED)), 1.1)
    assert pad.memory.locked == ErrorCode.UNIT_LOCKED


def test_an_old_station_turns_the_pad_to_version_1_for_good() -> None:
    pad = Pad(PadMemory(17, KEY), TIMING, random.Random(1))
    pad.power_on(0.0)
    [hello] = pad.take_outgoing()
    # A version 1 station answers a unit it does not know outside its sequence (seq 0).
    old = jsonwire.decode(jsonwire.encode(
        Message(17, 0, Nak(re=hello.seq, code=ErrorCode.UNSUPPORTED_VERSION)), KEY))
    pad.receive(old, 0.1)
    [again] = pad.take_outgoing()
    assert (again.v, again.event, again.body) == (1, 0, Hello("simulator 1", 100, 1))
    assert pad.memory.protocol == 1
    # A forged downgrade (wrong key) changes nothing.
    forged_pad = Pad(PadMemory(18, unit_key("change-me", 18)), TIMING, random.Random(1))
    forged_pad.power_on(0.0)
    [hello] = forged_pad.take_outgoing()
    forged = jsonwire.decode(jsonwire.encode(
        Message(18, 0, Nak(re=hello.seq, code=ErrorCode.UNSUPPORTED_VERSION)), KEY))
    forged_pad.receive(forged, 0.1)
    assert forged_pad.memory.protocol == 2 and forged_pad.take_outgoing() == []


def test_a_version_1_pad_sends_version_1() -> None:
    pad = Pad(PadMemory(17, KEY, protocol=1), TIMING, random.Random(1))
    pad.power_on(0.0)
    [hello] = pad.take_outgoing()
    assert (hello.v, hello.body) == (1, Hello("simulator 1", 100, 1))
