"""Matches scored from the results held: teams home v away, Swiss pairs against the datum."""

from __future__ import annotations

from decimal import Decimal

from basestation.movements import SWISS_PAIRS, SWISS_TEAMS, TEAMS, match_movement
from basestation.scoring.imps import butler_imps
from basestation.scoring.match_scoring import (
    draw_round,
    draw_with_troika,
    event_matches,
    event_standings,
)
from basestation.scoring.troika import troika_draw
from basestation.scoring.vp import VpScale, vp


def test_teams_match_from_the_two_tables_seed_examples() -> None:
    # club-directors-manual.txt, "Teams on Club Night", Scoring: "E.g. 1. NS 3NT makes 3 =
    # 600; At opposite table NS 3NT makes 4 = 630 which is -630 to your EW; Team loss = -30"
    # and "E.g. 2. NS 3H N makes 4 = +170; At opposite table NS 4H N makes 4 = -420 ...
    # Team loss = -250".
    movement = match_movement(TEAMS, [[(1, 2)]], 2)
    scores = {(1, 1, 1): 600, (1, 2, 1): 630, (1, 1, 2): 170, (1, 2, 2): 420}
    [match] = event_matches(movement, scores)
    assert (match.team_a, match.team_b, match.tables) == (1, 2, (1, 2))
    assert match.result.board_imps == (-1, -6)  # -30 is 1 IMP, -250 is 6 IMPs
    assert (match.result.imps_a, match.result.imps_b) == (0, 7)
    assert match.result.vp_b == vp(VpScale.CONTINUOUS, 2, 7)
    assert match.finished


def test_a_live_match_counts_the_boards_in_at_both_tables_on_the_scheduled_scale() -> None:
    movement = match_movement(SWISS_TEAMS, [[(1, 2), (3, 4)]], 6, total_rounds=2)
    # Board 1 in at both tables of 1 v 2; board 2 only at the home table.
    scores = {(1, 1, 1): 620, (1, 2, 1): -100, (1, 1, 2): 50}
    first, second = event_matches(movement, scores)
    assert first.compared == 1 and not first.finished
    assert first.result.imps_a == 12  # 620 + 100 = 720: 12 IMPs
    assert first.result.vp_a == vp(VpScale.CONTINUOUS, 6, 12)  # six boards scheduled
    assert second.compared == 0
    table = event_standings([1, 2, 3, 4], [first, second])
    assert table[0].entrant == 1
    assert table[0].vps == vp(VpScale.CONTINUOUS, 6, 12)
    assert {row.entrant: row.vps for row in table}[3] == Decimal(0)


def test_swiss_pairs_scores_each_table_against_the_boards_datum() -> None:
    # club-directors-manual.txt, "Swiss Pairs", Scoring: "On each board, the computer
    # discards the top and bottom scores ... averages the remaining scores ... the 'datum'.
    # The result on each board is compared to the datum and the difference is converted to
    # IMPs; then, at the end of the round, the total IMPs are converted to Victory Points".
    movement = match_movement(SWISS_PAIRS, [[(1, 2), (3, 4), (5, 6), (7, 8)]], 1)
    field = [420, 450, 170, -50]
    scores = {(1, table, 1): score for table, score in enumerate(field, start=1)}
    matches = event_matches(movement, scores)
    expected = butler_imps(field, 1)
    assert [m.result.board_imps for m in matches] == [(e,) for e in expected]
    assert matches[0].result.vp_a == vp(VpScale.CONTINUOUS, 1, expected[0])
    assert all(m.result.vp_a + m.result.vp_b == 20 for m in matches)


def test_draw_round_seeds_two_rounds_then_goes_swiss() -> None:
    # club-directors-manual.txt, "Seeding and Draw for Swiss - Patrick Carter": with 20
    # entries round 1 is 1 v 11 .. 10 v 20, round 2 1 v 10 .. 5 v 6, 11 v 20 .. 15 v 16.
    entrants = list(range(1, 21))
    first = draw_round(entrants, 1, entrants, [])
    second = draw_round(entrants, 2, entrants, [first])
    assert first[0] == (1, 11) and first[-1] == (10, 20)
    assert second[:5] == [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]
    # Round 3: "First plays second, third plays fourth etc" unless they have met.
    ranked = [1, 11, 2, 12, *range(3, 11), *range(13, 21)]
    third = draw_round(entrants, 3, ranked, [first, second])
    assert third[0] == (1, 2)  # 1 has met 11: it takes the highest not yet met
    assert not {frozenset(p) for p in third} & {frozenset(p) for p in first + second}


def test_the_troika_is_the_bottom_three_not_yet_met() -> None:
    # club-directors-manual.txt, "Troika": "It is best to have the three bottom-ranked teams
    # play the Troika." (The full order: tests/scoring/test_troika_draw.py.)
    ranked = [4, 1, 7, 2, 6, 3, 5]
    assert troika_draw(ranked, set())[0] == (6, 3, 5)
    # 3 and 5 have met: 5 plays it with the two lowest that have met neither.
    assert troika_draw(ranked, {frozenset((3, 5))})[0] == (2, 6, 5)
    # Everyone has met everyone: the bottom three all the same.
    everyone = {frozenset((a, b)) for a in ranked for b in ranked if a != b}
    assert troika_draw(ranked, everyone)[0] == (6, 3, 5)


def test_an_odd_field_keeps_its_troika_for_the_second_round() -> None:
    entrants = list(range(1, 8))
    first, troika = draw_with_troika(entrants, 1, entrants, [], None)
    assert troika == (5, 6, 7) and first == [(1, 3), (2, 4)]  # seeds 1-4, Carter's way
    second, same = draw_with_troika(entrants, 2, [7, 1, 2, 3, 4, 5, 6], [first], troika)
    assert same == troika and second == [(1, 2), (3, 4)]
