"""One Chromium for all the browser tests of a pytest-xdist worker.

Launching Chromium for each test cost about 0.45 s of CPU a test (0.75 s with Playwright's
driver), a tenth of the suite's browser work. The worker starts this module once, as a child
process: it launches Chromium through Playwright (so with Playwright's own switches) with a
DevTools port, and keeps it until its input closes. Each test connects over that port with
its own Playwright and closes what it opened (`Browser.close()` on such a connection closes the
contexts it made and leaves the browser running).

    python -m tests.web.chromium PORT    prints "ready" once the port listens
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from playwright.async_api import async_playwright

from tests.servers import wait_for_port

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]


class SharedChromium:
    """The worker's Chromium, started when first asked for, started again if it died."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process: subprocess.Popen[str] | None = None

    def endpoint(self) -> str:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.web.chromium", str(self.port)], cwd=ROOT,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert self.process.stdout is not None
            said = self.process.stdout.readline()
            assert said.strip() == "ready", f"the shared Chromium did not start: {said!r}"
        return f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        if self.process is None:
            return
        assert self.process.stdin is not None
        self.process.stdin.close()  # the child closes Chromium and ends
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


async def serve(port: int) -> None:
    async with async_playwright() as p:
        chromium = await p.chromium.launch(
            executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, f"--remote-debugging-port={port}"])
        await asyncio.to_thread(wait_for_port, port)
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        await chromium.close()


if __name__ == "__main__":
    asyncio.run(serve(int(sys.argv[1])))
