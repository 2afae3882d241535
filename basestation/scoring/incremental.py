"""Live scoring: each accepted result rescoring only its own board."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.scoring.regulations import Regulations
from basestation.scoring.scored import RankingEntry, ScoredBoard
from basestation.scoring.session import score_field_board
from basestation.scoring.standings import BoardKey, Standings
from basestation.scoring.traveller import BoardTraveller, Method, Penalty, TravellerResult


class IncrementalScorer:
    """Keeps every board scored and the ranking current as results arrive one at a time.

    `expected` is the number of results each board should have, or a function of the board
    number and section giving it (from the movement). A new or changed result rescores its
    board only and moves that board's matchpoints in and out of the pairs' totals.

    With `source`, the scorer keeps no results of its own: it asks `source(board, section)`
    for a board's results whenever it scores that board (section "" across the room), and
    the caller says which boards changed with `rescore`. That saves a second copy of every
    result when the caller holds them already.
    """

    def __init__(
        self,
        regulations: Regulations,
        expected: int | Callable[[int, str], int],
        *,
        method: Method = Method.MATCHPOINTS,
        two_field: bool | Mapping[str, bool] = True,
        across_the_room: bool = False,
        room_places: bool | None = None,
        source: Callable[[int, str], Sequence[TravellerResult]] | None = None,
    ) -> None:
        self.regulations = regulations
        self.method = method
        self.across_the_room = across_the_room
        if isinstance(expected, int):
            fixed = expected
            self._expected: Callable[[int, str], int] = lambda _board, _section: fixed
        else:
            self._expected = expected
        self._standings = Standings(regulations, in_imps=method is not Method.MATCHPOINTS,
                                    two_field=two_field, across_the_room=across_the_room,
                                    room_places=room_places)
        # Each board's results in the order they came, one per table (section, NS and EW).
        self._results: dict[BoardKey, tuple[TravellerResult, ...]] = {}
        self._source = source
        # The boards scored so far; a board is scored again when asked for, not kept.
        self._scored: set[BoardKey] = set()
        self._penalties: tuple[Penalty, ...] = ()

    def _key(self, board: int, section: str) -> BoardKey:
        return (board, "" if self.across_the_room else section)

    def set_result(self, board: int, result: TravellerResult) -> ScoredBoard:
        """Adds or replaces the result of this table (its NS or EW pair) on this board."""
        key = self._key(board, result.section)
        kept = tuple(
            other for other in self._held(key)
            if not (other.section == result.section
                    and (other.ns == result.ns or other.ew == result.ew)))
        self._results[key] = (*kept, result)
        return self._rescore(key)

    def set_board(self, board: int, results: Iterable[TravellerResult],
                  section: str = "") -> ScoredBoard:
        """Replaces every result of one section on this board, then rescores that board once."""
        key = self._key(board, section)
        held = {(other.section, other.ns, other.ew): other
                for other in self._held(key) if other.section != section}
        for result in results:
            held[(result.section, result.ns, result.ew)] = result
        self._results[key] = tuple(held.values())
        return self._rescore(key)

    def remove_result(self, board: int, ns: int, ew: int, section: str = "") -> ScoredBoard:
        """Erases a result (a director's correction or an erased entry)."""
        key = self._key(board, section)
        self._results[key] = tuple(
            other for other in self._held(key)
            if (other.section, other.ns, other.ew) != (section, ns, ew))
        return self._rescore(key)

    def rescore(self, board: int, section: str = "") -> ScoredBoard:
        """Scores a board again from `source`, after its results changed there."""
        if self._source is None:
            raise TypeError("rescore() is for a scorer with a source; use set_board()")
        return self._rescore(self._key(board, section))

    def _held(self, key: BoardKey) -> tuple[TravellerResult, ...]:
        if self._source is not None:
            raise TypeError("this scorer reads results from its source; use rescore()")
        return self._results.get(key, ())

    def _board_results(self, key: BoardKey) -> Sequence[TravellerResult]:
        if self._source is not None:
            return self._source(*key)
        return self._results.get(key, ())

    def set_sat_out(self, sat_out: Mapping[tuple[str, str | None, int], tuple[int, ...]],
                    ) -> None:
        """The boards each pair sat out against the phantom (Standings.set_sat_out)."""
        self._standings.set_sat_out(sat_out)

    def set_penalties(self, penalties: Iterable[Penalty]) -> None:
        """The director's procedural and disciplinary penalties for the session."""
        self._penalties = tuple(penalties)

    def _score(self, key: BoardKey) -> ScoredBoard:
        board, section = key
        traveller = BoardTraveller(board, vulnerability_of(board), dealer_of(board),
                                   tuple(self._board_results(key)))
        return score_field_board(traveller, self.regulations, self.method,
                                 self._expected(board, section), section)

    def _rescore(self, key: BoardKey) -> ScoredBoard:
        scored = self._score(key)
        self._scored.add(key)
        self._standings.replace_board(scored)
        return self._standings.apply_session_rule(scored)

    def scored_board(self, board: int, section: str = "") -> ScoredBoard | None:
        """The board as it stands, with Law 12C2c applied to any artificial scores."""
        key = self._key(board, section)
        if key not in self._scored:
            return None
        return self._standings.apply_session_rule(self._score(key))

    def ranking(self, handicaps: Callable[[str, str | None, int], float] | None = None,
                ) -> tuple[RankingEntry, ...]:
        """The ranking now: totals, percentages and ranks per field and overall; with
        `handicaps`, placed by the handicapped percentage (Standings.ranking)."""
        return self._standings.ranking(self._penalties, handicaps)
