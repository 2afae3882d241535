"""The benchmark's serial stage, briefly: a real pty, the station in this process and the
pads with their paced line in a child process."""

from __future__ import annotations

from pathlib import Path

import pytest

from simulator.bench import serial_stage

# The stages settle the heap as `serve` does; the worker's is given back after each.
pytestmark = [pytest.mark.integration, pytest.mark.usefixtures("unfrozen")]


async def test_serial_stage_reports_figures_and_with_pads_waiting_for_feedback() -> None:
    """Both serial stages in one test, so that the 75 deals' double-dummy tables (about 30 s
    of CPU, each stage's station waiting for its par) are solved once in this process: the
    second stage's station reads them from double_dummy's cache."""
    figures = await serial_stage(sections=1, seconds=1.0)
    assert figures["serial_pads"] == 25
    assert figures["serial_results_per_s"] > 0
    assert 0 < figures["serial_line_rate_fraction"] <= 1.05
    assert figures["serial_up_bytes_per_result"] == 27.0  # one result frame each

    # Pads that wait for their traveller and par: every result's feedback crosses the line,
    # and the bound counts it.
    figures = await serial_stage(sections=1, seconds=1.0, shown=True)
    assert figures["serial_shown_results_per_s"] > 0
    assert figures["serial_shown_feedback_per_s"] >= figures["serial_shown_results_per_s"]
    assert figures["serial_shown_down_bytes_per_result"] > 24 + 49 + 36  # ack, traveller, par
    assert 0 < figures["serial_shown_line_rate_fraction"] <= 1.05


async def test_the_flood_shares_its_pads_between_processes() -> None:
    """The load generator in three processes against the broker echo: every pad's results
    come back acked, one report for all."""
    from simulator.bench import SECRET, _plan
    from simulator.broker import run_mosquitto
    from simulator.echo import EchoHub, echoing
    from simulator.flood import flood_in_child

    with run_mosquitto() as port:
        async with echoing(port, EchoHub(SECRET)):
            report = await flood_in_child(_plan(port, 1, 2), 3)
    assert report.acked == 25 * 2 and report.refused == 0
    assert len(report.latencies) == 50 and report.seconds > 0


async def test_mqtt_stage_reports_the_station_against_its_links_floor() -> None:
    """One section, briefly: the station's results a second and CPU a result, and beside them
    the baseline's (the station's MQTT link acking at once) and the messages sent a result."""
    from simulator.bench import mqtt_stage

    figures = await mqtt_stage(sections=1, results_per_pad=8, baseline_runs=1)
    assert figures["mqtt_results"] == 25 * 2
    assert figures["mqtt_results_per_s"] > 0 and figures["mqtt_baseline_per_s"] > 0
    assert figures["station_cpu_us_per_result"] > 0 and figures["baseline_cpu_us_per_result"] > 0
    assert figures["durable_baseline_cpu_us_per_result"] > 0
    assert figures["station_durable_cpu_ratio"] > 0
    # Each result is acked; the tables' rounds completing and moving on add seatings and
    # status (one board a round here).
    assert figures["station_sends_per_result"] > 1


async def test_club_stage_reports_three_boards_a_round_against_its_baseline() -> None:
    """A club's night (three boards a round): the station's CPU a result beside the baseline's
    of the same plan, as a ratio; the station pinned to one CPU, the load to the others, and
    every CPU given back afterwards."""
    import os

    from simulator.bench import club_stage

    before = os.sched_getaffinity(0)
    figures = await club_stage(sections=1, rounds=2, baseline_runs=1)
    assert os.sched_getaffinity(0) == before
    assert figures["club_results"] == 25 * 6
    assert figures["club_cpu_us_per_result"] > 0
    assert figures["club_baseline_cpu_us_per_result"] > 0 and figures["club_cpu_ratio"] > 0
    # The event loop's thread is part of the station's whole CPU.
    assert 0 < figures["club_loop_cpu_us_per_result"] <= figures["club_cpu_us_per_result"]
    assert 0 < figures["club_loop_cpu_ratio"] <= figures["club_cpu_ratio"]
    # Beside a baseline that commits each message before acking it.
    assert figures["club_durable_baseline_cpu_us_per_result"] > 0
    assert figures["club_durable_cpu_ratio"] > 0
    assert figures["club_sends_per_result"] >= 1  # every result acked


async def test_the_durable_echo_acks_each_message_only_once_it_is_committed(
        tmp_path: Path) -> None:
    """The durable baseline: every message of the flood (logins and results) is a row on
    disk, and acked."""
    import contextlib
    import sqlite3

    from simulator.bench import SECRET, _plan
    from simulator.broker import run_mosquitto
    from simulator.echo import DurableEchoHub, echoing
    from simulator.flood import flood_in_child

    with run_mosquitto() as port:
        async with echoing(port, DurableEchoHub(SECRET, tmp_path / "echo.db")):
            report = await flood_in_child(_plan(port, 1, 2), 3)
    assert report.acked == 25 * 2 and report.refused == 0
    with contextlib.closing(sqlite3.connect(tmp_path / "echo.db")) as db:
        results = db.execute("SELECT COUNT(DISTINCT unit || '/' || seq) FROM message "
                             "WHERE type = 'RESULT'").fetchone()
    assert results == (report.acked,)
