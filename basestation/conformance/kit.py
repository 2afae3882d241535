"""The conformance kit's driver: plays the station's side of a scripted session against one
pad under test, injects the faults SPEC.md covers, and judges what the pad sends with the
checks of `clauses.py`. The players' part (power, login, entries) is the `Operator`'s: a
person at a real pad, or a test's harness driving a pad programmatically."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from basestation.conformance import clauses, script
from basestation.conformance.clauses import PadFrame, Verdict
from basestation.conformance.links import KitLink
from firmware_protocol import binary
from firmware_protocol.messages import (
    Ack,
    Body,
    Control,
    ControlCommand,
    CorrectionPush,
    ErrorCode,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Message,
    Nak,
    NotPlayed,
    Players,
    Received,
    Resend,
    Result,
    StationState,
    Status,
    for_version,
)
from firmware_protocol.security import verify

BAD_MAC_SEQ = 0  # SPEC 7: a BAD_MAC nak goes out outside the unit's sequence
REPLAY_AHEAD = 1000  # how far above the pad's seq the kit's nak REPLAY says it has seen
WAIT_PERSON = 120.0  # seconds to wait for what a person does (switch on, log in, enter)


class Operator(Protocol):
    """The players' side of the pad under test."""

    async def switch_on(self) -> None: ...

    async def power_cycle(self) -> None: ...

    async def log_in(self, section: str, table: int) -> None: ...

    async def enter(self, result: Result) -> None:
        """The players enter this result (a pad that refuses keys, locked say, enters none)."""

    async def shows(self, result: Result) -> bool | None:
        """Whether the pad shows this result for its board (None: cannot tell)."""

    async def shows_locked(self) -> bool | None: ...

    async def pair_again(self) -> bytes | None:
        """The director pairs the pad's unit again (a new key epoch, SPEC 7) and the pad is
        given the new key: that key, or None when the harness cannot do it."""


@dataclass
class KitOptions:
    retries: int = 2  # retransmissions judged for 6.6 (the first few are enough)
    station_seq: int = 1  # the kit's first station seq (above what the pad has accepted)
    event: int = 1  # the event the kit announces to a version 2 pad
    # How long a pad told its key was replaced must stay silent: past the 30 s retry of a
    # pad that took the nak for "retry later" (SPEC 6.6).
    silence: float = clauses.TIMEOUT_CAP * 1.2 + 2.0


@dataclass
class _Heard:
    frame: PadFrame
    message: Message


