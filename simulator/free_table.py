"""The demo's free table: one table the simulated room leaves for the person running the demo,
who plays it on the browser pad from a phone (or a browser tab) against the room.

Its unit is paired as the director pairs a phone on the grid, and its link carries what the
grid's pairing link carries (a one-time pairing code and the broker, SPEC.md 10.5), printed
with a QR code to scan. The code lasts the demo's run rather than ten minutes, but works once:
the browser that opened it stays the pad; another needs the unit paired again on the grid.
"""

from __future__ import annotations

import io
import socket
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import segno
from rich.console import Console

if TYPE_CHECKING:
    from basestation.station.app import Station

# The MQTT section (the browser pad reaches its broker over WebSockets), and the section the
# pad's login form is set to when it opens.
FREE_SECTION = "A"
FREE_TABLE = 1
FREE_UNIT = 100  # beside section A's simulated units (101...)


def lan_address() -> str:
    """This computer's address on its network, as a phone on the same network reaches it
    (no packet is sent: connecting a UDP socket only picks the route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: never answered
            address: str = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address


DEMO_CODE_LIFE = 24 * 3600.0  # seconds: the demo's link works whenever it is first opened


async def pair_free_unit(station: Station) -> str:
    """Pairs the free table's unit; its one-time pairing code goes in the pad's link."""
    await station.pair_units([FREE_UNIT])
    return station.pairing.issue(FREE_UNIT, life=DEMO_CODE_LIFE)


def pad_link(host: str, http_port: int, websockets_port: int, code: str) -> str:
    """The browser pad's link: the pairing code in the fragment, which no browser sends."""
    fragment = urlencode({"code": code, "broker": f"ws://{host}:{websockets_port}"})
    return f"http://{host}:{http_port}/pad#{fragment}"


def qr_text(link: str) -> str:
    """The link as a QR code in the terminal's block characters."""
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def print_invitation(console: Console, link: str, *, lan: bool) -> None:
    console.print(f"[bold]Your table:[/bold] section {FREE_SECTION}, table {FREE_TABLE} is "
                  "left free for you; the simulated room plays every other table. Scan the "
                  "code with a phone, or open the link, then log in to section "
                  f"{FREE_SECTION}, table {FREE_TABLE}.")
    console.print(qr_text(link), markup=False, highlight=False, soft_wrap=True)
    # soft_wrap: the link on one line, whatever the terminal's width, so it can be copied.
    console.print(f"Pad link: {link}", markup=False, highlight=False, soft_wrap=True)
    console.print("The link works once: the browser that opens it stays the pad. For "
                  f"another, pair unit {FREE_UNIT} on the grid's Units panel, with the "
                  "broker's WebSockets address of the link.")
    if not lan:
        console.print("This link works on this computer only; for a phone on the same "
                      "network, run the demo with --lan.")
