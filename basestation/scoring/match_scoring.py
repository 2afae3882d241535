"""Matches from the results held: teams (home v away table) and Swiss pairs (against the
datum), live while boards come in, and the draw of a Swiss event's next round.

Results come in as NS scores keyed by (round, table, board); a board without a score at both
tables of a teams match (or at all, in Swiss pairs) is simply not compared yet. The VP scale
is always chosen by the boards scheduled for the match, so a live VP figure is what the match
would give if it stopped now.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.movements import SWISS_PAIRS, MatchPlace, Movement, matches_of
from basestation.scoring.imp_board import score_imp_board
from basestation.scoring.match_boards import team_board, whole_imps
from basestation.scoring.regulations import NZ, Regulations
from basestation.scoring.swiss import Pairing, Standing, seeded_first_rounds, standings, swiss_draw
from basestation.scoring.teams import MatchResult, TeamBoard, score_match
from basestation.scoring.traveller import BoardTraveller, Method, TravellerResult
from basestation.scoring.troika import troika_draw
from basestation.scoring.vp import VpScale

__all__ = ["Match", "draw_round", "event_matches", "event_standings"]

Place = tuple[int, int, int]

# Each table's entry per (round, table, board): its NS score, or the scoring engine's result
# (an adjusted score: artificial, assigned, weighted or split).
Scores = Mapping[tuple[int, int, int], "int | TravellerResult"]
# IMPs the director took off an entrant in a round's match, per (round, entrant).
ImpPenalties = Mapping[tuple[int, int], int]


@dataclass(frozen=True, slots=True)
class Match:
    """One match of a round: who, where, how many boards compared so far, and the result."""

    round: int  # of its first table (an American Whist plays the second half later)
    team_a: int  # NS at the first table
    team_b: int
    tables: tuple[int, ...]
    boards: tuple[int, ...]
    compared: int
    result: MatchResult
    rounds: tuple[int, ...] = ()  # each table's round
    compared_boards: tuple[int, ...] = ()  # in the order of the result's board IMPs

    @property
    def finished(self) -> bool:
        return self.compared == len(self.boards)


def event_matches(movement: Movement, scores: Scores, *, scale: VpScale = VpScale.CONTINUOUS,
                  butler_trim: int | None = None, regulations: Regulations = NZ,
                  imp_penalties: ImpPenalties | None = None) -> list[Match]:
    """Every match drawn so far, scored from the results in `scores`."""
    if butler_trim is not None:
        regulations = replace(regulations, butler_trim=butler_trim)
    results = {key: _as_result(value) for key, value in scores.items()}
    penalties = imp_penalties or {}
    matches: list[Match] = []
    for round_ in range(1, movement.rounds + 1):
        drawn = matches_of(movement, round_)
        if movement.kind == SWISS_PAIRS:
            matches += _pairs_round(movement, round_, drawn, results, scale=scale,
                                    regulations=regulations, penalties=penalties)
        else:
            matches += [_team_match(movement, place, results, scale=scale,
                                    regulations=regulations, penalties=penalties)
                        for place in drawn]
    return matches


def _as_result(value: int | TravellerResult) -> TravellerResult:
    return value if isinstance(value, TravellerResult) else TravellerResult(0, 0, score_ns=value)


def _team_match(movement: Movement, place: MatchPlace, scores: Mapping[Place, TravellerResult],
                *, scale: VpScale, regulations: Regulations, penalties: ImpPenalties) -> Match:
    home, away = place.seats
    assignment = movement.at(*home)
    boards = assignment.boards if assignment is not None else ()
    compared = [team_board(board, scores[(*home, board)], scores[(*away, board)], regulations)
                for board in boards if (*home, board) in scores and (*away, board) in scores]
    a, b = place.pair
    result = score_match(a, b, compared, scale, scheduled_boards=len(boards),
                         penalty_a=penalties.get((place.round, a), 0),
                         penalty_b=penalties.get((place.round, b), 0))
    return Match(place.round, a, b, place.tables, boards, len(compared), result, place.rounds,
                 tuple(board.board for board in compared))


def _pairs_round(movement: Movement, round_: int, drawn: list[MatchPlace],
                 scores: Mapping[Place, TravellerResult], *, scale: VpScale,
                 regulations: Regulations, penalties: ImpPenalties) -> list[Match]:
    """Swiss pairs: each board's NS scores in the round make its datum (club-directors-
    manual.txt, "Swiss Pairs": "the computer discards the top and bottom scores ... and then
    averages the remaining scores ... converted to IMPs; then, at the end of the round, the
    total IMPs are converted to Victory Points"). An artificial score is its IMPs (Law
    12C2(b)), neither compared with the datum nor part of it; a weighted or split score is
    compared with the datum of the scores played, as in Butler pairs (scoring.imp_board)."""
    per_table: dict[int, list[tuple[int, int, int]]] = {}
    boards = sorted({b for a in movement.round_of(round_) for b in a.boards})
    for board in boards:
        played = sorted(t for (r, t, b) in scores if r == round_ and b == board)
        traveller = BoardTraveller(board, vulnerability_of(board), dealer_of(board),
                                   tuple(scores[(round_, t, board)] for t in played))
        scored = score_imp_board(traveller, regulations, Method.BUTLER)
        for table, line in zip(played, scored.results, strict=True):
            if line.imp_ns is not None and line.imp_ew is not None:
                per_table.setdefault(table, []).append(
                    (board, whole_imps(line.imp_ns), whole_imps(line.imp_ew)))
    found = []
    for place in drawn:
        (ns, ew), table = place.pair, place.tables[0]
        assignment = movement.at(round_, table)
        scheduled = len(assignment.boards) if assignment is not None else len(boards)
        lines = per_table.get(table, [])
        result = score_match(ns, ew, [TeamBoard(board, adjusted_imps=a,
                                                adjusted_imps_b=None if b == -a else b)
                                      for board, a, b in lines],
                             scale, scheduled_boards=scheduled,
                             penalty_a=penalties.get((round_, ns), 0),
                             penalty_b=penalties.get((round_, ew), 0))
        found.append(Match(round_, ns, ew, place.tables,
                           assignment.boards if assignment is not None else (), len(lines),
                           result, place.rounds, tuple(board for board, _, _ in lines)))
    return found


def event_standings(entrants: Sequence[int], matches: Sequence[Match],
                    vp_penalties: Mapping[int, Decimal] | None = None) -> list[Standing]:
    """Ranked by VPs, then Swiss points, then net IMPs (club-directors-manual.txt, "Swiss
    Teams", Scoring); a match counts with the boards compared so far. A VP penalty comes off
    the entrant's total (club-directors-manual.txt, "Penalty for fouled teams": "average
    match score: 10-10 and the Adjustment of -2 each"); Swiss points count the VPs won in
    matches."""
    return standings(entrants, [m.result for m in matches if m.compared],
                     adjustments=vp_penalties)


def draw_with_troika(entrants: Sequence[int], round_: int, ranked: Sequence[int],
                     history: Sequence[Sequence[Pairing]],
                     troika: tuple[int, int, int] | None) -> tuple[list[Pairing],
                                                                    tuple[int, int, int]]:
    """An odd Swiss teams field: a Troika of three over each two rounds (`troika`, the one
    playing its second round). A new Troika and the others' matches are chosen together
    (`troika_draw`), except in rounds 1 and 2, where the bottom three seeds play it and the
    rest are seeded."""
    if round_ % 2 == 0 and troika is not None:
        rest = [e for e in ranked if e not in troika]
        return draw_round([e for e in entrants if e not in troika], round_, rest,
                          history), troika
    if round_ <= 2:
        seeds = list(entrants)
        troika = (seeds[-3], seeds[-2], seeds[-1])
        return draw_round(seeds[:-3], round_, seeds[:-3], history), troika
    played = {frozenset(pair) for matches in history for pair in matches}
    troika, draw = troika_draw(ranked, played)
    return draw, troika


def draw_round(entrants: Sequence[int], round_: int, ranked: Sequence[int],
               history: Sequence[Sequence[Pairing]]) -> list[Pairing]:
    """The draw of a Swiss round: rounds 1 and 2 by Patrick Carter's seeding (entrants listed
    strongest first, when the field is even and at least 4), then the Swiss draw on `ranked`
    avoiding the pairs in `history`."""
    seeds = list(entrants)
    if round_ <= 2 and len(seeds) >= 4 and len(seeds) % 2 == 0:
        first, second = seeded_first_rounds(len(seeds))
        by_seed = first if round_ == 1 else second
        return [(seeds[a - 1], seeds[b - 1]) for a, b in by_seed]
    played = {frozenset(pair) for matches in history for pair in matches}
    return swiss_draw(ranked, played)

