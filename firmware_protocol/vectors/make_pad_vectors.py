"""Write the pad's behaviour vectors: `python -m firmware_protocol.vectors.make_pad_vectors`.

Each scenario is a list of steps: an event (times in seconds) and what
the reference pad (firmware_protocol/pad_machine.py) did: the frames it sent (type, seq, and
whether it was a retransmission), the timers running with their deadlines, what its screen
shows and what it keeps in non-volatile memory. The file is the contract: the Python machine
and the browser pad (padcore.js) both replay it; `replay` here is the Python side.
"""

from __future__ import annotations

import json
from itertools import cycle
from pathlib import Path
from typing import Any

from firmware_protocol.enums import ControlCommand, ErrorCode, ResultFlag, Seat, StationState
from firmware_protocol.jsonwire import body_from_json, body_to_json
from firmware_protocol.messages import (
    ALREADY_HELD,
    TO_DIRECTOR,
    Ack,
    Body,
    Control,
    CorrectionPush,
    GameData,
    Hello,
    Locked,
    Login,
    Nak,
    NotPlayed,
    Result,
    RoundInfo,
    Status,
)
from firmware_protocol.pad_machine import PadMachine, PadState, Send, Timers, persisted

HERE = Path(__file__).parent
FILE = HERE / "behaviour" / "pad_machine.json"  # apart from the codec vectors
MQTT = Timers()  # SPEC.md 6.6 and 6.7 with the MQTT first timeout (5 s)

Event = dict[str, Any]


def _r(board: int, contract: str = "4S", tricks: int = 10, round_: int = 1) -> Result:
    return Result("A", 3, round_, board, 3, 10, contract, Seat.S, tricks, "HK")


ROUNDS = (RoundInfo(1, 3, 10, (1, 2, 3)), RoundInfo(2, 4, 9, (4, 5, 6)))


def power_on(at: float) -> Event:
    return {"at": at, "power_on": {}}


def power_cycle(at: float) -> Event:
    """The battery out and in: a new machine on the same store, then power on."""
    return {"at": at, "power_cycle": {}}


def paired(at: float) -> Event:
    """The director paired the unit again and this pad was given the new key: a power cycle
    with the new key; station messages after it are tagged with that key."""
    return {"at": at, "paired": {}}


def tick(at: float) -> Event:
    return {"at": at, "tick": {}}


def enter(at: float, body: Body) -> Event:
    return {"at": at, "enter": {"type": body.TYPE.value, "body": body_to_json(body)}}


def receive(at: float, seq: int, body: Body, verified: bool = True) -> Event:
    return {"at": at, "receive": {"seq": seq, "verified": verified, "type": body.TYPE.value,
                                  "body": body_to_json(body)}}


def logged_in(t: float = 0.0) -> list[Event]:
    """Power on, hello acked, login acked, game data in one part: round 1 at table A3."""
    return [power_on(t), receive(t + 0.1, 1, Ack(1)),
            receive(t + 0.2, 2, Status(StationState.RUNNING, 1)),
            enter(t + 1, Login("A", 3)), receive(t + 1.1, 3, Ack(2)),
            receive(t + 1.2, 4, GameData("A", 3, 1, ROUNDS))]


