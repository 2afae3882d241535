"""The ports the demo (and the tests' brokers) pick: a port another program takes before
mosquitto or the grid binds it is picked again, and a port given that is taken is refused in
a sentence, never a traceback. Each test occupies the port with a real listening socket."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator

import pytest
from rich.console import Console
from typer.testing import CliRunner

from basestation.cli import app
from simulator import broker, demo
from simulator.broker import PortTaken, run_mosquitto, run_mosquitto_on_free_ports
from simulator.campaign.devices import RestartableBroker
from tests.servers import held_while_mosquitto_starts, picks

pytestmark = pytest.mark.integration


@contextlib.contextmanager
def occupied() -> Iterator[int]:
    """A port held by another program (a listening socket of the test's)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def answers_mqtt(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), 2) as sock:
        sock.sendall(bytes([0x10, 12, 0, 4]) + b"MQTT" + bytes([4, 2, 0, 10, 0, 0]))
        return sock.recv(4) == bytes([0x20, 2, 0, 0])  # CONNACK, accepted


def test_a_port_taken_before_mosquitto_binds_it_is_picked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with occupied() as taken:
        left = picks(monkeypatch, taken)
        with run_mosquitto() as port:
            assert port != taken and not left
            assert answers_mqtt(port)  # our broker, not the program on the taken port


def test_a_websockets_port_taken_is_picked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    with occupied() as taken:
        picks(monkeypatch, taken)  # the first pick is the WebSockets listener's
        with run_mosquitto_on_free_ports() as (port, websockets):
            assert websockets != taken and answers_mqtt(port)


def test_a_websockets_port_taken_at_start_and_freed_since_is_picked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with held_while_mosquitto_starts(monkeypatch) as taken:
        left = picks(monkeypatch, taken)  # the WebSockets listener's pick
        with run_mosquitto_on_free_ports() as (port, websockets):
            assert websockets != taken and not left and answers_mqtt(port)


def test_a_tcp_port_taken_at_start_and_freed_since_is_picked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with held_while_mosquitto_starts(monkeypatch) as taken:
        left = picks(monkeypatch, taken)
        with run_mosquitto() as port:
            assert port != taken and not left and answers_mqtt(port)


def test_a_network_websockets_port_taken_on_another_address_is_picked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # --lan: the listener is on every address, so a program holding the port on another
    # one (a connection from the network address, say) keeps it out, though the port is
    # free on 127.0.0.1.
    with socket.socket() as other:
        other.bind(("127.0.0.2", 0))
        other.listen()
        taken = other.getsockname()[1]
        picks(monkeypatch, taken)
        with run_mosquitto_on_free_ports(websockets_host="0.0.0.0") as (port, websockets):
            assert websockets != taken and answers_mqtt(port)


def test_a_port_given_that_is_taken_is_refused_in_a_sentence() -> None:
    with occupied() as taken, pytest.raises(PortTaken) as refused, run_mosquitto(port=taken):
        pass
    assert str(refused.value) == (
        f"port {taken} on this computer is taken by another program, so the MQTT broker "
        "cannot listen there; stop that program or choose another port")


def test_taken_on_every_try_is_refused_not_retried_for_ever(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with occupied() as taken:
        picks(monkeypatch, *[taken] * broker.PORT_TRIES)
        with pytest.raises(PortTaken, match=f"port {taken} "), run_mosquitto():
            pass


def test_the_grid_holds_its_port_from_choosing_to_serving(
        monkeypatch: pytest.MonkeyPatch) -> None:
    console = Console(record=True, width=200)
    with occupied() as taken:
        monkeypatch.setattr(demo, "HTTP_PORT", taken)  # 8000 busy: another one, said so
        monkeypatch.delenv(broker.PORTS_VARIABLE, raising=False)  # not the suite's range
        with demo.grid_socket(console, "127.0.0.1") as grid:
            port = grid.getsockname()[1]
            assert port != taken
            with pytest.raises(OSError), socket.socket() as other:
                other.bind(("127.0.0.1", port))  # held: no other program can take it now
        assert f"port {taken} is busy" in console.export_text()
        with pytest.raises(PortTaken, match="so the director's grid cannot listen"):
            demo.grid_socket(console, "127.0.0.1", taken)


def test_demo_with_its_broker_ports_taken_says_so_without_a_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with occupied() as taken:
        # Every pick taken: both listeners' ports, each try (the broker's own inside each).
        picks(monkeypatch, *[taken] * (broker.PORT_TRIES * (broker.PORT_TRIES + 1)))
        result = CliRunner().invoke(app, ["demo", "--exit-when-done", "--tables", "3"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.output.strip().endswith(
        f"Error: port {taken} on this computer is taken by another program, so the MQTT "
        "broker cannot listen there; stop that program or choose another port.")


async def test_the_campaigns_broker_picks_again_at_first_then_keeps_its_ports() -> None:
    with occupied() as taken:
        made = RestartableBroker(websockets=True)
        made.port = taken  # another program took it since it was picked
        made.start()
        try:
            assert made.port != taken and answers_mqtt(made.port)
            kept = made.port
            await made.restart(down_for=0)
            assert made.port == kept and answers_mqtt(kept)
        finally:
            made.stop()
