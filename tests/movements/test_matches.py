"""Match movements: the teams round robin with home and away tables, and Swiss rounds."""

from __future__ import annotations

import pytest

from basestation.movements import (
    SWISS_PAIRS,
    SWISS_TEAMS,
    TEAMS,
    MovementError,
    add_round,
    american_whist,
    match_movement,
    match_rounds,
    matches_of,
    round_robin,
    troikas_of,
)


@pytest.mark.parametrize("teams", [2, 4, 6, 8, 10, 12, 20])
def test_round_robin_every_team_meets_every_other_once(teams: int) -> None:
    # club-directors-manual.txt, "Round Robin": "Every team plays every other team; Number
    # rounds = number teams -1 (8 teams = 7 rounds)".
    rounds = round_robin(teams)
    assert len(rounds) == teams - 1
    met = [frozenset(pair) for matches in rounds for pair in matches]
    assert len(met) == len(set(met)) == teams * (teams - 1) // 2
    for matches in rounds:
        assert sorted(e for pair in matches for e in pair) == list(range(1, teams + 1))


def test_round_robin_needs_an_even_field() -> None:
    with pytest.raises(MovementError, match="even number of teams"):
        round_robin(7)


def test_teams_home_and_away_tables_share_the_boards() -> None:
    # club-directors-manual.txt, "Teams": "One of your pairs sits North-South at your home
    # table; the other sits East-West at your opponents' home table", and "The same boards are
    # played at both tables" ("Teams on Club Night").
    movement = match_movement(TEAMS, round_robin(4), 8)
    assert movement.two_field and movement.tables == 4 and movement.rounds == 3
    assert movement.boards == 24
    home, away = movement.at(1, 1), movement.at(1, 2)
    assert home is not None and away is not None
    assert (home.ns, home.ew) == (1, 4) and (away.ns, away.ew) == (4, 1)
    assert home.boards == away.boards == tuple(range(1, 9))
    assert movement.at(2, 1).boards == tuple(range(9, 17))  # type: ignore[union-attr]
    # Each team's NS pair and EW pair are at exactly one table every round.
    for round_ in range(1, 4):
        for team in range(1, 5):
            ns = movement.seat_of(team, "NS", round_)
            ew = movement.seat_of(team, "EW", round_)
            assert ns is not None and ew is not None and ns[0] != ew[0]
    assert [(m.pair, m.tables, m.rounds) for m in matches_of(movement, 1)] == [
        ((1, 4), (1, 2), (1, 1)), ((2, 3), (3, 4), (1, 1))]
    assert match_rounds(movement) == round_robin(4)


def test_swiss_movement_grows_round_by_round_with_boards_numbered_on() -> None:
    first = match_movement(SWISS_TEAMS, [[(1, 3), (2, 4)]], 6, total_rounds=3)
    assert first.rounds == 1 and first.boards == 18
    second = match_movement(SWISS_TEAMS, [[(1, 3), (2, 4)], [(1, 2), (3, 4)]], 6,
                            total_rounds=3)
    assert second.round_of(1) == first.round_of(1)  # what was played still fits
    assert second.at(2, 1).boards == tuple(range(7, 13))  # type: ignore[union-attr]


def test_swiss_pairs_is_one_table_per_match_in_one_field() -> None:
    movement = match_movement(SWISS_PAIRS, [[(1, 2), (3, 4), (5, 6)]], 4)
    assert not movement.two_field and movement.tables == 3
    assert [(m.pair, m.tables) for m in matches_of(movement, 1)] == [
        ((1, 2), (1,)), ((3, 4), (2,)), ((5, 6), (3,))]


def test_bad_draws_are_refused_plainly() -> None:
    with pytest.raises(MovementError, match="plays two matches"):
        match_movement(TEAMS, [[(1, 2), (2, 3)]], 4)
    with pytest.raises(MovementError, match="cannot play itself"):
        match_movement(SWISS_PAIRS, [[(1, 1)]], 4)
    with pytest.raises(MovementError, match="unknown match kind"):
        match_movement("mitchell", [[(1, 2)]], 4)
    with pytest.raises(MovementError, match="at least one round"):
        match_movement(TEAMS, [], 4)


# club-directors-manual.txt, "American Whist Movement": "For 5 tables, use 30 boards; for 7
# tables, 28 boards; for 9 tables, 27 boards; for 13 tables, 26 boards ... put 33 boards in
# play [for eleven] ... In all cases, 24 boards are played in the session."
SEED_BOARDS = {5: 30, 7: 28, 9: 27, 11: 33, 13: 26}