SCENARIOS: list[dict[str, Any]] = [
    {"name": "start_login_game_data_result",
     "about": "6.1: hello, status, login, game_data in two parts, a result acked.",
     "events": [power_on(0), receive(0.1, 1, Ack(1)),
                receive(0.2, 2, Status(StationState.RUNNING, 1)),
                enter(1, Login("A", 3)), receive(1.1, 3, Ack(2)),
                receive(1.2, 4, GameData("A", 3, 1, ROUNDS[:1], (_r(1),), part=1, parts=2)),
                receive(1.3, 5, GameData("A", 3, 1, ROUNDS[1:], part=2, parts=2)),
                enter(5, _r(2)), receive(5.2, 6, Ack(3, 620, ())),
                tick(65.2)]},
    {"name": "retransmit_give_up_probe_restore",
     "about": "6.6: the same seq at 5, 10, 20, 30 s..., no contact after 8 attempts, "
              "a heartbeat probe every 30 s, contact back on any fresh station message.",
     "events": [power_on(0), tick(5), tick(15), tick(35), tick(65), tick(95), tick(125),
                tick(155), tick(185), tick(215), tick(245),
                receive(250, 1, Status(StationState.RUNNING, 2)), receive(251, 2, Ack(4))]},
    {"name": "jitter_is_an_input",
     "about": "6.6: each timeout is multiplied by the jitter drawn for it (0.8 to 1.2).",
     "jitter": [0.8, 1.2, 1.1],
     "events": [power_on(0), tick(4), tick(16), tick(40), receive(41, 1, Ack(1))]},
    {"name": "replay_rule_for_station_messages",
     "about": "8: a tag that does not verify, a seq not above the last accepted, "
              "and a seq-0 advice are ignored; gaps are fine.",
     "events": [power_on(0), receive(0.1, 5, Ack(1), verified=False),
                receive(0.2, 0, Nak(1, ErrorCode.BAD_MAC)), receive(0.3, 5, Ack(1)),
                receive(0.4, 5, Status(StationState.STOPPED, 3)),
                receive(0.5, 4, Status(StationState.STOPPED, 3)),
                receive(0.6, 9, Status(StationState.RUNNING, 3))]},
    {"name": "nak_replay_continues_above",
     "about": "6.2: a pad that lost its counter goes above the station's highest seq.",
     "events": [power_on(0), receive(0.1, 1, Nak(1, ErrorCode.REPLAY, detail="900")),
                receive(0.2, 2, Ack(901))]},
    {"name": "nak_internal_keeps_and_retries",
     "about": "6.6: the entry stays queued and goes again, under a new seq, after 30 s.",
     "events": [*logged_in(), enter(2, _r(1)),
                receive(2.1, 5, Nak(3, ErrorCode.INTERNAL)), tick(20), tick(32.1),
                receive(32.2, 6, Nak(4, ErrorCode.INTERNAL)), tick(62.2),
                receive(62.3, 7, Ack(5, 420))]},
    {"name": "nak_bad_mac_in_sequence_key_replaced",
     "about": "6.6 and 7: a nak BAD_MAC in the unit's sequence under the pad's key: the unit "
              "was paired again. Every entry is kept, nothing more is sent (no retry, no "
              "heartbeat, not after a power cycle) until the pad is given the new key; then "
              "hello, resend and the kept entries go on, above every seq used.",
     "events": [*logged_in(), enter(2, _r(1)),
                receive(2.1, 5, Nak(3, ErrorCode.BAD_MAC)), enter(3, _r(2)), tick(40),
                tick(70), power_cycle(100), tick(170), paired(200),
                receive(200.1, 6, Ack(4)), receive(200.2, 7, Ack(5)),
                receive(200.3, 8, Ack(6, 420)), receive(200.4, 9, Ack(7, 420))]},
    {"name": "nak_stopped_waits_for_running",
     "about": "6.6: STOPPED keeps the entry until a status says running.",
     "events": [*logged_in(), enter(2, _r(1)),
                receive(2.1, 5, Nak(3, ErrorCode.STOPPED)), enter(3, _r(2)),
                receive(30, 6, Status(StationState.RUNNING, 1)),
                receive(30.1, 7, Ack(4, 420)), receive(30.2, 8, Ack(5, 420))]},
    {"name": "nak_refusals_the_players_fix",
     "about": "6.2: another code drops the entry for the players to fix; ALREADY_PLAYED "
              "brings the station's copy.",
     "events": [*logged_in(), enter(2, _r(1, "4S", 13)),
                receive(2.1, 5, Nak(3, ErrorCode.INVALID_TRICKS)),
                enter(3, _r(2, "3NT", 9)),
                receive(3.1, 6, Nak(4, ErrorCode.ALREADY_PLAYED, held=_r(2, "2H", 8)))]},
    {"name": "locked_hands_over_unsent",
     "about": "6.5: locked, the pad sends what it holds at once (the flight again under a "
              "new seq, then the queue, whatever the switch), nothing of the session, and "
              "takes no new entry; each nak's detail says what became of the entry: director "
              "(kept to decide), held (held as it is), none (not kept). A login refused "
              "leaves it locked: only a login the station takes unlocks it.",
     "events": [*logged_in(), enter(2, _r(1)), enter(2.5, _r(2)), enter(2.7, _r(3)),
                receive(3, 5, Status(StationState.STOPPED, 1)),
                receive(3.1, 6, Locked(ErrorCode.UNIT_REPLACED)),
                receive(3.2, 7, Nak(4, ErrorCode.UNIT_REPLACED, detail=TO_DIRECTOR)),
                enter(4, _r(1, round_=2)),
                receive(4.1, 8, Nak(5, ErrorCode.UNIT_REPLACED, detail=ALREADY_HELD)),
                receive(4.2, 9, Nak(6, ErrorCode.UNIT_REPLACED)), tick(40),
                enter(50, Login("A", 3)), receive(50.1, 10, Nak(7, ErrorCode.UNIT_REPLACED))]},
    {"name": "locking_nak",
     "about": "6.5: a replaced unit's entry is refused with UNIT_REPLACED: locked; it "
              "takes no new entry.",
     "events": [*logged_in(), enter(2, _r(1)),
                receive(2.1, 5, Nak(3, ErrorCode.UNIT_REPLACED, detail=TO_DIRECTOR)),
                enter(3, _r(2)), tick(40)]},
    {"name": "reset_hands_over_unsent",
     "about": "13.5 and 6.5: the director's reset forgets the session, but an entry never "
              "answered still goes; the station keeps it for the director (NOT_LOGGED_IN, "
              "detail director).",
     "events": [*logged_in(), enter(2, _r(1)), receive(2.5, 5, Control(ControlCommand.RESET)),
                receive(2.6, 6, Nak(4, ErrorCode.NOT_LOGGED_IN, detail=TO_DIRECTOR))]},
    {"name": "locked_drops_resend_in_flight",
     "about": "6.5: a `resend` in flight when `locked` comes is dropped, never sent again "
              "(nothing of the session); the entries behind it go, under new seqs.",
     "events": [*logged_in(), enter(2, _r(1)), tick(7), power_cycle(100),
                receive(100.1, 5, Ack(4)),
                receive(100.2, 6, Locked(ErrorCode.UNIT_REPLACED)),
                receive(100.3, 7, Nak(6, ErrorCode.UNIT_REPLACED, detail=TO_DIRECTOR)),
                tick(200)]},
    {"name": "reset_unheard_nak_director",
     "about": "6.5 and 13.5: reset while away (no `control reset` heard), the pad learns it "
              "from nak NOT_LOGGED_IN with a detail for an entry of the table it holds: it "
              "does what the reset would have done (session, table and lock go; the entries "
              "never answered still go); a later such nak changes nothing more.",
     "events": [*logged_in(), enter(2, _r(1)), enter(2.5, _r(2)),
                receive(2.6, 5, Nak(3, ErrorCode.NOT_LOGGED_IN, detail=TO_DIRECTOR)),
                receive(2.7, 6, Nak(4, ErrorCode.NOT_LOGGED_IN, detail=ALREADY_HELD)),
                tick(70)]},
    {"name": "correction_push",
     "about": "6.3: the director's change replaces the pad's copy; no result removes it.",
     "events": [*logged_in(), enter(2, _r(1)), receive(2.1, 5, Ack(3, 420)),
                enter(3, _r(2)), receive(3.1, 6, Ack(4, 420)),
                receive(9, 7, CorrectionPush("A", 3, 1, 1, _r(1, "4S", 9))),
                receive(10, 8, CorrectionPush("A", 3, 1, 2, None))]},
    {"name": "game_data_parts_missing",
     "about": "6.6: parts not all in within 10 s of the first, or none after the login's "
              "ack: resend.",
     "events": [power_on(0), receive(0.1, 1, Ack(1)), enter(1, Login("A", 3)),
                receive(1.1, 2, Ack(2)), tick(11.1), receive(11.2, 3, Ack(3)),
                receive(11.3, 4, GameData("A", 3, 1, ROUNDS[:1], part=1, parts=2)),
                tick(21.3), receive(21.4, 5, Ack(4)),
                receive(21.5, 6, GameData("A", 3, 1, ROUNDS[:1], part=1, parts=2)),
                receive(21.6, 7, GameData("A", 3, 1, ROUNDS[1:], part=2, parts=2))]},
    {"name": "status_round_and_switch",
     "about": "6.7: status carries the switch and the section's round.",
     "events": [*logged_in(), receive(5, 5, Status(StationState.RUNNING, 2)),
                receive(6, 6, Status(StationState.STOPPED, 2)), enter(7, _r(4, round_=2)),
                receive(8, 7, Status(StationState.RUNNING, 3)), receive(8.1, 8, Ack(3))]},
    {"name": "power_cycle_keeps_queue_and_counters",
     "about": "6.4: after a battery change: hello, resend, then the queued entry, under "
              "seqs above every one used; station seqs still above the last accepted.",
     "events": [*logged_in(), enter(2, _r(1)), tick(7), power_cycle(100),
                receive(100.1, 4, Ack(4)), receive(100.2, 5, Ack(4)),
                receive(100.3, 6, Ack(5)), receive(100.4, 7, Ack(6, 420))]},
    {"name": "idle_heartbeat",
     "about": "6.7: a heartbeat after 60 s without sending anything.",
     "events": [*logged_in(), tick(60), tick(61), receive(61.1, 5, Ack(3)), tick(121.1),
                receive(121.2, 6, Ack(4, None, (ResultFlag.DUPLICATE,)))]},
    {"name": "control_stop_start_resend_relogin_reset",
     "about": "The station's control: stop holds entries back, start lets them go, resend "
              "re-sends the pad's own entries, relogin logs in again, reset forgets the "
              "session (SPEC.md 13.5).",
     "events": [*logged_in(), enter(2, _r(1)), receive(2.1, 5, Ack(3, 420)),
                receive(3, 6, Control(ControlCommand.STOP)), enter(4, _r(2)),
                receive(5, 7, Control(ControlCommand.START)), receive(5.1, 8, Ack(4, 420)),
                receive(6, 9, Control(ControlCommand.RESEND)),
                receive(6.1, 10, Ack(5, 420, (ResultFlag.DUPLICATE,))),
                receive(6.2, 11, Ack(6, 420, (ResultFlag.DUPLICATE,))),
                receive(7, 12, Control(ControlCommand.RELOGIN)),
                receive(7.1, 13, Control(ControlCommand.RELOGIN)),
                receive(8, 14, Control(ControlCommand.RESET))]},
    {"name": "not_played_entry",
     "about": "6.2: a not_played entry is stored and sent like a result.",
     "events": [*logged_in(), enter(2, NotPlayed("A", 3, 1, 3, 3, 10)),
                receive(2.1, 5, Ack(3))]},
]


