"""Adjusted scores and penalties in teams and Swiss pairs matches."""

from __future__ import annotations

from decimal import Decimal

from basestation.movements import SWISS_PAIRS, TEAMS, match_movement
from basestation.scoring.adjusted import parse_adjusted
from basestation.scoring.imps import butler_imps
from basestation.scoring.match_scoring import event_matches, event_standings
from basestation.scoring.traveller import Artificial, TravellerResult, WeightedOutcome
from basestation.scoring.vp import VpScale, vp


def artificial(text: str) -> TravellerResult:
    return TravellerResult(0, 0, artificial=Artificial(*parse_adjusted(text)))


def played(score: int) -> TravellerResult:
    return TravellerResult(0, 0, score_ns=score)


def one_board_match(home: TravellerResult, away: TravellerResult) -> tuple[int, int]:
    [match] = event_matches(match_movement(TEAMS, [[(1, 2)]], 1),
                            {(1, 1, 1): home, (1, 2, 1): away})
    assert match.compared == 1
    board_b = match.result.board_imps_b or tuple(-i for i in match.result.board_imps)
    return match.result.board_imps[0], board_b[0]


def test_law_12c2b_average_plus_and_minus_are_3_imps_in_a_teams_match() -> None:
    # law12-adjusted-scores.txt, 12C2(b): "average plus or average minus at IMP play, that
    # score is plus 3 IMPs or minus 3 IMPs respectively"; rectification-of-fouled-movements
    # .txt: average "Imps = zero IMPs to each side".
    assert one_board_match(artificial("AVE+/AVE-"), played(420)) == (3, -3)
    assert one_board_match(artificial("AVE-/AVE+"), played(420)) == (-3, 3)
    assert one_board_match(artificial("AVE"), played(420)) == (0, 0)
    # Each side its own: both in no way at fault take +3 each (Law 12C2(a)).
    assert one_board_match(artificial("AVE+"), played(420)) == (3, 3)
    # At the away table team A sits EW: its award is the EW side's.
    assert one_board_match(played(420), artificial("AVE+/AVE-")) == (-3, 3)
    # Artificial at both tables: the awards add up.
    assert one_board_match(artificial("AVE+/AVE-"), artificial("AVE-/AVE+")) == (6, -6)


def test_an_adjusted_board_counts_in_the_match_vps() -> None:
    movement = match_movement(TEAMS, [[(1, 2)]], 2)
    scores = {(1, 1, 1): artificial("AVE+/AVE-"), (1, 2, 1): played(420),
              (1, 1, 2): 100, (1, 2, 2): 100}
    [match] = event_matches(movement, scores)
    assert match.finished and match.compared_boards == (1, 2)
    assert (match.result.imps_a, match.result.imps_b) == (3, 0)
    assert match.result.vp_a == vp(VpScale.CONTINUOUS, 2, 3)


def test_assigned_and_weighted_scores_are_imped_against_the_other_table() -> None:
    assigned = TravellerResult(0, 0, score_ns=620)  # an assigned adjusted score (4S made)
    assert one_board_match(assigned, played(170)) == (10, -10)
    # Law 12C1(c) weighted: 50% of 620 and 50% of -100 against 170 at the other table:
    # 620-170 = 450 is 10 IMPs, -100-170 = -270 is -7 IMPs; 0.5*10 + 0.5*-7 = 1.5 -> 2.
    weighted = TravellerResult(0, 0, weighted=(WeightedOutcome(620, 50), WeightedOutcome(-100, 50)))
    assert one_board_match(weighted, played(170)) == (2, -2)


