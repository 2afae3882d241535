"""Shared fixtures: real brokers and databases for the integration tests."""

from __future__ import annotations

import gc
import json
import os
import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

from basestation.store.repository import Store
from simulator.broker import PORTS_VARIABLE
from tests.servers import run_mosquitto, run_postgres

if TYPE_CHECKING:
    from tests.deploy.conftest import Club

PORTS_FROM, PORTS_TO = 20000, 32000  # below the kernel's ephemeral ports (32768 on)
# Suites that may run on one machine at once, each with a group of port ranges of its own,
# and the workers of one suite, each with a range of its group.
RUNS, WORKERS_MOST = 4, 12
PORTS_EACH = (PORTS_TO - PORTS_FROM) // (RUNS * WORKERS_MOST)  # 250 ports a worker
RUN_VARIABLE = "BASESTATION_TEST_RUN"  # the suite's group, handed to its workers
_run_marker: list[socket.socket] = []  # the marker port holding this suite's group
# Seconds each long test took in a parallel run (those of 8 s or more). The longest are
# started first, so that no worker is left with one at the end while the others idle.
# Refresh it from a run's `--durations=100` when tests change much; a test missing from it
# only starts in its usual place.
DURATIONS = json.loads((Path(__file__).parent / "durations.json").read_text())

# Hypothesis checks behaviour here, not speed: no per-example deadline (200 ms by default,
# which a busy machine overruns) and no failing for slow data generation.
settings.register_profile("suite", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


def _run_group() -> int:
    """The first of RUNS groups whose marker port (just below the ranges) no other suite on
    this machine holds; this process binds it until it ends. Two suites at once were seen to
    bind the same port from the same worker's range."""
    for group in range(RUNS):
        marker = socket.socket()
        try:
            marker.bind(("127.0.0.1", PORTS_FROM - RUNS + group))
        except OSError:
            marker.close()
            continue
        _run_marker.append(marker)
        return group
    return os.getpid() % RUNS


def pytest_configure(config: pytest.Config) -> None:
    """Each pytest-xdist worker (and whatever it starts: the demo, the fault campaign) takes
    its servers' ports from a range of its own (simulator.broker.free_port), so no two
    workers, and no outgoing connection, pick the same port; the whole group in one process.
    Each suite running on the machine has a group of ranges of its own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw"):
        group = int(os.environ.get(RUN_VARIABLE, "0"))
        low = PORTS_FROM + (group * WORKERS_MOST + int(worker[2:]) % WORKERS_MOST) * PORTS_EACH
        os.environ[PORTS_VARIABLE] = f"{low}-{low + PORTS_EACH - 1}"
    else:
        group = _run_group()
        os.environ[RUN_VARIABLE] = str(group)  # the workers, started after this, inherit it
        low = PORTS_FROM + group * WORKERS_MOST * PORTS_EACH
        os.environ.setdefault(PORTS_VARIABLE, f"{low}-{low + WORKERS_MOST * PORTS_EACH - 1}")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A module's `BROKERS` runs each of its tests that take the `club` fixture on each of
    the ways the shipped broker may keep the pads' logins (`club`), unless the test names
    its own."""
    brokers = getattr(metafunc.module, "BROKERS", None)
    named = {name.strip() for mark in metafunc.definition.iter_markers("parametrize")
             for name in (mark.args[0].split(",") if isinstance(mark.args[0], str)
                          else mark.args[0])}
    if brokers is not None and "club" in metafunc.fixturenames and "club" not in named:
        metafunc.parametrize("club", brokers, indirect=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (a stable sort: the rest keep their order). Every worker sorts
    alike, so pytest-xdist sees the same collection in each."""
    items.sort(key=lambda item: -DURATIONS.get(item.nodeid, 0))


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite station database, its schema made by the migrations once a worker
    (tests.servers.fresh_database copies it)."""
    path = tmp_path_factory.mktemp("migrated") / "station.db"
    Store(f"sqlite:///{path}").close()
    return path


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    with run_postgres() as url:
        yield url


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """For a test whose station settles the heap (station/heap.py, as `serve` does): the
    worker goes on collecting as usual afterwards."""
    gc.unfreeze()
    yield
    gc.unfreeze()


@pytest.fixture
def mosquitto() -> Iterator[int]:
    with run_mosquitto() as port:
        yield port


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each store test runs on SQLite (WAL) and on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'station.db'}"
        return
    base: str = request.getfixturevalue("postgres_server")
    import uuid

    from sqlalchemy import create_engine, text

    name = "t" + uuid.uuid4().hex[:12]
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    yield base.rsplit("/", 1)[0] + "/" + name


# How the shipped broker may keep the pads' logins: the dynamic-security plugin, as
# install.sh sets it up, or password files hashed by mosquitto_passwd or in Python.
DYNAMIC_SECURITY, MOSQUITTO_PASSWD, PYTHON = "dynamic-security", "mosquitto_passwd", "python"


@pytest.fixture
async def club(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Club]:
    """The station on the broker as deploy/ ships it (tests.deploy.conftest.secured_club):
    units 17-19 registered, the station running with its own login. The broker keeps the
    logins by dynamic security, unless the module's `BROKERS` names others (each test then
    runs on each); a module with `SERVED = True` has the pages served too (`club.url`)."""
    from tests.deploy.conftest import secured_club
    from tests.servers import serve_station

    broker = getattr(request, "param", DYNAMIC_SECURITY)
    async with secured_club(tmp_path, use_binary=broker == MOSQUITTO_PASSWD,
                            files=broker != DYNAMIC_SECURITY) as running:
        if not getattr(request.module, "SERVED", False):
            yield running
            return
        async with serve_station(running.station) as url:
            running.url = url
            yield running