@dataclass
class Kit:
    link: KitLink
    unit: int
    key: bytes
    operator: Operator
    options: KitOptions = field(default_factory=KitOptions)
    say: Callable[[str], None] | None = None  # progress, in words

    def __post_init__(self) -> None:
        self.frames: list[PadFrame] = []
        self.unreadable = 0
        self.verdicts: list[Verdict] = []
        self.held: dict[tuple[int, int], Result | NotPlayed] = {}
        # pad seq -> the bytes its tag covered and the answer, for duplicates (SPEC 6.2, 8)
        self.answers: dict[int, tuple[bytes, Body]] = {}
        self.entries: asyncio.Queue[_Heard] = asyncio.Queue()
        self.hellos: asyncio.Queue[_Heard] = asyncio.Queue()
        self.station_seq = self.options.station_seq
        self.version = 1
        self.screen: str | None = None
        self.state = StationState.RUNNING
        self.round = 1
        self.stopped_frame = b""  # the status stopped, replayed later (SPEC 8)
        self._reader: asyncio.Task[None] | None = None
        self._keyed = asyncio.Event()  # cleared while the pad is paired again: frames wait
        self._keyed.set()

    # -- the station's side ------------------------------------------------------------------

    def _progress(self, text: str) -> None:
        if self.say is not None:
            self.say(text)

    def _message(self, body: Body, seq: int | None = None) -> Message:
        if seq is None:
            seq, self.station_seq = self.station_seq, self.station_seq + 1
        event = self.options.event if self.version >= 2 else 0
        screen = None if self.link.framed else self.screen  # a frame carries none (SPEC 15)
        return Message(self.unit, seq, for_version(body, self.version), self.version, event,
                       screen)

    def send(self, body: Body, *, seq: int | None = None, key: bytes | None = None) -> bytes:
        """One station message (game_data split as the link needs); its bytes, to replay."""
        parts: list[Body] = [body]
        if isinstance(body, GameData) and self.link.framed:
            parts = list(binary.split_game_data(body))
        data = b""
        for part in parts:
            message = self._message(part, seq)
            data = self.link.encode(message, key or self.key)
            self.link.write(data)
        return data

    def answer(self, frame: PadFrame, body: Body) -> None:
        self.answers[frame.seq] = (frame.signed, body)
        self.send(body)

    def ack(self, heard: _Heard) -> None:
        body = heard.message.body
        if isinstance(body, Result | NotPlayed):
            self.held[(body.round, body.board)] = body
            self.answer(heard.frame, Ack(heard.frame.seq, script.score(body)))
        else:
            self.answer(heard.frame, Ack(heard.frame.seq))

    def _game_data(self) -> None:
        self.send(script.game_data(sorted(self.held.values(), key=lambda e: (e.round, e.board)),
                                   self.round))

    def _handle(self, received: Received | None, now: float) -> None:
        if received is None:
            self.unreadable += 1
            return
        message = received.message
        ok = verify(received, self.key)
        frame = PadFrame(now, message.seq, message.body, received.signed + received.mac, ok)
        self.frames.append(frame)
        if not ok:
            return  # a station would nak BAD_MAC; the tag clause reports it
        self.version = message.v
        heard = _Heard(frame, message)
        body = message.body
        if isinstance(body, Hello) and message.screen is not None:
            self.screen = message.screen  # a new screen takes the unit (SPEC 15.2)
        answered = self.answers.get(message.seq)
        if answered is not None and answered[0] == frame.signed:
            self.send(answered[1])  # a retransmission that crossed the answer (6.2)
            return
        # A seq used again for other bytes is the seq clause's to report: play on.
        if isinstance(body, Hello):
            self.answer(frame, Ack(message.seq))
            self.send(Status(self.state, self.round))
            self.hellos.put_nowait(heard)
        elif isinstance(body, Login | Resend):
            self.answer(frame, Ack(message.seq))
            self._game_data()
        elif isinstance(body, Heartbeat | Players):
            self.answer(frame, Ack(message.seq))
        else:
            self.entries.put_nowait(heard)  # results and the like: the script answers

    async def _read(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            received = await self.link.heard.get()
            await self._keyed.wait()  # a frame under a new key waits to be judged under it
            self._handle(received, loop.time())

    # -- waiting for the pad -----------------------------------------------------------------

    async def next_entry(self, timeout: float, seq: int | None = None) -> _Heard | None:
        """The next entry heard (the next transmission of `seq`, if given), or None."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                return None
            try:
                async with asyncio.timeout(left):
                    heard = await self.entries.get()
            except TimeoutError:
                return None
            if seq is None or heard.frame.seq == seq:
                return heard
            self.ack(heard)  # another entry: not the one awaited

    async def quiet(self, seconds: float) -> list[PadFrame]:
        """What the pad sends in the next `seconds` (entries are left unanswered)."""
        start = len(self.frames)
        await asyncio.sleep(seconds)
        return self.frames[start:]

    def drain_entries(self) -> list[_Heard]:
        found: list[_Heard] = []
        while not self.entries.empty():
            found.append(self.entries.get_nowait())
        return found

    async def _hello(self, timeout: float) -> _Heard | None:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                return await self.hellos.get()
        return None

    async def _entered(self, board: int) -> _Heard | None:
        await self.operator.enter(script.entry(board))
        return await self.next_entry(WAIT_PERSON)

    @property
    def window(self) -> float:
        """How long the kit watches for what a pad should (not) send: two answer timeouts."""
        return self.link.first_timeout * 2

    # -- the session -------------------------------------------------------------------------

    async def run(self) -> list[Verdict]:
        await self.link.start()
        self._reader = asyncio.create_task(self._read(), name="conformance-reader")
        try:
            await self._session()
        finally:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            await self.link.stop()
        self.verdicts[:0] = [clauses.check_tags(self.frames, self.unreadable),
                             clauses.check_seqs(self.frames)]
        return self.verdicts

    async def _session(self) -> None:
        self._progress("waiting for the pad's hello")
        await self.operator.switch_on()
        if await self._hello(WAIT_PERSON) is None:
            self.verdicts.append(clauses.Verdict(
                "6.1", "hello at power-on", clauses.Outcome.FAIL, "No hello came."))
            return
        self._progress("logging in")
        await self.operator.log_in(script.SECTION, script.TABLE)
        await asyncio.sleep(self.link.first_timeout)
        for step in (self._retransmission, self._duplicated_answer, self._corrupted_answer,
                     self._replay, self._bad_mac, self._power_cycle, self._stopped,
                     self._replayed_station_message, self._correction_push, self._locked,
                     self._key_replaced):
            self._progress(step.__name__.strip("_").replace("_", " "))
            await step()

    async def _retransmission(self) -> None:
        checked = "retransmission"
        first = await self._entered(1)
        attempts: list[PadFrame] = []
        if first is not None:
            attempts.append(first.frame)
            for retry in range(1, self.options.retries + 1):
                wait = clauses.expected_gap(self.link.first_timeout, retry) * 1.2 + 1.0
                again = await self.next_entry(wait, first.frame.seq)
                if again is None:
                    break
                attempts.append(again.frame)
            self.ack(first)
        verdict = clauses.check_retransmission(attempts, self.link.first_timeout,
                                               self.options.retries + 1)
        self.verdicts.append(verdict if first is not None else clauses.not_tested(
            "6.6", checked, "No entry came."))

    async def _not_answered_by(self, clause: str, checked: str, board: int, why: str,
                               fault: Callable[[int], object]) -> None:
        """Enter `board`; do `fault` (a callable of the seq) instead of answering; the pad
        must send the entry again."""
        heard = await self._entered(board)
        if heard is None:
            self.verdicts.append(clauses.not_tested(clause, checked, "No entry came."))
            return
        fault(heard.frame.seq)
        wait = clauses.expected_gap(self.link.first_timeout, 1) * 1.2 + 1.0
        again = await self.next_entry(wait, heard.frame.seq)
        self.verdicts.append(clauses.check_sent_again(
            clause, checked, heard.frame, None if again is None else again.frame, why))
        self.ack(heard)

    async def _duplicated_answer(self) -> None:
        earlier = await self._entered(2)
        if earlier is None:
            self.verdicts.append(clauses.not_tested("6.2", "duplicated answer",
                                                    "No entry came."))
            return
        seq = earlier.frame.seq
        body = earlier.message.body
        assert isinstance(body, Result)
        self.held[(body.round, body.board)] = body
        answer = Ack(seq, script.score(body))
        self.answers[seq] = (earlier.frame.signed, answer)
        copy = self.send(answer)
        self.link.write(copy)  # the same frame twice, as a duplicating radio would
        await self._not_answered_by(
            "6.2", "a duplicated answer is not taken for the next message's", 3,
            f"the answer to seq {seq} came again under a new station seq",
            lambda _seq: self.send(answer))

    async def _corrupted_answer(self) -> None:
        wrong = bytes(byte ^ 0x55 for byte in self.key)
        await self._not_answered_by(
            "7", "an answer whose tag does not verify is ignored", 4,
            "an ack with a corrupted tag", lambda seq: self.send(Ack(seq), key=wrong))

    async def _replay(self) -> None:
        checked = "after nak REPLAY the pad continues above its detail"
        heard = await self._entered(5)
        if heard is None:
            self.verdicts.append(clauses.not_tested("6.2", checked, "No entry came."))
            return
        detail = heard.frame.seq + REPLAY_AHEAD
        self.send(Nak(heard.frame.seq, ErrorCode.REPLAY, None, str(detail)))
        again = await self.next_entry(self.window + 2.0)
        self.verdicts.append(clauses.check_above_replay(
            detail, None if again is None else again.frame, heard.message.body))
        if again is not None:
            self.ack(again)

    async def _bad_mac(self) -> None:
        checked = "a nak BAD_MAC is advice: the entry is kept and sent again"
        heard = await self._entered(6)
        if heard is None:
            self.verdicts.append(clauses.not_tested("7", checked, "No entry came."))
            return
        self.send(Nak(heard.frame.seq, ErrorCode.BAD_MAC), seq=BAD_MAC_SEQ)
        # Ignored, it is retransmitted on the timer; taken as "retry later", within 30 s.
        again = await self.next_entry(clauses.TIMEOUT_CAP * 1.2 + 2.0)
        self.verdicts.append(clauses.check_sent_again(
            "7", checked, heard.frame, None if again is None else again.frame, "a nak BAD_MAC"))
        if again is not None:
            self.ack(again)

    async def _power_cycle(self) -> None:
        before = list(self.frames)
        await self.operator.power_cycle()
        hello = await self._hello(WAIT_PERSON)
        self.verdicts.append(clauses.check_power_cycle(
            before, None if hello is None else hello.frame))
        await asyncio.sleep(self.link.first_timeout)
        for heard in self.drain_entries():  # queued entries resent after the power cycle
            self.ack(heard)

    async def _stopped(self) -> None:
        checked = "status stopped holds entries back (kept, not dropped); status running " \
                  "in a new round lets them go"
        self.state = StationState.STOPPED
        self.stopped_frame = self.send(Status(StationState.STOPPED, self.round))
        await asyncio.sleep(0.2)
        await self.operator.enter(script.entry(7))
        early = await self.next_entry(self.window)
        if early is not None:  # sent while stopped: the station naks STOPPED (SPEC 4)
            self.answer(early.frame, Nak(early.frame.seq, ErrorCode.STOPPED))
            again = await self.quiet(self.window)
            self.drain_entries()
            verdict = clauses.check_silent("6.6", checked, again,
                                           "After nak STOPPED, before status running")
            if verdict.outcome == clauses.Outcome.FAIL:
                self.verdicts.append(verdict)
                self.state, self.round = StationState.RUNNING, 2
                self.send(Status(self.state, self.round))
                return
        self.state, self.round = StationState.RUNNING, 2
        self.send(Status(self.state, self.round))
        heard = await self.next_entry(self.window + 2.0)
        why = "Held back while stopped, once the station ran again in round 2" \
            if early is None else "Sent while stopped and refused, once the station ran " \
            "again in round 2"
        self.verdicts.append(clauses.check_entry_came(
            "6.6", checked, script.entry(7), None if heard is None else heard.frame, why))
        if heard is not None:
            self.ack(heard)

    async def _replayed_station_message(self) -> None:
        checked = "a replayed station message (an old status stopped) is ignored"
        self.link.write(self.stopped_frame)
        await asyncio.sleep(0.2)
        heard = await self._entered(8)
        self.verdicts.append(clauses.check_entry_came(
            "8", checked, script.entry(8), None if heard is None else heard.frame,
            "After the old status stopped was replayed"))
        if heard is not None:
            self.ack(heard)
        else:
            self.send(Status(self.state, self.round))

    async def _correction_push(self) -> None:
        pushed = script.changed(script.entry(2))
        self.held[(pushed.round, pushed.board)] = pushed
        self.send(CorrectionPush(pushed.section, pushed.table, pushed.round, pushed.board,
                                 pushed))
        await asyncio.sleep(self.link.first_timeout)
        shown = await self.operator.shows(pushed)
        self.verdicts.append(clauses.check_shown(
            "6.3", "correction_push replaces the pad's copy", shown,
            f"The pad shows the director's change of board {pushed.board}.",
            f"The pad does not show the director's change of board {pushed.board}."))

    async def _locked(self) -> None:
        checked = "locked UNIT_REPLACED: the pad takes no new entry"
        self.send(Locked(ErrorCode.UNIT_REPLACED))
        await asyncio.sleep(0.5)
        await self.operator.enter(script.entry(9))
        frames = await self.quiet(self.window)
        for heard in self.drain_entries():
            self.answer(heard.frame, Nak(heard.frame.seq, ErrorCode.UNIT_REPLACED))
        self.verdicts.append(clauses.check_silent("4", checked, frames, "Once locked"))
        shown = await self.operator.shows_locked()
        self.verdicts.append(clauses.check_shown(
            "4", "locked: the pad shows the reason", shown,
            "The pad shows it was replaced.", "The pad does not show that it was replaced."))

    async def _key_replaced(self) -> None:
        """The kit plays the station after the director paired the unit again: the pad's
        entry is answered nak BAD_MAC in the unit's sequence, tagged with the pad's (now
        earlier) key (SPEC 7). The pad must keep it and send nothing (6.6) until it is given
        the new key; then the kept entry comes."""
        checked = "a nak BAD_MAC in sequence under the pad's key: it keeps its entries and " \
                  "sends nothing"
        # Out of the lock first, as a station does it: the director resets the unit, then
        # the players log in (a locked pad takes no login before: SPEC 6.5).
        self.send(Control(ControlCommand.RESET))
        await asyncio.sleep(0.5)
        await self.operator.log_in(script.SECTION, script.TABLE)
        while (held := await self.next_entry(self.window)) is not None:
            self.ack(held)  # anything still on its way
        board = next((b for b in script.ROUNDS[-1].boards  # the next board the kit lacks
                      if (script.round_of(b), b) not in self.held), script.ROUNDS[-1].boards[-1])
        heard = await self._entered(board)
        if heard is None:
            self.verdicts.append(clauses.not_tested("6.6", checked, "No entry came."))
            return
        self.answer(heard.frame, Nak(heard.frame.seq, ErrorCode.BAD_MAC))
        frames = await self.quiet(self.options.silence)
        self.drain_entries()
        self.verdicts.append(clauses.check_quiet(
            "6.6", checked, frames, f"In the {self.options.silence:g} s after the nak"))
        shown = await self.operator.shows(script.entry(board))
        self.verdicts.append(clauses.check_shown(
            "6.6", "a pad whose key was replaced keeps the entry", shown,
            f"The pad still holds board {board}.", f"The pad dropped board {board}."))
        after = "once paired again, the entry kept goes to the station under the new key"
        self._keyed.clear()
        try:
            key = await self.operator.pair_again()
            if key is not None:
                self.key = key
        finally:
            self._keyed.set()
        if key is None:
            self.verdicts.append(clauses.not_tested(
                "6.6", after, "The harness cannot give the pad a new key."))
            return
        again = await self.next_entry(WAIT_PERSON)
        self.verdicts.append(clauses.check_entry_came(
            "6.6", after, script.entry(board), None if again is None else again.frame,
            "Paired again"))
        if again is not None:
            self.ack(again)
