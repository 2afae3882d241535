"""One table through the session: its pad, its players, and what they do when things go wrong."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from basestation.movements import Assignment
from firmware_protocol.messages import (
    Ack,
    Body,
    Correction,
    ErrorCode,
    Nak,
    NotPlayed,
    Result,
    ResultFlag,
)
from simulator.club import pair_numbers
from simulator.deals import hands
from simulator.faults import Faults
from simulator.notices import Answered, GameDataReceived, SeatingShown
from simulator.pad import Pad
from simulator.plan import PARTNER, Intended
from simulator.units import SimPad

log = logging.getLogger(__name__)
Key = tuple[str, int, int, int]
ANSWER_WAIT = 60.0  # seconds of real time before a table gives up waiting for the station
SEATING_WAIT = 5.0  # seconds of real time a table waits for its round's seating after login


class Session(Protocol):
    """What a table needs from the session around it."""

    faults: Faults
    board_time: float
    plan: dict[Key, Intended]
    deals: dict[str, dict[int, str]]
    free: frozenset[tuple[str, int]]  # tables nobody here plays (the demo's person's)

    async def round_started(self, round_: int) -> None: ...

    async def authorise_takeover(self, section: str, table: int) -> None: ...

    def needs_director(self, intended: Intended, why: str) -> None: ...

    @property
    def to_correct(self) -> dict[Key, Intended]: ...


@dataclass
class TableStats:
    entered: int = 0
    accepted: int = 0
    flagged: int = 0
    refused: int = 0
    corrected_at_table: int = 0
    reentered: int = 0
    wrong_logins: int = 0
    replaced: int = 0
    battery_changes: int = 0
    dropouts: int = 0
    faults: int = 0


class TablePlayer:
    """Plays one table's rounds on its pad, in the session's time, injecting the faults."""

    def __init__(self, session: Session, letter: str, table: int, *,
                 rounds: list[Assignment], make_pad: Callable[[int], SimPad], unit: int,
                 spare_unit: int, rng: random.Random,
                 dropout: Callable[[SimPad, float], None]) -> None:
        self.session = session
        self.letter, self.table = letter, table
        self.rounds = [a for a in rounds if a.ns is not None and a.ew is not None]
        self.tables = max((a.table for a in rounds), default=table)
        self.make_pad = make_pad
        self.unit, self.spare_unit = unit, spare_unit
        self.rng = rng
        self.dropout = dropout
        self.stats = TableStats()
        self.sim = make_pad(unit)
        self.pads: list[SimPad] = [self.sim]
        self.entered: set[Key] = set()
        self.faulty: dict[Body, Intended] = {}  # entries made wrong on purpose -> the truth
        self._login_answer: asyncio.Future[Ack | Nak] | None = None
        self._game_data = asyncio.Event()
        self._seating = asyncio.Event()
        self._reactor: asyncio.Task[None] | None = None
        self._side_tasks: set[asyncio.Task[None]] = set()
        # Pads replaced while away with results keyed, and what their players keyed there.
        self.away: list[tuple[SimPad, list[Intended]]] = []

    # -- the evening -------------------------------------------------------------------------

    async def play(self) -> None:
        await self._switch_on()
        faults = self.session.faults
        others = [t for t in range(1, self.tables + 1)
                  if t != self.table and (self.letter, t) not in self.session.free]
        if self._chance(faults.wrong_table_login) and others:
            wrong = self.rng.choice(others)
            self.stats.wrong_logins += 1
            await self._login(wrong, wrong_table=True)
        await self._login(self.table)
        dies_in = self.rng.choice(self.rounds).round if (
            self.rounds and self._chance(faults.dead_pad)) else None
        away_in = self.rng.choice(self.rounds).round if (
            self.rounds and self._chance(faults.away_pad)) else None
        for assignment in self.rounds:
            await self.session.round_started(assignment.round)
            self._maybe_lose_power_or_contact()
            self._seat_players(assignment)
            for index, board in enumerate(assignment.boards):
                await asyncio.sleep(self.session.board_time * self.rng.uniform(0.5, 0.9))
                if dies_in == assignment.round and index == len(assignment.boards) // 2:
                    await self._replace_dead_pad()
                elif away_in == assignment.round and index == len(assignment.boards) // 2:
                    await self._replace_away_pad(self.session.plan[
                        (self.letter, self.table, assignment.round, board)])
                    continue  # keyed on the away pad, and again on the spare
                self._enter(self.session.plan[(self.letter, self.table, assignment.round,
                                               board)])
        await self._finish()

    async def close(self) -> None:
        for task in [*self._side_tasks, *([self._reactor] if self._reactor else [])]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for sim in self.pads:
            await sim.power_off()

    def _seat_players(self, assignment: Assignment) -> None:
        """The players key in their numbers from the club's list, at the rounds the section
        says (the pad knows: SPEC.md 14)."""
        if not self.sim.on or not self.sim.pad.asks_numbers(assignment.round):
            return
        assert assignment.ns is not None and assignment.ew is not None
        north, south = pair_numbers(self.letter, assignment.ns, "NS")
        east, west = pair_numbers(self.letter, assignment.ew, "EW")
        round_ = assignment.round
        self._keys(lambda pad, now: pad.players(round_, (north, east, south, west), now))

    def _enter_right(self, intended: Intended) -> None:
        right = intended.result()
        self._keys(lambda pad, now: pad.enter(right, now))

    def _chance(self, rate: float) -> bool:
        return rate > 0 and self.rng.random() < rate

    def _keys(self, keys: Callable[[Pad, float], None]) -> None:
        self.sim.act(keys)

    def _spawn(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            await work

        task = asyncio.create_task(run())
        self._side_tasks.add(task)
        task.add_done_callback(self._side_tasks.discard)

    async def _switch_on(self) -> None:
        # A pad left on since an earlier session: what it said then is not this table's news.
        while not self.sim.notices.empty():
            self.sim.notices.get_nowait()
        await self.sim.power_on()
        if self._reactor is not None:
            self._reactor.cancel()
        self._reactor = asyncio.create_task(self._react(self.sim))

    # -- logging in --------------------------------------------------------------------------

    async def _login(self, table: int, *, wrong_table: bool = False,
                     takeover: bool = False) -> bool:
        for _ in range(200):
            self._login_answer = asyncio.get_running_loop().create_future()
            self._game_data.clear()
            self._seating.clear()
            self._keys(lambda pad, now: pad.login(self.letter, table, now, takeover=takeover))
            async with asyncio.timeout(ANSWER_WAIT):
                answer = await self._login_answer
            if isinstance(answer, Ack):
                async with asyncio.timeout(ANSWER_WAIT):
                    await self._game_data.wait()
                # Then its round's seating, which says whether to ask for numbers; lost on
                # the air, the players go on without.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(SEATING_WAIT):
                        await self._seating.wait()
                # At the wrong table the pad shows other pairs: the players log in again.
                return True
            if wrong_table:
                return False
            if answer.code != ErrorCode.TABLE_IN_USE:
                raise RuntimeError(f"table {self.letter}{table}: login refused {answer.code}")
            # Someone is logged in at our table by mistake: wait while the director sorts it.
            await asyncio.sleep(max(self.session.board_time / 4, 0.05))
        raise RuntimeError(f"table {self.letter}{table}: could not log in")

    # -- entering results --------------------------------------------------------------------

    def _enter(self, intended: Intended) -> None:
        self.entered.add(intended.key)
        body = self._with_fault(intended)
        if body != intended.result():
            self.faulty[body] = intended
            self.stats.faults += 1
        self.stats.entered += 1
        self._keys(lambda pad, now: pad.enter(body, now))

    def _with_fault(self, intended: Intended) -> Result:
        faults = self.session.faults
        if self._chance(faults.wrong_board):
            return intended.result(board=self._board_not_in_play(intended))
        if intended.declarer is None or intended.lead is None:
            return intended.result()
        deal = hands(self.session.deals[self.letter][intended.board])
        if self._chance(faults.wrong_lead):
            # A card from dummy's hand: the leader cannot hold it.
            return intended.result(lead=self.rng.choice(deal[PARTNER[intended.declarer]]))
        if self._chance(faults.wrong_declarer):
            return intended.result(declarer=PARTNER[intended.declarer])
        if self._chance(faults.wrong_side):
            # The score goes to the wrong side: an opponent is entered as declarer, no lead.
            return intended.result(declarer=intended.declarer.lho, lead=None)
        return intended.result()

    def _board_not_in_play(self, intended: Intended) -> int:
        in_play = next(a.boards for a in self.rounds if a.round == intended.round)
        candidates = [b for b in range(1, 37) if b not in in_play]
        return self.rng.choice(candidates)

    # -- what the pad says -------------------------------------------------------------------

    async def _react(self, sim: SimPad) -> None:
        while True:
            notice = await sim.notices.get()
            if isinstance(notice, GameDataReceived):
                self._game_data.set()
            elif isinstance(notice, SeatingShown):
                self._seating.set()
            elif isinstance(notice, Answered):
                if notice.body.TYPE.value == "login":
                    if self._login_answer is not None and not self._login_answer.done():
                        self._login_answer.set_result(notice.answer)
                elif isinstance(notice.body, Result | NotPlayed | Correction):
                    self._entry_answered(notice.body, notice.answer)

    def _truth(self, body: Result | NotPlayed | Correction) -> Intended | None:
        return self.faulty.get(body) or self.session.plan.get(
            (body.section, body.table, body.round, body.board))

    def _entry_answered(self, body: Result | NotPlayed | Correction, answer: Ack | Nak) -> None:
        intended = self._truth(body)
        log.debug("table %s%s: %s -> %s", self.letter, self.table, body, answer)
        if isinstance(answer, Ack):
            self.stats.accepted += 1
            if isinstance(body, Correction):
                self.stats.corrected_at_table += 1
            flagged = {ResultFlag.LEAD_DECLARER_MISMATCH, ResultFlag.SUSPECT_WRONG_SIDE}
            if flagged & set(answer.flags):
                self.stats.flagged += 1
            if body in self.faulty and intended is not None:
                if ResultFlag.LEAD_DECLARER_MISMATCH in answer.flags:
                    # The pad says "lead or declarer wrong": the players re-enter it.
                    fix = intended.result()
                    self._keys(lambda pad, now: pad.correct(fix, now))
                else:
                    self.session.needs_director(intended, "entered wrongly, not flagged")
            return
        self.stats.refused += 1
        if intended is None:
            log.warning("table %s%s: %s refused (%s)", self.letter, self.table, body,
                        answer.code)
            return
        if answer.code == ErrorCode.BOARD_OUT_OF_RANGE and body in self.faulty:
            self.stats.reentered += 1
            self._enter_right(intended)
        elif answer.code == ErrorCode.ALREADY_PLAYED and answer.held == intended.result():
            pass  # the station already has it right
        elif answer.code not in (ErrorCode.UNIT_REPLACED, ErrorCode.UNIT_LOCKED):
            self.session.needs_director(intended, f"refused {answer.code.value}")

    # -- power, contact, replacement ---------------------------------------------------------

    def _maybe_lose_power_or_contact(self) -> None:
        faults = self.session.faults
        if self._chance(faults.battery_change):
            self.stats.battery_changes += 1
            self._spawn(self._battery_change())
        if self._chance(faults.dropout):
            self.stats.dropouts += 1
            self.dropout(self.sim, self.session.board_time * self.rng.uniform(0.3, 1.0))

    async def _battery_change(self) -> None:
        await asyncio.sleep(self.session.board_time * self.rng.uniform(0.1, 0.8))
        await self.sim.battery_change(self.session.board_time * 0.2)

    async def _replace_dead_pad(self) -> None:
        """The pad dies for good: the director authorises a spare, which takes the table over."""
        dead = self.sim
        await dead.power_off()
        await self._spare_takes_over(takeover=True)
        await self._check_new_pad()

    async def _spare_takes_over(self, *, takeover: bool) -> None:
        """The director authorises a spare pad, which logs in at the table (ticking "Take
        over", or plainly: the director replaced the unit)."""
        self.stats.replaced += 1
        await asyncio.sleep(self.session.board_time * 0.3)
        await self.session.authorise_takeover(self.letter, self.table)
        self.sim = self.make_pad(self.spare_unit)
        self.pads.append(self.sim)
        await self._switch_on()
        await self._login(self.table, takeover=takeover)

    async def _check_new_pad(self) -> None:
        """The players check the new pad against their scorecard and re-enter what is
        missing."""
        pad = self.sim.pad
        for key in sorted(self.entered, key=lambda k: (k[2], k[3])):
            intended = self.session.plan[key]
            stored = pad.entry_for(intended.round, intended.board)
            if stored is None:
                self.stats.reentered += 1
                self._enter_right(intended)
            elif stored.body != intended.result():
                self.session.needs_director(intended, "wrong on the replaced pad")

    async def _replace_away_pad(self, intended: Intended) -> None:
        """The pad loses its connection with this board keyed (held, unsent); the director
        replaces the unit and the spare logs in plainly. The old pad comes back and hands over
        what it held (SPEC.md 6.5); then the players key on the spare what it lacks."""
        away = self.sim
        self.dropout(away, 3600.0)
        self._enter(intended)
        self.away.append((away, [intended]))
        await self._spare_takes_over(takeover=False)
        self.dropout(away, 0.0)
        async with asyncio.timeout(ANSWER_WAIT):
            while not away.pad.idle:  # everything it held answered
                await asyncio.sleep(0.05)
        await self._check_new_pad()

    async def _finish(self) -> None:
        """Wait until the pad has delivered everything the players entered."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + ANSWER_WAIT * 2
        while True:
            waiting = self._undelivered()
            if not waiting:
                return
            if loop.time() > give_up:
                pad = self.sim.pad if self.sim.on else None
                raise RuntimeError(
                    f"table {self.letter}{self.table}: never delivered {sorted(waiting)}; "
                    f"queue {pad.memory.queue if pad else None}, "
                    f"contact {pad.contact if pad else None}")
            await asyncio.sleep(0.05)

    def _undelivered(self) -> set[Key]:
        if not self.sim.on:
            return set(self.entered)
        pad = self.sim.pad
        waiting = {key for key in self.entered
                   if key not in self.session.to_correct
                   and ((stored := pad.entry_for(key[2], key[3])) is None or not stored.acked)}
        if not pad.idle:
            waiting.add((self.letter, self.table, 0, 0))
        return waiting
