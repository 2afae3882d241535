"""The director's grid at a congress, measured (`basestation bench --only grid`).

A room laid out as `basestation congress` lays it out (12- and 13-table Mitchell sections),
its pads on MQTT in a child process, plays one round every `ROUND_SECONDS`: first with no
page open, then with one director's grid open in headless Chromium, then with three (the
director, a caddy's tablet, the scorer's screen), then with none again (the rounds' own work
grows as the session goes on). Each figure is a share or a ratio, so that it holds on a busy
machine:

- `grid_{N}_page_busy_share`: the page's main thread, busy time over wall time (Chromium's
  own TaskDuration, read over DevTools): a task's time includes any the machine gave others;
- `grid_{N}_page_cpu_share`: the page's main thread, its CPU time over wall time (Chromium's
  ThreadTime): what the page costs, however busy the machine;
- `grid_{N}_station_core_share_one_page`: the station's extra CPU for the open page, as a
  share of one core (this process's CPU a second, page minus no page: the no-page figure
  drawn straight from before the pages to after them);
- `grid_{N}_station_core_share_stream`: the part of that measured in place, the CPU the
  station spent making the open page's stream messages, as a share of one core (the
  difference above holds whatever else changed between the phases too: the rounds' own
  work, a browser sharing the station's cores);
- `grid_{N}_station_cost_three_over_one`: three pages' extra CPU over one's, one page's
  taken as at least `ONE_PAGE_FLOOR` of a core (below that the ratio of two near-zero
  figures is noise); `grid_{N}_station_core_share_three_pages` is three pages' own;
- `grid_{N}_requests_per_result`: the page's HTTP requests (the live stream aside) over the
  results the station took while it was open;
- `grid_{N}_result_to_cell_p50_ms`, `_p95_ms`: from the station publishing a result on its bus
  to the page having drawn the frame that shows it in its cell (the first task after that
  frame's rendering); in two parts: `_station_p95_ms`, from publishing to the stream's
  message for it made (written at once), and `_page_p95_ms`, from the page's main thread
  taking the message to that frame drawn (the wire and any wait for the page's main thread
  are neither part's);
- `grid_{N}_stream_cpu_ms_a_message`, `grid_{N}_page_cpu_ms_a_result`: what the two parts
  cost in CPU, however busy the machine: the station's making one stream message, and the
  page's main thread over the results it showed;
- `grid_{N}_first_paint_ms`: from asking for the page (logged in) to every table drawn.

Chromium is Debian's (/usr/bin/chromium) driven by Playwright; where either is missing the
stage reports `grid_skipped` with the reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from simulator.broker import free_port, run_mosquitto
from simulator.congress import SECRET, _pads_child, _report, layout, seats, section_configs
from simulator.measures import cpu_seconds, percentile_ms

if TYPE_CHECKING:
    from basestation.station.app import BusEvent

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
PASSWORD = "change-me"  # the station's default director password (loopback only)
ROUND_SECONDS = 2.8  # a round's pace, as the congress grid was first measured
VIEWPORT = {"width": 1366, "height": 768}
# One page's extra station CPU taken as at least this share of a core when three pages' is
# weighed against it: the bound the issue sets a page is 2%, and below a quarter of that
# the ratio of two near-zero figures says nothing.
ONE_PAGE_FLOOR = 0.005

# Runs before the page's own scripts: for each streamed result, by (section, table, round,
# board), when the page took its message and when the frame showing it was drawn.
_SHOWN = """
(() => {
  const Source = window.EventSource;
  window.__shown = [];
  window.EventSource = class extends Source {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (message) => {
        const taken = Date.now();
        const event = JSON.parse(message.data);
        if (event.type !== "result") return;
        const key = [event.section, event.table, event.round, event.board].join("/");
        // The page asks for its frame as it takes the message (grid_stream.js): this frame's
        // rendering is done by the first task after it.
        requestAnimationFrame(() => setTimeout(() =>
          window.__shown.push([key, taken, Date.now()])));
      });
    }
  };
})();
"""


def chromium_missing() -> str | None:
    """Why the grid stage cannot run here, or None."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install playwright)"
    if shutil.which(CHROMIUM) is None:
        return f"no Chromium at {CHROMIUM} (apt install chromium)"
    return None


