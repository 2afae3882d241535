"""Strangers holding idle MQTT connections that never log in: mosquitto keeps such a
connection for 90 s and has no limit per client, so 2,100 of them from 10 addresses filled the
pads' listener (max_connections 2,000) and kept pads out (issue 36), as did 64 addresses with
40 each under a limit per address, or one laptop's IPv6 /64. deploy/nftables/basestation.nft
counts by network (an IPv4 address, an IPv6 /64: 16 each), holds connections from networks no
pad has used to 1,200 a listener, and keeps the pads that played out of that bound, on the
browser pads' WebSockets listener (9001) as on the BridgeScorers' (1883). Run for
real in a network namespace of its own (the firewall rules touch nothing outside it): the
shipped broker with dynamic security, the station, the stranger and the pad
(tests/deploy/idle_attack.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
PER_NETWORK = 16  # deploy/nftables/basestation.nft
STRANGERS = 1200  # connections from networks no pad has used, on each listener
GET_IN_S = 5.0


def namespaces() -> bool:
    if os.geteuid() != 0 or shutil.which("nft") is None or shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-n", "nft", "list", "ruleset"], capture_output=True,
                          check=False).returncode == 0


def attack(addresses: int, per_address: int, *flags: str) -> dict[str, Any]:
    rules = (ROOT / "deploy/nftables/basestation.nft").read_text()
    assert f"ct count over {PER_NETWORK}" in rules and f"ct count over {STRANGERS}" in rules
    done = subprocess.run(["unshare", "-n", sys.executable, "-m", "tests.deploy.idle_attack",
                           str(addresses), str(per_address), "--firewall", *flags], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    print(found)
    return found


needs_namespaces = pytest.mark.skipif(not namespaces(),
                                      reason="needs root, nftables and network namespaces")


@needs_namespaces
def test_sixty_four_addresses_leave_room_for_a_new_pad() -> None:
    found = attack(64, 40)
    assert found["held"] == 64 * PER_NETWORK and found["refused"] == 64 * (40 - PER_NETWORK)
    assert found["seconds"] is not None and found["seconds"] <= GET_IN_S, found
    assert found["newcomer"]


@needs_namespaces
def test_an_ipv6_laptop_is_one_network() -> None:
    found = attack(64, 40, "--ipv6")  # 64 addresses of one /64
    assert found["held"] == PER_NETWORK
    assert found["seconds"] is not None and found["seconds"] <= GET_IN_S, found
    assert found["newcomer"]  # another /64 is another network


@needs_namespaces
def test_strangers_filling_their_share_leave_the_pads_that_played_in() -> None:
    found = attack(100, PER_NETWORK, "--known")
    assert found["held"] == STRANGERS and found["refused"] == 100 * PER_NETWORK - STRANGERS
    assert found["seconds"] is not None and found["seconds"] <= GET_IN_S, found
    assert not found["newcomer"]  # a network no pad has used waits for the share to free


@needs_namespaces
def test_browser_pads_listener_is_bound_by_network_too() -> None:
    found = attack(64, 40, "--websockets")  # 9001, and a browser pad over WebSockets
    assert found["held"] == 64 * PER_NETWORK and found["refused"] == 64 * (40 - PER_NETWORK)
    assert found["seconds"] is not None and found["seconds"] <= GET_IN_S, found
    assert found["newcomer"]


@needs_namespaces
def test_strangers_filling_the_browser_pads_share_leave_the_browser_pads_that_played_in(
        ) -> None:
    """A browser pad's network is known as a BridgeScorer's is: by what the broker sent it
    once logged in, on 9001."""
    found = attack(100, PER_NETWORK, "--known", "--websockets")
    assert found["held"] == STRANGERS and found["refused"] == 100 * PER_NETWORK - STRANGERS
    assert found["seconds"] is not None and found["seconds"] <= GET_IN_S, found
    assert not found["newcomer"]


@needs_namespaces
def test_another_program_cannot_keep_the_station_off_its_own_listener() -> None:
    """A program of another user on this computer holding the station's listener (16 slots,
    each taken again as soon as the broker frees it) while the station restarts."""
    done = subprocess.run(["unshare", "-n", sys.executable, "-m",
                           "tests.deploy.station_listener_attack", "--firewall"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    print(found)
    assert found["held"] == 0  # refused at once: not the station's user
    assert found["seconds"] is not None and found["seconds"] <= GET_IN_S, found
