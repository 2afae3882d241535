"""Swiss: seeded first rounds, the draw, standings and Swiss points."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings

from basestation.scoring.swiss import (
    already_played,
    seeded_first_rounds,
    standings,
    swiss_draw,
    swiss_points,
)
from basestation.scoring.teams import MatchResult, match_result
from tests.scoring.helpers import swiss_fields


def test_seeded_rounds_twenty_entries() -> None:
    # club-directors-manual.txt, "Seeding and Draw for Swiss - Patrick Carter", first table.
    round_1, round_2 = seeded_first_rounds(20)
    assert round_1 == [(i, i + 10) for i in range(1, 11)]
    assert round_2 == [
        (1, 10), (2, 9), (3, 8), (4, 7), (5, 6),
        (11, 20), (12, 19), (13, 18), (14, 17), (15, 16),
    ]  # fmt: skip


def test_seeded_rounds_twenty_two_entries() -> None:
    # Same section, the 22-entry table: seeds 9-14 are a pool of six among themselves.
    round_1, round_2 = seeded_first_rounds(22)
    outer_1 = [pair for pair in round_1 if not set(pair) <= set(range(9, 15))]
    outer_2 = [pair for pair in round_2 if not set(pair) <= set(range(9, 15))]
    assert outer_1 == [(1, 15), (2, 16), (3, 17), (4, 18), (5, 19), (6, 20), (7, 21), (8, 22)]
    assert outer_2 == [(1, 8), (2, 7), (3, 6), (4, 5), (15, 22), (16, 21), (17, 20), (18, 19)]
    assert len(round_1) == len(round_2) == 11


@pytest.mark.parametrize("entries", range(4, 41, 2))
def test_seeded_rounds_are_full_and_fair(entries: int) -> None:
    round_1, round_2 = seeded_first_rounds(entries)
    for round_ in (round_1, round_2):
        seated = [seed for pair in round_ for seed in pair]
        assert sorted(seated) == list(range(1, entries + 1))
    assert not {frozenset(p) for p in round_1} & {frozenset(p) for p in round_2}
    if entries % 4 == 0:
        # "if you added up the seedings of your two opponents ... they always added up to 21"
        opponents: dict[int, int] = {}
        for a, b in round_1 + round_2:
            opponents[a] = opponents.get(a, 0) + b
            opponents[b] = opponents.get(b, 0) + a
        assert set(opponents.values()) == {entries + 1}


def test_seeded_rounds_need_an_even_field() -> None:
    with pytest.raises(ValueError, match="even number"):
        seeded_first_rounds(7)
    with pytest.raises(ValueError, match="even number"):
        seeded_first_rounds(2)


def test_draw_without_history_is_first_v_second() -> None:
    # club-directors-manual.txt, "Swiss Teams", Scoring: "First plays second, third plays
    # fourth etc, with second-to-last playing last."
    assert swiss_draw([5, 2, 7, 1, 3, 8], set()) == [(5, 2), (7, 1), (3, 8)]


def test_draw_takes_the_highest_team_not_yet_played() -> None:
    assert swiss_draw([1, 2, 3, 4], {frozenset((1, 2))}) == [(1, 3), (2, 4)]


def test_draw_backtracks_when_the_greedy_choice_strands_a_pair() -> None:
    # Greedy 1 v 3 would leave 2 v 4, who have met: 1 takes 4 instead.
    played = {frozenset((1, 2)), frozenset((2, 4))}
    assert swiss_draw([1, 2, 3, 4], played) == [(1, 4), (2, 3)]


def test_draw_repeats_only_when_unavoidable() -> None:
    everyone = {frozenset(pair) for pair in [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]}
    assert swiss_draw([1, 2, 3, 4], everyone) == [(1, 2), (3, 4)]
    # 1 v 3 would be the usual choice, but only 1 v 2 and 3 v 4 are fresh.
    played = {frozenset(pair) for pair in [(1, 3), (1, 4), (2, 3), (2, 4)]}
    assert swiss_draw([1, 2, 3, 4], played) == [(1, 2), (3, 4)]
    one_forced = {frozenset(pair) for pair in [(1, 2), (1, 3), (1, 4), (2, 3)]}
    # 1 has played everyone: one repeat is needed, and 1 v 2 then leaves 3 v 4 fresh.
    assert swiss_draw([1, 2, 3, 4], one_forced) == [(1, 2), (3, 4)]


def test_draw_needs_an_even_field_of_distinct_entrants() -> None:
    with pytest.raises(ValueError, match="even number"):
        swiss_draw([1, 2, 3], set())
    with pytest.raises(ValueError, match="twice"):
        swiss_draw([1, 2, 2, 3], set())


def _perfect_matchings(entrants: list[int]) -> list[list[tuple[int, int]]]:
    if not entrants:
        return [[]]
    first, rest = entrants[0], entrants[1:]
    matchings = []
    for index, other in enumerate(rest):
        for tail in _perfect_matchings(rest[:index] + rest[index + 1 :]):
            matchings.append([(first, other), *tail])
    return matchings


@settings(max_examples=150, deadline=None)
@given(swiss_fields(5, 3))
def test_draw_has_the_fewest_repeats_possible(
    case: tuple[list[int], set[tuple[int, int]]],
) -> None:
    ranked, history = case
    played = {frozenset(pair) for pair in history}
    draw = swiss_draw(ranked, played)
    assert sorted(entrant for pair in draw for entrant in pair) == sorted(ranked)
    repeats = sum(frozenset(pair) in played for pair in draw)
    fewest = min(
        sum(frozenset(pair) in played for pair in matching)
        for matching in _perfect_matchings(list(ranked))
    )
    assert repeats == fewest


def test_draw_stays_fresh_over_a_long_swiss() -> None:
    # 32 teams, 8 rounds of Swiss draws on a fixed ranking that would collide every round.
    ranked = list(range(1, 33))
    matches: list[MatchResult] = []
    for _ in range(8):
        draw = swiss_draw(ranked, already_played(matches))
        assert not {frozenset(pair) for pair in draw} & already_played(matches)
        matches += [match_result(a, b, 10, 0, boards=8) for a, b in draw]


def _match(a: int, b: int, vp_a: str, imps_a: int = 0, imps_b: int = 0) -> MatchResult:
    return MatchResult(
        team_a=a,
        team_b=b,
        boards=8,
        imps_a=imps_a,
        imps_b=imps_b,
        vp_a=Decimal(vp_a),
        vp_b=20 - Decimal(vp_a),
        scale=match_result(1, 2, 0, 0, boards=8).scale,
    )


def test_swiss_points_exclude_the_match_between_the_two() -> None:
    # club-directors-manual.txt, "Swiss Teams", Scoring: Swiss points are "the total of all the
    # VPs won by each team they played excluding the result of the match between the two".
    matches = [
        _match(1, 2, "15.00"),
        _match(3, 4, "12.00"),
        _match(1, 3, "11.00"),
        _match(2, 4, "16.00"),
    ]
    # VPs: 1 = 26, 2 = 21, 3 = 21, 4 = 12. Team 1 met 2 (21 - 5) and 3 (21 - 9); team 2 met
    # 1 (26 - 15) and 4 (12 - 4); team 3 met 4 (12 - 8) and 1 (26 - 11); team 4 met 3
    # (21 - 12) and 2 (21 - 16).
    assert swiss_points(matches) == {
        1: Decimal("28.00"),
        2: Decimal("19.00"),
        3: Decimal("19.00"),
        4: Decimal("14.00"),
    }


def test_standings_break_ties_by_swiss_points_then_imps() -> None:
    matches = [
        _match(1, 2, "15.00"),
        _match(3, 4, "15.00"),
        _match(1, 4, "5.00"),
        _match(2, 3, "5.00"),
    ]
    # VPs: 1 = 20, 2 = 10, 3 = 30, 4 = 20; Swiss: 1 = (10 - 5) + (20 - 15) = 10,
    # 4 = (30 - 15) + (20 - 5) = 30: team 4 ranks above team 1.
    table = standings([1, 2, 3, 4], matches)
    assert [row.entrant for row in table] == [3, 4, 1, 2]
    assert [row.rank for row in table] == [1, 2, 3, 4]
    assert table[1].swiss_points == Decimal("30.00")


def test_standings_share_a_rank_when_everything_ties() -> None:
    table = standings([1, 2, 3], [_match(1, 2, "10.00")])
    assert [(row.entrant, row.rank, row.vps) for row in table] == [
        (1, 1, Decimal("10.00")),
        (2, 1, Decimal("10.00")),
        (3, 3, Decimal(0)),
    ]


def test_standings_then_by_net_imps() -> None:
    matches = [_match(1, 2, "10.00", 20, 20), _match(3, 4, "10.00", 30, 29)]
    table = standings([1, 2, 3, 4], matches)
    assert [(row.entrant, row.rank, row.imps) for row in table] == [
        (3, 1, 1),
        (1, 2, 0),
        (2, 2, 0),
        (4, 4, -1),
    ]
