"""Matches from the results held: teams (home v away table) and Swiss pairs (against the
datum), live while boards come in, and the draw of a Swiss event's next round.

Results come in as NS scores keyed by (round, table, board); a board without a score at both
tables of a teams match (or at all, in Swiss pairs) is simply not compared yet. The VP scale
is always chosen by the boards scheduled for the match, so a live VP figure is what the match
would give if it stopped now.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from basestation.movements import SWISS_PAIRS, MatchPlace, Movement, matches_of
from basestation.scoring.imps import butler_imps
from basestation.scoring.swiss import Pairing, Standing, seeded_first_rounds, standings, swiss_draw
from basestation.scoring.teams import MatchResult, TeamBoard, match_result, score_match
from basestation.scoring.troika import troika_draw
from basestation.scoring.vp import VpScale

__all__ = ["Match", "draw_round", "event_matches", "event_standings"]

# NS score per (round, table, board).
Scores = Mapping[tuple[int, int, int], int]


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

    @property
    def finished(self) -> bool:
        return self.compared == len(self.boards)


def event_matches(movement: Movement, scores: Scores, *, scale: VpScale = VpScale.CONTINUOUS,
                  butler_trim: int = 1) -> list[Match]:
    """Every match drawn so far, scored from the results in `scores`."""
    matches: list[Match] = []
    for round_ in range(1, movement.rounds + 1):
        drawn = matches_of(movement, round_)
        if movement.kind == SWISS_PAIRS:
            matches += _pairs_round(movement, round_, drawn, scores, scale=scale,
                                    trim=butler_trim)
        else:
            matches += [_team_match(movement, place, scores, scale=scale) for place in drawn]
    return matches


def _team_match(movement: Movement, place: MatchPlace, scores: Scores, *,
                scale: VpScale) -> Match:
    home, away = place.seats
    assignment = movement.at(*home)
    boards = assignment.boards if assignment is not None else ()
    compared = [TeamBoard(board, scores[(*home, board)], scores[(*away, board)])
                for board in boards if (*home, board) in scores and (*away, board) in scores]
    a, b = place.pair
    result = score_match(a, b, compared, scale, scheduled_boards=len(boards))
    return Match(place.round, a, b, place.tables, boards, len(compared), result, place.rounds)


def _pairs_round(movement: Movement, round_: int, drawn: list[MatchPlace],
                 scores: Scores, *, scale: VpScale, trim: int) -> list[Match]:
    """Swiss pairs: each board's NS scores in the round make its datum (club-directors-
    manual.txt, "Swiss Pairs": "the computer discards the top and bottom scores ... and then
    averages the remaining scores ... converted to IMPs; then, at the end of the round, the
    total IMPs are converted to Victory Points")."""
    per_table: dict[int, list[int]] = {}
    boards = sorted({b for a in movement.round_of(round_) for b in a.boards})
    for board in boards:
        played = sorted(t for (r, t, b) in scores if r == round_ and b == board)
        won = butler_imps([scores[(round_, t, board)] for t in played], trim) if played else []
        for table, imps_ns in zip(played, won, strict=True):
            per_table.setdefault(table, []).append(imps_ns)
    found = []
    for place in drawn:
        (ns, ew), table = place.pair, place.tables[0]
        assignment = movement.at(round_, table)
        scheduled = len(assignment.boards) if assignment is not None else len(boards)
        imps = per_table.get(table, [])
        result = match_result(ns, ew, sum(i for i in imps if i > 0), -sum(i for i in imps if i < 0),
                              scheduled, scale=scale, board_imps=imps)
        found.append(Match(round_, ns, ew, place.tables,
                           assignment.boards if assignment is not None else (), len(imps),
                           result, place.rounds))
    return found


def event_standings(entrants: Sequence[int], matches: Sequence[Match]) -> list[Standing]:
    """Ranked by VPs, then Swiss points, then net IMPs (club-directors-manual.txt, "Swiss
    Teams", Scoring); a match counts with the boards compared so far."""
    return standings(entrants, [m.result for m in matches if m.compared])


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

