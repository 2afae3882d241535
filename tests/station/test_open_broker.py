"""`basestation serve` refuses a broker without logins once pads reach it from the network
(issue 36): a stranger's frames there, claiming any unit, share the station's one connection
with every pad's. The demo and the tests keep an open broker on this computer."""

from __future__ import annotations

import asyncio
import ipaddress
import os
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from basestation.station.config import (
    ConfigError,
    StationConfig,
    listeners_to_try,
    load_config,
    open_broker,
    parse_config,
)
from basestation.station.links.broker_probe import (
    own_addresses,
    probe,
    probe_addresses,
    refusals,
    unjudged,
)
from simulator.broker import run_mosquitto_conf
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


def test_the_pads_listeners_are_tried_where_the_pads_reach_them() -> None:
    shipped = load_config(Path(__file__).resolve().parents[2] / "deploy" / "station.toml")
    assert listeners_to_try(shipped) == ["mqtt://0.0.0.0:1883", "ws://0.0.0.0:9001"]
    # Without them named, the pads share the station's url: tried once it has a login.
    assert listeners_to_try(StationConfig(mqtt_url="mqtt://192.168.1.20:1883",
                                          mqtt_username="basestation")) == [
        "mqtt://192.168.1.20:1883"]
    assert listeners_to_try(StationConfig(mqtt_url="mqtt://127.0.0.1:1883", http="0.0.0.0:80",
                                          mqtt_username="basestation")) == [
        "mqtt://127.0.0.1:1883"]
    # All on this computer (the demo, the tests): nothing to try.
    assert listeners_to_try(StationConfig(mqtt_url="mqtt://127.0.0.1:1883",
                                          mqtt_username="basestation")) == []
    assert listeners_to_try(StationConfig(
        mqtt_url="mqtt://127.0.0.1:1884", mqtt_pads_listeners=("mqtt://127.0.0.1:1883",
                                                               "ws://0.0.0.0:9001"))) == [
        "ws://0.0.0.0:9001"]
    assert listeners_to_try(StationConfig(mqtt_pads_listeners=("ws://0.0.0.0:9001",))) == []


@pytest.mark.parametrize("value", ["mqtt://0.0.0.0:1883", ["tcp://0.0.0.0:1883"],
                                   ["mqtt://0.0.0.0"], ["ws://u:p@0.0.0.0:9001"], [1883]])
def test_a_listener_that_is_not_one_is_refused(value: object) -> None:
    with pytest.raises(ConfigError, match=r"mqtt\.pads_listeners"):
        parse_config({"mqtt": {"pads_listeners": value}})


def test_the_probe_tries_this_computers_own_addresses_for_a_wildcard() -> None:
    v4 = own_addresses(socket.AF_INET)
    assert all(not ipaddress.ip_address(a).is_loopback for a in v4)
    assert probe_addresses("0.0.0.0") == (v4 or ["127.0.0.1"])
    assert probe_addresses("192.0.2.7") == ["192.0.2.7"]
    assert probe_addresses("[::1]") == ["::1"]


@pytest.mark.integration
def test_a_listener_taking_any_made_up_login_is_open(tmp_path: Path) -> None:
    """A client with no user name is turned away (use_username_as_clientid), but any user
    name gets in (no password file): a stranger's made-up login is tried too."""
    open_port, shut_port, silent = free_port(), free_port(), free_port()
    conf = tmp_path / "mosquitto.conf"
    conf.write_text(f"""per_listener_settings true
listener {open_port} 127.0.0.1
use_username_as_clientid true
allow_anonymous true
listener {shut_port} 127.0.0.1
allow_anonymous false
""")
    with run_mosquitto_conf(conf, open_port, shut_port):
        verdicts = asyncio.run(probe([f"mqtt://127.0.0.1:{open_port}",
                                      f"mqtt://127.0.0.1:{shut_port}",
                                      f"mqtt://127.0.0.1:{silent}"]))
    assert [v.open for v in verdicts] == [True, False, None]
    [said] = refusals(verdicts)
    assert said.startswith(f"the broker's listener for the pads, mqtt://127.0.0.1:{open_port}, "
                           "lets a client in with a made-up login (tried at 127.0.0.1)")
    [unheard] = unjudged(verdicts)
    assert f"mqtt://127.0.0.1:{silent}, did not answer" in unheard
