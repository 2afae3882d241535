"""Par results solved off the event loop, when hand records load, so the hub only reads them.

Double-dummy analysis takes 0.2-0.5 s a deal: far too long inside the hub's batch, where every
pad waits on it. Deals are solved one at a time on a worker thread (endplay's solver runs in
C without the interpreter lock) as soon as they are loaded, at start-up or when the director
loads hand records. A board whose par is not solved yet when its result comes in does not
wait: the pad gets its other feedback at once and the par as soon as it is solved
(docs/ARCHITECTURE.md, "Feedback").
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor

from basestation.station.session.feedback import par_rows
from firmware_protocol.messages import Row

log = logging.getLogger(__name__)
Key = tuple[str, int]  # deal (PBN), board number (dealer and vulnerability)
Then = Callable[[tuple[Row, ...]], None]


class ParSolver:
    """Solved par rows by deal and board; `solve` queues deals, `get` never blocks."""

    def __init__(self) -> None:
        self._solved: dict[Key, tuple[Row, ...]] = {}
        self._queued: set[Key] = set()
        self._waiting: dict[Key, list[tuple[asyncio.AbstractEventLoop, Then]]] = {}
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None

    def solve(self, deals: Iterable[Key]) -> None:
        """Queues every deal not solved or queued already; returns at once."""
        with self._lock:
            wanted = [key for key in deals if key not in self._solved
                      and key not in self._queued]
            self._queued.update(wanted)
            if wanted and self._executor is None:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="par")
            executor = self._executor
        for key in wanted:
            assert executor is not None
            future = executor.submit(par_rows, *key)
            future.add_done_callback(functools.partial(self._finished, key))

    def get(self, deal: str, board: int) -> tuple[Row, ...] | None:
        return self._solved.get((deal, board))

    def when_solved(self, deal: str, board: int, then: Then) -> None:
        """Calls `then(rows)` on the running event loop once the deal is solved (at once if it
        is); queues the deal if nobody had."""
        loop = asyncio.get_running_loop()
        key = (deal, board)
        with self._lock:
            rows = self._solved.get(key)
            if rows is None:
                self._waiting.setdefault(key, []).append((loop, then))
        if rows is not None:
            loop.call_soon(then, rows)
            return
        self.solve([key])

    def _finished(self, key: Key, done: Future[tuple[Row, ...]]) -> None:
        if done.cancelled():
            return
        try:
            rows = done.result()
        except Exception:  # a deal the solver rejects: no par for it, the rest goes on
            log.exception("par for board %s could not be solved", key[1])
            rows = ()
        with self._lock:
            self._solved[key] = rows
            self._queued.discard(key)
            waiting = self._waiting.pop(key, [])
        for loop, then in waiting:
            if not loop.is_closed():
                loop.call_soon_threadsafe(then, rows)

    def wait(self, timeout: float | None = None) -> bool:
        """Blocks until everything queued is solved (benchmarks, tests); False on timeout."""
        with self._lock:
            executor = self._executor
        if executor is None:
            return True
        return executor.submit(lambda: None).exception(timeout) is None

    def close(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
            self._queued.clear()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
