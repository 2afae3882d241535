"""Live scores: boards changed by the session are rescored, one board at a time.

Rescoring is deferred to `refresh` (run a few times a second, and before rankings are read),
so a burst of results costs one rescore per board rather than one per result.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from basestation.domain.contract import parse_contract
from basestation.scoring import IncrementalScorer, ScoredBoard, TravellerResult, regulations
from basestation.scoring.adjusted import parse_adjusted
from basestation.scoring.traveller import Artificial
from basestation.station.config import EventScoring
from basestation.station.session.memory import HeldResult, SectionState
from basestation.station.session.rulings import ruled_result, with_ruling
from firmware_protocol.messages import Seat


def traveller_result(held: HeldResult) -> TravellerResult | None:
    """The scoring engine's view of one held entry (None: not a result, e.g. not played)."""
    if held.ns is None or held.ew is None:
        return None
    if held.kind == "adjusted" and held.ruling is not None:
        artificial = held.ruling.artificial
        if artificial is not None:
            ns, ew = parse_adjusted(artificial)
            return TravellerResult(ns=held.ns, ew=held.ew, section=held.section,
                                   artificial=Artificial(ns, ew))
        return ruled_result(held.board, held.ns, held.ew, held.section, held.ruling.as_dict())
    if held.kind != "result" or held.score_ns is None:
        return None
    played = TravellerResult(
        ns=held.ns, ew=held.ew, section=held.section, score_ns=held.score_ns,
        contract=parse_contract(held.contract) if held.contract else None,
        declarer=Seat(held.declarer) if held.declarer else None, tricks=held.tricks,
        lead=held.lead)
    # A ruling on a played result: arrowswitch, fouled board, matchpoint override, fault.
    return with_ruling(played, held.ruling.as_dict()) if held.ruling is not None else played


def sat_out(sections: dict[str, SectionState]) -> dict[tuple[str, str | None, int],
                                                       tuple[int, ...]]:
    """The boards each pair sits out against the phantom, from the movements: a table whose
    other seat is empty (docs/ARCHITECTURE.md, "Phantoms and sit-outs")."""
    found: dict[tuple[str, str | None, int], tuple[int, ...]] = {}
    for letter, state in sections.items():
        apart = state.movement.two_field
        for seat in state.movement.assignments:
            if (seat.ns is None) == (seat.ew is None):
                continue
            side, pair = ("NS", seat.ns) if seat.ns is not None else ("EW", seat.ew)
            assert pair is not None
            key = (letter, side if apart else None, pair)
            found[key] = (*found.get(key, ()), *seat.boards)
    return found


class LiveScores:
    """Matchpoints and rankings for the open event, kept current from the held results.

    Scored across the field (`EventScoring.across_the_field`), a board's results in every
    section are matchpointed together, and each section's traveller shows its own lines
    with the room's matchpoints (`section_board`). Each section's pairs are one field or
    two as its movement says (a Howell one, a Mitchell two), whatever the others are.
    """

    def __init__(self, preset: str, sections: dict[str, SectionState],
                 scoring: EventScoring | None = None) -> None:
        self.sections = sections
        scoring = scoring or EventScoring()
        self.across_the_field = scoring.across_the_field
        self._expected_counts: dict[tuple[str, int], int] = {}
        two_field = {letter: s.movement.two_field for letter, s in sections.items()}
        # The scorer reads each board's results from the held ones when it scores the board,
        # so the station keeps one copy of every result, not two.
        self.scorer = IncrementalScorer(regulations(preset), self._expected, two_field=two_field,
                                        across_the_room=scoring.across_the_field,
                                        room_places=scoring.places == "room",
                                        source=self._results)
        self.scorer.set_sat_out(sat_out(sections))
        self.dirty = {(letter, b) for letter, s in sections.items()
                      for b in range(1, s.movement.boards + 1)}
        # Per board, the scoring engine's view of each held entry, by the entry's identity: a
        # held entry is never changed once stored (a correction or ruling stores a new one),
        # so a board rescored for one new result converts that one alone. Each board keeps
        # only the entries it held when last scored, the entry itself beside its id.
        self._converted: dict[tuple[str, int],
                              dict[int, tuple[HeldResult, TravellerResult | None]]] = {}

    def _expected(self, board: int, section: str) -> int:
        if not section and self.across_the_field:  # the room: every section's tables
            return sum(self._expected(board, letter) for letter in self.sections)
        if (section, board) not in self._expected_counts:
            state = self.sections.get(section)
            self._expected_counts[(section, board)] = 0 if state is None else sum(
                1 for a in state.movement.assignments
                if board in a.boards and a.ns is not None and a.ew is not None)
        return self._expected_counts[(section, board)]

    def movement_changed(self, section: str) -> None:
        """Every board of the section is scored again against its new expected count."""
        self._expected_counts = {k: v for k, v in self._expected_counts.items()
                                 if k[0] != section}
        state = self.sections.get(section)
        if state is not None:
            self.dirty |= {(section, b) for b in range(1, state.movement.boards + 1)}
        self.scorer.set_sat_out(sat_out(self.sections))

    def changed(self, section: str, board: int) -> None:
        self.dirty.add((section, board))

    def refresh(self, most: int | None = None) -> list[tuple[str, int]]:
        """Rescores the boards changed since the last refresh, or the first `most` of them
        (the others stay changed); returns them."""
        done = sorted(self.dirty)[:most]
        self.dirty.difference_update(done)
        rescored = set()
        for letter, board in done:
            key = (board, "" if self.across_the_field else letter)
            if letter in self.sections and key not in rescored:
                rescored.add(key)
                self.scorer.rescore(board, letter)
        return done

    def _results(self, board: int, section: str) -> list[TravellerResult]:
        if not section and self.across_the_field:  # the room: every section's results
            return [result for letter in self.sections
                    for result in self._results(board, letter)]
        state = self.sections.get(section)
        if state is None:
            return []
        before = self._converted.get((section, board), {})
        now: dict[int, tuple[HeldResult, TravellerResult | None]] = {}
        results = []
        for held in state.by_board.get(board, ()):
            known = before.get(id(held))
            if known is None or known[0] is not held:
                known = (held, traveller_result(held))
            now[id(held)] = known
            if known[1] is not None:
                results.append(known[1])
        self._converted[(section, board)] = now
        return results

    def ranking(self) -> list[dict[str, Any]]:
        self.refresh()
        return [dict(entry.to_json(), section=entry.section, rank_label=entry.rank_label)
                for entry in self.scorer.ranking()]

    def section_board(self, section: str, board: int) -> ScoredBoard | None:
        """The section's lines of a board as scored (across the field: the room's
        matchpoints and top), without refreshing."""
        scored = self.scorer.scored_board(board, section)
        if scored is None or not self.across_the_field:
            return scored
        return replace(scored, section=section, results=tuple(
            line for line in scored.results if line.result.section == section))

    def board(self, section: str, board: int) -> dict[str, Any] | None:
        self.refresh()
        scored = self.section_board(section, board)
        return None if scored is None else scored.to_json()
