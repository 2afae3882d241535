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
    # Team B's own IMPs when a ruling gives the two teams different results (Law 12C2b's
    # average plus to both, a differential adjustment); None: the negative of team A's.
    adjusted_imps_b: int | None = None

    @property
    def imps(self) -> int:
        """Team A's IMPs on this board (team B's are the negative)."""
        if self.adjusted_imps is not None:
            return self.adjusted_imps
        return board_imps(self.table1_ns, self.table2_ns)

    @property
    def imps_b(self) -> int:
        """Team B's IMPs on this board."""
        return -self.imps if self.adjusted_imps_b is None else self.adjusted_imps_b


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
    # Team B's own net IMPs when the two teams' results differ (a differential ruling, a
    # penalty); None: the negative of team A's margin.
    own_margin_b: int | None = None
    penalty_a: int = 0  # IMPs the director took off each team in this match
    penalty_b: int = 0
    board_imps_b: tuple[int, ...] = ()  # team B's own, when they differ

    @property
    def margin(self) -> int:
        """Team A's net IMPs (negative when team B won), after IMP penalties."""
        return self.imps_a - self.imps_b - self.penalty_a + self.penalty_b

    def margin_of(self, team: int) -> int:
        """`team`'s own net IMPs in this match."""
        if team == self.team_a:
            return self.margin
        if team == self.team_b:
            return -self.margin if self.own_margin_b is None else self.own_margin_b
        raise ValueError(f"team {team} did not play in match {self.team_a} v {self.team_b}")

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
    own_margin_b: int | None = None,
    penalty_a: int = 0,
    penalty_b: int = 0,
    board_imps_b: Sequence[int] = (),
) -> MatchResult:
    """A match from its gross IMP totals (as written on the seed's Match Results slip).

    An IMP penalty comes off the penalised team's score in the match, so it moves the margin
    for both teams (rectification-of-fouled-movements.txt: a fine "should not have a direct
    effect on their opponent's score - except in Teams Matches, of course"). With
    `own_margin_b` (a differential) each team's VPs come from its own margin and need not
    add up to 20."""
    if team_a == team_b:
        raise ValueError(f"team {team_a} cannot play itself")
    if imps_a < 0 or imps_b < 0:
        raise ValueError("gross IMP totals are not negative; pass each side's IMPs won")
    if penalty_a < 0 or penalty_b < 0:
        raise ValueError("an IMP penalty is the IMPs taken off, not negative")
    margin_a = imps_a - imps_b - penalty_a + penalty_b
    vp_a = vp(scale, boards, margin_a)
    if own_margin_b is not None:
        own_margin_b += penalty_a - penalty_b
    return MatchResult(
        team_a=team_a,
        team_b=team_b,
        boards=boards,
        imps_a=imps_a,
        imps_b=imps_b,
        vp_a=vp_a,
        vp_b=Decimal(VP_TOTAL) - vp_a if own_margin_b is None else vp(scale, boards,
                                                                       own_margin_b),
        scale=scale,
        board_imps=tuple(board_imps),
        own_margin_b=own_margin_b,
        penalty_a=penalty_a,
        penalty_b=penalty_b,
        board_imps_b=tuple(board_imps_b),
    )


def score_match(
    team_a: int,
    team_b: int,
    boards: Sequence[TeamBoard],
    scale: VpScale = VpScale.CONTINUOUS,
    scheduled_boards: int | None = None,
    *,
    penalty_a: int = 0,
    penalty_b: int = 0,
) -> MatchResult:
    """Scores a match board by board, totals each side's IMPs and converts the margin to VPs.

    The VP scale is chosen by the boards scheduled (default: the boards given); a board that
    could not be compared is simply left out, as the seed says for a wrong board at one table.
    """
    numbers = [board.board for board in boards]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"a board appears twice in match {team_a} v {team_b}")
    per_board = tuple(board.imps for board in boards)
    per_board_b = tuple(board.imps_b for board in boards)
    differential = any(b != -a for a, b in zip(per_board, per_board_b, strict=True))
    return match_result(
        team_a,
        team_b,
        imps_a=sum(won for won in per_board if won > 0),
        imps_b=-sum(lost for lost in per_board if lost < 0),
        boards=scheduled_boards if scheduled_boards is not None else len(boards),
        scale=scale,
        board_imps=per_board,
        own_margin_b=sum(per_board_b) if differential else None,
        penalty_a=penalty_a,
        penalty_b=penalty_b,
        board_imps_b=per_board_b if differential else (),
    )
