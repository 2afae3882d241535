"""The demo: a station on the embedded defaults, its director app, and a simulated club session.

Sections A, C, E... play on BridgeScorers over MQTT (a local mosquitto, started and stopped
here, with a WebSockets listener for the browser pad), sections B, D, F... on bridgepads over a
virtual radio (a pty the station opens as its serial port): two sections by default, a
congress room with more (laid out as the congress and the grid benchmark lay out theirs,
simulator.congress). Table A1 is left free for the person running the demo: its unit is paired
and its pad's link printed with a QR code (simulator.free_table).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import random
import secrets
import socket
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import uvicorn
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from basestation.movements import TEAMS, generate
from basestation.scoring.event_formats import boards_needed
from simulator.broker import PORTS_VARIABLE, PortTaken, free_port, run_mosquitto_on_free_ports
from simulator.club import club_list
from simulator.congress import room, section_configs
from simulator.deals import hand_record_deals, random_deals
from simulator.faults import Faults
from simulator.free_table import (
    FREE_SECTION,
    FREE_TABLE,
    lan_address,
    pad_link,
    pair_free_unit,
    print_invitation,
)
from simulator.matches import MatchSessionPlayer
from simulator.radio import VirtualRadio
from simulator.ranking import rank
from simulator.session import SectionSetup, SessionPlayer, SessionReport

if TYPE_CHECKING:
    from basestation.station.app import Station

HTTP_HOST = "127.0.0.1"
HTTP_PORT = 8000
GOODBYE_SECONDS = 3.0  # for the simulated pads to leave the broker when the demo is stopped


@dataclass(frozen=True)
class MatchEvent:
    """A teams or Swiss demo: entrants (teams, or pairs in Swiss pairs), boards a match, and
    rounds (a round robin plays every other team once, whatever `rounds` says)."""

    format: str
    entrants: int
    per_match: int
    rounds: int

    @classmethod
    def of(cls, event_format: str, entrants: int, per_match: int, rounds: int) -> MatchEvent:
        if event_format == TEAMS:  # eleven teams in an American Whist skip two rounds
            rounds = entrants - 3 if entrants == 11 else entrants - 1
        return cls(event_format, entrants, per_match, rounds)

    @property
    def boards(self) -> int:
        return boards_needed(self.format, self.entrants, self.per_match, self.rounds)


def grid_socket(console: Console, host: str, given: int | None = None) -> socket.socket:
    """The grid's listening socket, bound here and handed to the web server, so no other
    program can take its port between choosing and serving: port 8000, or one the system
    picks when 8000 is busy; a port the caller gave that is busy is refused in a sentence
    (PortTaken). Under the test suite's port ranges (BASESTATION_PORTS), a port of its
    worker's range rather than 8000."""
    wanted = given or (free_port() if os.environ.get(PORTS_VARIABLE) else HTTP_PORT)
    try:
        return _bound(host, wanted)
    except OSError:
        if given is not None:
            raise PortTaken(given, "the director's grid") from None
    sock = _bound(host, 0)
    console.print(f"[yellow]port {wanted} is busy (another station?): the grid is on port "
                  f"{sock.getsockname()[1]} instead[/yellow]")
    return sock


