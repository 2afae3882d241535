"""The kit's clause checks alone, on frames made up here (no link, no pad)."""

from __future__ import annotations

from basestation.conformance import clauses, script
from basestation.conformance.clauses import Outcome, PadFrame
from firmware_protocol.messages import Body, Heartbeat, Hello

ENTRY = script.entry(1)
OTHER = script.entry(2)


def frame(seq: int, at: float = 0.0, body: Body = ENTRY, *, signed: bytes | None = None,
          verified: bool = True) -> PadFrame:
    return PadFrame(at, seq, body, signed if signed is not None else f"{seq}:{body}".encode(),
                    verified)


def test_tags_pass_fail_and_unreadable_frames() -> None:
    assert clauses.check_tags([frame(1), frame(2)], 0).outcome == Outcome.PASS
    bad = clauses.check_tags([frame(1), frame(2, verified=False)], 0)
    assert bad.outcome == Outcome.FAIL and "1 of 2" in bad.sentence and "seq 2" in bad.sentence
    assert clauses.check_tags([frame(1)], 3).outcome == Outcome.FAIL
    assert clauses.check_tags([], 0).outcome == Outcome.NOT_TESTED


def test_seqs_rise_and_repeat_only_as_the_same_bytes() -> None:
    retransmitted = [frame(1), frame(2), frame(2), frame(5)]
    assert clauses.check_seqs(retransmitted).outcome == Outcome.PASS
    reused = clauses.check_seqs([frame(1), frame(2), frame(2, body=OTHER)])
    assert reused.outcome == Outcome.FAIL and "Seq 2 was used again" in reused.sentence
    backwards = clauses.check_seqs([frame(4), frame(3)])
    assert backwards.outcome == Outcome.FAIL and "not above 4" in backwards.sentence
    # A frame whose tag did not verify is the tag clause's, not this one's.
    assert clauses.check_seqs([frame(4), frame(1, verified=False)]).outcome == Outcome.PASS


def test_power_cycle_keeps_the_counter() -> None:
    before = [frame(1), frame(9)]
    assert clauses.check_power_cycle(before, frame(70, body=Hello("x", None, 2))).outcome \
        == Outcome.PASS
    lost = clauses.check_power_cycle(before, frame(1, body=Hello("x", None, 2)))
    assert lost.outcome == Outcome.FAIL and "the counter was not kept" in lost.sentence
    assert clauses.check_power_cycle(before, None).outcome == Outcome.FAIL


def test_retransmission_timing_doubles_within_the_jitter() -> None:
    # Serial: 1.5 s, then 3 s, each +-20 % (and the link's slack).
    on_time = [frame(7, 0.0), frame(7, 1.3), frame(7, 1.3 + 3.5)]
    assert clauses.check_retransmission(on_time, 1.5, 3).outcome == Outcome.PASS
    too_fast = clauses.check_retransmission([frame(7, 0.0), frame(7, 0.75)], 1.5, 2)
    assert too_fast.outcome == Outcome.FAIL and "Retry 1 came 0.75 s" in too_fast.sentence
    not_doubled = clauses.check_retransmission(
        [frame(7, 0.0), frame(7, 1.5), frame(7, 3.0)], 1.5, 3)
    assert not_doubled.outcome == Outcome.FAIL and "Retry 2" in not_doubled.sentence
    other_bytes = [frame(7, 0.0), frame(7, 1.5, signed=b"else")]
    assert "same bytes" in clauses.check_retransmission(other_bytes, 1.5, 2).sentence
    too_few = clauses.check_retransmission([frame(7, 0.0)], 5.0, 3)
    assert too_few.outcome == Outcome.FAIL and "Only 1" in too_few.sentence
    # The doubling stops at 30 s (SPEC 6.6).
    assert clauses.expected_gap(5.0, 4) == 30.0


def test_replay_the_pad_continues_above_the_detail() -> None:
    assert clauses.check_above_replay(1007, frame(1008), ENTRY).outcome == Outcome.PASS
    below = clauses.check_above_replay(1007, frame(8), ENTRY)
    assert below.outcome == Outcome.FAIL and "seq 8" in below.sentence
    assert clauses.check_above_replay(1007, frame(1010, body=OTHER), ENTRY).outcome \
        == Outcome.FAIL
    assert clauses.check_above_replay(1007, None, ENTRY).outcome == Outcome.FAIL


def test_sent_again_silent_and_shown() -> None:
    sent = frame(3)
    assert "retransmitted" in clauses.check_sent_again("7", "x", sent, frame(3), "y").sentence
    anew = clauses.check_sent_again("7", "x", sent, frame(9), "y")
    assert anew.outcome == Outcome.PASS and "at seq 9" in anew.sentence
    assert clauses.check_sent_again("7", "x", sent, None, "y").outcome == Outcome.FAIL
    quiet = [frame(4, body=Heartbeat(50))]
    assert clauses.check_silent("4", "x", quiet, "Locked").outcome == Outcome.PASS
    assert clauses.check_silent("4", "x", [frame(4)], "Locked").outcome == Outcome.FAIL
    assert clauses.check_shown("6.3", "x", None, "a", "b").outcome == Outcome.NOT_TESTED
    assert clauses.check_shown("6.3", "x", False, "a", "b").sentence == "b"


def test_report_json_and_failure() -> None:
    verdicts = [clauses.check_tags([frame(1)], 0), clauses.check_seqs([frame(2), frame(1)])]
    report = clauses.report_json(verdicts, 17, "serial /dev/ttyUSB0 at 115200 baud")
    assert report["passed"] is False and clauses.failed(verdicts)
    assert report["clauses"] == [v.to_json() for v in verdicts]
    assert report["clauses"][1]["outcome"] == "fail"


def test_the_script_scores_as_the_station_does() -> None:
    assert script.score(script.entry(1)) == 420  # 4S by South making 10, board 1 none vul
    assert script.score(script.entry(4)) == 0  # passed out
    assert script.changed(script.entry(1)).tricks == 11
    game = script.game_data([ENTRY], 1)
    assert game.rounds == script.ROUNDS and game.results == (ENTRY,)
