"""The shipped deploy/ files: the example configuration loads, the units say what they must,
the scripts parse, and the PostgreSQL set-up script works on a real server."""

from __future__ import annotations

import configparser
import os
import re
import subprocess
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from basestation.station.config import load_config
from tests.deploy.conftest import DEPLOY


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DEPLOY / "systemd" / name)
    return parser


def test_example_configuration_loads() -> None:
    config = load_config(DEPLOY / "station.toml")
    assert config.mqtt_username == "basestation" and config.mqtt_password
    assert config.mqtt_dynamic_security  # the pads' logins kept through the broker plugin
    assert config.mqtt_url == "mqtt://127.0.0.1:1884"  # the broker's listener for the station
    assert config.database == "sqlite:////var/lib/basestation/basestation.db"
    assert config.backup_folder == Path("/var/lib/basestation/backups")
    assert "CHANGE-ME" in config.secret  # install.sh replaces every CHANGE-ME
    # Secrets stay out of the configuration's repr (it may end up in a log or traceback).
    for secret in (config.secret, config.director_password, config.mqtt_password):
        assert secret and secret not in repr(config)


def test_station_unit_runs_after_mosquitto_and_restarts() -> None:
    for name in ("basestation.service", "basestation@.service"):
        service = unit(name)
        assert "mosquitto.service" in service["Unit"]["After"]
        assert service["Unit"]["Requires"] == "mosquitto.service"
        assert service["Service"]["Restart"] == "on-failure"
        assert service["Service"]["User"] == "basestation"
        assert re.search(r"basestation serve --config /etc/basestation/\S+\.toml$",
                         service["Service"]["ExecStart"])
    drop_in = unit("basestation.service.d/postgresql.conf")
    assert drop_in["Unit"]["Requires"] == "postgresql.service"


def test_scripts_parse() -> None:
    for script in ("install.sh", "postgresql/setup.sh"):
        assert os.access(DEPLOY / script, os.X_OK)
        subprocess.run(["sh", "-n", str(DEPLOY / script)], check=True)


@pytest.mark.integration
@pytest.mark.skipif(os.geteuid() != 0, reason="setup.sh runs psql as the postgres user")
def test_postgresql_setup_creates_role_and_database(postgres_server: str) -> None:
    host_port = postgres_server.rsplit("@", 1)[1].split("/", 1)[0]
    host, port = host_port.split(":")
    env = {**os.environ, "PGHOST": host, "PGPORT": port}
    for _ in range(2):  # a second run sets a new password and keeps the database
        done = subprocess.run([str(DEPLOY / "postgresql" / "setup.sh"), "club_role", "club_db"],
                              env=env, capture_output=True, text=True, check=True)
    url = done.stdout.strip()
    assert re.fullmatch(r"postgresql\+psycopg://club_role:[0-9a-f]{32}@127\.0\.0\.1:5432/club_db",
                        url)
    engine = create_engine(postgres_server.rsplit("/", 1)[0] + "/club_db")
    with engine.connect() as conn:
        owner = conn.execute(text("SELECT pg_get_userbyid(datdba) FROM pg_database "
                                  "WHERE datname = 'club_db'")).scalar_one()
    engine.dispose()
    assert owner == "club_role"


def test_the_brokers_connections_stay_below_its_file_handles() -> None:
    """Each connection is a file handle: the listeners' max_connections together stay well
    below what install.sh gives mosquitto (systemd's default of 1024 ran out under a stranger's
    thousand idle connections), in both shipped configurations."""
    handles = int(unit("mosquitto.service.d/basestation.conf")["Service"]["LimitNOFILE"])
    assert "mosquitto.service.d/basestation.conf" in (DEPLOY / "install.sh").read_text()
    for name in ("mosquitto.conf", "mosquitto-files.conf"):
        text = (DEPLOY / "mosquitto" / name).read_text()
        listeners = re.findall(r"^listener (\d+)", text, re.MULTILINE)
        limits = [int(n) for n in re.findall(r"^max_connections (\d+)$", text, re.MULTILINE)]
        assert listeners == ["1884", "1883", "9001"] and len(limits) == 3
        assert sum(limits) + 500 < handles
        assert re.search(r"^listener 1884 127\.0\.0\.1$", text, re.MULTILINE)  # the station's
        assert text.count("use_username_as_clientid true") == 2  # the pads' two listeners