def _bound(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds its own
        sock.bind((host, port))
        # Listening at once: with SO_REUSEADDR two programs may both bind a port neither
        # listens on yet, and the second to listen would fail; the first to listen holds it.
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


class _SignalFreeServer(uvicorn.Server):
    """uvicorn's server, leaving SIGINT and SIGTERM to the demo."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def links(sections: int) -> list[str]:
    """Each section's pads in turn: BridgeScorers on MQTT, then bridgepads on the radio."""
    return ["mqtt" if index % 2 == 0 else "radio" for index in range(sections)]


async def run_demo(*, tables: int = 7, sections: int = 2, speed: float = 300.0, seed: int = 1,
                   exit_when_done: bool = False, hand_records: Path | None = None,
                   faults: Faults | None = None, console: Console | None = None,
                   http_port: int | None = None, event: MatchEvent | None = None,
                   on_done: Callable[[Station, SessionReport], None] | None = None,
                   free_table: bool = True, lan: bool = False) -> SessionReport:
    """Plays the demo session, `sections` sections of `tables` tables each; returns its report
    (with --exit-when-done, once it is over).

    With `event` a teams or Swiss event is played instead, in one section on bridgepads, with
    the faults of the air (lost, duplicated and late frames, battery changes, dropouts, a
    station restart); a Swiss round is drawn only when every board of the last is in.
    `on_done` sees the station once the session is over (the JSON output).

    In a pairs demo with `free_table`, table A1 is left to the person running it, on the
    browser pad; with `lan` the grid and the broker's WebSockets listener are open to the
    network and the pad's link uses this computer's network address, for a phone."""
    from basestation.api.app import create_app
    from basestation.api.serving import server as web_server
    from basestation.station.app import Station
    from basestation.station.config import SectionConfig, SerialConfig, StationConfig

    console = console or Console()
    logging.basicConfig(level=logging.ERROR)
    rng = random.Random(seed)
    sizes = room(sections, tables)  # refused before anything starts
    boards = event.boards if event is not None else tables * 2
    deals = hand_record_deals(hand_records) if hand_records else random_deals(boards, rng)
    if missing := sorted(set(range(1, boards + 1)) - set(deals)):
        raise ValueError(f"the hand records have no board {missing[0]}; the session plays "
                         f"boards 1-{boards}")
    if faults is None:
        faults = Faults.on_the_air() if event is not None else Faults.some()
    with contextlib.ExitStack() as stack:
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bridge-demo-")))
        mqtt_port, websockets_port = stack.enter_context(run_mosquitto_on_free_ports(
            websockets_host="0.0.0.0" if lan else "127.0.0.1"))
        radio = VirtualRadio(faults.air, random.Random(rng.random()))
        stack.callback(radio.close)
        grid = stack.enter_context(grid_socket(console, "0.0.0.0" if lan else HTTP_HOST,
                                               http_port))
        port = grid.getsockname()[1]
        # On this computer only, the built-in secret and password; open to the network
        # (--lan), ones of its own, as the station refuses the built-in ones there.
        config = StationConfig(
            database=f"sqlite:///{workdir / 'demo.db'}",
            http=f"{'0.0.0.0' if lan else HTTP_HOST}:{port}",
            mqtt_url=f"mqtt://127.0.0.1:{mqtt_port}",
            serial=(SerialConfig(port=radio.port),))
        if lan:
            config = dataclasses.replace(config, secret=secrets.token_urlsafe(24),
                                         director_password=secrets.token_urlsafe(6))
        station = Station(config, director_pin="1234")
        if event is not None:
            station.open_event(f"Demo {event.format}", "nz",
                               [SectionConfig("A", event.format, event.entrants,
                                              event.per_match)], {"A": deals},
                               event_format=event.format, rounds=event.rounds)
        else:
            room_sections = section_configs(sizes)
            station.open_event("Demo pairs", "nz", room_sections,
                               {section.letter: deals for section in room_sections})
        # The club's list, whose numbers the tables enter: the results carry names.
        station.import_players(club_list(station.movements().items()))
        # The demo stops on a signal itself (basestation.cli.demo): not uvicorn's own
        # handlers, which would stop the grid alone and leave the session playing.
        server = _SignalFreeServer(web_server(create_app(station), config.http_host, port,
                                              timeout_graceful_shutdown=2).config)
        serving = asyncio.create_task(server.serve(sockets=[grid]))
        try:
            async with asyncio.timeout(20):
                while not server.started:
                    if serving.done():
                        raise RuntimeError(f"the web server could not start on port {port}")
                    await asyncio.sleep(0.05)
            await station.connected()
            console.print(f"[bold]Director's grid:[/bold] http://{HTTP_HOST}:{port}  "
                          f"(password {config.director_password!r}; database {workdir})")
            if event is not None:
                console.print(f"{event.format}: {event.entrants} entrants, {event.rounds} "
                              f"rounds of {event.per_match} boards, bridgepads on radio "
                              f"{radio.port}")
                player: SessionPlayer = MatchSessionPlayer(
                    station, [SectionSetup("A", "radio", station.movements()["A"],
                                           deals)],
                    speed=speed, seed=seed, faults=faults, radio=radio, rounds=event.rounds)
            else:
                letters = [section.letter for section in room_sections]
                on = dict(zip(letters, links(sections), strict=True))
                mqtt = ", ".join(letter for letter in letters if on[letter] == "mqtt")
                radio_sections = ", ".join(letter for letter in letters if on[letter] == "radio")
                each = " each" if sections > 2 else ""
                console.print(f"Section {mqtt}: {tables} tables{each} of BridgeScorers on MQTT "
                              f"port {mqtt_port} (WebSockets {websockets_port})" + (
                                  f"; section {radio_sections}: {tables} tables{each} of "
                                  f"bridgepads on radio {radio.port}" if radio_sections else ""))
                free = frozenset({(FREE_SECTION, FREE_TABLE)}) if free_table else frozenset()
                if free_table:
                    host = lan_address() if lan else HTTP_HOST
                    pad = pad_link(host, port, websockets_port,
                                   await pair_free_unit(station))
                    print_invitation(console, pad, lan=lan)
                movement = generate("mitchell", tables, boards)
                player = SessionPlayer(
                    station, [SectionSetup(letter, on[letter], movement, deals)
                              for letter in letters],
                    speed=speed, seed=seed, faults=faults, radio=radio, mqtt_port=mqtt_port,
                    free=free)
            report = await _play_with_progress(player, console)
            if event is not None:
                _print_standings(station, console)
            else:
                _print_rankings(player, console)
            _print_summary(report, console)
            if on_done is not None:
                on_done(station, report)
            if not exit_when_done:
                console.print(f"The session is over; the grid stays at http://{HTTP_HOST}:"
                              f"{port}. Press Ctrl-C to stop.")
                await serving
            return report
        finally:
            server.should_exit = True
            with contextlib.suppress(asyncio.CancelledError):
                await serving


async def _play_with_progress(player: SessionPlayer, console: Console) -> SessionReport:
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=False) as progress:
        bars = {s.letter: progress.add_task(f"Section {s.letter} ({s.link})",
                                            total=player.planned_count(s.letter))
                for s in player.sections}
        playing = asyncio.create_task(player.play())
        try:
            while not playing.done():
                for letter, bar in bars.items():
                    progress.update(bar, completed=player.held_count(letter))
                await asyncio.wait({playing}, timeout=0.2)
        finally:  # stopped mid-session: the simulated pads power off before the broker goes
            await _switched_off(playing)
        for letter, bar in bars.items():
            progress.update(bar, completed=player.held_count(letter))
        return playing.result()


