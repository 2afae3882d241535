"""Teams and Swiss events played on simulated pads: the rounds of a Swiss event are played as
the station draws them, so the tables wait for each draw the way players wait for the
director to post it."""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING, Any

from basestation.movements import (
    TEAMS,
    Assignment,
    Movement,
    boards_of_round,
    troika_seats,
    troikas_of,
)
from simulator.plan import plan_section
from simulator.session import SessionPlayer, SessionReport
from simulator.table import TablePlayer

if TYPE_CHECKING:
    from basestation.station.app import Station

DRAW_WAIT = 60.0  # seconds of real time a table waits for the next round's draw


def planned_rounds(event_format: str, entrants: int, rounds: int) -> int:
    return entrants - 1 if event_format == TEAMS else rounds


class MatchSessionPlayer(SessionPlayer):
    """One section of a teams or Swiss event. Each table knows from the start where it sits
    and which boards each round brings; who sits there is read from the station's movement
    once the round is drawn."""

    def __init__(self, station: Station, *args: Any, rounds: int, **kwargs: Any) -> None:
        super().__init__(station, *args, **kwargs)
        self.rounds = rounds
        self._planned_rounds: set[int] = {
            r for setup in self.sections for r in range(1, setup.movement.rounds + 1)}
        self.report = SessionReport(planned=self._full_count())

    def _full_count(self) -> int:
        setup = self.sections[0]
        first = setup.movement.round_of(1)
        return sum(len(a.boards) for a in first) * self.rounds

    def planned_count(self, letter: str) -> int:
        return self._full_count()

    def _build_tables(self) -> None:
        for index, setup in enumerate(self.sections, start=1):
            make_pad = self._make_pad(setup)
            movement = setup.movement
            per_match = len(movement.round_of(1)[0].boards)
            for table in range(1, movement.tables + 1):
                # Rounds still to draw get placeholders: the pairs come from the draw
                # (round_started fills the plan).
                rounds = [movement.at(r, table) or Assignment(r, table, None, None, ())
                          if r <= movement.rounds else
                          Assignment(r, table, 0, 0, self._boards_at(movement, table, r,
                                                                     per_match))
                          for r in range(1, self.rounds + 1)]
                self.tables.append(TablePlayer(
                    self, setup.letter, table, rounds=rounds, make_pad=make_pad,
                    unit=index * 100 + table, spare_unit=index * 100 + 50 + table,
                    rng=random.Random(self.rng.random()), dropout=self._dropout))

    def _boards_at(self, movement: Movement, table: int, round_: int, per_match: int
                   ) -> tuple[int, ...]:
        """The boards a table will play in a round not drawn yet: its round's own, or at a
        Troika table the set the Troika's layout gives it."""
        if table > movement.tables - 3 and troikas_of(movement):
            first_table = movement.tables - 2
            seats = troika_seats(round_, (1, 2, 3), first_table, per_match, self.rounds)
            return seats[table - first_table][4]
        return boards_of_round(round_, per_match)

    async def round_started(self, round_: int) -> None:
        if round_ not in self._planned_rounds:
            async with asyncio.timeout(DRAW_WAIT):
                while any(self._movement(s.letter).rounds < round_ for s in self.sections):
                    await asyncio.sleep(0.02)
            if round_ not in self._planned_rounds:  # another table may have done it meanwhile
                self._planned_rounds.add(round_)
                for setup in self.sections:
                    movement = self._movement(setup.letter)
                    self.plan |= plan_section(setup.letter, _one_round(movement, round_),
                                              setup.deals, random.Random(self.rng.random()))
            return
        await super().round_started(round_)

    def _movement(self, letter: str) -> Movement:
        return self.station.movements()[letter]


def _one_round(movement: Movement, round_: int) -> Movement:
    return Movement(kind=movement.kind, tables=movement.tables, boards=movement.boards,
                    rounds=movement.rounds, two_field=movement.two_field,
                    assignments=movement.round_of(round_))


def event_json(station: Station, report: SessionReport) -> dict[str, Any]:
    """Every result the station holds and the final standings, for checking independently."""
    results = []
    for letter in station.movements():
        for held in sorted(station.held_results(letter),
                           key=lambda h: (h.round, h.table, h.board)):
            results.append({"section": held.section, "round": held.round, "table": held.table,
                            "board": held.board, "ns": held.ns, "ew": held.ew,
                            "contract": held.contract, "declarer": held.declarer,
                            "tricks": held.tricks, "lead": held.lead, "kind": held.kind,
                            "score_ns": held.score_ns})
    data: dict[str, Any] = {"format": station.event_format, "regulations": station.regulations,
                            "results": results, "summary": report.summary()}
    if station.event_format == "pairs":
        from simulator.ranking import rank

        rows = [{k: r[k] for k in r if k != "score_ns"} for r in results]
        data["standings"] = [entry.to_json() for entry in rank(rows, station.regulations).ranking]
    else:
        data |= station.matches().model_dump()  # read only, as the API shows it
    return data
