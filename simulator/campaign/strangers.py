"""Strangers on the club's Wi-Fi, as faults of the campaign: while a session is played over
MQTT, a stranger with several addresses holds connections against the station's web server,
each opened again as soon as the station closes it (simulator/slow_http.py): a thousand from
ten addresses dripping their headers a byte a second; 400 from ten addresses asking for the
live stream and never reading it; 440 from eleven addresses sending a login's body a byte a
second. Once the stranger holds what it can, the director logs in and loads the grid, and a
pad loads its page and spends its pairing code, each over plain HTTP as its browser would.

Counted as every fault is (lost, duplicated, rankings), and besides: the seconds the director
and the pad each took to get in, which must be within the attack's `get_in_s` (api/serving.py
gives way to a newcomer by closing a connection still waiting for its request, from the
address holding most; api/admission.py bounds the streams and keeps a reserve). Beyond it
the run names the figure and `basestation faults` exits 1.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import sys
import urllib.request
from dataclasses import dataclass
from typing import Any

from simulator.campaign.sessions import SessionFault, run_session_fault
from simulator.campaign.tally import RunTally
from simulator.slow_http import FILLED

FIRST_ADDRESS = "127.0.0.2"


@dataclass(frozen=True)
class StrangerAttack:
    name: str
    mode: str  # simulator/slow_http.py's
    addresses: int
    per_address: int
    get_in_s: float  # what the director (the grid) and a pad (its pairing) may wait, at most
    held: str  # the attack, in the problem's words


STRANGER_ATTACKS = (
    StrangerAttack("strangers hold a thousand slow connections to the web server", "headers",
                   10, 100, 10.0, "with 1000 slow connections held"),
    StrangerAttack("strangers hold 400 silent live streams", "stream", 10, 40, 5.0,
                   "with 400 silent live streams asked for"),
    StrangerAttack("strangers send slow request bodies from 11 addresses", "body", 11, 40,
                   5.0, "with 440 slow request bodies"),
)
PAD_UNIT = 9101  # the pad paired under the stranger: no pad of the session
REQUEST_S = 60.0  # one request's patience: long enough to see how long it took
# The pad page's scripts and style, and the modules they import.
REFERENCE = re.compile(r'(?:src|href)="(/static/[^"]+)"|(?:from|import)\s+"\./([^"]+)"')


def _ask(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> bytes:
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode())
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=REQUEST_S) as answer:
        return bytes(answer.read())


def director_gets_in(base: str, password: str) -> None:
    """The grid page, the login, and what the page asks for first."""
    _ask(base + "/")
    token = json.loads(_ask(base + "/api/login", {"password": password}))["token"]
    for path in ("/api/whoami", "/api/grid", "/api/units", "/api/seats"):
        _ask(base + path, token=token)


def pad_gets_in(base: str, code: str) -> None:
    """The pad page, every script and style it loads, and its pairing code spent."""
    waiting, seen = ["/pad"], {"/pad"}
    while waiting:
        path = waiting.pop()
        text = _ask(base + path).decode(errors="replace")
        for found in REFERENCE.finditer(text):
            wanted = found.group(1) or f"/static/{found.group(2)}"
            if wanted not in seen:
                seen.add(wanted)
                waiting.append(wanted)
    answer = json.loads(_ask(base + "/api/pairing", {"code": code}))
    if answer.get("unit") != PAD_UNIT:
        raise RuntimeError(f"the pairing code gave {answer!r}")


async def _held(stranger: asyncio.subprocess.Process) -> tuple[int, int]:
    """The stranger's next count: connections opened so far, and held now."""
    assert stranger.stdout is not None
    opened, held = (await stranger.stdout.readline()).split()
    return int(opened), int(held)


async def strangers_get_in_the_way(station: Any, attack: StrangerAttack,
                                   figures: dict[str, float]) -> None:
    """Serves the station's web pages, lets the stranger fill them, then times the director
    and a pad getting in."""
    from basestation.api.app import create_app
    from basestation.api.serving import ServerLimits, server

    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    # The session started the station: the web server only serves it.
    web = server(create_app(station, manage_station=False), "127.0.0.1", port)
    serving = asyncio.create_task(web.serve(sockets=[listening]))
    stranger = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "simulator.slow_http", str(port),
        FIRST_ADDRESS, str(attack.addresses), str(attack.per_address), attack.mode,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    loop = asyncio.get_running_loop()
    try:
        cap, opened, held = ServerLimits().connections, 0, 0
        tried = attack.addresses * attack.per_address
        try:
            async with asyncio.timeout(120):  # the station's connections the stranger's,
                # or (streams and bodies, refused or closed to make room) each tried twice
                while (held < FILLED * cap if attack.mode == "headers"
                       else opened < 2 * tried):
                    opened, held = await _held(stranger)
        except TimeoutError:
            raise RuntimeError(f"the stranger held {held} of the station's {cap} connections "
                               "after 120 s") from None
        figures["stranger_held"] = held
        began = loop.time()
        await asyncio.to_thread(director_gets_in, base, station.config.director_password)
        figures["grid_s"] = round(loop.time() - began, 2)
        code = station.pairing.issue(PAD_UNIT)
        began = loop.time()
        await asyncio.to_thread(pad_gets_in, base, code)
        figures["pad_s"] = round(loop.time() - began, 2)
        opened, _ = await _held(stranger)
        figures["stranger_connections"] = opened
    finally:
        assert stranger.stdin is not None
        stranger.stdin.close()
        try:
            await asyncio.wait_for(stranger.wait(), 10)
        except TimeoutError:
            stranger.kill()
            await stranger.wait()
        web.should_exit = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(serving, 15)
        listening.close()


def judged(attack: StrangerAttack, figures: dict[str, float]) -> list[str]:
    """What the figures break: each must get in within the attack's `get_in_s`."""
    held, most = attack.held, attack.get_in_s
    problems = [f"{held}, {who} took {figures[name]:.1f} s to get in (over {most:g} s)"
                for who, name in (("the director's grid", "grid_s"), ("a pad's pairing", "pad_s"))
                if figures.get(name, 0.0) > most]
    if "pad_s" not in figures:
        problems.append(f"{held}, the director and a pad were not both timed getting in")
    return problems


async def run_strangers(attack: StrangerAttack, seed: int) -> RunTally:
    figures: dict[str, float] = {}
    fault = SessionFault(
        attack.name, ("mqtt",),
        inject=lambda rig: strangers_get_in_the_way(rig.station, attack, figures),
        check=lambda _station, _player: (figures, judged(attack, figures)))
    return await run_session_fault(fault, seed)
