"""Scoring one board in IMPs: Butler against a datum, or cross-IMPs against every result."""

from __future__ import annotations

from collections.abc import Sequence

from basestation.scoring.adjusted import award_percent
from basestation.scoring.imps import butler_datum, butler_imps, cross_imps, imps
from basestation.scoring.regulations import Regulations
from basestation.scoring.scored import ScoredBoard, ScoredResult
from basestation.scoring.traveller import BoardTraveller, Method, TravellerResult


def score_imp_board(
    board: BoardTraveller, regulations: Regulations, method: Method, section: str = ""
) -> ScoredBoard:
    """IMPs for every result; each fouled version of the board is compared only with itself."""
    groups: dict[int, list[int]] = {}
    for result in board.results:
        if result.score_ns is not None:
            groups.setdefault(result.fouled, []).append(result.score_ns)
    table_imps = {version: _compare(scores, regulations, method)
                  for version, scores in groups.items()}
    position = dict.fromkeys(groups, 0)
    scored = []
    for result in board.results:
        imp_ns: float | None
        imp_ew: float | None
        field = groups.get(result.fouled, [])
        if result.score_ns is not None:
            imp_ns = table_imps[result.fouled][position[result.fouled]]
            position[result.fouled] += 1
            imp_ew = -imp_ns
        elif result.artificial is not None:
            imp_ns = artificial_imps(award_percent(result.artificial.ns, regulations), regulations)
            imp_ew = artificial_imps(award_percent(result.artificial.ew, regulations), regulations)
        elif result.weighted:
            imp_ns = sum(_against(field, outcome.score_ns, regulations, method) * outcome.weight
                         / 100 for outcome in result.weighted)
            imp_ew = -imp_ns
        elif result.split is not None:
            imp_ns = _against(field, result.split[0], regulations, method)
            imp_ew = -_against(field, result.split[1], regulations, method)
        else:
            imp_ns = imp_ew = None
        if result.arrowswitch:
            imp_ns, imp_ew = imp_ew, imp_ns
        scored.append(_line(result, imp_ns, imp_ew))
    return ScoredBoard(board.board, None, tuple(scored), section)


def _compare(scores: Sequence[int], regulations: Regulations, method: Method) -> list[float]:
    if method is Method.BUTLER:
        return [float(value) for value in butler_imps(scores, regulations.butler_trim)]
    return cross_imps(scores)


def _against(field: Sequence[int], score: int, regulations: Regulations, method: Method) -> float:
    """IMPs of a score that is not itself in the field (a weighted outcome, a split side)."""
    if not field:
        return 0.0
    if method is Method.BUTLER:
        return float(imps(score - butler_datum(field, regulations.butler_trim)))
    return sum(imps(score - other) for other in field) / len(field)


def artificial_imps(percent: float, regulations: Regulations) -> float:
    """Average-plus is +3 IMPs and average-minus -3 (Law 12C2b); other percentages in line."""
    step = regulations.average_plus_percent - regulations.average_percent
    return round((percent - regulations.average_percent) / step * regulations.imps_average_plus, 2)


def _line(result: TravellerResult, imp_ns: float | None, imp_ew: float | None) -> ScoredResult:
    return ScoredResult(result, result.score_ns, None, None, None, None,
                        None if imp_ns is None else round(imp_ns, 2),
                        None if imp_ew is None else round(imp_ew, 2))
