"""`basestation serve` refuses a broker without logins once pads reach it from the network
(issue 36): a stranger's frames there, claiming any unit, share the station's one connection
with every pad's. The demo and the tests keep an open broker on this computer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from basestation.station.config import StationConfig, open_broker
from tests.servers import free_port

OWN = {"secret": "a long random secret of the club", "director_password": "x7!k-own"}


def test_on_this_computer_an_open_broker_runs() -> None:
    assert open_broker(StationConfig(mqtt_url="mqtt://127.0.0.1:1883")) == []
    assert open_broker(StationConfig(http="0.0.0.0:8000")) == []  # no broker at all


def test_an_open_broker_reached_from_the_network_is_refused_by_name() -> None:
    [said] = open_broker(StationConfig(mqtt_url="mqtt://192.168.1.20:1883", **OWN))
    assert said.startswith("mqtt.username is not set while the broker at "
                           "mqtt://192.168.1.20:1883 is on the network")
    assert "deploy/INSTALL.md, section 2" in said
    [said] = open_broker(StationConfig(mqtt_url="mqtt://127.0.0.1:1883", http="0.0.0.0:8000",
                                       **OWN))
    assert "the station's pages (and so its pads) are open to the network on 0.0.0.0:8000" \
        in said
    # With the station's own login the broker has logins: it runs.
    assert open_broker(StationConfig(mqtt_url="mqtt://192.168.1.20:1883",
                                     mqtt_username="basestation", **OWN)) == []
    assert open_broker(StationConfig(mqtt_url="mqtt://basestation:pw@192.168.1.20:1883",
                                     **OWN)) == []


@pytest.mark.integration
def test_serve_refuses_an_open_broker_off_this_computer_and_listens_to_nothing(
        tmp_path: Path) -> None:
    port = free_port()
    config = tmp_path / "station.toml"
    config.write_text(f"""
[station]
database = "sqlite:///{tmp_path / 'station.db'}"
http = "0.0.0.0:{port}"
secret = "{OWN['secret']}"
director_password = "{OWN['director_password']}"

[mqtt]
url = "mqtt://127.0.0.1:{free_port()}"
""")
    done = subprocess.run([sys.executable, "-m", "basestation", "serve", "--config",
                           str(config)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"}, check=False)
    assert done.returncode == 2, done.stderr
    assert "error: mqtt.username is not set while the station's pages" in done.stderr
    assert "Traceback" not in done.stderr
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/api/status", timeout=2)