def _key(event: BusEvent) -> str | None:
    from basestation.station.app import ResultChanged

    if not isinstance(event, ResultChanged):
        return None
    held = event.held
    return f"{held.section}/{held.table}/{held.round}/{held.board}"


class _Published:
    """When the station published each result on its bus, and when the director's stream
    message for it was made (wall clock, as the page's): `watch` wraps the bus's publish and
    the read model's `live_frame` for as long as the stage runs."""

    def __init__(self) -> None:
        self.at: dict[str, float] = {}
        self.made: dict[str, float] = {}
        self.making = [0.0, 0.0]  # the stream messages' CPU seconds, and how many were made

    @contextlib.contextmanager
    def watch(self, station: Any) -> Any:
        from basestation.api.readmodel import ReadModel

        publish, frame = station.bus.publish, ReadModel.live_frame

        def published(event: BusEvent) -> None:
            if (key := _key(event)) is not None:
                self.at.setdefault(key, time.time())
            publish(event)

        def made(read: ReadModel, position: int, event: BusEvent, *,
                 director: bool) -> str:
            cpu = time.thread_time()
            text = frame(read, position, event, director=director)
            self.making[0] += time.thread_time() - cpu
            self.making[1] += 1
            if director and (key := _key(event)) is not None:
                self.made.setdefault(key, time.time())
            return text

        station.bus.publish = published
        ReadModel.live_frame = made  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            station.bus.publish = publish
            ReadModel.live_frame = frame  # type: ignore[method-assign]


class _Room:
    """The station, its web server and the pads' child process, driven round by round."""

    def __init__(self, tables: int, process: Any, orders: Any, reports: Any,
                 published: _Published) -> None:
        self.tables, self.process = tables, process
        self.orders, self.reports = orders, reports
        self.published = published
        self.url = ""  # the web server's, once it serves
        self.round = 0
        self.acked = 0

    async def play(self, rounds: int) -> tuple[float, float, int]:
        """Plays `rounds` rounds at the congress pace: (CPU seconds, wall seconds, acked)."""
        cpu, wall, acked = cpu_seconds(), time.monotonic(), 0
        for _ in range(rounds):
            self.round += 1
            started = time.monotonic()
            self.orders.put(self.round)
            _, _, count = await _report(self.reports, self.process)
            acked += count
            await asyncio.sleep(max(0.0, ROUND_SECONDS - (time.monotonic() - started)))
        self.acked += acked
        return cpu_seconds() - cpu, time.monotonic() - wall, acked


async def _open_page(browser: Any, url: str, tables: int) -> tuple[Any, Any, float]:
    """A director's grid page, logged in; with its DevTools session and first paint (ms)."""
    context = await browser.new_context(viewport=VIEWPORT)
    answer = await context.request.post(f"{url}/api/login", data={"password": PASSWORD})
    if not answer.ok:
        raise RuntimeError(f"the director's login failed: {answer.status}")
    page = await context.new_page()
    await page.add_init_script(_SHOWN)
    devtools = await context.new_cdp_session(page)
    await devtools.send("Performance.enable")
    started = time.monotonic()
    await page.goto(f"{url}/")
    await page.wait_for_function(
        "(tables) => document.querySelectorAll('th.table').length >= tables",
        arg=tables, timeout=60_000)
    first_paint = (time.monotonic() - started) * 1000
    await page.wait_for_selector("body[data-live=yes]", timeout=60_000)
    return page, devtools, first_paint


async def _main_thread(devtools: Any) -> tuple[float, float]:
    """The page's main thread so far: its tasks' seconds, and its CPU seconds."""
    metrics = {m["name"]: m["value"] for m in (await devtools.send("Performance.getMetrics"))
               ["metrics"]}
    return float(metrics["TaskDuration"]), float(metrics["ThreadTime"])


