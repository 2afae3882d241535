"""The conformance kit's clause checks: what a pad sent, held against SPEC.md. Pure: the
driver (`kit.py`) hears the frames and times them; these functions only judge them."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from firmware_protocol.messages import Body, Correction, NotPlayed, Players, Result

ENTRIES = (Result, NotPlayed, Correction, Players)
TIMEOUT_CAP = 30.0  # SPEC 6.6: the doubling stops here
JITTER = 0.2  # SPEC 6.6: +-20 %
SLACK = 0.25  # seconds the link and the kit's own clock may add to a gap


class Outcome(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NOT_TESTED = "not tested"


@dataclass(frozen=True)
class Verdict:
    """One line of the report: a clause of SPEC.md, what was checked, and how it went."""

    clause: str
    checked: str
    outcome: Outcome
    sentence: str

    def to_json(self) -> dict[str, str]:
        return {"clause": self.clause, "checked": self.checked, "outcome": self.outcome.value,
                "sentence": self.sentence}


@dataclass(frozen=True)
class PadFrame:
    """One message the pad sent, as the kit heard it: when, and the bytes its tag covers."""

    at: float
    seq: int
    body: Body
    signed: bytes
    verified: bool

    @property
    def kind(self) -> str:
        return self.body.TYPE.value

    @property
    def entry(self) -> bool:
        return isinstance(self.body, ENTRIES)


def _verdict(clause: str, checked: str, ok: bool, good: str, bad: str) -> Verdict:
    return Verdict(clause, checked, Outcome.PASS if ok else Outcome.FAIL, good if ok else bad)


def not_tested(clause: str, checked: str, why: str) -> Verdict:
    return Verdict(clause, checked, Outcome.NOT_TESTED, why)


def check_tags(frames: Sequence[PadFrame], unreadable: int) -> Verdict:
    """SPEC 7 (and 11.1): every frame reads and its tag verifies under the unit key."""
    checked = "every message's tag verifies under the unit key"
    if not frames:
        return not_tested("7", checked, "The pad sent nothing.")
    bad = [frame for frame in frames if not frame.verified]
    if bad:
        first = bad[0]
        return Verdict("7", checked, Outcome.FAIL,
                       f"{len(bad)} of {len(frames)} messages had a tag that does not verify "
                       f"(first: {first.kind} seq {first.seq}).")
    if unreadable:
        return Verdict("7", checked, Outcome.FAIL,
                       f"{unreadable} frames could not be read (COBS, CRC or layout); "
                       f"the {len(frames)} others verified.")
    return Verdict("7", checked, Outcome.PASS, f"All {len(frames)} messages verified.")


def check_seqs(frames: Sequence[PadFrame]) -> Verdict:
    """SPEC 6.4: every new message takes a higher seq; a seq comes again only as a
    retransmission, with the same bytes."""
    checked = "seq strictly increasing; a seq repeated only with the same bytes"
    sent: dict[int, bytes] = {}
    highest: int | None = None
    for frame in frames:
        if not frame.verified:
            continue
        earlier = sent.get(frame.seq)
        if earlier is not None:
            if earlier != frame.signed:
                return Verdict("6.4", checked, Outcome.FAIL,
                               f"Seq {frame.seq} was used again for different bytes "
                               f"({frame.kind}).")
            continue
        if highest is not None and frame.seq <= highest:
            return Verdict("6.4", checked, Outcome.FAIL,
                           f"A new {frame.kind} took seq {frame.seq}, not above {highest}.")
        sent[frame.seq] = frame.signed
        highest = frame.seq
    if highest is None:
        return not_tested("6.4", checked, "No message verified.")
    return Verdict("6.4", checked, Outcome.PASS,
                   f"{len(sent)} messages, seqs rising to {highest}.")


def check_power_cycle(before: Sequence[PadFrame], after: PadFrame | None) -> Verdict:
    """SPEC 6.4: the counter survives a power cycle: the first message after it (a hello)
    is above every seq used before."""
    checked = "seq kept across a power cycle"
    if after is None:
        return Verdict("6.4", checked, Outcome.FAIL, "No hello came after the power cycle.")
    used = [frame.seq for frame in before if frame.verified]
    if not used:
        return not_tested("6.4", checked, "Nothing was heard before the power cycle.")
    highest = max(used)
    return _verdict("6.4", checked, after.seq > highest,
                    f"The {after.kind} after the power cycle took seq {after.seq}, above "
                    f"{highest}.",
                    f"The {after.kind} after the power cycle took seq {after.seq}, not above "
                    f"{highest} used before it: the counter was not kept.")


def expected_gap(first_timeout: float, retry: int) -> float:
    """The timeout before retry number `retry` (1 = the first retransmission), unjittered."""
    return min(first_timeout * 2.0 ** (retry - 1), TIMEOUT_CAP)


def check_retransmission(attempts: Sequence[PadFrame], first_timeout: float,
                         wanted: int) -> Verdict:
    """SPEC 6.6: unanswered, the same bytes again after the timeout, doubling, +-20 %.
    `attempts` are the transmissions of one seq, in order; `wanted` of them are judged."""
    checked = (f"unanswered message sent again with the same bytes after {first_timeout:g} s, "
               f"doubling, +-20 % (first {wanted - 1} retries)")
    if not attempts:
        return not_tested("6.6", checked, "No entry came to leave unanswered.")
    if len(attempts) < wanted:
        return Verdict("6.6", checked, Outcome.FAIL,
                       f"Only {len(attempts)} transmissions of seq {attempts[0].seq} came; "
                       f"{wanted} were awaited.")
    gaps: list[str] = []
    for retry, (earlier, later) in enumerate(itertools.pairwise(attempts[:wanted]), start=1):
        if later.signed != earlier.signed:
            return Verdict("6.6", checked, Outcome.FAIL,
                           f"Retry {retry} of seq {earlier.seq} did not repeat the same bytes.")
        gap = later.at - earlier.at
        want = expected_gap(first_timeout, retry)
        low, high = want * (1 - JITTER) - SLACK, want * (1 + JITTER) + SLACK
        gaps.append(f"{gap:.2f}")
        if not low <= gap <= high:
            return Verdict("6.6", checked, Outcome.FAIL,
                           f"Retry {retry} came {gap:.2f} s after the last transmission; "
                           f"SPEC 6.6 wants {want:g} s +-20 % ({low:.2f} to {high:.2f}).")
    return Verdict("6.6", checked, Outcome.PASS,
                   f"Retries of seq {attempts[0].seq} came after {', '.join(gaps)} s, the same "
                   f"bytes each time.")


def check_above_replay(detail: int, following: PadFrame | None, body: Body) -> Verdict:
    """SPEC 6.2: after nak REPLAY (detail = the station's highest seq) the pad continues
    above it, and sends the entry again (it was never answered under that seq)."""
    checked = "after nak REPLAY the pad continues above its detail"
    if following is None:
        return Verdict("6.2", checked, Outcome.FAIL,
                       f"Nothing came after nak REPLAY (detail {detail}).")
    if following.seq <= detail:
        return Verdict("6.2", checked, Outcome.FAIL,
                       f"After nak REPLAY with detail {detail} the pad sent a {following.kind} "
                       f"at seq {following.seq}.")
    if following.body != body:
        return Verdict("6.2", checked, Outcome.FAIL,
                       f"After nak REPLAY the pad sent a {following.kind}, not the refused "
                       f"entry again.")
    return Verdict("6.2", checked, Outcome.PASS,
                   f"The entry came again at seq {following.seq}, above {detail}.")


def check_sent_again(clause: str, checked: str, sent: PadFrame, following: PadFrame | None,
                     why: str) -> Verdict:
    """The message in flight was not taken as answered: it came again, as a retransmission
    (the same seq) or, where the clause lets the pad retry later, the same body anew."""
    seq, body = sent.seq, sent.body
    if following is None:
        return Verdict(clause, checked, Outcome.FAIL,
                       f"After {why}, the entry at seq {seq} never came again: the pad took it "
                       f"as answered.")
    if following.body != body:
        return Verdict(clause, checked, Outcome.FAIL,
                       f"After {why}, the pad sent a {following.kind} instead of the entry "
                       f"at seq {seq}.")
    how = "retransmitted it" if following.seq == seq else f"sent it again at seq {following.seq}"
    return Verdict(clause, checked, Outcome.PASS, f"After {why}, the pad {how}.")


def check_silent(clause: str, checked: str, frames: Sequence[PadFrame], why: str) -> Verdict:
    """No entry at all among `frames` (what the pad sent while it should not enter)."""
    entries = [frame for frame in frames if frame.entry]
    if entries:
        return Verdict(clause, checked, Outcome.FAIL,
                       f"{why}, the pad sent a {entries[0].kind} (seq {entries[0].seq}).")
    return Verdict(clause, checked, Outcome.PASS, f"{why}, the pad sent no entry.")


def check_quiet(clause: str, checked: str, frames: Sequence[PadFrame], why: str) -> Verdict:
    """Nothing at all among `frames`: no entry, no retry, no heartbeat."""
    if frames:
        return Verdict(clause, checked, Outcome.FAIL,
                       f"{why}, the pad sent a {frames[0].kind} (seq {frames[0].seq}).")
    return Verdict(clause, checked, Outcome.PASS, f"{why}, the pad sent nothing.")


def check_entry_came(clause: str, checked: str, body: Body, frame: PadFrame | None,
                     why: str) -> Verdict:
    """The entry the players made was sent (the pad did not wrongly hold it back)."""
    if frame is None:
        return Verdict(clause, checked, Outcome.FAIL, f"{why}, the entry never came.")
    if frame.body != body:
        return Verdict(clause, checked, Outcome.FAIL,
                       f"{why}, the pad sent a {frame.kind} instead of the entry made.")
    return Verdict(clause, checked, Outcome.PASS, f"{why}, the entry came (seq {frame.seq}).")


def check_shown(clause: str, checked: str, shown: bool | None, good: str, bad: str) -> Verdict:
    """What the pad shows, as the operator (or the test's harness) saw it."""
    if shown is None:
        return not_tested(clause, checked, "Nobody said what the pad shows.")
    return _verdict(clause, checked, shown, good, bad)


def failed(verdicts: Sequence[Verdict]) -> bool:
    return any(verdict.outcome == Outcome.FAIL for verdict in verdicts)


def report_json(verdicts: Sequence[Verdict], unit: int, link: str) -> dict[str, object]:
    return {"unit": unit, "link": link, "passed": not failed(verdicts),
            "clauses": [verdict.to_json() for verdict in verdicts]}
