"""Teams and Swiss events played under faults: a round robin, Swiss teams and Swiss pairs on
radio pads with lost, duplicated and late frames, battery changes, dropouts and a station
restart half-way; the database compared with what the pads saw acked, and the standings from
the stored results with those from the results intended."""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from basestation.domain.board import vulnerability_of
from basestation.domain.contract import parse_contract, score_ns
from basestation.movements import Movement
from basestation.scoring.match_scoring import event_matches, event_standings
from firmware_protocol.messages import Seat
from simulator.campaign.devices import ReplugRadio
from simulator.campaign.sessions import SPEED, pads_acked
from simulator.campaign.tally import RunTally, read_results, tally
from simulator.deals import random_deals
from simulator.faults import Faults

MATCH_FAULTS = Faults.on_the_air()


@dataclass(frozen=True)
class MatchFault:
    name: str
    format: str
    entrants: int
    per_match: int
    rounds: int


MATCH_FAULT_RUNS = (
    MatchFault("teams round robin under radio faults and a restart", "teams", 4, 2, 3),
    MatchFault("Swiss teams under radio faults and a restart", "swiss-teams", 4, 2, 3),
    MatchFault("Swiss pairs under radio faults and a restart", "swiss-pairs", 6, 2, 3),
)


def _scores(rows: Iterable[dict[str, Any]]) -> dict[tuple[int, int, int], int]:
    scores = {}
    for row in rows:
        if row.get("kind", "result") != "result" or row.get("contract") is None:
            continue
        if row["contract"] == "PASS":
            score = 0
        else:
            score = score_ns(parse_contract(row["contract"]), Seat(row["declarer"]),
                             row["tricks"], vulnerability_of(row["board"]))
        scores[(row["round"], row["table"], row["board"])] = score
    return scores


def standings_of(movement: Movement, rows: Iterable[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """(rank, entrant, VPs, Swiss points, IMPs) from the results in `rows`."""
    entrants = sorted({n for a in movement.assignments for n in (a.ns, a.ew) if n is not None})
    table = event_standings(entrants, event_matches(movement, _scores(rows)))
    return [(s.rank, s.entrant, s.vps, s.swiss_points, s.imps) for s in table]


async def run_match_fault(fault: MatchFault, seed: int) -> RunTally:
    from basestation.scoring.event_formats import boards_needed
    from basestation.station.app import Station
    from basestation.station.config import SectionConfig, SerialConfig, StationConfig
    from simulator.matches import MatchSessionPlayer, planned_rounds
    from simulator.session import SectionSetup

    rng = random.Random(seed)
    rounds = planned_rounds(fault.format, fault.entrants, fault.rounds)
    deals = random_deals(boards_needed(fault.format, fault.entrants, fault.per_match, rounds),
                         rng)
    with tempfile.TemporaryDirectory(prefix="bridge-match-fault-") as tmp, \
            contextlib.ExitStack() as stack:
        database = Path(tmp) / "station.db"
        radio = ReplugRadio(MATCH_FAULTS.air, random.Random(rng.random()))
        stack.callback(radio.close)
        station = Station(StationConfig(database=f"sqlite:///{database}",
                                        serial=(SerialConfig(radio.port),)))
        station.open_event(f"Fault campaign {fault.format}", "nz",
                           [SectionConfig("A", fault.format, fault.entrants, fault.per_match)],
                           {"A": deals}, event_format=fault.format, rounds=rounds)
        await station.start()
        problems: list[str] = []
        player = MatchSessionPlayer(
            station, [SectionSetup("A", "radio", station.movements()["A"], deals)],
            speed=SPEED, seed=seed, faults=MATCH_FAULTS, radio=radio, rounds=rounds)
        try:
            await station.connected()
            try:
                async with asyncio.timeout(300):
                    report = await player.play()
                problems += [f"differs from what was played: {m}" for m in report.mismatches]
            except Exception as exc:  # a run that breaks is a failed run
                problems.append(f"session failed: {exc!r}"[:300])
            event_id = station.event_id
            movement = station.movements()["A"]  # every Swiss round drawn
        finally:
            await station.stop()
        rows = read_results(database, event_id)
        run = tally(pads_acked(player), rows, player.intended_results(),
                    standings=lambda held, intended: standings_of(movement, held)
                    == standings_of(movement, intended))
    run.problems += problems
    run.rankings_match = run.rankings_match and not problems
    run.pad_restarts = player.report.battery_changes
    run.dropouts = player.report.dropouts
    return run
