"""Whether the broker's listeners take a login-less client: `serve` tries an anonymous MQTT
CONNECT on each listener the pads use, at the addresses the pads reach it by, before it
starts. A listener bound to every address (0.0.0.0, ::) is tried at this computer's own
network addresses, not at loopback: mosquitto settings are per listener, so 127.0.0.1:1883
may be another listener than the one the club's network reaches."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import itertools
import socket
import ssl
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import aiomqtt
from aiomqtt.exceptions import MqttConnectError

PROBE_S = 5.0  # per address: the broker answers a CONNECT at once, or is not there
SCHEMES = {"mqtt": ("tcp", False), "mqtts": ("tcp", True), "ws": ("websockets", False),
           "wss": ("websockets", True)}


@dataclass(frozen=True)
class Verdict:
    listener: str  # as configured, e.g. "ws://0.0.0.0:9001"
    address: str  # where it was tried
    open: bool | None  # None: no answer (not running, or not reachable), so not judged
    why: str = ""


def own_addresses(family: int) -> list[str]:
    """This computer's addresses of `family` other than loopback and link-local (Linux: the
    kernel's own tables, every address of every interface; elsewhere none)."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        if family == socket.AF_INET6:
            for line in Path("/proc/net/if_inet6").read_text().splitlines():
                found.append(str(ipaddress.IPv6Address(bytes.fromhex(line.split()[0]))))
        else:  # "|-- 192.0.2.10" then "/32 host LOCAL": an address of this computer's own
            lines = Path("/proc/net/fib_trie").read_text().splitlines()
            found = [before.split()[-1] for before, line in itertools.pairwise(lines)
                     if line.strip() == "/32 host LOCAL"]
    usable = [a for a in found if not (ipaddress.ip_address(a).is_loopback
                                       or ipaddress.ip_address(a).is_link_local)]
    return list(dict.fromkeys(usable))


def probe_addresses(host: str) -> list[str]:
    """Where to try a listener configured on `host`: every own address for a wildcard (loopback
    only when the computer has no other), else the host itself."""
    host = host.strip("[]")
    if host == "0.0.0.0":
        return own_addresses(socket.AF_INET) or ["127.0.0.1"]
    if host == "::":
        both = own_addresses(socket.AF_INET) + own_addresses(socket.AF_INET6)
        return both or ["127.0.0.1"]
    return [host]


async def try_anonymous(listener: str, address: str) -> Verdict:
    """A stranger's CONNECT to `listener` at `address`, with no login, then with a made-up
    one (a broker that wants a user name may still take any): open when either gets in."""
    made_up = f"basestation-probe-{uuid.uuid4().hex[:8]}"
    verdict = await _connect(listener, address, None)
    if verdict.open is False:
        verdict = await _connect(listener, address, (made_up, uuid.uuid4().hex))
    return verdict


async def _connect(listener: str, address: str, login: tuple[str, str] | None) -> Verdict:
    parsed = urlsplit(listener)
    transport, tls = SCHEMES[parsed.scheme]
    context = None
    if tls:  # only whether it lets a stranger in: whose certificate it is does not matter
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    kind: Literal["tcp", "websockets"] = "websockets" if transport == "websockets" else "tcp"
    username, password = login or (None, None)
    client = aiomqtt.Client(address, parsed.port or 1883, transport=kind, tls_context=context,
                            identifier=f"basestation-probe-{uuid.uuid4().hex[:8]}",
                            username=username, password=password,
                            websocket_path=parsed.path or "/mqtt", timeout=PROBE_S)
    try:
        async with asyncio.timeout(PROBE_S + 1):
            await client.__aenter__()
    except MqttConnectError as refused:  # a CONNACK saying no
        return Verdict(listener, address, False, str(refused))
    except (aiomqtt.MqttError, OSError, TimeoutError) as failed:
        return Verdict(listener, address, None, str(failed) or type(failed).__name__)
    with contextlib.suppress(Exception):
        await client.__aexit__(None, None, None)
    return Verdict(listener, address, True, "a made-up login" if login else "no login")


async def probe(listeners: list[str]) -> list[Verdict]:
    """Each listener tried anonymously at each address the pads reach it by, all at once."""
    tries = [try_anonymous(listener, address) for listener in listeners
             for address in probe_addresses(urlsplit(listener).hostname or "")]
    return list(await asyncio.gather(*tries))


def refusals(verdicts: list[Verdict]) -> list[str]:
    """Why `serve` must not run: each listener that let a stranger in, named, with the fix."""
    problems = []
    for verdict in verdicts:
        if verdict.open:
            problems.append(
                f"the broker's listener for the pads, {verdict.listener}, lets a client in "
                f"with {verdict.why} (tried at {verdict.address}): anyone on the club's "
                "network could publish as any pad, and a flood of such frames slows every "
                "pad. Give that listener the pads' logins alone in mosquitto's configuration "
                "(allow_anonymous false, and the dynamic-security plugin or a password file, "
                "as deploy/mosquitto/ ships it: deploy/INSTALL.md, section 2), restart "
                "mosquitto and start the station again.")
    return problems


def unjudged(verdicts: list[Verdict]) -> list[str]:
    """The listeners that did not answer: not judged (the broker may start later)."""
    return [f"the broker's listener for the pads, {v.listener}, did not answer at "
            f"{v.address} ({v.why}), so whether it takes clients without a login was not "
            "checked" for v in verdicts if v.open is None]
