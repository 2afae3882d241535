"""Scoring a whole session: every board in its field, then totals and rankings."""

from __future__ import annotations

from collections.abc import Callable

from basestation.scoring.board_scoring import score_board
from basestation.scoring.imp_board import score_imp_board
from basestation.scoring.regulations import Regulations
from basestation.scoring.scored import ScoredBoard, ScoredSession
from basestation.scoring.standings import Standings
from basestation.scoring.traveller import BoardTraveller, Method, Session


def fields_of(board: BoardTraveller, across_the_room: bool) -> list[tuple[str, BoardTraveller]]:
    """The board's results split by section, unless every section is one field."""
    if across_the_room:
        return [("", board)]
    sections: dict[str, list[int]] = {}
    for index, result in enumerate(board.results):
        sections.setdefault(result.section, []).append(index)
    if len(sections) <= 1:
        return [(next(iter(sections), ""), board)]
    return [
        (section, BoardTraveller(board.board, board.vulnerability, board.dealer,
                                 tuple(board.results[i] for i in indices)))
        for section, indices in sorted(sections.items())
    ]


def expected_results(session: Session) -> Callable[[int, str], int]:
    """Results each board should have had in each field: as given, else the most any has."""
    if session.expected is not None:
        fixed = session.expected
        return lambda _board, _section: fixed
    most: dict[str, int] = {}
    for board in session.boards:
        for section, part in fields_of(board, session.across_the_room):
            most[section] = max(most.get(section, 0), len(part.results))
    return lambda _board, section: most.get(section, 0)


def score_field_board(
    board: BoardTraveller, regulations: Regulations, method: Method, expected: int,
    section: str,
) -> ScoredBoard:
    """One board in one field, in matchpoints or IMPs."""
    if method is Method.MATCHPOINTS:
        return score_board(board, regulations, expected, section)
    return score_imp_board(board, regulations, method, section)


def score_session(session: Session, regulations: Regulations) -> ScoredSession:
    """Scores every board, applies Law 12C2c and penalties, and ranks every pair."""
    standings = Standings(regulations, in_imps=session.method is not Method.MATCHPOINTS,
                          two_field=session.two_field,
                          across_the_room=session.across_the_room,
                          room_places=session.room_places)
    standings.set_sat_out(session.sat_out)
    expected = expected_results(session)
    boards = []
    for board in session.boards:
        for section, part in fields_of(board, session.across_the_room):
            scored = score_field_board(part, regulations, session.method,
                                       expected(board.board, section), section)
            standings.replace_board(scored)
            boards.append(scored)
    # Law 12C2c needs each pair's percentage on its other boards, so it comes last.
    final_boards = tuple(standings.apply_session_rule(scored) for scored in boards)
    scale = "imps" if session.method is not Method.MATCHPOINTS else regulations.scale.value
    handicaps = session.handicaps
    given = None if handicaps is None else (
        lambda section, direction, pair: handicaps.get((section, direction, pair), 0.0))
    return ScoredSession(regulations.name, scale, final_boards,
                         standings.ranking(session.penalties, given))