async def _with_pages(room: _Room, browser: Any, count: int, rounds: int) -> dict[str, Any]:
    """Plays `rounds` rounds with `count` grid pages open; what they cost."""
    opened = [await _open_page(browser, room.url, room.tables) for _ in range(count)]
    requests: list[str] = []
    for page, _, _ in opened:
        page.on("request", lambda r: requests.append(r.url)
                if "/api/" in r.url and not r.url.endswith("/api/stream") else None)
    await asyncio.sleep(1.0)  # the pages' first reads done
    requests.clear()
    before = [await _main_thread(devtools) for _, devtools, _ in opened]
    making = list(room.published.making)
    cpu, wall, acked = await room.play(rounds)
    making = [now - then for now, then in zip(room.published.making, making, strict=True)]
    after = [await _main_thread(devtools) for _, devtools, _ in opened]
    busy = [now[0] - then[0] for now, then in zip(after, before, strict=True)]
    thread = [now[1] - then[1] for now, then in zip(after, before, strict=True)]
    page = opened[0][0]
    shown: list[list[Any]] = await page.evaluate("() => window.__shown")
    published, made = room.published.at, room.published.made
    delays, station, in_page = [], [], []
    for key, taken, drawn in shown:
        if key in published:
            delays.append(max(0.0, drawn / 1000 - published[key]))
            station.append(max(0.0, made.get(key, published[key]) - published[key]))
            in_page.append(max(0.0, (drawn - taken) / 1000))
    for page, _, _ in opened:
        await page.context.close()
    return {"cpu": cpu, "wall": wall, "acked": acked, "busy": max(busy) / wall,
            "thread": max(thread) / wall,
            "requests": len(requests) / count, "delays": delays, "station": station,
            "in_page": in_page, "making_ms": making[0] * 1000 / max(1, making[1]),
            "making_share": making[0] / wall,
            "page_cpu_ms": thread[0] * 1000 / max(1, len(shown)),
            "first_paint_ms": max(p for _, _, p in opened)}


@contextlib.asynccontextmanager
async def _serving(station: Any) -> Any:
    """The station's app on the real web server, on a free loopback port: its base URL."""
    from basestation.api.app import create_app, routes_built
    from basestation.api.serving import server

    port = free_port()
    app = create_app(station, manage_station=False)
    routes_built(app)  # as the station's own start does (its lifespan, off here)
    running = server(app, "127.0.0.1", port, lifespan="off", timeout_graceful_shutdown=1)
    task = asyncio.create_task(running.serve())
    async with asyncio.timeout(20):
        while not running.started:
            if task.done():
                raise RuntimeError(f"the web server could not start on port {port}")
            await asyncio.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        await task


def _figures(tables: int, alone: tuple[float, float, int], one: dict[str, Any],
             three: dict[str, Any], alone_after: tuple[float, float, int]) -> dict[str, Any]:
    # The station's CPU a second with no page open, before the pages and after them: a
    # round's work grows as the session goes on (more results to score), so each phase with
    # pages is weighed against the no-page figure drawn straight between the two.
    before, after = alone[0] / alone[1], alone_after[0] / alone_after[1]
    extra_one = max(0.0, one["cpu"] / one["wall"] - (before + (after - before) / 3))
    extra_three = max(0.0, three["cpu"] / three["wall"] - (before + (after - before) * 2 / 3))
    base = before
    name = f"grid_{tables}"
    return {
        f"{name}_page_busy_share": round(one["busy"], 3),
        f"{name}_page_cpu_share": round(one["thread"], 3),
        f"{name}_three_pages_busy_share": round(three["busy"], 3),
        f"{name}_station_core_share_no_page": round(base, 3),
        f"{name}_station_core_share_no_page_after": round(after, 3),
        f"{name}_station_core_share_one_page": round(extra_one, 3),
        f"{name}_station_core_share_three_pages": round(extra_three, 3),
        f"{name}_station_core_share_stream": round(one["making_share"], 3),
        f"{name}_station_cost_three_over_one": round(extra_three
                                                     / max(extra_one, ONE_PAGE_FLOOR), 2),
        f"{name}_requests_per_result": round(one["requests"] / max(1, one["acked"]), 3),
        f"{name}_result_to_cell_p50_ms": round(percentile_ms(one["delays"], 50), 1),
        f"{name}_result_to_cell_p95_ms": round(percentile_ms(one["delays"], 95), 1),
        f"{name}_result_to_cell_station_p95_ms": round(percentile_ms(one["station"], 95), 1),
        f"{name}_result_to_cell_page_p95_ms": round(percentile_ms(one["in_page"], 95), 1),
        f"{name}_stream_cpu_ms_a_message": round(one["making_ms"], 3),
        f"{name}_page_cpu_ms_a_result": round(one["page_cpu_ms"], 2),
        f"{name}_first_paint_ms": round(one["first_paint_ms"]),
        f"{name}_results_shown": len(one["delays"]),
    }