@pytest.mark.parametrize(("teams", "boards"), sorted(SEED_BOARDS.items()))
def test_american_whist_as_the_seed_lays_it_out(teams: int, boards: int) -> None:
    movement = american_whist(teams, boards // teams)
    assert movement.boards == boards and movement.tables == teams
    for team in range(1, teams + 1):
        played = [a for a in movement.assignments if team in (a.ns, a.ew)]
        assert sum(len(a.boards) for a in played) // 2 == 24  # each half-match, both pairs
        # "NS pairs remain stationary".
        assert len({a.table for a in movement.assignments if a.ns == team}) == 1
    home = {a.ns: a.table for a in movement.assignments}
    # "each team never plays the boards that started on its home table" (set t at table t).
    per_set = boards // teams
    for a in movement.assignments:
        for team in (a.ns, a.ew):
            assert team is not None
            own = (home[team] - 1) * per_set + 1
            assert own not in a.boards
    places = [place for r in range(1, movement.rounds + 1) for place in matches_of(movement, r)]
    met = [frozenset(place.pair) for place in places]
    assert len(met) == len(set(met))
    if teams == 11:
        # "skip the first and last rounds ... so each team plays only 8 of the other 10".
        assert movement.rounds == 8 and len(met) == 11 * 8 // 2
    else:
        assert movement.rounds == teams - 1 and len(met) == teams * (teams - 1) // 2
    for place in places:
        # "the two halves of a given match are played using the same boards".
        (r1, t1), (r2, t2) = place.seats
        first, second = movement.at(r1, t1), movement.at(r2, t2)
        assert first is not None and second is not None
        assert first.boards == second.boards and (first.ns, first.ew) == (second.ew, second.ns)


def test_eleven_teams_are_seated_in_the_seeds_order() -> None:
    # "Seeding 11 teams: Seat them in the order 1-9-6-3-11-4-5-10-2-7-8, i.e. the top seed at
    # table 1, the 9th seed at table 2, etc."
    movement = american_whist(11, 3)
    assert [movement.at(1, t).ns for t in range(1, 12)] == [  # type: ignore[union-attr]
        1, 9, 6, 3, 11, 4, 5, 10, 2, 7, 8]


def test_american_whist_needs_an_odd_field_of_5_to_13() -> None:
    for teams in (3, 6, 15):
        with pytest.raises(MovementError, match="odd number of teams from 5 to 13"):
            american_whist(teams, 4)


def test_troika_as_the_seed_lays_it_out() -> None:
    # club-directors-manual.txt, "Troika": "three teams play one another over two rounds ...
    # you will need three sets of boards": round 1 tables 1-3: 1 v 3 on A, 2 v 1 on B,
    # 3 v 2 on C; round 2: 1 v 2 on B, 2 v 3 on C, 3 v 1 on A.
    movement = match_movement(SWISS_TEAMS, [[(1, 2)], [(1, 2)]], 2, total_rounds=2,
                              troikas={1: (3, 4, 5), 2: (3, 4, 5)})
    a, b, c = (1, 2), (3, 4), (5, 6)
    assert movement.tables == 5 and movement.boards == 6
    layout = [(r, t, x.ns, x.ew, x.boards) for r in (1, 2) for t in (3, 4, 5)
              if (x := movement.at(r, t)) is not None]
    assert layout == [(1, 3, 3, 5, a), (1, 4, 4, 3, b), (1, 5, 5, 4, c),
                      (2, 3, 3, 4, b), (2, 4, 4, 5, c), (2, 5, 5, 3, a)]
    # "As the two halves of each match are not played at the same time, no score comparisons
    # will be possible until both rounds have been played": each match's halves span both.
    troika = [m for m in matches_of(movement, 1) if m.tables[0] >= 3]
    assert {frozenset(m.pair) for m in troika} == {
        frozenset((3, 5)), frozenset((3, 4)), frozenset((4, 5))}
    assert all(m.rounds == (1, 2) for m in troika)
    assert troikas_of(movement) == {1: (3, 4, 5), 2: (3, 4, 5)}


def test_a_troika_needs_an_even_number_of_rounds() -> None:
    # "If there is a Troika, the total number of rounds played must be even."
    with pytest.raises(MovementError, match="must be even"):
        match_movement(SWISS_TEAMS, [[(1, 2)]], 2, total_rounds=3, troikas={1: (3, 4, 5)})


def test_add_round_keeps_what_was_played() -> None:
    first = match_movement(SWISS_TEAMS, [[(1, 2)]], 2, total_rounds=2, troikas={1: (3, 4, 5)})
    second = add_round(first, [(1, 2)], 2, troika=(3, 4, 5))
    assert second.round_of(1) == first.round_of(1) and second.rounds == 2
    assert troikas_of(second) == {1: (3, 4, 5), 2: (3, 4, 5)}
