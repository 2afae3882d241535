"""Runs every fault its number of times and sums the runs (`basestation faults`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

from simulator.broker import run_mosquitto
from simulator.campaign.hostile import HOSTILE, run_hostile
from simulator.campaign.matches import MATCH_FAULT_RUNS, MatchFault, run_match_fault
from simulator.campaign.moving import MOVING, run_moving
from simulator.campaign.sessions import SESSION_FAULTS, SessionFault, run_session_fault
from simulator.campaign.sigkill import run_sigkill
from simulator.campaign.strangers import STRANGER_ATTACKS, StrangerAttack, run_strangers
from simulator.campaign.tally import FaultOutcome, RunTally

SIGKILL = "station killed (SIGKILL) and restarted"
SIGKILL_RUNS = 20  # the issue asks for at least twenty


def fault_names() -> list[str]:
    return [SIGKILL, *(fault.name for fault in SESSION_FAULTS), HOSTILE,
            *(attack.name for attack in STRANGER_ATTACKS), MOVING,
            *(fault.name for fault in MATCH_FAULT_RUNS)]


async def _repeat(name: str, runs: int, one: Callable[[int], Coroutine[Any, Any, RunTally]],
                  progress: Callable[[str], None]) -> FaultOutcome:
    outcome = FaultOutcome(name)
    started = time.monotonic()
    for seed in range(1, runs + 1):
        try:
            run = await one(seed)
        except Exception as exc:  # a run that breaks is a failed run, not a failed campaign
            run = RunTally(problems=[f"run {seed} failed: {exc!r}"[:300]])
        outcome.add(run)
        progress(f"{name}: run {seed}/{runs}: acked {len(run.acked)}, stored {run.stored}, "
                 f"lost {run.lost}, duplicated {run.duplicated}")
        for line in figure_lines(run.figures):
            progress(f"{name}: run {seed}/{runs}: {line}")
    outcome.seconds = time.monotonic() - started
    return outcome


async def campaign(runs: int, sigkill_runs: int, only: str | None,
                   progress: Callable[[str], None]) -> list[FaultOutcome]:
    outcomes = []
    if only is None or only.lower() in SIGKILL.lower():
        with run_mosquitto() as port:
            outcomes.append(await _repeat(SIGKILL, sigkill_runs,
                                          lambda seed: run_sigkill(seed, port), progress))
    for fault in SESSION_FAULTS:
        if only is None or only.lower() in fault.name.lower():
            outcomes.append(await _repeat(fault.name, runs, _session_run(fault), progress))
    if only is None or only.lower() in HOSTILE.lower():  # one unit flooding, other pads timed
        outcomes.append(await _repeat(HOSTILE, runs, run_hostile, progress))
    for attack in STRANGER_ATTACKS:  # connections held against the web server, logins timed
        if only is None or only.lower() in attack.name.lower():
            outcomes.append(await _repeat(attack.name, runs, _strangers_run(attack), progress))
    if only is None or only.lower() in MOVING.lower():  # corrections as the pads move on
        outcomes.append(await _repeat(MOVING, runs, run_moving, progress))
    for match_fault in MATCH_FAULT_RUNS:  # teams and Swiss events under every radio fault
        if only is None or only.lower() in match_fault.name.lower():
            outcomes.append(await _repeat(match_fault.name, runs, _match_run(match_fault),
                                          progress))
    return outcomes


def _match_run(fault: MatchFault) -> Callable[[int], Coroutine[Any, Any, RunTally]]:
    return lambda seed: run_match_fault(fault, seed)


def _strangers_run(attack: StrangerAttack) -> Callable[[int], Coroutine[Any, Any, RunTally]]:
    return lambda seed: run_strangers(attack, seed)


def _session_run(fault: SessionFault) -> Callable[[int], Coroutine[Any, Any, RunTally]]:
    return lambda seed: run_session_fault(fault, seed)


def figure_lines(figures: dict[str, Any]) -> list[str]:
    """A fault's own figures in words (the hostile pad's, the moving pads', the replaced
    pads'), one line each."""
    if "corrections_keyed" in figures:
        return [f"corrections keyed {figures['corrections_keyed']}, of which sent to the "
                f"director {figures['corrections_to_director']}"]
    if "pad_s" in figures:
        return [f"under the stranger the director's grid got in within "
                f"{figures.get('grid_s', '?')} s, a pad's page and pairing within "
                f"{figures['pad_s']} s (the stranger held {figures.get('stranger_held', '?')} "
                f"connections, opened {figures.get('stranger_connections', '?')})"]
    if "replaced_keyed" in figures:
        return [f"keyed on pads replaced while away: {figures['replaced_keyed']}; sent to the "
                f"director to decide {figures['replaced_to_director']}, held as they were "
                f"{figures['replaced_held']}, lost or unseen {figures['replaced_unseen']}"]
    if "ack_p99_ms_while_flooded" not in figures:
        return []
    lines = [f"other pads' ack p99 while a unit floods: {figures['ack_p99_ms_while_flooded']} "
             f"ms; queue drained within {figures['drain_s']} s of a flood stopping; "
             f"{figures['flood_rows']} rows for {figures['flood_sent']} flood messages"]
    for kind, k in figures.get("by_kind", {}).items():
        lines.append(f"  {kind}: {k['sent']} sent ({k['per_second']}/s), other pads' ack p99 "
                     f"{k['ack_p99_ms']} ms over {k['acks']} acks, drained in {k['drain_s']} s, "
                     f"{k['rows']} rows, {'named' if k['named'] else 'NOT named'} on the grid")
    return lines


def run_campaign(*, runs: int = 17, sigkill_runs: int = SIGKILL_RUNS, quick: bool = False,
                 only: str | None = None,
                 progress: Callable[[str], None] = lambda _: None) -> list[FaultOutcome]:
    """Every fault (or those whose name contains `only`), `runs` runs each, SIGKILL
    `sigkill_runs`; `quick`: one run each, two SIGKILLs."""
    if quick:
        runs, sigkill_runs = 1, 2
    return asyncio.run(campaign(runs, sigkill_runs, only, progress))
