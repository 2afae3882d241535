"""No secret in a process's arguments: `basestation serve` takes the director's PIN from its
configuration or the environment, so `ps` (any user's /proc/<pid>/cmdline) shows no PIN,
secret or password, and a pad on a real broker takes a table over with that PIN. Given on the
command line, it still works, with a warning."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware_protocol.messages import Ack, Login, Nak
from tests.pads import MqttPad
from tests.servers import free_port, wait_for_port

pytestmark = pytest.mark.integration

SECRET = "no-secret-in-ps-7c2e19"
PASSWORD = "no-password-in-ps-d41b"
PIN = "4821"


def write_config(folder: Path, http: int, mqtt: int, pin_line: str) -> Path:
    path = folder / "station.toml"
    path.write_text(f"""
[station]
id = "club"
secret = "{SECRET}"
director_password = "{PASSWORD}"
database = "sqlite:///{folder / 'station.db'}"
http = "127.0.0.1:{http}"
{pin_line}

[mqtt]
url = "mqtt://127.0.0.1:{mqtt}"

[event]
name = "PIN night"
[[event.section]]
letter = "A"
tables = 3
boards = 6
""")
    return path


@contextlib.contextmanager
def running(config: Path, http: int, *args: str, env: dict[str, str] | None = None,
            said: list[str] | None = None) -> Iterator[subprocess.Popen[str]]:
    """`basestation serve` listening; what it said on stderr goes into `said`."""
    process = subprocess.Popen([sys.executable, "-m", "basestation", "serve", "--config",
                                str(config), *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, **(env or {})})
    try:
        wait_for_port(http, timeout=60)
        yield process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            _, err = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            _, err = process.communicate()
        if said is not None:
            said.append(err)


async def takes_over_with_the_pin(mqtt: int) -> None:
    async with MqttPad(mqtt, "club", 21, secret=SECRET) as holder, \
            MqttPad(mqtt, "club", 22, secret=SECRET) as other:
        # The station's MQTT link may still be connecting.
        assert isinstance((await holder.request_until_heard(Login(section="A", table=1)))[0],
                          Ack)
        wrong = await other.request(Login(section="A", table=1, takeover=True, pin="0000"))
        assert isinstance(wrong[0], Nak)
        right = await other.request(Login(section="A", table=1, takeover=True, pin=PIN))
        assert isinstance(right[0], Ack)


@pytest.mark.parametrize("given", ["config", "environment"])
async def test_the_directors_pin_is_not_in_ps_and_takes_a_table(
        tmp_path: Path, mosquitto: int, given: str) -> None:
    http = free_port()
    line = f'director_pin = "{PIN}"' if given == "config" else ""
    env = {"BASESTATION_DIRECTOR_PIN": PIN} if given == "environment" else {}
    with running(write_config(tmp_path, http, mosquitto, line), http, env=env) as process:
        arguments = Path(f"/proc/{process.pid}/cmdline").read_bytes()
        for secret in (PIN, SECRET, PASSWORD):
            assert secret.encode() not in arguments
        await takes_over_with_the_pin(mosquitto)


async def test_a_pin_on_the_command_line_still_works_and_is_warned_of(
        tmp_path: Path, mosquitto: int) -> None:
    http = free_port()
    said: list[str] = []
    with running(write_config(tmp_path, http, mosquitto, ""), http, "--director-pin", PIN,
                 said=said):
        await takes_over_with_the_pin(mosquitto)
    assert "warning: the director's PIN on the command line shows in `ps`" in said[0]


def test_a_pin_no_pad_could_type_is_a_configuration_error() -> None:
    from basestation.station.config import ConfigError, parse_config

    assert parse_config({"station": {"director_pin": 4821}}).director_pin == "4821"
    assert parse_config({}).director_pin is None
    for bad in ("", "123456789", "48\n21", "4821é"):
        with pytest.raises(ConfigError, match=r"station\.director_pin must be 1 to 8"):
            parse_config({"station": {"director_pin": bad}})
