"""One board of a teams match from its two tables' entries, adjusted scores included.

Each table's entry is a `TravellerResult`: a score (played, or an assigned adjusted score,
compared like any table result), an artificial score, a weighted score or a split score.

- An artificial score at a table gives each side there its own IMPs (law12-adjusted-scores.txt,
  12C2(b): "average plus or average minus at IMP play ... is plus 3 IMPs or minus 3 IMPs";
  rectification-of-fouled-movements.txt: "Imps = zero IMPs to each side" for an average).
  The other table's result is then not compared: there is nothing to compare it with, as for
  a board not played at one table (club-directors-manual.txt, "Teams Events": "no result can
  be obtained, so the board is simply wiped"). Artificial scores at both tables add up. The
  seeds are silent on a board with one table artificial and the other played; this is the
  choice made, and it keeps the played table's result from counting twice.
- A weighted score (Law 12C1(c)) gives the weighted sum of the IMPs of each outcome against the
  other table, rounded to a whole IMP on the board (half away from zero), so a match's totals
  and its VP scale stay in whole IMPs (the seeds are silent on fractions).
- A split score gives each side its own comparison, so the teams' IMPs may not balance
  (rectification-of-fouled-movements.txt, "Differential Adjustments": "In Match Play, a
  differential will usually produce two different IMP results").
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from basestation.scoring.adjusted import award_percent
from basestation.scoring.imp_board import artificial_imps
from basestation.scoring.imps import imps
from basestation.scoring.regulations import Regulations
from basestation.scoring.teams import TeamBoard
from basestation.scoring.traveller import TravellerResult

__all__ = ["side_scores", "team_board", "whole_imps"]

# A side's possible NS-signed scores at a table, each with its weight in percent.
Outcomes = Sequence[tuple[int, float]]


def whole_imps(value: float) -> int:
    """A board's IMPs rounded to a whole IMP, half away from zero."""
    return int(Decimal(str(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def side_scores(result: TravellerResult, side: str) -> Outcomes:
    """The NS-signed scores the NS or EW side of a table is credited with (no artificial)."""
    if result.split is not None:
        return [(result.split[0] if side == "NS" else result.split[1], 100.0)]
    if result.weighted:
        return [(o.score_ns, o.weight) for o in result.weighted]
    assert result.score_ns is not None
    return [(result.score_ns, 100.0)]


def _compare(ours: Outcomes, theirs: Outcomes) -> int:
    """IMPs of a side scoring `ours` at one table against its team-mates' `theirs` (the
    scores at the other table, NS-signed there, where the team sits the other way)."""
    return whole_imps(sum(imps(a - b) * wa * wb / 10000 for a, wa in ours for b, wb in theirs))


def _artificial(result: TravellerResult, side: str, regulations: Regulations) -> int:
    assert result.artificial is not None
    award = result.artificial.ns if side == "NS" else result.artificial.ew
    return whole_imps(artificial_imps(award_percent(award, regulations), regulations))


def team_board(board: int, home: TravellerResult, away: TravellerResult,
               regulations: Regulations) -> TeamBoard:
    """The board's IMPs for team A (NS at `home`) and team B (NS at `away`)."""
    if home.artificial is not None or away.artificial is not None:
        a = b = 0
        if home.artificial is not None:
            a += _artificial(home, "NS", regulations)
            b += _artificial(home, "EW", regulations)
        if away.artificial is not None:
            a += _artificial(away, "EW", regulations)
            b += _artificial(away, "NS", regulations)
        return TeamBoard(board, adjusted_imps=a, adjusted_imps_b=b)
    if home.score_ns is not None and away.score_ns is not None:
        return TeamBoard(board, home.score_ns, away.score_ns)
    a = _compare(side_scores(home, "NS"), side_scores(away, "EW"))
    b = _compare(side_scores(away, "NS"), side_scores(home, "EW"))
    return TeamBoard(board, adjusted_imps=a, adjusted_imps_b=None if b == -a else b)
