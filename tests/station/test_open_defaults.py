"""`basestation serve` refuses to start on the built-in secret or director password, or on a
secret shorter than 16 characters, wherever its pages and broker are (a proxy or the broker's
own listener may put them on the network), and says which setting to change. The station as
a library (the demo, the simulations, the tests) refuses the built-in ones once the pads or
the director's pages can be reached from the network, and keeps them on this computer only."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from basestation.station.app import Station
from basestation.station.config import (
    ConfigError,
    StationConfig,
    load_config,
    network_defaults,
    served_defaults,
)
from tests.deploy.conftest import DEPLOY
from tests.servers import free_port, wait_for_port

SECRET_SENTENCE = ("station.secret is the default while the station's pages (the pads' too) "
                   "are open to the network on 0.0.0.0:8000: every pad's key derives from it, "
                   "so anyone could pose as a pad. Set [station] secret to a long random value "
                   "of your own (deploy/install.sh writes one).")
PASSWORD_SENTENCE = ("station.director_password is the default while the director's pages "
                     "are open to the network on 0.0.0.0:8000. Set [station] director_password "
                     "to a password of your own, or [station] http to 127.0.0.1:8000 to keep "
                     "the pages on this computer.")


def test_on_this_computer_the_built_in_ones_do() -> None:
    for http in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.2:8000"):
        assert network_defaults(StationConfig(http=http)) == [], http
    assert network_defaults(StationConfig(mqtt_url="mqtt://127.0.0.1:1883")) == []


def test_open_to_the_network_each_default_is_named() -> None:
    assert network_defaults(StationConfig(http="0.0.0.0:8000")) == [SECRET_SENTENCE,
                                                                    PASSWORD_SENTENCE]
    # A password of one's own, the secret still the default.
    assert network_defaults(StationConfig(http="0.0.0.0:8000", director_password="x7!k-own")) == [
        SECRET_SENTENCE]
    assert network_defaults(StationConfig(http="192.168.1.10:8000", secret="long-random",
                                          director_password="x7!k-own")) == []
    # The pages on this computer, but the pads on a broker elsewhere: the secret matters.
    remote = StationConfig(mqtt_url="mqtt://192.168.1.20:1883")
    assert network_defaults(remote) == [
        "station.secret is the default while the pads reach the broker at "
        "mqtt://192.168.1.20:1883: every pad's key derives from it, so anyone could pose as a "
        "pad. Set [station] secret to a long random value of your own (deploy/install.sh "
        "writes one)."]
    # An empty one is no better.
    assert len(network_defaults(StationConfig(http="0.0.0.0:8000", secret=" ",
                                              director_password=""))) == 2


def test_a_weak_secret_or_password_is_refused_like_a_short_one() -> None:
    own = {"director_password": "x7!k-own"}
    for weak, why in (("a" * 40, "one character repeated"), ("ab" * 20, "2 characters repeated"),
                      ("1234567" * 5, "7 characters repeated")):
        assert served_defaults(StationConfig(secret=weak, **own)) == [
            f"station.secret is too short ({why}): every pad's key derives from it, so it "
            "needs at least 16 that nobody could guess. Set [station] secret to a long "
            "random value of your own (deploy/install.sh writes one)."], weak
    assert served_defaults(StationConfig(secret="12345678" * 4, **own)) == []
    # The director's password, with the pages on the network.
    secret = "a long random secret"
    for weak, why in (("x", "too short (1 characters)"), ("short", "too short (5 characters)"),
                      ("zzzzzzzzzz", "too short (one character repeated)")):
        assert network_defaults(StationConfig(http="0.0.0.0:8000", secret=secret,
                                              director_password=weak)) == [
            f"station.director_password is {why} while the director's pages are open to the "
            "network on 0.0.0.0:8000: it needs at least 8 characters that nobody could "
            "guess. Set [station] director_password to a longer one, or [station] http to "
            "127.0.0.1:8000 to keep the pages on this computer."], weak
        assert network_defaults(StationConfig(secret=secret, director_password=weak)) == []


def test_the_shipped_example_is_refused_until_install_sh_fills_it_in() -> None:
    config = load_config(DEPLOY / "station.toml")  # CHANGE-ME-... placeholders, on 0.0.0.0
    problems = network_defaults(config)
    assert [p.split(" is the default")[0] for p in problems] == [
        "station.secret", "station.director_password"]


async def test_the_station_itself_refuses_to_start(tmp_path: Path) -> None:
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}", http="0.0.0.0:8000")
    with pytest.raises(ConfigError) as refused:
        await Station(config).start()
    assert str(refused.value) == f"{SECRET_SENTENCE} {PASSWORD_SENTENCE}"


def test_served_the_built_in_or_a_short_secret_is_refused_on_this_computer_too() -> None:
    own = {"director_password": "x7!k-own"}
    assert served_defaults(StationConfig(secret="a long random secret", **own)) == []
    assert served_defaults(StationConfig(secret="0123456789abcdef", **own)) == []
    loopback = StationConfig(http="127.0.0.1:8000", mqtt_url="mqtt://127.0.0.1:1884", **own)
    assert [p.split(":")[0] for p in served_defaults(loopback)] == [
        "station.secret is the default"]
    for short in ("x", "change", "0123456789abcde", "  shortish  "):
        assert served_defaults(StationConfig(secret=short, **own)) == [
            f"station.secret is too short ({len(short.strip())} characters): every pad's key "
            "derives from it, so it needs at least 16 that nobody could guess. Set [station] "
            "secret to a long random value of your own (deploy/install.sh writes one)."], short
    assert served_defaults(StationConfig(secret="a long random secret")) == [
        "station.director_password is the default: anyone who reaches the director's pages "
        "(through a proxy in front of them too) could act as the director. Set [station] "
        "director_password to a password of your own."]


def write_config(folder: Path, port: int, extra: str = "", host: str = "0.0.0.0") -> Path:
    path = folder / "station.toml"
    path.write_text(f"""
