"""A stranger holding idle MQTT connections that never log in (issue 36): mosquitto keeps such
a connection for 90 s and has no limit per address, so 2,100 of them from 10 addresses filled
the pads' listener (max_connections 2,000) and kept pads out. deploy/nftables/basestation.nft
limits each address to 40 connections on the pads' listeners: a known pad, paired again, gets
in, logs in and enters a result within 10 s. Run for real in a network namespace of its own
(the firewall rules touch nothing outside it): the shipped broker with dynamic security, the
station, the stranger and the pad (tests/deploy/idle_attack.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
ATTEMPTS = 2100  # more than the pads' listener takes, from 10 addresses
PER_ADDRESS = 40  # deploy/nftables/basestation.nft


def namespaces() -> bool:
    if os.geteuid() != 0 or shutil.which("nft") is None or shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-n", "nft", "list", "ruleset"], capture_output=True,
                          check=False).returncode == 0


@pytest.mark.skipif(not namespaces(), reason="needs root, nftables and network namespaces")
def test_idle_connections_from_ten_addresses_leave_room_for_a_known_pad() -> None:
    assert f"ct count over {PER_ADDRESS}" in (ROOT / "deploy/nftables/basestation.nft").read_text()
    done = subprocess.run(["unshare", "-n", sys.executable, "-m", "tests.deploy.idle_attack",
                           str(ATTEMPTS), "--firewall"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    print(found)
    assert found["held"] <= 10 * PER_ADDRESS
    assert found["refused"] >= ATTEMPTS - 10 * PER_ADDRESS
    assert found["seconds"] is not None and found["seconds"] <= 10, found
