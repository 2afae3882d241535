"""The shipped broker as the tests start it (tests/deploy/conftest.py): a port picked for one
of its three listeners that another program holds at the moment mosquitto starts is picked
again, as the demo's are (tests/simulator/test_broker_ports.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from basestation.cli import app
from tests.deploy import conftest
from tests.deploy.conftest import run_deploy_mosquitto, write_config
from tests.servers import free_port, held_while_mosquitto_starts, picks

pytestmark = pytest.mark.integration


def test_a_listener_port_taken_at_start_is_picked_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "station.toml"
    write_config(config, tmp_path / "station.db", None, dynsec=True)
    plugin = tmp_path / "mosquitto-data" / "dynamic-security.json"  # as install.sh
    done = CliRunner().invoke(app, ["units", "dynsec-init", "--out", str(plugin),
                                    "--config", str(config)])
    assert done.exit_code == 0, done.output
    for listener in range(3):  # the pads', the WebSockets and the station's own
        with held_while_mosquitto_starts(monkeypatch) as taken:
            # The listeners picked before it get free ports.
            left = picks(monkeypatch, *[free_port() for _ in range(listener)], taken,
                         where=conftest)
            with run_deploy_mosquitto(tmp_path / "mosquitto", tmp_path) as ports:
                assert taken not in (ports.pads, ports.websockets, ports.station)
                assert not left
