"""The demo's free table: one table the simulated room leaves for the person running the demo,
who plays it on the browser pad from a phone (or a browser tab) against the room.

Its unit is paired as the director pairs a phone on the grid, and its link carries what the
grid's pairing link carries (unit, key, station, broker), printed with a QR code to scan.
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

FREE_SECTION = "B"  # the MQTT section: the browser pad reaches its broker over WebSockets
FREE_TABLE = 1
FREE_UNIT = 200  # beside section B's simulated units (201...)


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


async def pair_free_unit(station: Station) -> str:
    """Pairs the free table's unit; its key, as hex, goes in the pad's link."""
    unit = await station.hub.act(lambda batch: station.rules.pair_unit(FREE_UNIT, batch))
    key: bytes = unit.key
    return key.hex()


def pad_link(host: str, http_port: int, websockets_port: int, station_id: str,
             key: str) -> str:
    """The browser pad's link: the key only in the fragment, which no browser sends."""
    fragment = urlencode({"unit": FREE_UNIT, "key": key, "station": station_id,
                          "broker": f"ws://{host}:{websockets_port}"})
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
    if not lan:
        console.print("This link works on this computer only; for a phone on the same "
                      "network, run the demo with --lan.")
