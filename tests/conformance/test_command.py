"""`basestation conformance` as a firmware author runs it: a process on a serial port (here a
real pty of the simulator's radio), saying what to do on stderr and reading Enter (or y/n) on
stdin, while the test does what it says at a simulated bridgepad; the report on stdout."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from basestation.cli import app
from basestation.conformance import script
from firmware_protocol.security import unit_key
from simulator.radio import VirtualRadio
from simulator.units import RadioPad

SECRET = "kit-secret"
UNIT = 17


@pytest.mark.parametrize("speed", [1.0, 2.0])
async def test_the_command_checks_a_pad_and_reports_json(speed: float) -> None:
    # At speed 2 the pad retransmits twice as fast as SPEC 6.6 says: a failure, exit 1.
    radio = VirtualRadio()
    pad = RadioPad(radio, UNIT, SECRET, speed=speed)
    # The secret in the environment, not on the command line, where `ps` shows it to all.
    kit = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "basestation", "conformance", "--unit", str(UNIT),
        "--serial", radio.port, "--json", "--silence", "6",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env={**os.environ, "BASESTATION_SECRET": SECRET})
    assert kit.stdin is not None and kit.stderr is not None and kit.stdout is not None
    assert SECRET.encode() not in Path(f"/proc/{kit.pid}/cmdline").read_bytes()
    said: list[str] = []
    try:
        async with asyncio.timeout(120):
            while line := (await kit.stderr.readline()).decode():
                said.append(line)
                reply = await do(pad, line)
                if reply is not None:
                    kit.stdin.write(reply.encode())
                    await kit.stdin.drain()
            report = json.loads(await kit.stdout.read())
            code = await kit.wait()
    finally:
        await pad.power_off()
        radio.close()
    assert report["unit"] == UNIT and report["link"] == f"serial {radio.port} at 115200 baud"
    failed = [c for c in report["clauses"] if c["outcome"] != "pass"]
    failing = {c["clause"] for c in failed}
    # The failed clauses' own sentences first: pytest cuts a long report short.
    why = ([f'{c["clause"]} {c["outcome"]}: {c["sentence"]}' for c in failed], said)
    if speed == 1.0:
        assert (code, report["passed"], failing) == (0, True, set()), why
    else:
        assert (code, report["passed"], failing) == (1, False, {"6.6"}), why


async def do(pad: RadioPad, line: str) -> str | None:
    """What the operator does on reading `line` of the kit's, and the answer to type."""
    if "switch the pad on" in line:
        await pad.power_on()
    elif "switch the pad off and on" in line:
        await pad.battery_change(0.2)
    elif "log the pad in" in line:
        pad.act(lambda p, now: p.login(script.SECTION, script.TABLE, now))
    elif "enter round" in line:
        board = int(line.split("board ")[1].split(":", maxsplit=1)[0])
        pad.act(lambda p, now: p.enter(script.entry(board), now))
    elif "does the pad show board" in line:
        board = int(line.split("board ")[1].split(" ", maxsplit=1)[0])
        stored = pad.pad.entry_for(script.round_of(board), board)
        # Board 2 as the director changed it; any other (the one kept by a replaced key) as
        # entered.
        shown = script.changed(script.entry(board)) if board == 2 else script.entry(board)
        return "y\n" if stored and stored.body == shown else "n\n"
    elif "Pair its unit again" in line:
        key = unit_key(SECRET, UNIT, 1)  # the director's pairing: epoch 1
        await pad.pair_again(key)
        return key.hex() + "\n"
    elif "does the pad say" in line:
        return "y\n" if pad.memory.locked is not None else "n\n"
    else:
        return None
    return "\n" if "Enter when done" in line else None


def said(output: str) -> str:
    """The error box's text on one line."""
    return " ".join(output.replace("│", " ").split())


def test_the_command_wants_one_link_and_one_key() -> None:
    runner = CliRunner()
    both = runner.invoke(app, ["conformance", "--unit", "3", "--serial", "/dev/null",
                               "--mqtt", "h:1", "--secret", "s"])
    assert both.exit_code == 2 and "--serial PORT or --mqtt HOST:PORT" in said(both.output)
    no_key = runner.invoke(app, ["conformance", "--unit", "3", "--serial", "/dev/null"])
    assert no_key.exit_code == 2 and "give the unit key" in said(no_key.output)
    short = runner.invoke(app, ["conformance", "--unit", "3", "--serial", "/dev/null",
                                "--key", "abcd"])
    assert short.exit_code == 2 and "32 hex digits" in said(short.output)
    broker = runner.invoke(app, ["conformance", "--unit", "3", "--mqtt", "nohost",
                                 "--secret", "s"])
    assert broker.exit_code == 2 and "host:port" in said(broker.output)