[station]
database = "sqlite:///{folder / 'station.db'}"
http = "{host}:{port}"
{extra}
""")
    return path


def serve(config: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "basestation", "serve", "--config",
                             str(config)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})


@pytest.mark.integration
def test_serve_says_which_setting_to_change_and_listens_to_nothing(tmp_path: Path) -> None:
    port = free_port()
    process = serve(write_config(tmp_path, port))
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "error: station.secret is the default" in err
    assert "Set [station] director_password to a password of your own" in err
    assert "Traceback" not in err
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/api/status", timeout=2)


@pytest.mark.integration
@pytest.mark.parametrize("secret", ["", 'secret = "x"', 'secret = "change-me"'])
def test_serve_on_this_computer_only_refuses_a_short_or_built_in_secret(
        tmp_path: Path, secret: str) -> None:
    port = free_port()
    process = serve(write_config(tmp_path, port, f'{secret}\ndirector_password = "x7!k-own"',
                                 host="127.0.0.1"))
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2, err
    said = "is too short (1 characters)" if secret.endswith('"x"') else "is the default"
    assert f"error: station.secret {said}" in err and "Traceback" not in err
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/api/status", timeout=2)


@pytest.mark.integration
def test_serve_starts_once_both_are_set(tmp_path: Path) -> None:
    port = free_port()
    process = serve(write_config(tmp_path, port, 'secret = "a long random secret"\n'
                                                 'director_password = "x7!k-own"'))
    try:
        wait_for_port(port, timeout=60)
        assert httpx.get(f"http://127.0.0.1:{port}/api/status", timeout=5).status_code == 200
        answer = httpx.post(f"http://127.0.0.1:{port}/api/login",
                            json={"password": "x7!k-own"}, timeout=10)
        assert answer.status_code == 200
    finally:
        process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 20
        while process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        if process.poll() is None:
            process.kill()
        process.communicate()