def replay(events: list[Event], jitters: list[float]) -> list[dict[str, Any]]:
    """Run a scenario's events on the reference pad: what it did after each."""
    jitter = cycle(jitters)
    store = PadState()
    machine = PadMachine(store, MQTT, lambda: next(jitter))
    steps = []
    for event in events:
        at = float(event["at"])
        if "power_cycle" in event:
            machine = PadMachine(store, MQTT, lambda: next(jitter))
        if "paired" in event:
            machine = PadMachine(store, MQTT, lambda: next(jitter))
            effects = machine.paired(at, Hello("reference pad", None))
        elif "power_on" in event or "power_cycle" in event:
            effects = machine.power_on(at, Hello("reference pad", None))
        elif "enter" in event:
            entered = event["enter"]
            effects = machine.enter(body_from_json(entered["type"], entered["body"]), at)
        elif "receive" in event:
            got = event["receive"]
            effects = machine.receive(got["seq"], body_from_json(got["type"], got["body"]),
                                      got["verified"], at)
        else:
            effects = machine.tick(at)
        sent = [[e.body.TYPE.value, e.seq, e.again] for e in effects if isinstance(e, Send)]
        steps.append({"sent": sent,
                      "timers": {k: round(v, 3) for k, v in machine.timers_set().items()},
                      "screen": machine.screen(), "persist": persisted(store)})
    return steps


def render() -> str:
    """The file: each step's event and what is expected after it, one line each."""
    def line(value: object) -> str:
        return json.dumps(value, separators=(", ", ": "))

    out = [f'{{"timers": {line(vars(MQTT))},', ' "scenarios": [']
    for n, scenario in enumerate(SCENARIOS):
        jitters = scenario.get("jitter", [1.0])
        expected = replay(scenario["events"], jitters)
        head = {"name": scenario["name"], "about": scenario["about"], "jitter": jitters}
        out.append(f"  {line(head)[:-1]},")
        out.append('   "steps": [')
        for i, (event, expect) in enumerate(zip(scenario["events"], expected, strict=True)):
            end = "," if i < len(expected) - 1 else ""
            out.append(f'    {{"event": {line(event)},')
            out.append(f'     "expect": {line(expect)}}}{end}')
        out.append("  ]}" + ("," if n < len(SCENARIOS) - 1 else ""))
    out.append(" ]}")
    return "\n".join(out) + "\n"


def main() -> None:
    FILE.write_text(render(), encoding="ascii")


if __name__ == "__main__":
    main()
