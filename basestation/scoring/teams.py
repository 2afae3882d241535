"""Team matches: board-by-board IMPs between two tables, the match total, and its VPs.

Team A sits North-South at table 1 and East-West at table 2 (its team-mates), so on each board
team A's net score is table 1's NS score minus table 2's NS score, and that net is IMPed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from basestation.scoring.imps import imps
from basestation.scoring.vp import VP_TOTAL, VpScale, vp

__all__ = ["MatchResult", "TeamBoard", "board_imps", "match_result", "score_match"]


def board_imps(table1_ns: int, table2_ns: int) -> int:
    """Team A's IMPs on one board: it scored `table1_ns` at table 1 and `-table2_ns` at table 2."""
    return imps(table1_ns - table2_ns)


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a match: both tables' NS scores, or a director's IMP award for team A.

    `adjusted_imps` replaces the comparison when the board could not be compared normally
    (for example +ARTIFICIAL_IMPS for an average-plus to team A).
    """

    board: int
    table1_ns: int = 0
    table2_ns: int = 0
    adjusted_imps: int | None = None

    @property
    def imps(self) -> int:
        """Team A's IMPs on this board (team B's are the negative)."""
        if self.adjusted_imps is not None:
            return self.adjusted_imps
        return board_imps(self.table1_ns, self.table2_ns)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished head-to-head match: gross IMPs each way, and the 20 VPs shared out."""

    team_a: int
    team_b: int
    boards: int
    imps_a: int
    imps_b: int
    vp_a: Decimal
    vp_b: Decimal
    scale: VpScale
    board_imps: tuple[int, ...] = ()

    @property
    def margin(self) -> int:
        """Team A's net IMPs (negative when team B won)."""
        return self.imps_a - self.imps_b

    def vp_of(self, team: int) -> Decimal:
        """The VPs this match gave `team`."""
        if team == self.team_a:
            return self.vp_a
        if team == self.team_b:
            return self.vp_b
        raise ValueError(f"team {team} did not play in match {self.team_a} v {self.team_b}")

    def opponent_of(self, team: int) -> int:
        """The other team in this match."""
        if team == self.team_a:
            return self.team_b
        if team == self.team_b:
            return self.team_a
        raise ValueError(f"team {team} did not play in match {self.team_a} v {self.team_b}")


def match_result(
    team_a: int,
    team_b: int,
    imps_a: int,
    imps_b: int,
    boards: int,
    *,
    scale: VpScale = VpScale.CONTINUOUS,
    board_imps: Sequence[int] = (),
) -> MatchResult:
    """A match from its gross IMP totals (as written on the seed's Match Results slip)."""
    if team_a == team_b:
        raise ValueError(f"team {team_a} cannot play itself")
    if imps_a < 0 or imps_b < 0:
        raise ValueError("gross IMP totals are not negative; pass each side's IMPs won")
    vp_a = vp(scale, boards, imps_a - imps_b)
    return MatchResult(
        team_a=team_a,
        team_b=team_b,
        boards=boards,
        imps_a=imps_a,
        imps_b=imps_b,
        vp_a=vp_a,
        vp_b=Decimal(VP_TOTAL) - vp_a,
        scale=scale,
        board_imps=tuple(board_imps),
    )


def score_match(
    team_a: int,
    team_b: int,
    boards: Sequence[TeamBoard],
    scale: VpScale = VpScale.CONTINUOUS,
    scheduled_boards: int | None = None,
) -> MatchResult:
    """Scores a match board by board, totals each side's IMPs and converts the margin to VPs.

    The VP scale is chosen by the boards scheduled (default: the boards given); a board that
    could not be compared is simply left out, as the seed says for a wrong board at one table.
    """
    numbers = [board.board for board in boards]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"a board appears twice in match {team_a} v {team_b}")
    per_board = tuple(board.imps for board in boards)
    return match_result(
        team_a,
        team_b,
        imps_a=sum(won for won in per_board if won > 0),
        imps_b=-sum(lost for lost in per_board if lost < 0),
        boards=scheduled_boards if scheduled_boards is not None else len(boards),
        scale=scale,
        board_imps=per_board,
    )
