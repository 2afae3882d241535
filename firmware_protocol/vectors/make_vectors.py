"""Write the golden vectors: `python -m firmware_protocol.vectors.make_vectors`.

The files are the contract; this script only saves typing. Tests check that both codecs
produce exactly what the files hold, and read back exactly these messages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from firmware_protocol.binary import encode_frame
from firmware_protocol.enums import (
    AskPlayers,
    ControlCommand,
    ErrorCode,
    FeedbackKind,
    ResultFlag,
    Seat,
    StationState,
)
from firmware_protocol.jsonwire import encode
from firmware_protocol.messages import (
    ALREADY_HELD,
    HANDICAPPED,
    TO_DIRECTOR,
    Ack,
    Control,
    Correction,
    CorrectionPush,
    Feedback,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Message,
    Move,
    Nak,
    NextRound,
    NotPlayed,
    Players,
    Resend,
    Result,
    RoundClock,
    RoundInfo,
    Seating,
    SeatPlayer,
    Status,
)
from firmware_protocol.security import unit_key

HERE = Path(__file__).parent
SECRET = "tuesday-club-secret"
UNIT = 17

_RESULT_4S = Result("A", 3, 2, 5, 3, 10, "4S", Seat.S, 10, "HK")

PAD_TO_STATION: list[tuple[str, int, Message]] = [
    ("hello", UNIT, Message(UNIT, 1, Hello("bp-1.4.2", 87, 1))),
    ("login", UNIT, Message(UNIT, 2, Login("A", 3))),
    ("login_takeover_with_pin", UNIT, Message(UNIT, 3, Login("A", 3, "4821", True))),
    ("players", UNIT, Message(UNIT, 4, Players("A", 3, 2, 10234, 10567, 0, 99871))),
    ("result_with_lead", UNIT, Message(UNIT, 42, _RESULT_4S)),
    ("result_lead_ten_doubled", UNIT,
     Message(UNIT, 43, Result("A", 3, 2, 6, 3, 10, "3NTX", Seat.E, 7, "D10"))),
    ("result_no_lead_redoubled", UNIT,
     Message(UNIT, 44, Result("A", 3, 2, 7, 3, 10, "2HXX", Seat.W, 9, None))),
    ("result_passed_out", UNIT,
     Message(UNIT, 45, Result("A", 3, 2, 8, 3, 10, "PASS", None, None, None))),
    ("not_played", UNIT, Message(UNIT, 46, NotPlayed("A", 3, 2, 9, 3, 10))),
    ("correction", UNIT,
     Message(UNIT, 47, Correction("A", 3, 2, 5, 3, 10, "4S", Seat.S, 11, "HK"))),
    ("resend_all", UNIT, Message(UNIT, 48, Resend(None))),
    ("resend_from_round", UNIT, Message(UNIT, 49, Resend(2))),
    ("heartbeat", UNIT, Message(UNIT, 50, Heartbeat(64))),
    ("heartbeat_no_battery", 300, Message(300, 4_000_000_000, Heartbeat(None))),
]

STATION_TO_PAD: list[tuple[str, int, Message]] = [
    ("ack_login", UNIT, Message(UNIT, 1, Ack(2))),
    ("ack_result", UNIT, Message(UNIT, 7, Ack(42, 420, ()))),
    ("ack_result_flagged", UNIT,
     Message(UNIT, 8, Ack(43, -500, (ResultFlag.LEAD_DECLARER_MISMATCH,
                                     ResultFlag.SUSPECT_WRONG_SIDE)))),
    ("nak_bad_mac", UNIT, Message(UNIT, 9, Nak(44, ErrorCode.BAD_MAC))),
    ("nak_already_played", UNIT,
     Message(UNIT, 10, Nak(51, ErrorCode.ALREADY_PLAYED, _RESULT_4S, "board 5 already held"))),
    ("nak_replay", UNIT, Message(UNIT, 11, Nak(12, ErrorCode.REPLAY, None, "50"))),
    ("game_data", UNIT, Message(UNIT, 2, GameData(
        "A", 3, 2,
        (RoundInfo(1, 3, 9, (1, 2, 3, 4)), RoundInfo(2, 3, 10, (5, 6, 7, 8, 9)),
         RoundInfo(3, 3, None, (10, 11, 12, 13))),
        (Result("A", 3, 1, 1, 3, 9, "3NT", Seat.N, 9, "S4"),
         Result("A", 3, 1, 2, 3, 9, "PASS", None, None, None),
         NotPlayed("A", 3, 1, 3, 3, 9),
         Result("A", 3, 1, 4, 3, 9, "5DX", Seat.E, 10, "CA"))))),
    ("game_data_part_2_of_3", UNIT, Message(UNIT, 13, GameData(
        "A", 3, 2, (), (_RESULT_4S,), 2, 3))),
    ("status_running", UNIT, Message(UNIT, 3, Status(StationState.RUNNING, 2))),
    ("status_stopped", UNIT, Message(UNIT, 14, Status(StationState.STOPPED, None))),
    ("feedback_frequency", UNIT, Message(UNIT, 15, Feedback(
        5, FeedbackKind.FREQUENCY, (("4S", "S", 420, 3), ("4S", "S", 450, 1),
                                     ("5SX", "S", -100, 1))))),
    ("correction_push", UNIT, Message(UNIT, 16, CorrectionPush(
        "A", 3, 1, 4, Result("A", 3, 1, 4, 3, 9, "5DX", Seat.E, 11, "CA")))),
    ("correction_push_erased", UNIT, Message(UNIT, 17, CorrectionPush("A", 3, 1, 2, None))),
    ("control_relogin", UNIT, Message(UNIT, 18, Control(ControlCommand.RELOGIN))),
    ("locked_replaced", UNIT, Message(UNIT, 19, Locked(ErrorCode.UNIT_REPLACED))),
]

# Version 2 (SPEC.md 13): the same bodies with the envelope's event. Event 7 is the night the
# pad played; event 8 the next one the director opened.
EVENT, NEXT_EVENT = 7, 8

PAD_TO_STATION_V2: list[tuple[str, int, Message]] = [
    ("v2_hello", UNIT, Message(UNIT, 101, Hello("bp-2.0.0", 90, 2), 2, 0)),
    ("v2_login", UNIT, Message(UNIT, 102, Login("A", 3), 2, EVENT)),
    ("v2_players", UNIT,
     Message(UNIT, 103, Players("A", 3, 2, 10234, 10567, 0, 99871), 2, EVENT)),
    ("v2_result_with_lead", UNIT, Message(UNIT, 142, _RESULT_4S, 2, EVENT)),
    ("v2_not_played", UNIT, Message(UNIT, 146, NotPlayed("A", 3, 2, 9, 3, 10), 2, EVENT)),
    ("v2_resend_all", UNIT, Message(UNIT, 148, Resend(None), 2, EVENT)),
    ("v2_heartbeat", UNIT, Message(UNIT, 150, Heartbeat(64), 2, EVENT)),
]

STATION_TO_PAD_V2: list[tuple[str, int, Message]] = [
    ("v2_ack_result", UNIT, Message(UNIT, 107, Ack(142, 420, ()), 2, EVENT)),
    ("v2_game_data_part_2_of_3", UNIT, Message(UNIT, 113, GameData(
        "A", 3, 2, (), (_RESULT_4S,), 2, 3), 2, EVENT)),
    ("v2_status_new_event", UNIT,
     Message(UNIT, 120, Status(StationState.RUNNING, 1), 2, NEXT_EVENT)),
    ("v2_status_no_event", UNIT, Message(UNIT, 121, Status(StationState.STOPPED, None), 2, 0)),
    ("v2_nak_other_event", UNIT,
     Message(UNIT, 122, Nak(143, ErrorCode.OTHER_EVENT), 2, NEXT_EVENT)),
    ("v2_nak_unit_locked", UNIT,
     Message(UNIT, 123, Nak(144, ErrorCode.UNIT_LOCKED), 2, NEXT_EVENT)),
    ("v2_locked_unit_locked", UNIT,
     Message(UNIT, 124, Locked(ErrorCode.UNIT_LOCKED), 2, NEXT_EVENT)),
    ("v2_control_reset", UNIT, Message(UNIT, 125, Control(ControlCommand.RESET), 2, NEXT_EVENT)),
    ("v2_control_relogin", UNIT,
     Message(UNIT, 126, Control(ControlCommand.RELOGIN), 2, NEXT_EVENT)),
    ("v2_nak_no_such_table", UNIT,
     Message(UNIT, 127, Nak(102, ErrorCode.NO_SUCH_TABLE), 2, NEXT_EVENT)),
]

# Seating (SPEC.md 14), added to both versions in files of their own, so the files above
# stay byte for byte: what a table's players were told of their round.
SEATING: list[tuple[str, int, Message]] = [
    ("seating_answer_to_players", UNIT, Message(UNIT, 20, Seating(
        "A", 3, 2, AskPlayers.FIRST, 3, 10, SeatPlayer(10234, "Ann Smith"),
        SeatPlayer(10567, "Bob Jones"), SeatPlayer(0, None), SeatPlayer(99871, None)))),
    ("seating_nobody_said", UNIT, Message(UNIT, 21, Seating("A", 3, 1, AskPlayers.NEVER, 3, 9))),
    # SPEC.md 14.6 and 14.7, JSON only: the binary frame is the same as without them.
    ("seating_clock_and_moves", UNIT, Message(UNIT, 22, Seating(
        "A", 3, 2, AskPlayers.FIRST, 3, 10, clock=RoundClock(2, 312, 900),
        next_round=NextRound(3, Move(3, "NS"), Move(4, "EW"), (2,))))),
    ("seating_relay_and_sit_out", UNIT, Message(UNIT, 23, Seating(
        "A", 5, 3, AskPlayers.NEVER, 5, 9, clock=RoundClock(3, -45, 840),
        next_round=NextRound(4, Move(5, "NS"), None, ())))),
]

SEATING_V2: list[tuple[str, int, Message]] = [
    ("v2_seating_every_round", UNIT, Message(UNIT, 128, Seating(
        "A", 3, 2, AskPlayers.EVERY, 3, 10, SeatPlayer(10234, "Ann Smith"),
        SeatPlayer(10567, "Bob Jones"), SeatPlayer(9_000_001, "Jane Doe"),
        SeatPlayer(99871, None)), 2, EVENT)),
    ("v2_seating_clock_and_moves", UNIT, Message(UNIT, 129, Seating(
        "A", 3, 2, AskPlayers.FIRST, 3, 10, clock=RoundClock(2, 312, 900),
        next_round=NextRound(3, Move(3, "NS"), Move(4, "EW"), (2,))), 2, EVENT)),
]

# Screens (SPEC.md 15), JSON only, in files of their own: a browser pad's page names its
# screen; the station names the screen holding the unit. The binary frames carry no screen.
SCREEN: list[tuple[str, int, Message]] = [
    ("screen_hello", UNIT, Message(UNIT, 60, Hello("webpad 1", None, 1), screen="k3x9q2")),
    ("screen_status_to_another", UNIT,
     Message(UNIT, 30, Status(StationState.RUNNING, 2), screen="p7m4w1")),
]

SCREEN_V2: list[tuple[str, int, Message]] = [
    ("v2_screen_hello", UNIT, Message(UNIT, 160, Hello("webpad 1", None, 2), 2, 0, "k3x9q2")),
    ("v2_screen_status_to_another", UNIT,
     Message(UNIT, 130, Status(StationState.RUNNING, 2), 2, EVENT, "p7m4w1")),
]

# The director's PIN (SPEC.md 6.8): a wrong PIN, then a unit made to wait, told how long in
# the nak's detail (seconds, in decimal). In files of their own, so the others keep their bytes.
PIN: list[tuple[str, int, Message]] = [
    ("nak_bad_pin", UNIT, Message(UNIT, 40, Nak(3, ErrorCode.BAD_PIN))),
    ("nak_bad_pin_wait", UNIT, Message(UNIT, 41, Nak(4, ErrorCode.BAD_PIN, None, "60"))),
]

PIN_V2: list[tuple[str, int, Message]] = [
    ("v2_nak_bad_pin_wait", UNIT,
     Message(UNIT, 140, Nak(108, ErrorCode.BAD_PIN, None, "120"), 2, EVENT)),
]

# Key epochs (SPEC.md 7): unit 17 paired again, once (epoch 1) and twice (epoch 2); the nak to
# a pad still holding the key of epoch 0, under that key in the unit's sequence; the nak to a
# tag no key of the unit verifies, at station seq 0 under the unit's key now (epoch 1). Each
# vector names its epoch; every other vector is epoch 0.
EPOCHS: list[tuple[str, int, Message]] = [
    ("epoch_1_hello", UNIT, Message(UNIT, 61, Hello("bp-1.4.2", 87, 1))),
    ("epoch_2_heartbeat", UNIT, Message(UNIT, 62, Heartbeat(80))),
    ("nak_bad_mac_earlier_key", UNIT, Message(UNIT, 31, Nak(52, ErrorCode.BAD_MAC))),
    ("nak_bad_mac_unverified", UNIT, Message(UNIT, 0, Nak(53, ErrorCode.BAD_MAC))),
]

EPOCHS_V2: list[tuple[str, int, Message]] = [
    ("v2_nak_bad_mac_earlier_key", UNIT,
     Message(UNIT, 141, Nak(109, ErrorCode.BAD_MAC), 2, EVENT)),
    ("v2_nak_bad_mac_unverified", UNIT, Message(UNIT, 0, Nak(110, ErrorCode.BAD_MAC), 2, EVENT)),
]

# Rounds (SPEC.md 6.9): the status every pad of a section is sent, unasked, as the section
# moves on to round 3; a result two rounds past the section's refused.
ROUNDS: list[tuple[str, int, Message]] = [
    ("status_round_moved_on", UNIT, Message(UNIT, 70, Status(StationState.RUNNING, 3))),
    ("nak_wrong_round", UNIT, Message(UNIT, 71, Nak(57, ErrorCode.WRONG_ROUND))),
]

ROUNDS_V2: list[tuple[str, int, Message]] = [
    ("v2_status_round_moved_on", UNIT,
     Message(UNIT, 142, Status(StationState.RUNNING, 3), 2, EVENT)),
]

# A pad the station let go (SPEC.md 6.5): each entry it still sends is answered with the lock's
# code (or NOT_LOGGED_IN after the director's reset), the detail saying what became of it:
# `director`, kept for the director to decide; `held`, held as it is; none, not kept.
HANDOVER: list[tuple[str, int, Message]] = [
    ("nak_unit_replaced_to_director", UNIT,
     Message(UNIT, 80, Nak(60, ErrorCode.UNIT_REPLACED, None, TO_DIRECTOR))),
    ("nak_unit_replaced_held", UNIT,
     Message(UNIT, 81, Nak(61, ErrorCode.UNIT_REPLACED, None, ALREADY_HELD))),
    ("nak_not_logged_in_to_director", UNIT,
     Message(UNIT, 82, Nak(62, ErrorCode.NOT_LOGGED_IN, None, TO_DIRECTOR))),
]

HANDOVER_V2: list[tuple[str, int, Message]] = [
    ("v2_nak_unit_locked_to_director", UNIT,
     Message(UNIT, 150, Nak(111, ErrorCode.UNIT_LOCKED, None, TO_DIRECTOR), 2, EVENT)),
    ("v2_locked_after_hello", UNIT,
     Message(UNIT, 151, Locked(ErrorCode.UNIT_LOCKED), 2, EVENT)),
]

EPOCH_OF = {"epoch_1_hello": 1, "epoch_2_heartbeat": 2, "nak_bad_mac_earlier_key": 0,
            "nak_bad_mac_unverified": 1, "v2_nak_bad_mac_earlier_key": 0,
            "v2_nak_bad_mac_unverified": 1}

# The rankings after a round (SPEC.md 14.9): the JSON form carries the round and each row's
# names; the binary frame neither (five cells a row, as section 4).
RANKINGS: list[tuple[str, int, Message]] = [
    ("feedback_ranking_after_round", UNIT, Message(UNIT, 32, Feedback(0, FeedbackKind.RANKING, (
        (1, 3, "NS", 14, 5833, "Ann Smith & Bob Jones"),
        (2, 1, "NS", 12, 5000, "Cat Brown & Dan White")), round=2))),
    # A handicap event's (issue 49): placed on the handicapped percentage, which the percent
    # cells are; `ranking` is JSON only too.
    ("feedback_handicapped_ranking_after_round", UNIT, Message(UNIT, 33, Feedback(
        0, FeedbackKind.RANKING, ((1, 1, "NS", 12, 5450, "Cat Brown & Dan White"),
                                  (2, 3, "NS", 14, 5083, "Ann Smith & Bob Jones")),
        round=2, ranking=HANDICAPPED))),
]

# The round clock in a round move's status (SPEC.md 6.7, 14.6), JSON only, in files of their
# own: a pad saying it reads it, and the status that restarts its clock.
ROUND_CLOCK: list[tuple[str, int, Message]] = [
    ("hello_status_clock", UNIT, Message(UNIT, 72, Hello("webpad 1", None, 1,
                                                         status_clock=True))),
    ("status_round_clock", UNIT, Message(UNIT, 71, Status(StationState.RUNNING, 3,
                                                          RoundClock(3, 840, 840)))),
]

ROUND_CLOCK_V2: list[tuple[str, int, Message]] = [
    ("v2_hello_status_clock", UNIT, Message(UNIT, 132, Hello("webpad 1", None, 2,
                                                             status_clock=True), 2, EVENT)),
    ("v2_status_round_clock", UNIT, Message(UNIT, 133, Status(StationState.RUNNING, 3,
                                                              RoundClock(3, 840, 840)),
                                            2, EVENT)),
]

FILES = {"pad_to_station.json": PAD_TO_STATION, "station_to_pad.json": STATION_TO_PAD,
         "pad_to_station_v2.json": PAD_TO_STATION_V2,
         "station_to_pad_v2.json": STATION_TO_PAD_V2,
         "seating.json": SEATING, "seating_v2.json": SEATING_V2,
         "screen.json": SCREEN, "screen_v2.json": SCREEN_V2,
         "pin.json": PIN, "pin_v2.json": PIN_V2,
         "epochs.json": EPOCHS, "epochs_v2.json": EPOCHS_V2,
         "rounds.json": ROUNDS, "rounds_v2.json": ROUNDS_V2, "rankings.json": RANKINGS,
         "handover.json": HANDOVER, "handover_v2.json": HANDOVER_V2,
         "round_clock.json": ROUND_CLOCK, "round_clock_v2.json": ROUND_CLOCK_V2}


def vector(name: str, unit: int, message: Message) -> dict[str, Any]:
    """One vector object as the files hold it (with its key epoch when it has one)."""
    epoch = EPOCH_OF.get(name)
    key = unit_key(SECRET, unit, epoch or 0)
    return {
        "name": name,
        "secret": SECRET,
        "unit": unit,
        **({} if epoch is None else {"epoch": epoch}),
        "key_hex": key.hex(),
        "seq": message.seq,
        "json": encode(message, key).decode("ascii"),
        "binary_hex": encode_frame(message, key).hex(),
    }


def render(cases: list[tuple[str, int, Message]]) -> str:
    """A vector file's text."""
    return json.dumps([vector(*case) for case in cases], indent=2) + "\n"


def main() -> None:
    """Rewrite every vector file."""
    for filename, cases in FILES.items():
        (HERE / filename).write_text(render(cases), encoding="ascii")


if __name__ == "__main__":
    main()
