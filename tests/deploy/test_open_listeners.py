"""`basestation serve` judges the broker's listeners the pads use, not only the station's own
(issue 48): with deploy/station.toml's [mqtt] pads_listeners it tries each without a login at
this computer's network address before it starts, and refuses a listener that lets a stranger
in, by name. Run for real in a network namespace of its own, with a network address there
(tests/deploy/open_listener_check.py): the broker on its shipped ports, `serve` on the
shipped station.toml."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.deploy.test_idle_connections import needs_namespaces

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def serve_on(scenario: str) -> dict[str, Any]:
    done = subprocess.run(["unshare", "-n", sys.executable, "-m",
                           "tests.deploy.open_listener_check", scenario], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


@needs_namespaces
def test_the_shipped_broker_passes() -> None:
    found = serve_on("shipped")
    assert found["code"] is None, found["stderr"][-3000:]  # its pages answered
    assert "error:" not in found["stderr"]


@needs_namespaces
def test_a_pads_listener_open_off_loopback_is_refused_by_name() -> None:
    """1883 at 127.0.0.1 wants logins, 1883 at the network address does not: tried there."""
    found = serve_on("tcp-open")
    assert found["code"] == 2, found["stderr"][-3000:]
    assert found["stderr"].startswith(
        "error: the broker's listener for the pads, mqtt://0.0.0.0:1883, lets a client in "
        "with no login (tried at 192.0.2.10)")
    assert "9001" not in found["stderr"] and "Traceback" not in found["stderr"]
    assert "deploy/INSTALL.md, section 2" in found["stderr"]


@needs_namespaces
def test_an_open_websockets_listener_is_refused_by_name() -> None:
    found = serve_on("websockets-open")
    assert found["code"] == 2, found["stderr"][-3000:]
    assert found["stderr"].startswith(
        "error: the broker's listener for the pads, ws://0.0.0.0:9001, lets a client in "
        "with no login (tried at 192.0.2.10)")
    assert "1883" not in found["stderr"]
