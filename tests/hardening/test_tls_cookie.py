"""The director's login cookie is Secure where the pages are served over TLS: by the station
itself (`basestation serve` with `[station] tls_certificate` and `tls_key`, run as a process)
or by a proxy in front of it (`[station] proxies`, whose X-Forwarded-Proto and X-Forwarded-For
are believed, and nobody else's: a stranger forging them gets no Secure cookie and no fresh
login tries)."""

from __future__ import annotations

import os
import signal
import ssl
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from basestation.station.app import Station
from basestation.station.config import ConfigError, StationConfig, parse_config
from tests.servers import free_port, serve_station, wait_for_port

pytestmark = pytest.mark.integration

PASSWORD = "director-password-over-tls"


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key (PEM)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True,
                   capture_output=True)
    return cert, key


def cookie_of(answer: httpx.Response) -> str:
    [cookie] = [v for k, v in answer.headers.multi_items() if k == "set-cookie"]
    return cookie


def test_serve_over_tls_gives_a_secure_cookie(tmp_path: Path) -> None:
    cert, _ = certificate(tmp_path)
    port = free_port()
    config = tmp_path / "station.toml"
    config.write_text(f"""
[station]
secret = "a station secret for tls"
director_password = "{PASSWORD}"
database = "sqlite:///{tmp_path / 'station.db'}"
http = "127.0.0.1:{port}"
tls_certificate = "cert.pem"
tls_key = "key.pem"
""")
    process = subprocess.Popen([sys.executable, "-m", "basestation", "serve", "--config",
                                str(config)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        wait_for_port(port, timeout=60)
        url = f"https://127.0.0.1:{port}"
        trusted = ssl.create_default_context(cafile=str(cert))
        with httpx.Client(base_url=url, verify=trusted, headers={"Origin": url},
                          timeout=10) as director:
            answer = director.post("/api/login", json={"password": PASSWORD})
            assert answer.status_code == 200
            cookie = cookie_of(answer)
            assert "; Secure" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
            # The cookie works over TLS, a change from the station's own https page too.
            assert director.get("/api/whoami").json() == {"director": True}
            changed = director.put("/api/players", json=[{"number": 7, "name": "Ann Seven"}])
            assert changed.status_code == 200, changed.text
            assert "; Secure" in cookie_of(director.post("/api/logout"))
        with pytest.raises(httpx.HTTPError):  # no plain HTTP on the TLS port
            httpx.get(f"http://127.0.0.1:{port}/api/status", timeout=5)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            out, _ = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            out, _ = process.communicate()
    assert f"grid at https://127.0.0.1:{port}" in out


@pytest.fixture
async def station(tmp_path: Path) -> AsyncIterator[Station]:
    station = Station(StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}",
                                    director_password=PASSWORD))
    await station.start()
    yield station
    await station.stop()


def client(url: str, address: str, **headers: str) -> httpx.AsyncClient:
    named = {name.replace("_", "-"): value for name, value in headers.items()}
    return httpx.AsyncClient(base_url=url, timeout=10, headers=named,
                             transport=httpx.AsyncHTTPTransport(local_address=address))


async def test_behind_a_tls_proxy_the_cookie_is_secure_and_strangers_forge_nothing(
        station: Station) -> None:
    async with serve_station(station, proxies=("127.0.0.1",)) as url:
        seen_as = "https://club.example"
        # The proxy (127.0.0.1) passes on the browser's request over TLS.
        async with client(url, "127.0.0.1", Host="club.example", Origin=seen_as,
                          X_Forwarded_Proto="https",
                          X_Forwarded_For="192.168.1.50") as proxied:
            answer = await proxied.post("/api/login", json={"password": PASSWORD})
            assert answer.status_code == 200 and "; Secure" in cookie_of(answer)
            token = answer.json()["token"]
            # The Origin check knows the page's own origin is https.
            changed = await proxied.put("/api/players", json=[{"number": 7, "name": "Ann"}],
                                        headers={"Cookie": f"director_session={token}"})
            assert changed.status_code == 200, changed.text
        # Plain HTTP through the same proxy: not Secure (the browser would not send it back).
        async with client(url, "127.0.0.1", X_Forwarded_Proto="http") as plain:
            answer = await plain.post("/api/login", json={"password": PASSWORD})
            assert answer.status_code == 200 and "Secure" not in cookie_of(answer)
        # A stranger forging the proxy's headers is believed in nothing: its own scheme, and
        # its own address for the login limit, whatever X-Forwarded-For it makes up.
        codes = []
        for n in range(7):
            async with client(url, "127.0.0.2", X_Forwarded_Proto="https",
                              X_Forwarded_For=f"10.0.0.{n}") as stranger:
                answer = await stranger.post("/api/login", json={"password": "guess"})
                codes.append(answer.status_code)
        assert codes == [401] * 5 + [429] * 2
        async with client(url, "127.0.0.3", X_Forwarded_Proto="https") as other:
            answer = await other.post("/api/login", json={"password": PASSWORD})
            assert answer.status_code == 200 and "Secure" not in cookie_of(answer)


async def test_without_a_proxy_nobodys_forwarded_headers_are_believed(
        station: Station) -> None:
    async with serve_station(station) as url:  # not even 127.0.0.1's, as uvicorn would
        codes = []
        for n in range(6):
            async with client(url, "127.0.0.1", X_Forwarded_Proto="https",
                              X_Forwarded_For=f"10.0.0.{n}") as forging:
                answer = await forging.post("/api/login", json={"password": "guess"})
                codes.append(answer.status_code)
        assert codes == [401] * 5 + [429]


def test_tls_and_proxies_settings_are_checked() -> None:
    config = parse_config({"station": {"tls_certificate": "c.pem", "tls_key": "k.pem",
                                       "proxies": ["127.0.0.1", "::1"]}}, base=Path("/etc/b"))
    assert (config.tls_certificate, config.tls_key) == ("/etc/b/c.pem", "/etc/b/k.pem")
    assert config.proxies == ("127.0.0.1", "::1")
    with pytest.raises(ConfigError, match="go together"):
        parse_config({"station": {"tls_certificate": "c.pem"}})
    with pytest.raises(ConfigError, match="is not an IP address"):
        parse_config({"station": {"proxies": ["nginx"]}})
    with pytest.raises(ConfigError, match="must be a list"):
        parse_config({"station": {"proxies": "127.0.0.1"}})