async def _switched_off(playing: asyncio.Task[SessionReport]) -> None:
    """The session cancelled, its pads given a moment to say goodbye to the broker: an MQTT
    client's goodbye waits on the broker's answer without end (aiomqtt), so one that has not
    had it in time is cancelled again, cut short."""
    for _ in range(2):
        if playing.done():
            break
        playing.cancel()
        await asyncio.wait({playing}, timeout=GOODBYE_SECONDS)
    with contextlib.suppress(asyncio.CancelledError):
        await playing


def _print_standings(station: Station, console: Console) -> None:
    for section in station.matches().sections:
        table = Table(title=f"Section {section.section}: standings")
        for name in ("Rank", "Entrant", "VPs", "Swiss points", "IMPs"):
            table.add_column(name, justify="right")
        for row in section.standings:
            table.add_row(str(row.rank), str(row.entrant), f"{row.vps:.2f}",
                          f"{row.swiss_points:.2f}", str(row.imps))
        console.print(table)


def _print_rankings(player: SessionPlayer, console: Console) -> None:
    scored = rank(player.held_results(), player.station.regulations)
    for letter in player.deals:
        table = Table(title=f"Section {letter}")
        for name in ("Rank", "Pair", "Total", "%"):
            table.add_column(name, justify="right")
        for direction in ("NS", "EW"):
            entries = [e for e in scored.ranking
                       if e.section == letter and e.direction == direction]
            for entry in sorted(entries, key=lambda e: e.rank):
                pct = "" if entry.pct is None else f"{entry.pct:.2f}"
                table.add_row(entry.rank_label, f"{direction} {entry.pair}",
                              f"{entry.total:g}", pct)
        console.print(table)


def _print_summary(report: SessionReport, console: Console) -> None:
    summary = report.summary()
    console.print(f"[bold]Results sent {summary['results sent']}, accepted "
                  f"{summary['accepted']}, flagged {summary['flagged']}, recovered "
                  f"{summary['recovered']}[/bold]")
    console.print(", ".join(f"{name} {value}" for name, value in summary.items()
                            if name not in ("results sent", "accepted", "flagged",
                                            "recovered")))
    if report.mismatches:
        console.print(f"[red]{len(report.mismatches)} results differ from what was "
                      f"played:[/red]")
        for line in report.mismatches[:10]:
            console.print(f"  {line}")