def test_a_differential_gives_each_team_its_own_vps() -> None:
    # rectification-of-fouled-movements.txt, "Differential Adjustments": "In a match tied at
    # 24 IMPs each apart from the board where a differential adjustment has caused the
    # non-offenders to lose 3 IMPs and the offenders to square the board, the result is:
    # (a) a tie for the offenders 10 VPs out of 20 (b) a loss for the non-offenders 9VPs".
    movement = match_movement(TEAMS, [[(1, 2)]], 8)
    scores: dict[tuple[int, int, int], int | TravellerResult] = {}
    for board in range(1, 8):  # 24 IMPs each: 12+12 to team 1, 12+12 to team 2, three evens
        home, away = {1: (620, -100), 2: (620, -100), 3: (-100, 620), 4: (-100, 620)}.get(
            board, (420, 420))
        scores[(1, 1, board)], scores[(1, 2, board)] = played(home), played(away)
    # Board 8: team 1 (NS at table 1) is not at fault and is scored 4S-1 (-100) against the
    # other table's -10 (lose 3 IMPs); team 2, the offenders, are scored -10 as at the other
    # table (square).
    scores[(1, 1, 8)] = TravellerResult(0, 0, split=(-100, -10))
    scores[(1, 2, 8)] = played(-10)
    [match] = event_matches(movement, scores, scale=VpScale.DISCRETE)
    assert match.result.board_imps[-1] == -3 and match.result.board_imps_b[-1] == 0
    assert (match.result.vp_a, match.result.vp_b) == (9, 10)


def test_imp_penalty_off_a_match_changes_its_vps() -> None:
    # rectification-of-fouled-movements.txt, "Match Play": "The team responsible for the
    # fouling will be fined 3 IMPs"; the fine moves the match for both teams ("except in
    # Teams Matches, of course").
    movement = match_movement(TEAMS, [[(1, 2)]], 2)
    scores = {(1, 1, 1): 420, (1, 2, 1): 420, (1, 1, 2): 100, (1, 2, 2): 100}
    [match] = event_matches(movement, scores, imp_penalties={(1, 1): 3})
    assert match.result.margin == -3
    assert match.result.vp_a == vp(VpScale.CONTINUOUS, 2, -3)
    assert match.result.vp_a + match.result.vp_b == 20


def test_fouled_teams_get_an_even_match_and_two_vps_off_each() -> None:
    # club-directors-manual.txt, "Penalty for fouled teams": "Two teams whose pairs both play
    # in the same direction are given a penalty score of 8 VPs each. I.e. give them average
    # match score: 10-10 and the Adjustment of -2 each."
    movement = match_movement(TEAMS, [[(1, 2), (3, 4)]], 2)
    scores: dict[tuple[int, int, int], int | TravellerResult] = {
        (1, t, b): artificial("AVE") for t in (1, 2) for b in (1, 2)}
    scores |= {(1, 3, 1): 420, (1, 4, 1): -100, (1, 3, 2): 100, (1, 4, 2): 100}
    matches = event_matches(movement, scores)
    assert (matches[0].result.vp_a, matches[0].result.vp_b) == (10, 10)
    table = {row.entrant: row for row in event_standings(
        [1, 2, 3, 4], matches, {1: Decimal(2), 2: Decimal(2)})}
    assert table[1].vps == table[2].vps == 8


def test_swiss_pairs_artificial_score_is_its_imps_and_not_in_the_datum() -> None:
    # law12-adjusted-scores.txt, 12C2(b), in Swiss pairs' Butler scoring: the AVE+/AVE- table
    # takes +3/-3; the datum is made of the three scores played.
    movement = match_movement(SWISS_PAIRS, [[(1, 2), (3, 4), (5, 6), (7, 8)]], 1)
    field = [420, 450, 170]
    scores: dict[tuple[int, int, int], int | TravellerResult] = {
        (1, table, 1): score for table, score in enumerate(field, start=1)}
    scores[(1, 4, 1)] = artificial("AVE+/AVE-")
    matches = event_matches(movement, scores)
    assert [m.result.board_imps for m in matches[:3]] == [(e,) for e in butler_imps(field, 1)]
    assert matches[3].result.board_imps == (3,)
    assert matches[3].result.vp_a == vp(VpScale.CONTINUOUS, 1, 3)
    both_plus = event_matches(movement, {**scores, (1, 4, 1): artificial("AVE+")})[3]
    assert (both_plus.result.board_imps, both_plus.result.board_imps_b) == ((3,), (3,))
