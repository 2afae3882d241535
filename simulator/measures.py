"""What the benchmarks measure a process by: its CPU time, its memory, and latencies' percentiles
(the bench's stages and the congress and grid benches share them)."""

from __future__ import annotations

import math
import resource
import time


def cpu_seconds() -> float:
    """CPU time of this process (every thread: the hub's loop and its commits), user and
    system, so the station's cost per result can be worked out."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def loop_seconds() -> float:
    """CPU time of this thread alone: the event loop's, where the station receives, decides
    and sends (its commits run on another thread)."""
    return time.thread_time()


def us_per_result(seconds: float, results: int) -> float:
    return round(seconds * 1e6 / results, 1) if results else math.nan


def percentile_ms(values: list[float], pct: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(pct / 100 * len(ordered)) - 1))] * 1000


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return math.nan