async def grid_stage(tables: int, rounds: int = 3,
                     progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """The grid's figures at `tables` tables (one room), `rounds` rounds in each phase: no
    page, one page, three pages, no page again."""
    from playwright.async_api import async_playwright

    from basestation.station import heap
    from basestation.station.app import Station
    from basestation.station.config import StationConfig

    sections = layout(tables)[0]
    if rounds * 4 > min(sections):
        raise ValueError(f"{rounds * 4} rounds do not fit a {min(sections)}-table section")
    room_seats = seats([sections], rounds * 4)
    published = _Published()
    with run_mosquitto() as port, tempfile.TemporaryDirectory(prefix="grid-bench-") as tmp:
        config = StationConfig(id="room1", secret=SECRET,
                               database=f"sqlite:///{Path(tmp) / 'room1.db'}",
                               mqtt_url=f"mqtt://127.0.0.1:{port}")
        station = Station(config)
        station.open_event("Congress", "nz", section_configs(sections))
        await station.start()
        # As `basestation serve` does once the station has started: unsettled, one full
        # collection of this process's heap held the loop for 150 ms in a round at 120 tables.
        heap.settle()
        context = multiprocessing.get_context("spawn")
        orders, reports = context.Queue(), context.Queue()
        process = context.Process(target=_pads_child,
                                  args=(room_seats, port, orders, reports), daemon=True)
        try:
            async with asyncio.timeout(30):
                await station.connected()
            process.start()
            await _report(reports, process)  # every pad logged in
            room = _Room(tables, process, orders, reports, published)
            async with _serving(station) as room.url, async_playwright() as playwright:
                with published.watch(station):
                    browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                               args=CHROMIUM_ARGS)
                    try:
                        progress(f"grid, {tables} tables: {rounds} rounds with no page open")
                        alone = await room.play(rounds)
                        progress(f"grid, {tables} tables: {rounds} rounds with one page open")
                        one = await _with_pages(room, browser, 1, rounds)
                        progress(f"grid, {tables} tables: {rounds} rounds with three pages open")
                        three = await _with_pages(room, browser, 3, rounds)
                        progress(f"grid, {tables} tables: {rounds} rounds with no page open again")
                        alone_after = await room.play(rounds)
                    finally:
                        await browser.close()
            orders.put(None)
        finally:
            if process.pid is not None:
                process.join(10)
                if process.is_alive():
                    process.kill()
            await station.stop()
    return _figures(tables, alone, one, three, alone_after)


def run_grid_bench(sizes: tuple[int, ...] = (60, 120), rounds: int = 3,
                   progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """The grid stage's figures at each size, or why it was skipped."""
    if why := chromium_missing():
        return {"grid_skipped": why}
    figures: dict[str, Any] = {}
    for tables in sizes:
        figures.update(asyncio.run(grid_stage(tables, rounds, progress)))
    return figures
