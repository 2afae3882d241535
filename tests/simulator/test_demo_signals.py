"""`basestation demo` stopped by a signal, as Ctrl-C or a service manager stops it, in the
middle of its session: it stops its own broker on the way out and says nothing alarming (no
library's ERROR line, no traceback)."""

from __future__ import annotations

import os
import signal

import pytest

from tests.servers import started_demo

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
async def test_a_signal_stops_the_demo_its_session_and_its_broker_quietly(
        signum: signal.Signals) -> None:
    async with started_demo("--tables", "3", "--speed", "60") as demo:
        await demo.printed_line("Section A:")  # the session is playing, its pads connected
        brokers = [pid for pid, name in demo.children().items() if name == "mosquitto"]
        assert len(brokers) == 1, demo.children()
        demo.process.send_signal(signum)
        assert await demo.ended() == 0, demo.said()
    for broker in brokers:
        with pytest.raises(ProcessLookupError):  # ended, and waited for by the demo
            os.kill(broker, 0)
    lines = demo.said().splitlines()
    assert not [line for line in lines if "ERROR" in line or "Traceback" in line], demo.said()
