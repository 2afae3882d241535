"""`basestation conformance`: the conformance kit for firmware authors. It plays the station
against one pad under test and reports, clause by clause of SPEC.md, what the pad got right."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from basestation.conformance.clauses import Verdict
    from firmware_protocol.messages import Result


def register(app: typer.Typer) -> None:
    app.command("conformance")(conformance)


class ConsoleOperator:
    """The person at a real pad: the kit says what to do and waits for Enter (or y/n)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    async def _ask(self, text: str, reply: str = "Enter when done") -> str:
        # On stderr, prompt included: stdout is the report's (--json).
        self.console.print(f"[bold]conformance:[/] {text} ({reply})", soft_wrap=True)
        return await asyncio.to_thread(input)

    async def switch_on(self) -> None:
        self.console.print("[bold]conformance:[/] switch the pad on (or reset it) now",
                           soft_wrap=True)

    async def power_cycle(self) -> None:
        await self._ask("switch the pad off and on again (a battery change)")

    async def log_in(self, section: str, table: int) -> None:
        await self._ask(f"log the pad in to section {section}, table {table}")

    async def enter(self, result: Result) -> None:
        played = "passed out" if result.contract == "PASS" else (
            f"{result.contract} by {result.declarer}, {result.tricks} tricks"
            + (f", lead {result.lead}" if result.lead else ""))
        await self._ask(f"enter round {result.round}, board {result.board}: {played} "
                        "(if the pad refuses keys, just press Enter)")

    async def _yes(self, question: str) -> bool | None:
        answer = (await self._ask(question, "y or n; Enter: cannot tell")).strip().lower()
        return {"y": True, "yes": True, "n": False, "no": False}.get(answer)

    async def shows(self, result: Result) -> bool | None:
        return await self._yes(f"does the pad show board {result.board} as {result.contract} "
                               f"by {result.declarer}, {result.tricks} tricks?")

    async def shows_locked(self) -> bool | None:
        return await self._yes("does the pad say another unit has taken its table?")

    async def pair_again(self) -> bytes | None:
        answer = await self._ask(
            "the pad should now say its key was replaced. Pair its unit again at the station "
            "(the director's pairing gives a new key), key the new key into the pad and type "
            "it here", "32 hex digits; Enter: skip")
        try:
            key = bytes.fromhex(answer.strip())
        except ValueError:
            return None
        return key if len(key) == 16 else None


def conformance(
    *,
    unit: Annotated[int, typer.Option("--unit", min=1, max=65535,
                                      help="The pad's unit id.")],
    serial: Annotated[str | None, typer.Option(
        "--serial", help="The serial port the pad (or its radio receiver) is on.")] = None,
    baud: Annotated[int, typer.Option("--baud", min=1, help="The serial port's speed.")] = 115200,
    mqtt: Annotated[str | None, typer.Option(
        "--mqtt", help="host:port of the broker the pad connects to.")] = None,
    station: Annotated[str, typer.Option(
        "--station", help="The station id in the MQTT topics (SPEC 10.1).")] = "club",
    username: Annotated[str | None, typer.Option(
        "--mqtt-user", help="The kit's own broker login (the station's), if the broker "
        "wants one.")] = None,
    # Secrets are best given in the environment: a command line shows in `ps` to every user.
    password: Annotated[str | None, typer.Option(
        "--mqtt-password", envvar="BASESTATION_MQTT_PASSWORD", show_envvar=True,
        help="The password of --mqtt-user.")] = None,
    key: Annotated[str | None, typer.Option(
        "--key", envvar="BASESTATION_UNIT_KEY", show_envvar=True,
        help="The unit key, 32 hex digits.")] = None,
    secret: Annotated[str | None, typer.Option(
        "--secret", envvar="BASESTATION_SECRET", show_envvar=True,
        help="The station secret, to derive the unit key (SPEC 7).")] = None,
    retries: Annotated[int, typer.Option(
        "--retries", min=1, max=5, help="Retransmissions whose timing is checked.")] = 2,
    station_seq: Annotated[int, typer.Option(
        "--station-seq", min=1, help="The kit's first station seq: above any the pad has "
        "accepted from a station before.")] = 1,
    silence: Annotated[float, typer.Option(
        "--silence", min=1.0, help="Seconds a pad told its key was replaced must stay "
        "silent (SPEC 6.6); the default waits past a 30 s retry.")] = 38.0,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of a table.")] = False,
) -> None:
    """Play the station against a pad under test and check every frame it sends against
    firmware_protocol/SPEC.md, clause by clause."""
    from rich.console import Console

    from basestation.conformance.clauses import failed
    from basestation.conformance.kit import Kit, KitOptions
    from basestation.conformance.links import KitLink, MqttKitLink, SerialKitLink
    from firmware_protocol.security import mqtt_password, unit_key, unit_username

    if (serial is None) == (mqtt is None):
        raise typer.BadParameter("give the pad's link: --serial PORT or --mqtt HOST:PORT, "
                                 "one of them", param_hint="--serial/--mqtt")
    if (key is None) == (secret is None):
        raise typer.BadParameter("give the unit key (--key) or the station secret "
                                 "(--secret), one of them", param_hint="--key/--secret")
    if key is not None:
        try:
            the_key = bytes.fromhex(key)
        except ValueError:
            the_key = b""
        if len(the_key) != 16:
            raise typer.BadParameter("the unit key is 32 hex digits", param_hint="--key")
    else:
        assert secret is not None
        the_key = unit_key(secret, unit)
    link: KitLink
    if mqtt is not None:
        host, _, port = mqtt.rpartition(":")
        if not host or not port.isdigit():
            raise typer.BadParameter("the broker is host:port, e.g. 127.0.0.1:1883",
                                     param_hint="--mqtt")
        link = MqttKitLink(host, int(port), station, unit, username=username,
                           password=password)
    else:
        assert serial is not None
        link = SerialKitLink(serial, baud, unit)

    console = Console(stderr=True)
    if mqtt is not None:
        console.print(f"[dim]conformance:[/] the pad logs in to the broker as "
                      f"{unit_username(unit)}, password {mqtt_password(the_key)} (SPEC 10.3)")
    kit = Kit(link, unit, the_key, ConsoleOperator(console),
              KitOptions(retries=retries, station_seq=station_seq, silence=silence),
              say=lambda text: console.print(f"[dim]conformance:[/] {text}"))
    verdicts = asyncio.run(kit.run())
    show_report(verdicts, unit, link.name, as_json)
    if failed(verdicts):
        raise typer.Exit(1)


def show_report(verdicts: list[Verdict], unit: int, link: str, as_json: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    from basestation.conformance.clauses import Outcome, report_json

    if as_json:
        typer.echo(json.dumps(report_json(verdicts, unit, link)))
        return
    colour = {Outcome.PASS: "green", Outcome.FAIL: "red", Outcome.NOT_TESTED: "yellow"}
    table = Table("clause", "checked", "result", "what happened",
                  title=f"basestation conformance: unit {unit} on {link}")
    for verdict in verdicts:
        table.add_row(verdict.clause, verdict.checked,
                      f"[{colour[verdict.outcome]}]{verdict.outcome.value}[/]", verdict.sentence)
    Console(width=160).print(table)
